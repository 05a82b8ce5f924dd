import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  transferCancelBody,
  transferDecisionBody,
  transferDetail as transferDetailSchema,
  transferEditBody,
  transferPerson,
  transferRejectBody,
  transferRow,
  transferStoreBody,
  transferTarget as transferTargetSchema,
} from '@dealer-hr/shared/transfers/contract';
import type { AppContext } from '../../app-context';
import { envelope, ok, page } from '../../lib/envelope';
import { actor, signedInActorOf } from '../../plugins/auth';
import { sendExport } from '../exports';
import {
  transferExportQuery,
  transferIdQuery,
  transferListQuery,
  transferPeopleQuery,
  transferTargetQuery,
} from './transfers.schemas';
import {
  cancelTransfer,
  decideTransfer,
  editTransfer,
  fileTransfer,
  listTransfers,
  transferDetail,
  transferPeople,
  transferTarget,
} from './transfers.service';
import { transferExport } from './transfers.sheet';

const tags = ['transfer'];

/** Who may read transfers: the transfer page, or the approval page of `posttransfer`. */
const READ = ['staff:transfer:view', 'processapproval:posttransfer:view'] as const;

export const transferPermissions = {
  approve: 'processapproval:posttransfer:approve',
  reject: 'processapproval:posttransfer:reject',
} as const;

/**
 * Protected: job transfers. A transfer is inside the caller's scope when the person leaves or joins one of
 * their departments; its approvers read it wherever it goes.
 */
export const transferRoutes: FastifyPluginAsyncZod<AppContext> = async (
  app,
  { db, sealer, approvals, today },
) => {
  const exports = transferExport(db);

  app.get(
    '/user/job/transfer/index',
    {
      config: { permission: READ },
      schema: {
        tags,
        summary: 'Transfers, paged',
        description:
          '`keyword`: the beginning of the name, pinyin, initials or employee number; `type_id`, ' +
          '`from_store_id`, `to_store_id`, `status` exactly; `from`/`to` the effective dates; `awaiting_me=1` ' +
          'the ones whose approval waits for the caller. Latest filed first.',
        querystring: transferListQuery,
        response: { 200: envelope(page(transferRow)) },
      },
    },
    async (request) => {
      const caller = actor(request);
      return ok(await listTransfers(db, await caller.scope(), caller.userId, request.query));
    },
  );

  app.get(
    '/user/job/transfer/detail',
    {
      config: { permission: READ },
      schema: {
        tags,
        summary: 'A transfer with its approval',
        description:
          'With the day the old post began, the attachments, the approval (and the caller’s open task on it) ' +
          'and what the caller may do now. 404 outside the caller’s scope unless they were sent its approval.',
        querystring: transferIdQuery,
        response: { 200: envelope(transferDetailSchema) },
      },
    },
    async (request) => {
      const caller = actor(request);
      return ok(await transferDetail(db, await caller.scope(), caller.userId, request.query.id));
    },
  );

  app.get(
    '/user/job/transfer/people',
    {
      config: { permission: 'staff:transfer:create' },
      schema: {
        tags,
        summary: 'Staff a transfer can be filed for',
        description:
          'People on staff in the caller’s scope whose name, pinyin, initials or number begins with ' +
          '`keyword` (at most 20), each with the posts they hold now and their open transfer, if any.',
        querystring: transferPeopleQuery,
        response: { 200: envelope(z.array(transferPerson)) },
      },
    },
    async (request) => ok(await transferPeople(db, await actor(request).scope(), request.query.keyword)),
  );

  app.get(
    '/user/job/transfer/target',
    {
      config: { permission: ['staff:transfer:create', 'staff:transfer:update'] },
      schema: {
        tags,
        summary: 'The headcount where a transfer would go',
        description:
          'The store above `department_id`, its plan for `post_id`, the main posts held there now and after ' +
          'the transfer (the person counted once).',
        querystring: transferTargetQuery,
        response: { 200: envelope(transferTargetSchema) },
      },
    },
    async (request) => ok(await transferTarget(db, request.query)),
  );

  app.post(
    '/user/job/transfer/store',
    {
      config: { permission: 'staff:transfer:create' },
      schema: {
        tags,
        summary: 'File a transfer',
        description:
          'Checked whole (the person on staff with no other open transfer or resignation, the post they ' +
          'leave, an active target inside the caller’s scope, the type, the date, the mutual-exclusion rules), ' +
          'then sent to the `posttransfer` flow in the same transaction. 409 when another transfer of the ' +
          'person is open (also when two are filed at once).',
        body: transferStoreBody,
        response: { 200: envelope(transferDetailSchema) },
      },
    },
    async (request) => {
      const caller = actor(request);
      const scope = await caller.scope();
      const id = await fileTransfer(
        db,
        sealer,
        approvals,
        today,
        scope,
        signedInActorOf(request),
        request.body,
      );
      return ok(await transferDetail(db, scope, caller.userId, id));
    },
  );

  app.put(
    '/user/job/transfer/edit',
    {
      config: { permission: 'staff:transfer:update' },
      schema: {
        tags,
        summary: 'Change a returned transfer and file it again',
        description: 'Only a `returned` transfer; the same checks as `store`, then a new approval.',
        body: transferEditBody,
        response: { 200: envelope(transferDetailSchema) },
      },
    },
    async (request) => {
      const caller = actor(request);
      const scope = await caller.scope();
      await editTransfer(db, sealer, approvals, today, scope, signedInActorOf(request), request.body);
      return ok(await transferDetail(db, scope, caller.userId, request.body.id));
    },
  );

  app.post(
    '/user/job/transfer/cancel',
    {
      config: { permission: 'staff:transfer:cancel' },
      schema: {
        tags,
        summary: 'Cancel a transfer before it takes effect',
        description:
          'In approval (the approval is withdrawn), returned, or approved and waiting for its date. 409 once ' +
          'effective or cancelled.',
        body: transferCancelBody,
        response: { 200: envelope(transferDetailSchema) },
      },
    },
    async (request) => {
      const caller = actor(request);
      const scope = await caller.scope();
      await cancelTransfer(
        db,
        approvals,
        scope,
        signedInActorOf(request),
        request.body.id,
        request.body.reason,
      );
      return ok(await transferDetail(db, scope, caller.userId, request.body.id));
    },
  );

  for (const decision of ['approve', 'reject'] as const) {
    app.post(
      `/user/job/transfer/${decision}`,
      {
        config: { permission: transferPermissions[decision] },
        schema: {
          tags,
          summary: decision === 'approve' ? 'Approve a transfer' : 'Reject a transfer',
          description:
            decision === 'approve'
              ? 'The caller’s open task on the transfer’s approval. The last approval applies a transfer ' +
                'dated today or earlier at once; a later one waits for its day.'
              : 'With a comment; the transfer goes back to its filer (`returned`).',
          body: decision === 'approve' ? transferDecisionBody : transferRejectBody,
          response: { 200: envelope(transferDetailSchema) },
        },
      },
      async (request) => {
        const caller = actor(request);
        const scope = await caller.scope();
        const { id, comment } = request.body;
        await decideTransfer(db, approvals, scope, signedInActorOf(request), id, decision, comment ?? null);
        return ok(await transferDetail(db, scope, caller.userId, id));
      },
    );
  }

  app.get(
    '/user/job/transfer/export',
    {
      config: { permission: 'staff:transfer:export' },
      schema: {
        tags,
        summary: 'The transfer list as an .xlsx file',
        description: 'Same filters as `user/job/transfer/index`, every matching transfer.',
        querystring: transferExportQuery,
      },
    },
    async (request, reply) =>
      sendExport(request, reply, { db, source: exports }, request.query, 'transfers.xlsx'),
  );
};
