import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { envelope, ok, page } from '../../lib/envelope';
import { actor, signedInActorOf } from '../../plugins/auth';
import {
  onboardingDecisionBody,
  onboardingDetail,
  onboardingIdBody,
  onboardingRejectBody,
  onboardingRow,
  onboardingStartBody,
  onboardingUpdateBody,
} from '@dealer-hr/shared/onboarding/contract';
import { onboardingIdQuery, onboardingListQuery } from './onboarding.schemas';
import { sendExport } from '../exports';
import { onboardingExport } from './onboarding.export';
import {
  decideOnboarding,
  destroyOnboarding,
  listOnboarding,
  onboardingDetail as detailOf,
  refillOnboarding,
  startOnboarding,
  submitOnboarding,
  updateOnboardingStep,
} from './onboarding.service';

const tags = ['onboarding'];

/** The list, the entry form and the approval page all read entries. */
const READERS = [
  'staff:onboarding:view',
  'managingpeople:enrollmententry:view',
  'processapproval:inductionfirst:view',
];
/** What each change asks of its caller; the demo's activity asks the same of the demo's people. */
export const onboardingPermissions = {
  start: 'staff:onboarding:create',
  save: ['managingpeople:enrollmententry:save', 'staff:onboarding:update'],
  submit: ['managingpeople:enrollmententry:submit', 'staff:onboarding:submit'],
  approve: 'processapproval:inductionfirst:approve',
  reject: 'processapproval:inductionfirst:reject',
} as const;
const EDITORS = onboardingPermissions.save;

/**
 * Protected: onboarding (entry steps). Entries belong to their target department, so the caller's data scope
 * applies to every route (404 outside it). Each change is one transaction with its audit row.
 */
export const onboardingRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, sealer, approvals }) => {
  const exports = onboardingExport(db);
  app.get(
    '/user/entry/step/index',
    {
      config: { permission: READERS },
      schema: {
        tags,
        summary: 'Onboarding entries, paged',
        description:
          '`keyword` matches the beginning of the name or part of the phone; `status`, `store_id` exactly; ' +
          '`from`/`to` the days they were started in `tz`; `awaiting_me=1` only those waiting for the ' +
          "caller's approval. Newest first.",
        querystring: onboardingListQuery,
        response: { 200: envelope(page(onboardingRow)) },
      },
    },
    async (request) => {
      const auth = actor(request);
      return ok(await listOnboarding(db, await auth.scope(), auth.userId, request.query));
    },
  );

  app.get(
    '/user/entry/step/detail',
    {
      config: { permission: READERS },
      schema: {
        tags,
        summary: 'An entry with every step as saved',
        description:
          'The documents with their file links, the approval and the caller’s open task on it (`task_id`). ' +
          'The initial password is never answered (`has_password`).',
        querystring: onboardingIdQuery,
        response: { 200: envelope(onboardingDetail) },
      },
    },
    async (request) => {
      const auth = actor(request);
      return ok(await detailOf(db, sealer, await auth.scope(), auth.userId, request.query.id));
    },
  );

  app.post(
    '/user/entry/step/start',
    {
      config: { permission: onboardingPermissions.start },
      schema: {
        tags,
        summary: 'Start an onboarding',
        description:
          'Name, phone, ID type and number, target store (in scope) and post. 409 with the reason when the ID ' +
          'number is on the prohibited list, an employee on staff has the ID number or the phone, the person ' +
          'has an open onboarding, or a mutual-exclusion rule forbids the placement; `data.errors` names the ' +
          'field of each reason.',
        body: onboardingStartBody,
        response: { 200: envelope(onboardingDetail) },
      },
    },
    async (request) =>
      ok(
        await startOnboarding(
          db,
          sealer,
          await actor(request).scope(),
          signedInActorOf(request),
          request.body,
        ),
      ),
  );

  app.put(
    '/user/entry/step/update',
    {
      config: { permission: EDITORS },
      schema: {
        tags,
        summary: 'Save one step of an entry being filled',
        description:
          '`step`: `personal` (the person, rules of docs/domain.md "Form rules"; the checks of `start` run ' +
          'again on the name, phone and ID number), `documents` (upload ids by what they are; the caller’s ' +
          'own uploads or the entry’s), `contract` (department inside the store, post, dates, probation, the ' +
          'login account; the password only to set it). 409 once submitted.',
        body: onboardingUpdateBody,
        response: { 200: envelope(onboardingDetail) },
      },
    },
    async (request) =>
      ok(
        await updateOnboardingStep(
          db,
          sealer,
          await actor(request).scope(),
          signedInActorOf(request),
          request.body,
        ),
      ),
  );

  app.put(
    '/user/entry/step/refill',
    {
      config: { permission: EDITORS },
      schema: {
        tags,
        summary: 'Take a rejected entry back for filling',
        description: 'Only a `returned` entry; it becomes a draft again and keeps the approver’s comment.',
        body: onboardingIdBody,
        response: { 200: envelope(onboardingDetail) },
      },
    },
    async (request) =>
      ok(
        await refillOnboarding(
          db,
          sealer,
          await actor(request).scope(),
          signedInActorOf(request),
          request.body.id,
        ),
      ),
  );

  app.post(
    '/user/entry/step/post',
    {
      config: { permission: onboardingPermissions.submit },
      schema: {
        tags,
        summary: 'Submit an entry to the inductionfirst approval',
        description:
          '422 naming the first step or document missing; the checks of `start` run again (409); 409 when ' +
          'no flow covers the department. The final approval creates the employee, the main assignment ' +
          'and the login account in one transaction.',
        body: onboardingIdBody,
        response: { 200: envelope(onboardingDetail) },
      },
    },
    async (request) =>
      ok(
        await submitOnboarding(
          db,
          sealer,
          approvals,
          await actor(request).scope(),
          signedInActorOf(request),
          request.body.id,
        ),
      ),
  );

  app.delete(
    '/user/entry/step/destroy',
    {
      config: { permission: 'staff:onboarding:delete' },
      schema: {
        tags,
        summary: 'Delete an entry never submitted',
        description: 'Its documents go back to their uploader. 409 once it was submitted.',
        body: onboardingIdBody,
        response: { 200: envelope(z.object({ id: z.number().int() })) },
      },
    },
    async (request) => {
      await destroyOnboarding(db, await actor(request).scope(), signedInActorOf(request), request.body.id);
      return ok({ id: request.body.id });
    },
  );

  app.post(
    '/user/entry/step/approve',
    {
      config: { permission: onboardingPermissions.approve },
      schema: {
        tags,
        summary: 'Approve the caller’s task on an entry',
        description: '409 when the caller has no open task on it. The last approval hires the person.',
        body: onboardingDecisionBody,
        response: { 200: envelope(onboardingDetail) },
      },
    },
    async (request) =>
      ok(
        await decideOnboarding(
          db,
          sealer,
          approvals,
          await actor(request).scope(),
          signedInActorOf(request),
          request.body.id,
          'approve',
          request.body.comment,
        ),
      ),
  );

  app.post(
    '/user/entry/step/reject',
    {
      config: { permission: onboardingPermissions.reject },
      schema: {
        tags,
        summary: 'Reject an entry back to HR',
        description: 'A comment is required; HR sees it and can `refill` the entry.',
        body: onboardingRejectBody,
        response: { 200: envelope(onboardingDetail) },
      },
    },
    async (request) =>
      ok(
        await decideOnboarding(
          db,
          sealer,
          approvals,
          await actor(request).scope(),
          signedInActorOf(request),
          request.body.id,
          'reject',
          request.body.comment,
        ),
      ),
  );

  app.get(
    '/user/entry/step/excel',
    {
      config: { permission: 'staff:onboarding:export' },
      schema: {
        tags,
        summary: 'The filtered entries as an .xlsx file',
        description: 'Same filters and scope as `user/entry/step/index`, streamed; ID numbers masked.',
        querystring: onboardingListQuery,
      },
    },
    async (request, reply) =>
      sendExport(request, reply, { db, source: exports }, request.query, 'onboarding.xlsx'),
  );
};
