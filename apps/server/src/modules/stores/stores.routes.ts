import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { auditActorOf } from '../../lib/audit';
import { envelope, ok, page } from '../../lib/envelope';
import { actor } from '../../plugins/auth';
import {
  idBody,
  storeCreateBody,
  storeRow,
  storeStatusBody,
  storeUpdateBody,
  treeNode,
} from '@dealer-hr/shared/stores/contract';
import { storeStatuses } from '@dealer-hr/shared/stores/rules';
import { idQuery, storeListQuery, treeQuery } from './stores.schemas';
import {
  createStore,
  dealerNetwork,
  deleteStore,
  listStores,
  setStoreStatus,
  storeDetail,
  updateStore,
} from './stores.service';

const tags = ['stores'];
const idAnswer = envelope(z.object({ id: z.number().int() }));

/**
 * Protected: stores (`store/*`) and the dealer network (regions and their stores). A store is bound to its
 * node of the department tree, so the caller's data scope applies: stores outside it answer 404.
 */
export const storeRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
  app.get(
    '/store/index',
    {
      // The mutual-exclusion check and the staff directory pick stores (within the caller's scope).
      config: {
        permission: [
          'organization:stores:view',
          'staff:mutually-exclusive:view',
          'staff:list:view',
          'staff:onboarding:view',
          'managingpeople:enrollmententry:view',
        ],
      },
      schema: {
        tags,
        summary: 'Stores, paged',
        description:
          'Filters: `region_id` (a region department), `brand_id`, `store_type_id`, `category_id` ' +
          '(dictionary items), `status`, `keyword` (part of the name or the code). Only stores inside the ' +
          'caller’s data scope. Ordered by code.',
        querystring: storeListQuery,
        response: { 200: envelope(page(storeRow)) },
      },
    },
    async (request) => ok(await listStores(db, await actor(request).scope(), request.query)),
  );

  app.get(
    '/store/detail',
    {
      config: { permission: 'organization:stores:view' },
      schema: {
        tags,
        summary: 'One store',
        description: '404 when it does not exist or lies outside the caller’s data scope.',
        querystring: idQuery,
        response: { 200: envelope(storeRow) },
      },
    },
    async (request) => ok(await storeDetail(db, await actor(request).scope(), request.query.id)),
  );

  app.get(
    '/store/tree',
    {
      config: { permission: 'organization:stores:view' },
      schema: {
        tags,
        summary: 'Dealer network, one level per request',
        description:
          'Without `parent_id`: the regions holding part of the caller’s scope. With a region’s id: its ' +
          'stores inside the scope; any other id has no children (empty list). Node ids are department ' +
          'ids (regions and stores are nodes of the one tree, so they never collide); a store node carries ' +
          'its `store_id`. `children` is always empty: the client fetches them with `parent_id`.',
        querystring: treeQuery,
        response: { 200: envelope(z.array(treeNode)) },
      },
    },
    async (request) => ok(await dealerNetwork(db, await actor(request).scope(), request.query.parent_id)),
  );

  app.post(
    '/store/store',
    {
      config: { permission: 'organization:stores:create' },
      schema: {
        tags,
        summary: 'Create a store with its department node',
        description:
          'Required: `region_id` (a region inside the caller’s scope), `code` (unique among stores and ' +
          'department codes, 409 `门店编码已存在`), `name`, `store_type_id` (an item of dictionary 19). ' +
          'Optional: `brand_id` (20), `category_id` (18), city, address, latitude, longitude, `opened_on`. ' +
          'The store node is added under the region in the same transaction.',
        body: storeCreateBody,
        response: { 200: envelope(z.object({ id: z.number().int(), department_id: z.number().int() })) },
      },
    },
    async (request) =>
      ok(await createStore(db, auditActorOf(request), await actor(request).scope(), request.body)),
  );

  app.put(
    '/store/update',
    {
      config: { permission: 'organization:stores:update' },
      schema: {
        tags,
        summary: 'Change a store',
        description:
          'The same rules as create (the form sends the whole record). A new region moves the store’s ' +
          'department node and its whole subtree there. A disabled dictionary item the store already ' +
          'refers to may be kept.',
        body: storeUpdateBody,
        response: { 200: idAnswer },
      },
    },
    async (request) =>
      ok(await updateStore(db, auditActorOf(request), await actor(request).scope(), request.body)),
  );

  app.put(
    '/store/status',
    {
      config: { permission: 'organization:stores:update' },
      schema: {
        tags,
        summary: 'Enable or disable a store',
        description:
          '`reason` is required (禁用原因 / 启用原因). The store’s department node takes the same status. ' +
          '409 when the store already has that status.',
        body: storeStatusBody,
        response: {
          200: envelope(z.object({ id: z.number().int(), status: z.enum(storeStatuses) })),
        },
      },
    },
    async (request) =>
      ok(await setStoreStatus(db, auditActorOf(request), await actor(request).scope(), request.body)),
  );

  app.delete(
    '/store/destroy',
    {
      config: { permission: 'organization:stores:delete' },
      schema: {
        tags,
        summary: 'Delete a store',
        description:
          'Refused (409) while anyone holds a post there, when anyone ever did (history is kept: disable ' +
          'it instead), or while its headcount plan plans people. Otherwise the store, its plan rows and ' +
          'its department nodes are removed in one transaction.',
        body: idBody,
        response: { 200: idAnswer },
      },
    },
    async (request) =>
      ok(await deleteStore(db, auditActorOf(request), await actor(request).scope(), request.body.id)),
  );
};
