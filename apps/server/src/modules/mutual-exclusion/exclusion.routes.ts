import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { auditActorOf } from '../../lib/audit';
import { envelope, ok, page } from '../../lib/envelope';
import {
  exclusionCheckAnswer,
  exclusionCheckBody,
  exclusionIdBody,
  exclusionRow,
  exclusionStoreBody,
  exclusionUpdateBody,
} from '@dealer-hr/shared/mutual-exclusion/contract';
import { exclusionListQuery } from './exclusion.schemas';
import {
  checkPlacement,
  createExclusion,
  destroyExclusion,
  listExclusions,
  placementOf,
  updateExclusion,
} from './exclusion.service';

const tags = ['mutual exclusion'];

/**
 * Protected: mutual-exclusion rules (`mutually/exclusive/*`). Group-wide like the prohibited list; members'
 * ID numbers are sealed and answered masked.
 */
export const exclusionRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, sealer }) => {
  app.get(
    '/mutually/exclusive/index',
    {
      config: { permission: 'staff:mutually-exclusive:view' },
      schema: {
        tags,
        summary: 'Mutual-exclusion rules, paged',
        description: '`keyword` matches part of the rule name or of a member name; `kind`, `status` exactly.',
        querystring: exclusionListQuery,
        response: { 200: envelope(page(exclusionRow)) },
      },
    },
    async (request) => ok(await listExclusions(db, request.query)),
  );

  app.post(
    '/mutually/exclusive/store',
    {
      config: { permission: 'staff:mutually-exclusive:create' },
      schema: {
        tags,
        summary: 'Create a rule',
        description:
          '`people`: a `scope` (store or department) and two or more `members` with distinct ID numbers. ' +
          '`posts`: two different posts. A taken name answers 409 on `name`.',
        body: exclusionStoreBody,
        response: { 200: envelope(exclusionRow) },
      },
    },
    async (request) => ok(await createExclusion(db, sealer, auditActorOf(request), request.body)),
  );

  app.put(
    '/mutually/exclusive/update',
    {
      config: { permission: 'staff:mutually-exclusive:update' },
      schema: {
        tags,
        summary: 'Change a rule',
        description:
          'The whole rule again, members included (they replace the old ones). Same checks as create.',
        body: exclusionUpdateBody,
        response: { 200: envelope(exclusionRow) },
      },
    },
    async (request) => ok(await updateExclusion(db, sealer, auditActorOf(request), request.body)),
  );

  app.delete(
    '/mutually/exclusive/destroy',
    {
      config: { permission: 'staff:mutually-exclusive:delete' },
      schema: {
        tags,
        summary: 'Delete a rule',
        body: exclusionIdBody,
        response: { 200: envelope(z.object({ id: z.number().int() })) },
      },
    },
    async (request) => {
      await destroyExclusion(db, auditActorOf(request), request.body.id);
      return ok({ id: request.body.id });
    },
  );

  app.post(
    '/mutually/exclusive/check',
    {
      // Onboarding and transfer forms ask before they submit; the rules page can try a placement.
      config: {
        permission: ['staff:mutually-exclusive:view', 'staff:onboarding:create', 'staff:transfer:create'],
      },
      schema: {
        tags,
        summary: 'Which rules keep a person from a placement',
        description:
          'The person by ID number (and `employee_id` when on staff: they never block themselves), the ' +
          'store and department they would work in and every post they would hold. Answers each blocking ' +
          'rule with a sentence naming the other person or the posts.',
        body: exclusionCheckBody,
        response: { 200: envelope(exclusionCheckAnswer) },
      },
    },
    async (request) => {
      const violations = await checkPlacement(db, sealer, placementOf(request.body));
      return ok({ allowed: violations.length === 0, violations });
    },
  );
};
