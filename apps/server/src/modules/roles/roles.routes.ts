import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { auditActorOf } from '../../lib/audit';
import { envelope, ok, page } from '../../lib/envelope';
import { actor } from '../../plugins/auth';
import {
  freezeBody,
  idBody,
  idList,
  postOption,
  postRolesBody,
  roleCreateBody,
  roleMenusBody,
  roleRow,
  roleUpdateBody,
  thawBody,
  userRolesAnswer,
  userRolesBody,
  userStatusAnswer,
} from '@dealer-hr/shared/roles/contract';
import { idQuery, postIdQuery, roleListQuery } from './roles.schemas';
import {
  createRole,
  deleteRole,
  freezeUser,
  listRoles,
  postOptions,
  postRoleIds,
  roleMenuIds,
  setPostRoles,
  setRoleMenus,
  setUserRoles,
  thawUser,
  updateRole,
} from './roles.service';

const idAnswer = envelope(z.object({ id: z.number().int() }));
const tags = ['roles'];

/**
 * Protected: roles and what they grant (`roles/*`), the roles of posts (`posts/roles`), a user's direct
 * roles (`user/roles/give|sync`) and freezing accounts (`user/freeze|thaw`). Every change is one
 * transaction with its audit row.
 */
export const roleRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
  app.get(
    '/roles',
    {
      config: { permission: 'system:roles:view' },
      schema: {
        tags,
        summary: 'Roles, paged',
        description:
          '`name` matches part of the name or the key; `status` is `active` or `disabled`. Ordered by sort, ' +
          'then id. `userCount` counts the accounts holding the role directly, `postCount` the posts carrying it.',
        querystring: roleListQuery,
        response: { 200: envelope(page(roleRow)) },
      },
    },
    async (request) => ok(await listRoles(db, request.query)),
  );

  app.post(
    '/roles/store',
    {
      config: { permission: 'system:roles:create' },
      schema: {
        tags,
        summary: 'Create a role',
        description: 'The key is unique (409 when taken). A new role grants nothing until its menus are set.',
        body: roleCreateBody,
        response: { 200: idAnswer },
      },
    },
    async (request) => ok(await createRole(db, auditActorOf(request), request.body)),
  );

  app.put(
    '/roles/update',
    {
      config: { permission: 'system:roles:update' },
      schema: {
        tags,
        summary: 'Change a role',
        description:
          'Fields left out keep their value. The key is unique (409). The super-admin role can be neither ' +
          'disabled nor given another key or a narrower data scope (409).',
        body: roleUpdateBody,
        response: { 200: idAnswer },
      },
    },
    async (request) => ok(await updateRole(db, auditActorOf(request), request.body)),
  );

  app.delete(
    '/roles/destroy',
    {
      config: { permission: 'system:roles:delete' },
      schema: {
        tags,
        summary: 'Delete a role',
        description:
          'Removes the role with its menu grants, user grants and post grants in one transaction. The ' +
          'super-admin role cannot be deleted (409).',
        body: idBody,
        response: { 200: idAnswer },
      },
    },
    async (request) => ok(await deleteRole(db, auditActorOf(request), request.body.id)),
  );

  app.get(
    '/roles/menus',
    {
      config: { permission: 'system:roles:view' },
      schema: {
        tags,
        summary: 'The menu items a role grants',
        description: 'Menu ids, ascending. A super-admin role holds every item.',
        querystring: idQuery,
        response: { 200: envelope(idList) },
      },
    },
    async (request) => ok(await roleMenuIds(db, request.query.id)),
  );

  app.put(
    '/roles/menus',
    {
      config: { permission: 'system:roles:grant' },
      schema: {
        tags,
        summary: 'Replace the menu items a role grants',
        description:
          '`menu_ids` become exactly what the role grants (an unknown id: 422). The directories above ' +
          'granted items are implied, so pages and buttons are what matter. A super-admin role already ' +
          'holds everything (409). Answers the stored ids.',
        body: roleMenusBody,
        response: { 200: envelope(idList) },
      },
    },
    async (request) => ok(await setRoleMenus(db, auditActorOf(request), request.body)),
  );

  app.get(
    '/posts/options',
    {
      config: { permission: 'system:roles:view' },
      schema: {
        tags,
        summary: 'Active posts with the roles each carries (post-roles page)',
        description: 'Ordered by sort, then id.',
        response: { 200: envelope(z.array(postOption)) },
      },
    },
    async () => ok(await postOptions(db)),
  );

  app.get(
    '/posts/roles',
    {
      config: { permission: 'system:roles:view' },
      schema: {
        tags,
        summary: 'The roles a post carries',
        querystring: postIdQuery,
        response: { 200: envelope(idList) },
      },
    },
    async (request) => ok(await postRoleIds(db, request.query.post_id)),
  );

  app.put(
    '/posts/roles',
    {
      config: { permission: 'system:roles:grant' },
      schema: {
        tags,
        summary: 'Replace the roles a post carries',
        description:
          'Every holder of the post gets these roles. An unknown role id, or a super-admin role given by ' +
          'someone who is not one, answers 422 on `role_ids`.',
        body: postRolesBody,
        response: { 200: envelope(idList) },
      },
    },
    async (request) =>
      ok(await setPostRoles(db, auditActorOf(request), await actor(request).access(), request.body)),
  );

  for (const mode of ['give', 'sync'] as const) {
    app.put(
      `/user/roles/${mode}`,
      {
        config: { permission: 'system:users:assign-roles' },
        schema: {
          tags,
          summary: mode === 'give' ? "Add roles to a user's direct roles" : "Replace a user's direct roles",
          description:
            'Only accounts inside the caller’s data scope (else 404). An unknown role id, or a super-admin ' +
            'role given by someone who is not one, answers 422 on `role_ids`.' +
            (mode === 'sync' ? ' The seeded `admin` keeps the super-admin role (409).' : ''),
          body: userRolesBody,
          response: { 200: envelope(userRolesAnswer) },
        },
      },
      async (request) => {
        const caller = actor(request);
        return ok(
          await setUserRoles(
            db,
            auditActorOf(request),
            { access: await caller.access(), scope: await caller.scope() },
            request.body,
            mode,
          ),
        );
      },
    );
  }

  app.put(
    '/user/freeze',
    {
      config: { permission: 'system:users:freeze' },
      schema: {
        tags,
        summary: 'Freeze an account and end its open sessions',
        description:
          'The account’s open sessions end at once (its tokens answer 1403, refresh and login are refused). ' +
          'Refused with 409 for the caller’s own account, the seeded `admin` and an account already frozen; ' +
          'accounts outside the caller’s data scope answer 404.',
        body: freezeBody,
        response: { 200: envelope(userStatusAnswer) },
      },
    },
    async (request) =>
      ok(await freezeUser(db, auditActorOf(request), await actor(request).scope(), request.body)),
  );

  app.put(
    '/user/thaw',
    {
      config: { permission: 'system:users:thaw' },
      schema: {
        tags,
        summary: 'Thaw a frozen account',
        description:
          'The account may sign in again. 409 when it is not frozen; the reason goes to the audit log.',
        body: thawBody,
        response: { 200: envelope(userStatusAnswer) },
      },
    },
    async (request) =>
      ok(await thawUser(db, auditActorOf(request), await actor(request).scope(), request.body)),
  );
};
