import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { z } from 'zod';
import { auditActorOf } from '../../lib/audit';
import { envelope, ok, page } from '../../lib/envelope';
import { EpochCache } from '../../lib/epoch-cache';
import { keptOk, type KeptOk } from '../../lib/kept-answers';
import { actor } from '../../plugins/auth';
import {
  dictionaryData,
  type DictionaryData,
  itemDestroyBody,
  itemRow,
  itemStoreBody,
  itemUpdateBody,
  typeDestroyBody,
  typeRow,
  typeStoreBody,
  typeUpdateBody,
} from '@dealer-hr/shared/dictionaries/contract';
import { MAX_TYPE_IDS } from '@dealer-hr/shared/dictionaries/rules';
import { dictionaryDataQuery, itemListQuery, typeListQuery } from './dictionaries.schemas';
import {
  createItem,
  createType,
  destroyItem,
  destroyType,
  dictionaryDataOf,
  listItems,
  listTypes,
  updateItem,
  updateType,
} from './dictionaries.service';

/** Protected: GET /api/auth/dictionarie/data (the client's spelling, docs/api.md "Paths"). */
export const dictionaryRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
  // Every form asks for the same few types: their items are kept until an item changes.
  const itemsOfTypes = new EpochCache<string, KeptOk<DictionaryData>>(1_000);
  app.get(
    '/dictionarie/data',
    {
      // Every form's selects (region, ID card type, education...) read dictionaries, so any signed-in
      // user may; managing them is what needs a permission.
      config: { permission: null },
      schema: {
        tags: ['dictionaries'],
        summary: 'Enabled items of the given dictionary types, for selects',
        description:
          `\`type_ids\`: comma-separated positive integers, at most ${MAX_TYPE_IDS}. The answer has one ` +
          'key per asked type id; an unknown type answers an empty list. Items are ordered by sort, then id.',
        querystring: dictionaryDataQuery,
        response: { 200: envelope(dictionaryData) },
      },
    },
    async (request) => {
      const typeIds = request.query.type_ids;
      const epoch = actor(request).epochs.dictionaries;
      return itemsOfTypes.get(epoch, typeIds.join(','), async () =>
        keptOk(await dictionaryDataOf(db, typeIds)),
      );
    },
  );

  // Administration: the /system/dictionaries page. Every change writes its audit row in its transaction.
  const tags = ['dictionaries'];

  app.get(
    '/dictionaries',
    {
      config: { permission: 'system:dictionaries:view' },
      schema: {
        tags,
        summary: 'Dictionary types, paged, with their item counts',
        description: '`name`, `code`: parts of the name or code (case-insensitive). Ordered by id.',
        querystring: typeListQuery,
        response: { 200: envelope(page(typeRow)) },
      },
    },
    async (request) => ok(await listTypes(db, request.query)),
  );

  app.post(
    '/dictionaries/store',
    {
      config: { permission: 'system:dictionaries:create' },
      schema: {
        tags,
        summary: 'Create a dictionary type',
        description: 'The code is unique (409).',
        body: typeStoreBody,
        response: { 200: envelope(typeRow) },
      },
    },
    async (request) => ok(await createType(db, auditActorOf(request), request.body)),
  );

  app.put(
    '/dictionaries/update',
    {
      config: { permission: 'system:dictionaries:update' },
      schema: {
        tags,
        summary: 'Change a dictionary type',
        description: 'Fields left out keep their value. The code is unique (409); unknown id 404.',
        body: typeUpdateBody,
        response: { 200: envelope(typeRow) },
      },
    },
    async (request) => ok(await updateType(db, auditActorOf(request), request.body)),
  );

  app.delete(
    '/dictionaries/destroy',
    {
      config: { permission: 'system:dictionaries:delete' },
      schema: {
        tags,
        summary: 'Delete a dictionary type',
        description:
          'Only a type without items that was not seeded with the product (409; a type with items answers ' +
          '`data.count`). Unknown id 404.',
        body: typeDestroyBody,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => ok(await destroyType(db, auditActorOf(request), request.body.id).then(() => null)),
  );

  app.get(
    '/dictionarie/data/index',
    {
      config: { permission: 'system:dictionaries:view' },
      schema: {
        tags,
        summary: 'Items of one dictionary type, paged, disabled ones included',
        description:
          'Ordered by sort, then id. `name`: part of the name or code. `in_use`: a record refers to the ' +
          'item, so it can only be disabled. Unknown type 404.',
        querystring: itemListQuery,
        response: { 200: envelope(page(itemRow)) },
      },
    },
    async (request) => ok(await listItems(db, request.query)),
  );

  app.post(
    '/dictionarie/data/store',
    {
      config: { permission: 'system:dictionaries:create' },
      schema: {
        tags,
        summary: 'Create a dictionary item',
        description:
          'Code and name are unique within the type (409). Without `sort` the item goes after the last ' +
          'one; `enabled` defaults to true. Unknown type 404.',
        body: itemStoreBody,
        response: { 200: envelope(itemRow) },
      },
    },
    async (request) => ok(await createItem(db, auditActorOf(request), request.body)),
  );

  app.put(
    '/dictionarie/data/update',
    {
      config: { permission: 'system:dictionaries:update' },
      schema: {
        tags,
        summary: 'Change a dictionary item (also enable or disable it)',
        description:
          'Fields left out keep their value. Code and name are unique within the type (409); the code of ' +
          'a seeded item is fixed (409). A disabled item leaves the selects (`dictionarie/data`). Unknown id 404.',
        body: itemUpdateBody,
        response: { 200: envelope(itemRow) },
      },
    },
    async (request) => ok(await updateItem(db, auditActorOf(request), request.body)),
  );

  app.delete(
    '/dictionarie/data/destroy',
    {
      config: { permission: 'system:dictionaries:delete' },
      schema: {
        tags,
        summary: 'Delete a dictionary item',
        description:
          'An item in use (a record refers to it) or seeded with the product can only be disabled (409). ' +
          'Unknown id 404.',
        body: itemDestroyBody,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => ok(await destroyItem(db, auditActorOf(request), request.body.id).then(() => null)),
  );
};
