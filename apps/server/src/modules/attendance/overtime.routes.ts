import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OVERTIME_STATUSES, overtimeLabels } from '@dealer-hr/shared/attendance/overtime';
import { overtimeRequest, overtimeRequestBody } from '@dealer-hr/shared/attendance/overtime-contract';
import { selectMessage } from '@dealer-hr/shared/rules';
import { zId, zQueryId } from '@dealer-hr/shared/validation';
import type { AppContext } from '../../app-context';
import { can } from '../../core/access';
import { calendarDayRange, refineDayRange } from '../../lib/day-range';
import { envelope, ok, page } from '../../lib/envelope';
import { pagingQuery, zFilterText } from '../../lib/paging';
import { actor, signedInActorOf } from '../../plugins/auth';
import { cancelOvertime, listOvertime, requestOvertime } from './overtime.service';

const tags = ['attendance'];

const listQuery = z
  .object({
    ...pagingQuery,
    ...calendarDayRange,
    status: z.enum(OVERTIME_STATUSES, { error: selectMessage('状态') }).optional(),
    keyword: zFilterText('关键字'),
    store_id: zQueryId('门店'),
    mine: z.enum(['1', '0'], { error: selectMessage('范围') }).optional(),
  })
  .superRefine(refineDayRange);

/**
 * Protected: overtime (`clock/overtime/*`), beside leave and under its rights: the employee asks and takes a
 * request back; a manager or HR who may export the team's leave reads the requests of their scope.
 */
export const overtimeRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, approvals, today }) => {
  app.get(
    '/clock/overtime/index',
    {
      config: { permission: 'attendance:leave:view' },
      schema: {
        tags,
        summary: 'Overtime requests of the days asked, newest first',
        description:
          'Others’ requests only with `attendance:leave:export`; `mine=1` the caller’s own. Each carries the ' +
          'overtime the day table counted that day beside the hours asked.',
        querystring: listQuery,
        response: { 200: envelope(page(overtimeRequest)) },
      },
    },
    async (request) => {
      const caller = actor(request);
      const team = request.query.mine !== '1' && can(await caller.access(), 'attendance:leave:export');
      return ok(
        await listOvertime(db, await caller.scope(), caller.userId, { ...request.query, mine: !team }),
      );
    },
  );

  app.post(
    '/clock/overtime/store',
    {
      config: { permission: 'attendance:leave:create' },
      schema: {
        tags,
        summary: 'Ask for a day’s overtime',
        description:
          'A day up to 31 days back or 30 ahead, one request per day. Time off in lieu (a day per 8 hours, ' +
          'in half days, rounded down) only for a rest day: a working day’s and a statutory holiday’s ' +
          'overtime is paid (409 on `compensation`). Goes through the `overtime` flow with `hours` in its ' +
          'form; the lieu days are credited to the balance at the final approval.',
        body: overtimeRequestBody,
        response: { 200: envelope(overtimeRequest) },
      },
    },
    async (request) =>
      ok(await requestOvertime(db, approvals, today, signedInActorOf(request), request.body)),
  );

  app.put(
    '/clock/overtime/cancel',
    {
      config: { permission: 'attendance:leave:withdraw' },
      schema: {
        tags,
        summary: 'Take back one’s own overtime',
        description:
          'A request in approval is withdrawn; an approved one is cancelled and its lieu days taken back ' +
          '(409 once they are spent).',
        body: z.object({ id: zId(overtimeLabels.request) }),
        response: { 200: envelope(overtimeRequest) },
      },
    },
    async (request) =>
      ok(await cancelOvertime(db, approvals, today, signedInActorOf(request), request.body.id)),
  );
};
