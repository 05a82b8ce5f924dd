import type { MenuNode } from '@dealer-hr/shared';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { auditActorOf } from '../../lib/audit';
import { envelope, ok } from '../../lib/envelope';
import { EpochCache } from '../../lib/epoch-cache';
import { keptOk, type KeptOk } from '../../lib/kept-answers';
import { actor } from '../../plugins/auth';
import {
  adminMenuNode,
  menuDestroyBody,
  menuNode,
  menuSaved,
  menuSortBody,
  menuStoreBody,
  menuUpdateBody,
} from '@dealer-hr/shared/menus/contract';
import { allMenus, createMenu, destroyMenu, menuTreeFor, sortMenus, updateMenu } from './menus.service';

const FIELD_RULES =
  'type_id: 1 directory, 2 page, 3 button, 4 hidden page. parent_id: null only for a directory at the top; ' +
  'a directory sits at the top or under a directory, a page or hidden page under a directory, a button ' +
  'under a page or hidden page. path: required for pages and hidden pages, optional for directories, empty ' +
  'for buttons; starts with `/`. perm (`area:page:action`): required for buttons, optional for pages, none ' +
  'for directories. name (letters and digits), perm and a non-empty path are unique (409, `data.field` ' +
  'names the field). sort left out: after the last sibling.';

export const menuRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
  // The tree depends only on the roles held, so users with the same roles share one (docs/decisions.md
  // "Per-request cost").
  const trees = new EpochCache<string, KeptOk<MenuNode[]>>(1_000);
  app.get(
    '/menus/tree',
    {
      config: { permission: null },
      schema: {
        tags: ['menus'],
        summary: "The current user's menu tree (drives routes, sidebar and search)",
        response: { 200: envelope(z.array(menuNode)) },
      },
    },
    async (request) => {
      const caller = actor(request);
      const access = await caller.access();
      const roleSet = access.isSuper ? '*' : [...access.roleKeys].sort().join(',');
      return trees.get(caller.epochs.access, roleSet, async () => keptOk(await menuTreeFor(db, access)));
    },
  );

  app.get(
    '/menus',
    {
      // The role editor grants from this tree, so granting roles is enough to read it.
      config: { permission: ['system:menus:view', 'system:roles:grant'] },
      schema: {
        tags: ['menus'],
        summary: 'The whole menu table as a tree, buttons included',
        description: 'Siblings are ordered by sort, then id. `perm` is the item’s own permission name.',
        response: { 200: envelope(z.array(adminMenuNode)) },
      },
    },
    async () => ok(await allMenus(db)),
  );

  app.post(
    '/menus/store',
    {
      config: { permission: 'system:menus:create' },
      schema: {
        tags: ['menus'],
        summary: 'Create a menu item',
        description: FIELD_RULES,
        body: menuStoreBody,
        response: { 200: envelope(menuSaved) },
      },
    },
    async (request) => ok({ id: await createMenu(db, auditActorOf(request), request.body) }),
  );

  app.put(
    '/menus/update',
    {
      config: { permission: 'system:menus:update' },
      schema: {
        tags: ['menus'],
        summary: 'Change a menu item (all fields), or move it under another parent',
        description:
          `${FIELD_RULES} A move under the item itself or one of its descendants is refused (422 on ` +
          'parent_id); a type its children cannot sit under is refused (422 on type_id).',
        body: menuUpdateBody,
        response: { 200: envelope(menuSaved) },
      },
    },
    async (request) => {
      await updateMenu(db, auditActorOf(request), request.body);
      return ok({ id: request.body.id });
    },
  );

  app.put(
    '/menus/sort',
    {
      config: { permission: 'system:menus:update' },
      schema: {
        tags: ['menus'],
        summary: 'Reorder the children of one parent',
        description:
          '`ids` in their new order get sort 10, 20, ...; children left out follow in their present order. ' +
          'Every id must be a child of `parent_id` (null: the top level), else 422.',
        body: menuSortBody,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await sortMenus(db, auditActorOf(request), request.body);
      return ok(null);
    },
  );

  app.delete(
    '/menus/destroy',
    {
      config: { permission: 'system:menus:delete' },
      schema: {
        tags: ['menus'],
        summary: 'Delete a menu item without children, with its role grants',
        description: 'An item with children answers 409 (`data.children` is their count).',
        body: menuDestroyBody,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await destroyMenu(db, auditActorOf(request), request.body);
      return ok(null);
    },
  );
};
