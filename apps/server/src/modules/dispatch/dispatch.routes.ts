import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dispatchCancelBody,
  dispatchDetail as dispatchDetailSchema,
  dispatchEditBody,
  dispatchExtendBody,
  dispatchHostDepartment,
  dispatchHostStore,
  dispatchPerson,
  dispatchReturnBody,
  dispatchRow,
  dispatchStoreBody,
} from '@dealer-hr/shared/dispatch/contract';
import type { AppContext } from '../../app-context';
import { envelope, ok, page } from '../../lib/envelope';
import { actor, signedInActorOf } from '../../plugins/auth';
import {
  dispatchHostQuery,
  dispatchIdQuery,
  dispatchListQuery,
  dispatchPeopleQuery,
} from './dispatch.schemas';
import {
  cancelDispatch,
  dispatchDetail,
  dispatchHostDepartments,
  dispatchHosts,
  dispatchPeople,
  editDispatch,
  extendDispatch,
  fileDispatch,
  listDispatches,
  returnEarly,
} from './dispatch.service';

const tags = ['dispatch'];
const detail = { 200: envelope(dispatchDetailSchema) };

/**
 * Protected: dispatches. A dispatch is inside the caller's scope when the person's home or host department
 * is; changes belong to the home side; its approvers read it wherever it goes.
 */
export const dispatchRoutes: FastifyPluginAsyncZod<AppContext> = async (
  app,
  { db, sealer, approvals, today },
) => {
  /** The dispatch as the caller now sees it: every change answers with it. */
  const answer = async (request: Parameters<typeof actor>[0], id: number) => {
    const caller = actor(request);
    return ok(await dispatchDetail(db, await caller.scope(), caller.userId, today(), id));
  };

  app.get(
    '/dispatch/index',
    {
      config: { permission: 'staff:dispatch:view' },
      schema: {
        tags,
        summary: 'Dispatches, paged',
        description:
          '`keyword`: the beginning of the name, pinyin, initials or employee number; `home_store_id`, ' +
          '`host_store_id`, `status` exactly; `from`/`to` the dispatches whose period meets those days. ' +
          'Latest filed first.',
        querystring: dispatchListQuery,
        response: { 200: envelope(page(dispatchRow)) },
      },
    },
    async (request) => ok(await listDispatches(db, await actor(request).scope(), request.query)),
  );

  app.get(
    '/dispatch/detail',
    {
      config: { permission: ['staff:dispatch:view', 'approval:todo:view'] },
      schema: {
        tags,
        summary: 'A dispatch with its approval',
        description:
          'With the approval (and the caller’s open task on it) and what the caller may do now. 404 outside ' +
          'the caller’s scope unless they were sent its approval.',
        querystring: dispatchIdQuery,
        response: detail,
      },
    },
    async (request) => answer(request, request.query.id),
  );

  app.get(
    '/dispatch/people',
    {
      config: { permission: 'staff:dispatch:create' },
      schema: {
        tags,
        summary: 'Staff a dispatch can be filed for',
        description:
          'People on staff in the caller’s scope whose name, pinyin, initials or number begins with ' +
          '`keyword` (at most 20), each with their main post and their open dispatch, if any.',
        querystring: dispatchPeopleQuery,
        response: { 200: envelope(z.array(dispatchPerson)) },
      },
    },
    async (request) => ok(await dispatchPeople(db, await actor(request).scope(), request.query.keyword)),
  );

  app.get(
    '/dispatch/hosts',
    {
      config: { permission: ['staff:dispatch:create', 'staff:dispatch:update'] },
      schema: {
        tags,
        summary: 'Stores a person can be lent to',
        description:
          'Every active store, whatever the caller’s scope (the host store’s manager approves), by code.',
        response: { 200: envelope(z.array(dispatchHostStore)) },
      },
    },
    async () => ok(await dispatchHosts(db)),
  );

  app.get(
    '/dispatch/host/departments',
    {
      config: { permission: ['staff:dispatch:create', 'staff:dispatch:update'] },
      schema: {
        tags,
        summary: 'The departments of a host store',
        description:
          'Its active departments in tree order, `depth` 0 being the store’s own node. 404 for a store not active.',
        querystring: dispatchHostQuery,
        response: { 200: envelope(z.array(dispatchHostDepartment)) },
      },
    },
    async (request) => ok(await dispatchHostDepartments(db, request.query.store_id)),
  );

  app.post(
    '/dispatch/store',
    {
      config: { permission: 'staff:dispatch:create' },
      schema: {
        tags,
        summary: 'File a dispatch',
        description:
          'Checked whole (the person on staff in the caller’s scope with no other open dispatch or ' +
          'resignation, an active department of another store, an active post, at most a year, the host ' +
          'store’s mutual-exclusion rules), then sent to the `dispatch` flow in the same transaction. 409 ' +
          'when another dispatch of the person is open (also when two are filed at once).',
        body: dispatchStoreBody,
        response: detail,
      },
    },
    async (request) => {
      const caller = actor(request);
      const id = await fileDispatch(
        db,
        sealer,
        approvals,
        today,
        await caller.scope(),
        signedInActorOf(request),
        request.body,
      );
      return answer(request, id);
    },
  );

  app.put(
    '/dispatch/edit',
    {
      config: { permission: 'staff:dispatch:update' },
      schema: {
        tags,
        summary: 'Change a returned dispatch and file it again',
        description: 'Only a `returned` dispatch; the same checks as `store`, then a new approval.',
        body: dispatchEditBody,
        response: detail,
      },
    },
    async (request) => {
      const scope = await actor(request).scope();
      await editDispatch(db, sealer, approvals, today, scope, signedInActorOf(request), request.body);
      return answer(request, request.body.id);
    },
  );

  app.post(
    '/dispatch/cancel',
    {
      config: { permission: 'staff:dispatch:cancel' },
      schema: {
        tags,
        summary: 'Cancel a dispatch before it begins',
        description:
          'In approval (the approval is withdrawn), returned, or approved and waiting. 409 once begun.',
        body: dispatchCancelBody,
        response: detail,
      },
    },
    async (request) => {
      const scope = await actor(request).scope();
      const { id, reason } = request.body;
      await cancelDispatch(db, approvals, scope, signedInActorOf(request), id, reason);
      return answer(request, id);
    },
  );

  app.post(
    '/dispatch/return',
    {
      config: { permission: 'staff:dispatch:update' },
      schema: {
        tags,
        summary: 'Bring a person back before the end date',
        description:
          '`last_day`: the last day away, from yesterday (or the first day) to the day before the end date. ' +
          'A day already past ends the dispatch at once; a later one is ended by the daily job. An extension ' +
          'in approval is withdrawn.',
        body: dispatchReturnBody,
        response: detail,
      },
    },
    async (request) => {
      const scope = await actor(request).scope();
      const { id, last_day } = request.body;
      await returnEarly(db, approvals, today(), scope, signedInActorOf(request), id, last_day);
      return answer(request, id);
    },
  );

  app.post(
    '/dispatch/extend',
    {
      config: { permission: 'staff:dispatch:update' },
      schema: {
        tags,
        summary: 'Ask for a later end date',
        description:
          'An active dispatch, a later end (at most a year from the first day), a reason; the `dispatch` flow ' +
          'approves it again while the dispatch runs on. A rejection leaves the end date as it was.',
        body: dispatchExtendBody,
        response: detail,
      },
    },
    async (request) => {
      const scope = await actor(request).scope();
      await extendDispatch(db, approvals, scope, signedInActorOf(request), request.body);
      return answer(request, request.body.id);
    },
  );
};
