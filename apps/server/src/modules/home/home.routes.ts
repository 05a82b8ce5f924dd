import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { workbenchAnswer, type WorkbenchAnswer } from '@dealer-hr/shared/statistics/contract';
import type { AppContext } from '../../app-context';
import { scopeKeyOf } from '../../core/scope';
import { envelope, ok } from '../../lib/envelope';
import { EpochCache } from '../../lib/epoch-cache';
import { actor } from '../../plugins/auth';
import { workbench } from './workbench.service';

/** Protected: the home page's workbench (`home/index/*`). */
export const homeRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, clock, today, config }) => {
  // The figures of a scope are kept per day under the statistics epoch, as the statistics pages keep theirs
  // (docs/decisions.md "Statistics"); the to-dos and the caller's own day are read afresh every time.
  const people = new EpochCache<string, WorkbenchAnswer['people']>(2_000);
  app.get(
    '/home/index/workbench',
    {
      config: { permission: 'dashboard:dashboard:view' },
      schema: {
        tags: ['home'],
        summary: 'The workbench: the caller’s figures, to-dos, today’s attendance and own day',
        description:
          '`people` (this month and its 12-month trend, in the data scope) needs a statistics permission; each ' +
          'to-do count comes only with the permission of the page it opens; `attendance_today` is for a ' +
          'caller bound to stores (a store manager) with the attendance records permission; `me` for a ' +
          'caller who is an employee.',
        response: { 200: envelope(workbenchAnswer) },
      },
    },
    async (request) => {
      const caller = actor(request);
      return ok(
        await workbench(
          { db, clock, today, timeZone: config.TIME_ZONE },
          {
            userId: caller.userId,
            employeeId: caller.employeeId,
            access: await caller.access(),
            scope: await caller.scope(),
          },
          (scope, count) => people.get(caller.epochs.statistics, `${today()} ${scopeKeyOf(scope)}`, count),
        ),
      );
    },
  );
};
