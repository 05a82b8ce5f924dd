import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { auditActorOf } from '../../lib/audit';
import { envelope, ok, page } from '../../lib/envelope';
import { signedInActorOf } from '../../plugins/auth';
import {
  prohibitedChangeBody,
  prohibitedCheckAnswer,
  prohibitedDetail,
  prohibitedDismissAnswer,
  prohibitedDismissBody,
  prohibitedRow,
  prohibitedStoreBody,
} from '@dealer-hr/shared/prohibited/contract';
import { prohibitedCheckQuery, prohibitedIdQuery, prohibitedListQuery } from './prohibited.schemas';
import {
  addProhibited,
  changeProhibited,
  dismissProhibited,
  findListed,
  listProhibited,
  prohibitedDetail as detailOf,
} from './prohibited.service';
import { sendExport } from '../exports';
import { prohibitedExport } from './prohibited.export';

const tags = ['prohibited'];

/**
 * Protected: the prohibited list (people the group does not rehire). Group-wide, not bound to a department,
 * so no data scope applies. ID numbers are stored sealed and answered masked (first 3 and last 3).
 */
export const prohibitedRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, sealer, approvals }) => {
  const exports = prohibitedExport(db, sealer);
  app.get(
    '/prohibited/index',
    {
      config: { permission: 'staff:prohibited:view' },
      schema: {
        tags,
        summary: 'The prohibited list, paged',
        description:
          '`keyword` matches part of the name or the phone; `id_number` the whole number (through its blind ' +
          'index: the stored numbers are sealed); `status`, `source` exactly; `from`/`to` the days the ' +
          'entries were added in `tz`. Newest first.',
        querystring: prohibitedListQuery,
        response: { 200: envelope(page(prohibitedRow)) },
      },
    },
    async (request) => ok(await listProhibited(db, sealer, request.query)),
  );

  app.get(
    '/prohibited/detail',
    {
      config: { permission: 'staff:prohibited:view' },
      schema: {
        tags,
        summary: 'An entry with its whole history',
        description:
          'History oldest first: added, changed (fields before and after), dismissal asked, refused, done.',
        querystring: prohibitedIdQuery,
        response: { 200: envelope(prohibitedDetail) },
      },
    },
    async (request) => ok(await detailOf(db, request.query.id)),
  );

  app.get(
    '/prohibited/check',
    {
      // Onboarding asks before it starts; the list's own page asks too.
      config: { permission: ['staff:prohibited:view', 'staff:onboarding:create'] },
      schema: {
        tags,
        summary: 'Whether an ID number is on the list',
        description:
          'An entry still listed or waiting for its dismissal blocks; a dismissed one does not. Case and ' +
          'surrounding spaces do not matter.',
        querystring: prohibitedCheckQuery,
        response: { 200: envelope(prohibitedCheckAnswer) },
      },
    },
    async (request) => {
      const entry = await findListed(db, sealer, request.query.id_number);
      return ok({
        prohibited: entry !== null,
        entry: entry && {
          id: entry.id,
          name: entry.name,
          id_number: entry.id_number,
          disable_reason: entry.disable_reason,
          created_at: entry.created_at,
        },
      });
    },
  );

  app.post(
    '/prohibited/store',
    {
      config: { permission: 'staff:prohibited:create' },
      schema: {
        tags,
        summary: 'Put a person on the list',
        description:
          'Name, ID number, phone (optional), disable reason and source (default `manual`). An ID number ' +
          'already listed (or being dismissed) answers 409 with `data.errors` on `id_number`.',
        body: prohibitedStoreBody,
        response: { 200: envelope(prohibitedRow) },
      },
    },
    async (request) => ok(await addProhibited(db, sealer, auditActorOf(request), request.body)),
  );

  app.put(
    '/prohibited/change',
    {
      config: { permission: 'staff:prohibited:update' },
      schema: {
        tags,
        summary: 'Change the name, phone or reason of an entry',
        description: 'Fields left out keep their value. A dismissed entry is history: 409.',
        body: prohibitedChangeBody,
        response: { 200: envelope(prohibitedRow) },
      },
    },
    async (request) => ok(await changeProhibited(db, auditActorOf(request), request.body)),
  );

  app.put(
    '/prohibited/dismiss',
    {
      config: { permission: 'staff:prohibited:dismiss' },
      schema: {
        tags,
        summary: 'Lift an entry with an enable reason',
        description:
          'When a `prohibited_dismiss` approval flow is configured the entry becomes `dismissing` (it still ' +
          'blocks onboarding) and the answer carries the approval instance; otherwise it is dismissed at once. ' +
          '409 when it is already dismissed or its dismissal is being approved.',
        body: prohibitedDismissBody,
        response: { 200: envelope(prohibitedDismissAnswer) },
      },
    },
    async (request) => ok(await dismissProhibited(db, approvals, signedInActorOf(request), request.body)),
  );

  app.get(
    '/prohibited/export',
    {
      config: { permission: 'staff:prohibited:export' },
      schema: {
        tags,
        summary: 'The filtered list as an .xlsx file',
        description: 'Same filters as `prohibited/index`, every matching row; ID numbers masked.',
        querystring: prohibitedListQuery,
      },
    },
    async (request, reply) =>
      sendExport(request, reply, { db, source: exports }, request.query, 'prohibited.xlsx'),
  );
};
