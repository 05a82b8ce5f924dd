import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { auditActorOf } from '../../lib/audit';
import { envelope, ok, page } from '../../lib/envelope';
import { actor } from '../../plugins/auth';
import {
  accessAnswer,
  accountRow,
  createBody,
  created,
  employeeOption,
  filterOptions,
  passwordAnswer,
  passwordBody,
} from '@dealer-hr/shared/accounts/contract';
import { employeesQuery, idQuery, listQuery } from './accounts.schemas';
import {
  EMPLOYEE_OPTIONS_LIMIT,
  accountAccess,
  createAccount,
  employeesWithoutAccount,
  filterOptions as loadFilterOptions,
  listAccounts,
  resetPassword,
} from './accounts.service';

/**
 * Login accounts (issue 5, "Users"): list, open an account for an employee, reset a password, and explain
 * a user's effective roles and permissions. Freeze, thaw and role grants are the roles module's
 * (`user/freeze`, `user/thaw`, `user/roles/*`); `user/*` itself names staff records, hence `accounts/*`.
 * Every route works inside the caller's data scope: accounts of employees outside it answer 404.
 */
export const accountRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
  app.get(
    '/accounts/index',
    {
      config: { permission: 'system:users:view' },
      schema: {
        tags: ['accounts'],
        summary: 'Login accounts, paged, with filters',
        description:
          '`name`: account name, employee name or username (contains); `phone`: the employee’s phone ' +
          '(contains); `store_id`, `post_id`: of the employee’s main post; `status`: `active` | `frozen`. ' +
          'Accounts of employees outside the caller’s data scope are not listed; accounts without an ' +
          'employee only for a group-wide scope. Newest first.',
        querystring: listQuery,
        response: { 200: envelope(page(accountRow)) },
      },
    },
    async (request) => {
      const scope = await actor(request).scope();
      return ok(await listAccounts(db, scope, request.query));
    },
  );

  app.get(
    '/accounts/options',
    {
      config: { permission: 'system:users:view' },
      schema: {
        tags: ['accounts'],
        summary: 'Choices for the list filters: stores in scope, enabled posts',
        response: { 200: envelope(filterOptions) },
      },
    },
    async (request) => ok(await loadFilterOptions(db, await actor(request).scope())),
  );

  app.get(
    '/accounts/employees',
    {
      config: { permission: 'system:users:create' },
      schema: {
        tags: ['accounts'],
        summary: 'Employees who may get an account (for the create dialog)',
        description:
          `Up to ${EMPLOYEE_OPTIONS_LIMIT} employees in the caller’s scope who are on staff and have no ` +
          'account, whose name, phone or employee number contains `keyword`.',
        querystring: employeesQuery,
        response: { 200: envelope(z.array(employeeOption)) },
      },
    },
    async (request) => {
      const scope = await actor(request).scope();
      return ok(await employeesWithoutAccount(db, scope, request.query.keyword));
    },
  );

  app.post(
    '/accounts/store',
    {
      config: { permission: 'system:users:create' },
      schema: {
        tags: ['accounts'],
        summary: 'Open a login account for an employee',
        description:
          'The employee must be in the caller’s scope (404) and on staff, and have no account (409). ' +
          '`username`: 3-32 letters, digits, `.`, `_` or `-`, unique without regard to case (409). ' +
          '`password`: 8-64 characters with letters and digits; stored as an argon2id hash.',
        body: createBody,
        response: { 200: envelope(created) },
      },
    },
    async (request) => {
      const scope = await actor(request).scope();
      return ok(await createAccount(db, scope, auditActorOf(request), request.body));
    },
  );

  app.put(
    '/accounts/password',
    {
      config: { permission: 'system:users:reset-password' },
      schema: {
        tags: ['accounts'],
        summary: 'Set a new password; the user’s open sessions end',
        description:
          'Outside the caller’s scope: 404. The password of an account holding the super-admin role may ' +
          'only be reset by a super-admin (1403). Every open session of the account ends ' +
          '(`revoked_reason = password_reset`).',
        body: passwordBody,
        response: { 200: envelope(passwordAnswer) },
      },
    },
    async (request) => {
      const caller = actor(request);
      const [scope, access] = await Promise.all([caller.scope(), caller.access()]);
      return ok(await resetPassword(db, scope, auditActorOf(request), access.isSuper, request.body));
    },
  );

  app.get(
    '/accounts/access',
    {
      config: { permission: 'system:users:view' },
      schema: {
        tags: ['accounts'],
        summary: 'Why a user can do what they can: roles, their sources, permissions',
        description:
          'Every role the user holds, directly or through a post they currently hold (with the post and ' +
          'its department), the permissions each grants, and the union over the active roles.',
        querystring: idQuery,
        response: { 200: envelope(accessAnswer) },
      },
    },
    async (request) => ok(await accountAccess(db, await actor(request).scope(), request.query.id)),
  );
};
