import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  resignationCancelBody,
  resignationDetail as resignationDetailSchema,
  resignationEditBody,
  resignationGoBody,
  resignationPerson,
  resignationRow,
  resignationSetting as resignationSettingSchema,
  resignationSettingBody,
  resignationStoreBody,
} from '@dealer-hr/shared/resignation/contract';
import type { AppContext } from '../../app-context';
import { canAny } from '../../core/access';
import { envelope, ok, page } from '../../lib/envelope';
import { sendExport } from '../exports';
import { actor, signedInActorOf } from '../../plugins/auth';
import {
  resignationExportQuery,
  resignationIdQuery,
  resignationListQuery,
  resignationPeopleQuery,
  resignationSettingQuery,
} from './resignation.schemas';
import { resignationSetting, saveResignationSetting } from './resignation.setting';
import { resignationExport } from './resignation.sheet';
import {
  cancelResignation,
  editResignation,
  fileResignation,
  goResignation,
  listResignations,
  resignationDetail,
  resignationPeople,
} from './resignation.service';

const tags = ['resignation'];
const detail = { 200: envelope(resignationDetailSchema) };
/** Adding a leaver to the prohibited list is a permission of its own (a checkbox of `go`). */
const PROHIBIT = 'staff:resignation:prohibit';

/**
 * Protected: resignations. A resignation is inside the caller's scope when the department the person worked in
 * is; its approvers read it wherever they are.
 */
export const resignationRoutes: FastifyPluginAsyncZod<AppContext> = async (
  app,
  { db, sealer, approvals, today, workMessaging },
) => {
  const exports = resignationExport(db);
  const answer = async (request: Parameters<typeof actor>[0], id: number) => {
    const caller = actor(request);
    return ok(await resignationDetail(db, await caller.scope(), caller.userId, id));
  };

  app.get(
    '/resign/index',
    {
      config: { permission: 'staff:resignation:view' },
      schema: {
        tags,
        summary: 'Resignations, paged',
        description:
          '`keyword`: the beginning of the name, pinyin, initials or employee number; `store_id`, `reason_id`, ' +
          '`type`, `status` exactly; `from`/`to` the last working day. Latest filed first.',
        querystring: resignationListQuery,
        response: { 200: envelope(page(resignationRow)) },
      },
    },
    async (request) => ok(await listResignations(db, await actor(request).scope(), request.query)),
  );

  app.get(
    '/resign/setting',
    {
      config: { permission: ['staff:resignation:setting', 'staff:resignation:go'] },
      schema: {
        tags,
        summary: 'How a store handles its leavers’ customers',
        description:
          'With `store_id`: the store’s own setting, else the group’s (`inherited`), else the defaults; ' +
          'without: the group’s. Whether the handover must be complete before `go`, the default inheritor ' +
          '(the store’s sales manager or a chosen colleague), and the message customers receive.',
        querystring: resignationSettingQuery,
        response: { 200: envelope(resignationSettingSchema) },
      },
    },
    async (request) =>
      ok(await resignationSetting(db, await actor(request).scope(), request.query.store_id ?? null)),
  );

  app.put(
    '/resign/setting',
    {
      config: { permission: 'staff:resignation:setting' },
      schema: {
        tags,
        summary: 'Save a store’s (or the group’s) resignation setting',
        description:
          '`store_id` null: the group’s, which only a caller seeing the whole group may change. A chosen ' +
          'inheritor must be on staff (422 `inheritor_id`); a message is required when customers are told ' +
          '(422 `notify_text`, at most 200 characters).',
        body: resignationSettingBody,
        response: { 200: envelope(resignationSettingSchema) },
      },
    },
    async (request) => {
      const scope = await actor(request).scope();
      await saveResignationSetting(db, scope, signedInActorOf(request), request.body);
      return ok(await resignationSetting(db, scope, request.body.store_id));
    },
  );

  app.get(
    '/resign/export',
    {
      config: { permission: 'staff:resignation:export' },
      schema: {
        tags,
        summary: 'The resignation list as an .xlsx file',
        description:
          'Same filters as `resign/index`, every matching resignation (also as a job: kind `resignation`).',
        querystring: resignationExportQuery,
      },
    },
    async (request, reply) =>
      sendExport(request, reply, { db, source: exports }, request.query, 'resignations.xlsx'),
  );

  app.get(
    '/resign/detail',
    {
      config: { permission: ['staff:resignation:view', 'approval:todo:view'] },
      schema: {
        tags,
        summary: 'A resignation with its approval',
        description: '404 outside the caller’s scope unless they were sent its approval.',
        querystring: resignationIdQuery,
        response: detail,
      },
    },
    async (request) => answer(request, request.query.id),
  );

  app.get(
    '/resign/people',
    {
      config: { permission: 'staff:resignation:create' },
      schema: {
        tags,
        summary: 'Staff a resignation can be filed for',
        description:
          'People on staff in the caller’s scope whose name, pinyin, initials or number begins with ' +
          '`keyword` (at most 20), with their main post, entry date and open resignation, if any.',
        querystring: resignationPeopleQuery,
        response: { 200: envelope(z.array(resignationPerson)) },
      },
    },
    async (request) => ok(await resignationPeople(db, await actor(request).scope(), request.query.keyword)),
  );

  app.post(
    '/resign/store',
    {
      config: { permission: 'staff:resignation:create' },
      schema: {
        tags,
        summary: 'File a resignation',
        description:
          'The person on staff in the caller’s scope with no other open resignation, no open transfer and no ' +
          'dispatch still to begin; reason (dictionary 52), destination (53), type, application date (today ' +
          'or up to 90 days back), last working day (not before it, nor the entry date, nor 30 days back), ' +
          'explanation. The person becomes `resigning`; sent to the `resignation` flow in the same transaction.',
        body: resignationStoreBody,
        response: detail,
      },
    },
    async (request) => {
      const scope = await actor(request).scope();
      const id = await fileResignation(db, approvals, today, scope, signedInActorOf(request), request.body);
      return answer(request, id);
    },
  );

  app.put(
    '/resign/edit',
    {
      config: { permission: 'staff:resignation:update' },
      schema: {
        tags,
        summary: 'Change a returned resignation and file it again',
        body: resignationEditBody,
        response: detail,
      },
    },
    async (request) => {
      const scope = await actor(request).scope();
      await editResignation(db, approvals, today, scope, signedInActorOf(request), request.body);
      return answer(request, request.body.id);
    },
  );

  app.post(
    '/resign/cancel',
    {
      config: { permission: 'staff:resignation:cancel' },
      schema: {
        tags,
        summary: 'Cancel a resignation',
        description:
          'Until it completes; the person is on staff again as before, a running approval is withdrawn.',
        body: resignationCancelBody,
        response: detail,
      },
    },
    async (request) => {
      const scope = await actor(request).scope();
      const { id, reason } = request.body;
      await cancelResignation(db, approvals, scope, signedInActorOf(request), id, reason);
      return answer(request, id);
    },
  );

  app.post(
    '/resign/go',
    {
      config: { permission: 'staff:resignation:go' },
      schema: {
        tags,
        summary: 'Complete an approved resignation',
        description:
          'Every post ends on the last working day, the account is frozen (its sessions end at once), the ' +
          'person is `resigned`; at once when the last working day has passed, else by the daily job the day ' +
          'after (`scheduled`). `add_prohibited` (permission `staff:resignation:prohibit`, 409 without it) ' +
          'with `prohibited_reason` adds them to the prohibited list (source `resignation`).',
        body: resignationGoBody,
        response: detail,
      },
    },
    async (request) => {
      const caller = actor(request);
      await goResignation(
        db,
        sealer,
        workMessaging,
        approvals,
        today,
        await caller.scope(),
        signedInActorOf(request),
        request.body,
        canAny(await caller.access(), PROHIBIT),
      );
      return answer(request, request.body.id);
    },
  );
};
