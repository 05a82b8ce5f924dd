import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../app-context';
import { accountRoutes } from './accounts';
import { approvalRoutes } from './approvals';
import {
  attendanceRuleRoutes,
  clockPointRoutes,
  clockRoutes,
  leaveRoutes,
  overtimeRoutes,
} from './attendance';
import { auditRoutes } from './audit';
import { meRoutes, sessionRoutes } from './auth';
import { departmentRoutes } from './departments';
import { draftRoutes } from './drafts';
import { exportRoutes } from './exports';
import { importRoutes } from './imports';
import { dictionaryRoutes } from './dictionaries';
import { dispatchRoutes } from './dispatch';
import { headcountRoutes } from './headcount';
import { healthRoutes } from './health';
import { homeRoutes } from './home';
import { menuRoutes } from './menus';
import { messageRoutes } from './messages';
import { exclusionRoutes } from './mutual-exclusion';
import { postRoutes } from './posts';
import { prohibitedRoutes } from './prohibited';
import { onboardingRoutes } from './onboarding';
import { orgChartRoutes } from './org-chart';
import { resignationHandoverRoutes, resignationRoutes } from './resignation';
import { roleRoutes } from './roles';
import { rotationRoutes } from './rotation';
import { ssoRoutes } from './sso';
import { staffRoutes } from './staff';
import { statisticsRoutes } from './statistics';
import { storeRoutes } from './stores';
import { trainingRoutes } from './training';
import { transferRoutes } from './transfers';
import { uploadRoutes } from './uploads';

type Module = FastifyPluginAsyncZod<AppContext>;

/** Routes under /api that need no token (docs/api.md "Session routes"). */
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
  transferRoutes,
  dispatchRoutes,
  rotationRoutes,
  resignationRoutes,
  resignationHandoverRoutes,
  clockPointRoutes,
  attendanceRuleRoutes,
  clockRoutes,
  leaveRoutes,
  overtimeRoutes,
  staffRoutes,
  draftRoutes,
  onboardingRoutes,
  exportRoutes,
  importRoutes,
  trainingRoutes,
  statisticsRoutes,
  homeRoutes,
];
