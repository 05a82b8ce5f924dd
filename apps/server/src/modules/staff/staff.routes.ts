import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { auditActorOf } from '../../lib/audit';
import { envelope, ok, page } from '../../lib/envelope';
import { EpochCache } from '../../lib/epoch-cache';
import { keptOk, type KeptOk } from '../../lib/kept-answers';
import { actor } from '../../plugins/auth';
import { scopeKeyOf } from '../../core/scope';
import {
  revealedIdNumber,
  staffDetail as staffDetailSchema,
  staffRow,
  staffUpdateBody,
} from '@dealer-hr/shared/staff/contract';
import { staffIdQuery, staffListQuery } from './staff.schemas';
import { sendExport } from '../exports';
import { REVEAL_ID_NUMBER, staffExport } from './staff.export';
import { listStaff, revealIdNumber, staffDetail, updateStaff } from './staff.service';

const tags = ['staff'];

/**
 * Protected: the staff directory (`user/*`). Every route sees only employees whose current (or, for leavers,
 * last) main post is inside the caller's data scope; others answer 404. ID numbers are stored sealed and
 * answered masked, except through the audited reveal and the export of someone allowed to reveal them.
 */
export const staffRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, sealer }) => {
  const exports = staffExport(db, sealer);
  // A page of the directory is kept until a row it shows could have changed (the `staff` epoch: employees,
  // departments, stores, posts, dictionary items), per data scope and filter: HR opens the same pages
  // again and again, returning from a record to its list (docs/decisions.md "Per-request cost").
  const pages = new EpochCache<string, KeptOk<Awaited<ReturnType<typeof listStaff>>>>(2_000);
  app.get(
    '/user/index',
    {
      config: { permission: 'staff:list:view' },
      schema: {
        tags,
        summary: 'The staff directory, paged',
        description:
          '`keyword` matches part of the name, its pinyin or initials (zhangsan, zs) or the employee number; ' +
          '`phone` part of the phone; `id_number` the whole number; `department_id` the department and its ' +
          'subtree; `store_id`, `post_id` (the main post), `status`, `employee_type_id` exactly; ' +
          '`entry_from`/`entry_to` the entry dates, inclusive. By employee number.',
        querystring: staffListQuery,
        response: { 200: envelope(page(staffRow)) },
      },
    },
    async (request) => {
      const caller = actor(request);
      const scope = await caller.scope();
      const key = `${scopeKeyOf(scope)} ${JSON.stringify(request.query)}`;
      return pages.get(caller.epochs.staff, key, async () =>
        keptOk(await listStaff(db, sealer, scope, request.query)),
      );
    },
  );

  app.get(
    '/user/detail',
    {
      config: { permission: ['staff:list:view', 'staff:detail:view'] },
      schema: {
        tags,
        summary: 'An employee with every field and the history of their posts',
        querystring: staffIdQuery,
        response: { 200: envelope(staffDetailSchema) },
      },
    },
    async (request) => ok(await staffDetail(db, await actor(request).scope(), request.query.id)),
  );

  app.get(
    '/user/detail/id-number',
    {
      config: { permission: REVEAL_ID_NUMBER },
      schema: {
        tags,
        summary: 'Reveal an employee’s whole ID number',
        description: 'Each reveal is written to the audit log (`reveal_id_number`).',
        querystring: staffIdQuery,
        response: { 200: envelope(revealedIdNumber) },
      },
    },
    async (request) =>
      ok(
        await revealIdNumber(
          db,
          sealer,
          await actor(request).scope(),
          auditActorOf(request),
          request.query.id,
        ),
      ),
  );

  app.put(
    '/user/update',
    {
      config: { permission: ['staff:list:update', 'staff:detail:update'] },
      schema: {
        tags,
        summary: 'Change an employee’s profile',
        description:
          'The whole profile with the rules of docs/domain.md "Form rules". `id_number` only to change it; ' +
          'with the mainland ID type it must be a valid number and sets the birth date. A phone used by ' +
          'another employee on staff, or an ID number used by anyone, answers 409 on that field.',
        body: staffUpdateBody,
        response: { 200: envelope(staffDetailSchema) },
      },
    },
    async (request) =>
      ok(await updateStaff(db, sealer, await actor(request).scope(), auditActorOf(request), request.body)),
  );

  app.get(
    '/user/export',
    {
      config: { permission: 'staff:list:export' },
      schema: {
        tags,
        summary: 'The filtered directory as an .xlsx file',
        description:
          'Same filters and scope as `user/index`, every matching row, streamed. ID numbers are masked ' +
          'unless the caller may reveal them (`staff:list:reveal-id` or `staff:detail:reveal-id`): then ' +
          'they are whole and the export is written to the audit log (`export_id_numbers`).',
        querystring: staffListQuery,
      },
    },
    async (request, reply) =>
      sendExport(request, reply, { db, source: exports }, request.query, 'staff.xlsx'),
  );
};
