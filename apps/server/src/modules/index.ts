import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../app-context';
import { meRoutes, sessionRoutes } from './auth/auth.routes';
import { departmentRoutes } from './departments/departments.routes';
import { dictionaryRoutes } from './dictionaries/dictionaries.routes';
import { healthRoutes } from './health/health.routes';
import { menuRoutes } from './menus/menus.routes';
import { ssoRoutes } from './sso/sso.routes';

type Module = FastifyPluginAsyncZod<AppContext>;

/** Routes under /api that need no token (api-contract.md "Authentication and session"). */
export const publicModules: Module[] = [healthRoutes, sessionRoutes, ssoRoutes];

/** Routes under /api/auth: each needs a live session, and the permission its route config declares. */
export const protectedModules: Module[] = [departmentRoutes, meRoutes, menuRoutes, dictionaryRoutes];
