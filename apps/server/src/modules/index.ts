import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../app-context';
import { accountRoutes } from './accounts/accounts.routes';
import { approvalRoutes } from './approvals/approvals.routes';
import { auditRoutes } from './audit/audit.routes';
import { meRoutes, sessionRoutes } from './auth/auth.routes';
import { departmentRoutes } from './departments/departments.routes';
import { draftRoutes } from './drafts/drafts.routes';
import { dictionaryRoutes } from './dictionaries/dictionaries.routes';
import { headcountRoutes } from './headcount/headcount.routes';
import { healthRoutes } from './health/health.routes';
import { menuRoutes } from './menus/menus.routes';
import { messageRoutes } from './messages/messages.routes';
import { exclusionRoutes } from './mutual-exclusion/exclusion.routes';
import { postRoutes } from './posts/posts.routes';
import { prohibitedRoutes } from './prohibited/prohibited.routes';
import { onboardingRoutes } from './onboarding/onboarding.routes';
import { orgChartRoutes } from './org-chart/org-chart.routes';
import { roleRoutes } from './roles/roles.routes';
import { ssoRoutes } from './sso/sso.routes';
import { staffRoutes } from './staff/staff.routes';
import { storeRoutes } from './stores/stores.routes';
import { uploadRoutes } from './uploads/uploads.routes';

type Module = FastifyPluginAsyncZod<AppContext>;

/** Routes under /api that need no token (api-contract.md "Authentication and session"). */
export const publicModules: Module[] = [healthRoutes, sessionRoutes, ssoRoutes];

/** Routes under /api/auth: each needs a live session, and the permission its route config declares. */
export const protectedModules: Module[] = [
  departmentRoutes,
  meRoutes,
  menuRoutes,
  dictionaryRoutes,
  roleRoutes,
  accountRoutes,
  auditRoutes,
  storeRoutes,
  orgChartRoutes,
  postRoutes,
  headcountRoutes,
  approvalRoutes,
  messageRoutes,
  prohibitedRoutes,
  exclusionRoutes,
  uploadRoutes,
  staffRoutes,
  draftRoutes,
  onboardingRoutes,
];
