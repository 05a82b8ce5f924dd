import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { auditActorOf } from '../../lib/audit';
import { envelope, ok, page } from '../../lib/envelope';
import { actor } from '../../plugins/auth';
import {
  childRow,
  createBody,
  departmentDetail as departmentDetailSchema,
  departmentNode,
  idBody,
  managedNode,
  staffRow,
  updateBody,
} from '@dealer-hr/shared/departments/contract';
import { childrenQuery, idQuery, myTreeQuery, staffQuery } from './departments.schemas';
import {
  childDepartments,
  createDepartment,
  deleteDepartment,
  departmentDetail,
  departmentStaff,
  managedTree,
  updateDepartment,
} from './departments.manage';
import { myDepartmentTree } from './departments.service';

const tags = ['departments'];
const idAnswer = envelope(z.object({ id: z.number().int() }));
const VIEW = 'organization:departments:view';

/**
 * `departments/my/tree` for every picker, and the department page's routes: read the tree, add, change,
 * move and delete nodes. Everything stays inside the caller's data scope (outside: 404).
 */
export const departmentRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
  app.get(
    '/departments/my/tree',
    {
      // Everyone has a scope; pickers of every page ask for it.
      config: { permission: null },
      schema: {
        tags,
        summary: "The departments of the caller's data scope, as a tree",
        description:
          'The whole tree for a group-wide role, else one subtree per department of the caller’s main posts ' +
          '(`partTime=1`: part-time posts too). A node without children has no `children` key.',
        querystring: myTreeQuery,
        response: { 200: envelope(z.array(departmentNode)) },
      },
    },
    async (request) => {
      const scope = await actor(request).scope({ partTime: request.query.partTime === '1' });
      return ok(await myDepartmentTree(db, scope));
    },
  );

  app.get(
    '/departments/tree',
    {
      config: { permission: VIEW },
      schema: {
        tags,
        summary: 'The department page’s tree, in one answer',
        description:
          'Like `my/tree` (main posts only) but with disabled nodes and each node’s `status`, so the page can ' +
          'show and edit them. A node without children has no `children` key.',
        response: { 200: envelope(z.array(managedNode)) },
      },
    },
    async (request) => ok(await managedTree(db, await actor(request).scope())),
  );

  app.get(
    '/departments/asynchronous',
    {
      config: { permission: VIEW },
      schema: {
        tags,
        summary: 'The children of a node (lazy loading)',
        description:
          'Without `parent_id`: the top nodes of the caller’s scope (the group root, or the departments of ' +
          'their posts). `staff_count` counts distinct people on staff with an open assignment at the node or ' +
          'below. A parent outside the scope: 404.',
        querystring: childrenQuery,
        response: { 200: envelope(z.array(childRow)) },
      },
    },
    async (request) => ok(await childDepartments(db, await actor(request).scope(), request.query.parent_id)),
  );

  app.get(
    '/departments/detail',
    {
      config: { permission: VIEW },
      schema: {
        tags,
        summary: 'One department',
        description:
          '`children_count` counts direct children, `staff_count` the people at the node or below.',
        querystring: idQuery,
        response: { 200: envelope(departmentDetailSchema) },
      },
    },
    async (request) => ok(await departmentDetail(db, await actor(request).scope(), request.query.id)),
  );

  app.get(
    '/departments/staff',
    {
      config: { permission: VIEW },
      schema: {
        tags,
        summary: 'The people of a department and below, paged',
        description:
          'One row per person on staff with an open assignment at the node or below (their main post when ' +
          'it is there, else their first). Ordered by department, main posts first, then employee number.',
        querystring: staffQuery,
        response: { 200: envelope(page(staffRow)) },
      },
    },
    async (request) => ok(await departmentStaff(db, await actor(request).scope(), request.query)),
  );

  for (const placement of ['same', 'down'] as const) {
    app.post(
      `/departments/store/${placement}`,
      {
        config: { permission: 'organization:departments:create' },
        schema: {
          tags,
          summary: placement === 'same' ? 'Add a node beside `id`' : 'Add a node under `id`',
          description:
            'Kinds `group`, `region`, `department`, `team` (store nodes come with their store). The kind must ' +
            'fit under the parent (group > region > store > department > team, departments nest, teams hold ' +
            'no nodes, only groups at the top): else 422 on `kind`. Without `sort` the node goes after its ' +
            'last sibling. A top-level node needs a group-wide scope, a parent outside the scope is refused ' +
            '(1403). `code` is unique (409).',
          body: createBody,
          response: { 200: idAnswer },
        },
      },
      async (request) =>
        ok(
          await createDepartment(
            db,
            await actor(request).scope(),
            auditActorOf(request),
            placement,
            request.body,
          ),
        ),
    );
  }

  app.put(
    '/departments/update',
    {
      config: { permission: 'organization:departments:update' },
      schema: {
        tags,
        summary: 'Change or move a node',
        description:
          'Fields left out keep their value. `parent_id` moves the node (null: to the top level, group-wide ' +
          'scope only); a move under itself or a descendant, or one that leaves the node or anything below ' +
          'it under a kind it may not sit under, is refused (422 on `parent_id`). A move rewrites ' +
          'the path and depth of the whole subtree, the region of moved stores and the store of open ' +
          'assignments, in the same transaction.',
        body: updateBody,
        response: { 200: idAnswer },
      },
    },
    async (request) =>
      ok(await updateDepartment(db, await actor(request).scope(), auditActorOf(request), request.body)),
  );

  app.delete(
    '/departments/destroy',
    {
      config: { permission: 'organization:departments:delete' },
      schema: {
        tags,
        summary: 'Delete a node',
        description:
          'Refused (409) while it has children or people on staff (`data: { children, staff }`), when it is ' +
          'a store’s node, or when history still refers to it (disable it instead).',
        body: idBody,
        response: { 200: idAnswer },
      },
    },
    async (request) =>
      ok(await deleteDepartment(db, await actor(request).scope(), auditActorOf(request), request.body.id)),
  );
};
