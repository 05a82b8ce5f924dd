import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  HOURLY_LEAVE_TYPES,
  LEAVE_STATUSES,
  LEAVE_TYPES,
  leaveLabels,
} from '@dealer-hr/shared/attendance/leave';
import {
  leaveAdjustBody,
  leaveBalance,
  leavePerson,
  leavePreviewQuery,
  leaveRequest,
  leaveRequestBody,
  personBalanceQuery,
} from '@dealer-hr/shared/attendance/leave-contract';
import { yearQuery, zMonth } from '@dealer-hr/shared/attendance/rules-contract';
import { selectMessage } from '@dealer-hr/shared/rules';
import { zId, zQueryId } from '@dealer-hr/shared/validation';
import type { AppContext } from '../../app-context';
import { can } from '../../core/access';
import { calendarDayRange, refineDayRange } from '../../lib/day-range';
import { envelope, ok, page } from '../../lib/envelope';
import { pagingQuery, zFilterText } from '../../lib/paging';
import { actor, signedInActorOf } from '../../plugins/auth';
import { employeeOfUser } from './abnormal.service';
import {
  adjustBalance,
  balancesOf,
  cancelLeave,
  leaveCalendar,
  leaveOptions,
  leavePeople,
  listLeave,
  personBalances,
  previewLeave,
  requestLeave,
} from './leave.service';

const tags = ['attendance'];

const listQuery = z
  .object({
    ...pagingQuery,
    ...calendarDayRange,
    type: z.enum(LEAVE_TYPES, { error: selectMessage(leaveLabels.type) }).optional(),
    status: z.enum(LEAVE_STATUSES, { error: selectMessage('状态') }).optional(),
    keyword: zFilterText('关键字'),
    store_id: zQueryId('门店'),
    mine: z.enum(['1', '0'], { error: selectMessage('范围') }).optional(),
  })
  .superRefine(refineDayRange);

/**
 * Protected: leave (`clock/leave/*`). The employee asks, sees their balances and takes a request back; a
 * manager or HR with the export right reads the requests and the leave calendar of their scope.
 */
export const leaveRoutes: FastifyPluginAsyncZod<AppContext> = async (
  app,
  { db, approvals, today, config },
) => {
  const deps = { today, timeZone: config.TIME_ZONE };

  app.get(
    '/clock/leave/index',
    {
      config: { permission: 'attendance:leave:view' },
      schema: {
        tags,
        summary: 'Leave requests overlapping the days asked, newest first',
        description: 'Others’ requests only with `attendance:leave:export`; `mine=1` the caller’s own.',
        querystring: listQuery,
        response: { 200: envelope(page(leaveRequest)) },
      },
    },
    async (request) => {
      const caller = actor(request);
      const team = request.query.mine !== '1' && can(await caller.access(), 'attendance:leave:export');
      return ok(await listLeave(db, await caller.scope(), caller.userId, { ...request.query, mine: !team }));
    },
  );

  app.get(
    '/clock/leave/balance',
    {
      config: { permission: 'attendance:leave:view' },
      schema: {
        tags,
        summary: 'The caller’s leave balances of a year',
        description:
          'Annual leave (the statutory days for the years since joining, pro rata in the joining and leaving ' +
          'years, granted on first reading) and time off in lieu, each with its ledger.',
        querystring: yearQuery,
        response: { 200: envelope(z.array(leaveBalance)) },
      },
    },
    async (request) =>
      ok(await balancesOf(db, await employeeOfUser(db, actor(request).userId), request.query.year)),
  );

  app.get(
    '/clock/leave/people',
    {
      config: { permission: 'attendance:leave:adjust' },
      schema: {
        tags,
        summary: 'People whose balance the caller may adjust',
        description:
          'People on staff in the caller’s scope whose name, pinyin, initials or number begins with ' +
          '`keyword` (at most 20).',
        querystring: z.object({ keyword: zFilterText(leaveLabels.employee) }),
        response: { 200: envelope(z.array(leavePerson)) },
      },
    },
    async (request) => ok(await leavePeople(db, await actor(request).scope(), request.query.keyword)),
  );

  app.get(
    '/clock/leave/balance/person',
    {
      config: { permission: 'attendance:leave:adjust' },
      schema: {
        tags,
        summary: 'A person’s leave balances of a year, for HR',
        description: 'A person outside the caller’s data scope is 404.',
        querystring: personBalanceQuery,
        response: { 200: envelope(z.array(leaveBalance)) },
      },
    },
    async (request) =>
      ok(
        await personBalances(db, await actor(request).scope(), request.query.employee_id, request.query.year),
      ),
  );

  app.post(
    '/clock/leave/adjust',
    {
      config: { permission: 'attendance:leave:adjust' },
      schema: {
        tags,
        summary: 'Add days to a person’s balance, or take them',
        description:
          'An `adjust` line of the ledger with its reason (annual leave or time off in lieu, half days, at most ' +
          '60 either way); 409 when the balance would go below zero. Answers the balance as it stands.',
        body: leaveAdjustBody,
        response: { 200: envelope(leaveBalance) },
      },
    },
    async (request) =>
      ok(await adjustBalance(db, await actor(request).scope(), signedInActorOf(request), request.body)),
  );

  app.get(
    '/clock/leave/preview',
    {
      config: { permission: 'attendance:leave:create' },
      schema: {
        tags,
        summary: 'How many days a range takes',
        description:
          'Working days of the caller’s group (calendar days for maternity leave), half days as 0.5.',
        querystring: leavePreviewQuery,
        response: { 200: envelope(z.object({ days: z.number() })) },
      },
    },
    async (request) =>
      ok(
        await previewLeave(db, actor(request).userId, {
          ...request.query,
          difficult_birth: request.query.difficult_birth === '1',
          extra_babies: request.query.extra_babies ?? 0,
        }),
      ),
  );

  app.get(
    '/clock/leave/options',
    {
      config: { permission: 'attendance:leave:create' },
      schema: {
        tags,
        summary: 'What the caller may ask for',
        description: 'The leave types the caller’s attendance group lets go by the hour (today’s group).',
        response: { 200: envelope(z.object({ hourly_leave_types: z.array(z.enum(HOURLY_LEAVE_TYPES)) })) },
      },
    },
    async (request) => ok(await leaveOptions(db, actor(request).userId, today())),
  );

  app.post(
    '/clock/leave/store',
    {
      config: { permission: 'attendance:leave:create' },
      schema: {
        tags,
        summary: 'Ask for leave',
        description:
          'Refused (409) when it overlaps another request, passes the type’s statutory length, or takes more ' +
          'than is left of the balance; goes through the `leave` flow with `days` in its form, and is deducted ' +
          'from the balance at the final approval.',
        body: leaveRequestBody,
        response: { 200: envelope(leaveRequest) },
      },
    },
    async (request) => ok(await requestLeave(db, approvals, signedInActorOf(request), request.body)),
  );

  app.put(
    '/clock/leave/cancel',
    {
      config: { permission: 'attendance:leave:withdraw' },
      schema: {
        tags,
        summary: 'Take back one’s own leave',
        description:
          'A request in approval is withdrawn; an approved one is cancelled and its days restored.',
        body: z.object({ id: zId(leaveLabels.request) }),
        response: { 200: envelope(leaveRequest) },
      },
    },
    async (request) => ok(await cancelLeave(db, approvals, deps, signedInActorOf(request), request.body.id)),
  );

  app.get(
    '/clock/leave/calendar',
    {
      config: { permission: 'attendance:leave:export' },
      schema: {
        tags,
        summary: 'Approved leave overlapping a month, of a store or the caller’s scope',
        querystring: z.object({ month: zMonth, store_id: zQueryId('门店') }),
        response: { 200: envelope(z.array(leaveRequest)) },
      },
    },
    async (request) =>
      ok(await leaveCalendar(db, await actor(request).scope(), request.query.month, request.query.store_id)),
  );
};
