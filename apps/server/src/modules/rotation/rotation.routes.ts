import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  rotationCancelBody,
  rotationDetail as rotationDetailSchema,
  rotationEditBody,
  rotationEvaluateBody,
  rotationPerson,
  rotationRow,
  rotationStoreBody,
} from '@dealer-hr/shared/rotation/contract';
import type { AppContext } from '../../app-context';
import { envelope, ok, page } from '../../lib/envelope';
import { actor, signedInActorOf } from '../../plugins/auth';
import { rotationIdQuery, rotationListQuery, rotationPeopleQuery } from './rotation.schemas';
import {
  cancelRotation,
  editRotation,
  evaluateStage,
  fileRotation,
  listRotations,
  rotationDetail,
  rotationPeople,
} from './rotation.service';

const tags = ['rotation'];
const detail = { 200: envelope(rotationDetailSchema) };

/**
 * Protected: rotation plans. A plan is inside the caller's scope when the person or one of its stages is;
 * stages begin and end by the daily job.
 */
export const rotationRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, sealer, today }) => {
  const answer = async (request: Parameters<typeof actor>[0], id: number) =>
    ok(await rotationDetail(db, await actor(request).scope(), id));

  app.get(
    '/rotation/index',
    {
      config: { permission: 'staff:rotation:view' },
      schema: {
        tags,
        summary: 'Rotation plans, paged',
        description:
          '`keyword`: the beginning of the name, pinyin, initials or employee number; `store_id`: plans ' +
          'with a stage there; `status` exactly. Each with its progress: stages done, the current and the next.',
        querystring: rotationListQuery,
        response: { 200: envelope(page(rotationRow)) },
      },
    },
    async (request) => ok(await listRotations(db, await actor(request).scope(), request.query)),
  );

  app.get(
    '/rotation/detail',
    {
      config: { permission: 'staff:rotation:view' },
      schema: {
        tags,
        summary: 'A plan with every stage and its evaluation',
        querystring: rotationIdQuery,
        response: detail,
      },
    },
    async (request) => answer(request, request.query.id),
  );

  app.get(
    '/rotation/people',
    {
      // The plan form's person picker, and its mentor picker when stages are changed.
      config: { permission: ['staff:rotation:create', 'staff:rotation:update'] },
      schema: {
        tags,
        summary: 'Staff a plan can be made for',
        description:
          'People on staff in the caller’s scope whose name, pinyin, initials or number begins with ' +
          '`keyword` (at most 20), each with their main post and their plan in progress, if any.',
        querystring: rotationPeopleQuery,
        response: { 200: envelope(z.array(rotationPerson)) },
      },
    },
    async (request) => ok(await rotationPeople(db, await actor(request).scope(), request.query.keyword)),
  );

  app.post(
    '/rotation/store',
    {
      config: { permission: 'staff:rotation:create' },
      schema: {
        tags,
        summary: 'Make a rotation plan',
        description:
          'The person on staff in the caller’s scope with no plan in progress; stages in date order without ' +
          'overlap, each at an active department of the caller’s scope and an active post, allowed by the ' +
          'mutual-exclusion rules (field errors `stages.N.<field>`). A stage already due begins at once.',
        body: rotationStoreBody,
        response: detail,
      },
    },
    async (request) => {
      const scope = await actor(request).scope();
      const id = await fileRotation(db, sealer, today, scope, signedInActorOf(request), request.body);
      return answer(request, id);
    },
  );

  app.put(
    '/rotation/edit',
    {
      config: { permission: 'staff:rotation:update' },
      schema: {
        tags,
        summary: 'Change a plan’s stages to come',
        description:
          'The title, the note and the stages still to come (they replace the upcoming ones; begun and ' +
          'finished stages stay). New stages begin tomorrow at the earliest. 409 once the plan has ended.',
        body: rotationEditBody,
        response: detail,
      },
    },
    async (request) => {
      const scope = await actor(request).scope();
      await editRotation(db, sealer, today, scope, signedInActorOf(request), request.body);
      return answer(request, request.body.id);
    },
  );

  app.post(
    '/rotation/cancel',
    {
      config: { permission: 'staff:rotation:delete' },
      schema: {
        tags,
        summary: 'Stop a plan',
        description:
          'The current stage ends today (a main post moved by the plan stays where it is); stages to come ' +
          'are cancelled. History is kept. 409 once the plan has ended.',
        body: rotationCancelBody,
        response: detail,
      },
    },
    async (request) => {
      const scope = await actor(request).scope();
      const { id, reason } = request.body;
      await cancelRotation(db, today, scope, signedInActorOf(request), id, reason);
      return answer(request, id);
    },
  );

  app.post(
    '/rotation/evaluate',
    {
      config: { permission: 'staff:rotation:update' },
      schema: {
        tags,
        summary: 'Evaluate a stage',
        description:
          'A score from 0 to 100 and a comment, for a stage begun or finished; evaluated again, it is replaced.',
        body: rotationEvaluateBody,
        response: detail,
      },
    },
    async (request) => {
      const scope = await actor(request).scope();
      const planId = await evaluateStage(db, scope, signedInActorOf(request), request.body);
      return answer(request, planId);
    },
  );
};
