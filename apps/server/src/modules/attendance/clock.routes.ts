import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  attendanceDay,
  clockInAnswer,
  clockInBody,
  clockPunch,
  clockToday,
  correctionAnswer,
  correctionBody,
  explainBody,
  monthlyStatistics,
  monthState,
  storeStatistics,
} from '@dealer-hr/shared/attendance/clock-contract';
import { zMonth } from '@dealer-hr/shared/attendance/rules-contract';
import { ABNORMAL_KINDS, ruleLabels } from '@dealer-hr/shared/attendance/rules';
import { selectMessage } from '@dealer-hr/shared/rules';
import { zId, zQueryId } from '@dealer-hr/shared/validation';
import type { AppContext } from '../../app-context';
import { can, canAny } from '../../core/access';
import { auditActorOf } from '../../lib/audit';
import { calendarDayRange, refineDayRange } from '../../lib/day-range';
import { envelope, ok, page } from '../../lib/envelope';
import { pagingQuery, zFilterText } from '../../lib/paging';
import { actor, signedInActorOf } from '../../plugins/auth';
import { sendExport } from '../exports';
import { explainDay, listAbnormalDays, requestCorrection, reviewExplanation } from './abnormal.service';
import { ClockInDesk, clockToday as todayOfCaller } from './clock.service';
import { listPunches, punchListQuery } from './records.service';
import {
  lockMonth,
  monthlyStatistics as monthlyOf,
  monthStateOf,
  statisticsExport,
  statisticsQuery,
  storeStatistics as storesOf,
  unlockMonth,
} from './statistics.service';

const tags = ['attendance'];
const flag = (label: string) => z.enum(['1', '0'], { error: selectMessage(label) }).optional();

const abnormalQuery = z
  .object({
    ...pagingQuery,
    ...calendarDayRange,
    store_id: zQueryId('门店'),
    keyword: zFilterText('关键字'),
    kind: z.enum(ABNORMAL_KINDS, { error: selectMessage('异常类型') }).optional(),
    pending: flag('待处理'),
    mine: flag('范围'),
  })
  .superRefine(refineDayRange);

const monthBody = z.object({ month: zMonth });

/**
 * Protected: the clock-in and what follows from it (`clock/today|in|records|abnormal|statistics|excel`). The
 * employee clocks in and explains their own days; HR and managers read their scope's records and sheets.
 */
export const clockRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  const { db, clock, today, approvals, config } = context;
  const timeZone = config.TIME_ZONE;
  const deps = { db, clock, timeZone };
  const desk = new ClockInDesk(deps);

  app.get(
    '/clock/today',
    {
      config: { permission: 'attendance:clock:view' },
      schema: {
        tags,
        summary: 'The signed-in employee’s attendance day',
        description: 'Store, fences (WGS-84), group and shift, today’s punches and the day so far.',
        response: { 200: envelope(clockToday) },
      },
    },
    async (request) => ok(await todayOfCaller(deps, actor(request).userId)),
  );

  app.post(
    '/clock/in',
    {
      config: { permission: 'attendance:clock:punch' },
      schema: {
        tags,
        summary: 'Clock in (or out)',
        description:
          'The fence of the store the employee works at today (a dispatch’s host store) decides, by the ' +
          'great-circle distance in WGS-84 (a GCJ-02 position is converted). Outside it the punch is 外勤 where ' +
          'the group allows it, else 409 with the distance. The punch is never edited; the day is computed again.',
        body: clockInBody,
        response: { 200: envelope(clockInAnswer) },
      },
    },
    async (request) => ok(await desk.clockIn(actor(request).userId, request.body)),
  );

  app.get(
    '/clock/records',
    {
      config: { permission: 'attendance:records:view' },
      schema: {
        tags,
        summary: 'Punches, newest first',
        description:
          '`from`/`to` calendar days in the group’s time zone (the last 7 days when absent); by store, person, ' +
          'fence result and source; `mine=1` only the caller’s own, which is all a caller without ' +
          '`attendance:records:export` sees.',
        querystring: punchListQuery,
        response: { 200: envelope(page(clockPunch).extend({ from: z.string(), to: z.string() })) },
      },
    },
    async (request) => {
      const caller = actor(request);
      // Others' punches (where they were) are for those who may export them: managers and HR.
      const mine = request.query.mine === '1' || !can(await caller.access(), 'attendance:records:export');
      return ok(
        await listPunches(db, await caller.scope(), caller.userId, today, timeZone, {
          ...request.query,
          mine: mine ? '1' : undefined,
        }),
      );
    },
  );

  app.get(
    '/clock/abnormal',
    {
      config: { permission: 'attendance:abnormal:view' },
      schema: {
        tags,
        summary: 'Abnormal days before today',
        description:
          'Late, early, missing punch, out of fence, absent, from the day table; `pending=1` those whose ' +
          'explanation waits for a manager; `mine=1` the caller’s own, which is all a caller who cannot review ' +
          'explanations sees.',
        querystring: abnormalQuery,
        response: { 200: envelope(page(attendanceDay)) },
      },
    },
    async (request) => {
      const caller = actor(request);
      // Others' days are for those who review them.
      const reviewer = canAny(await caller.access(), [
        'attendance:abnormal:approve',
        'attendance:abnormal:reject',
      ]);
      return ok(
        await listAbnormalDays(db, await caller.scope(), caller.userId, today(), {
          ...request.query,
          pending: request.query.pending === '1',
          mine: request.query.mine === '1' || !reviewer,
        }),
      );
    },
  );

  app.put(
    '/clock/abnormal/explain',
    {
      config: { permission: 'attendance:abnormal:explain' },
      schema: {
        tags,
        summary: 'Explain one’s own abnormal day',
        body: explainBody,
        response: { 200: envelope(z.object({ day: z.string() })) },
      },
    },
    async (request) => {
      await explainDay(db, actor(request).userId, auditActorOf(request), request.body);
      return ok({ day: request.body.day });
    },
  );

  app.put(
    '/clock/abnormal/review',
    {
      config: { permission: ['attendance:abnormal:approve', 'attendance:abnormal:reject'] },
      schema: {
        tags,
        summary: 'Accept or reject an explanation',
        body: z.object({
          employee_id: zId('员工'),
          day: z.iso.date({ error: selectMessage(ruleLabels.day) }),
          accepted: z.boolean({ error: selectMessage('处理结果') }),
        }),
        response: { 200: envelope(z.object({ day: z.string() })) },
      },
    },
    async (request) => {
      await reviewExplanation(db, await actor(request).scope(), signedInActorOf(request), request.body);
      return ok({ day: request.body.day });
    },
  );

  app.post(
    '/clock/abnormal/correction',
    {
      config: { permission: 'attendance:abnormal:explain' },
      schema: {
        tags,
        summary: 'Ask for a correction (补卡) of one’s own abnormal day',
        description:
          'Within the group’s monthly quota and its deadline after the day, the punch inside the day; sent ' +
          'through the `clock_correction` approval flow, whose final approval writes the punch and recomputes the day.',
        body: correctionBody,
        response: { 200: envelope(correctionAnswer) },
      },
    },
    async (request) =>
      ok(
        await requestCorrection(
          db,
          approvals,
          { today, clock, timeZone },
          signedInActorOf(request),
          request.body,
        ),
      ),
  );

  app.get(
    '/clock/statistics',
    {
      config: { permission: 'attendance:statistics:view' },
      schema: {
        tags,
        summary: 'Monthly attendance per person',
        description:
          'From the day table: days due and attended, hours, lateness, early leave, missing punches, absence.',
        querystring: statisticsQuery,
        response: { 200: envelope(page(monthlyStatistics).extend({ month: monthState })) },
      },
    },
    async (request) => {
      const [sheet, month] = await Promise.all([
        monthlyOf(db, await actor(request).scope(), request.query),
        monthStateOf(db, request.query.month),
      ]);
      return ok({ ...sheet, month });
    },
  );

  app.get(
    '/clock/statistics/stores',
    {
      config: { permission: 'attendance:statistics:view' },
      schema: {
        tags,
        summary: 'Monthly attendance per store',
        querystring: statisticsQuery.omit({ page: true, limit: true }),
        response: { 200: envelope(z.array(storeStatistics)) },
      },
    },
    async (request) => ok(await storesOf(db, await actor(request).scope(), request.query)),
  );

  app.put(
    '/clock/statistics/lock',
    {
      config: { permission: 'attendance:statistics:lock' },
      schema: {
        tags,
        summary: 'Close a month',
        description:
          'Only a month that is over; its days, corrections and explanations are frozen until reopened.',
        body: monthBody,
        response: { 200: envelope(monthState) },
      },
    },
    async (request) => ok(await lockMonth(db, today, signedInActorOf(request), request.body.month)),
  );

  app.put(
    '/clock/statistics/unlock',
    {
      config: { permission: 'attendance:statistics:unlock' },
      schema: {
        tags,
        summary: 'Reopen a closed month',
        body: monthBody,
        response: { 200: envelope(monthState) },
      },
    },
    async (request) => ok(await unlockMonth(db, auditActorOf(request), request.body.month)),
  );

  const sheet = statisticsExport(db);
  app.get(
    '/clock/excel',
    {
      config: { permission: 'attendance:statistics:export' },
      schema: {
        tags,
        summary: 'The monthly sheet as an .xlsx file',
        description:
          'Same filters as `clock/statistics`; large months are better exported as a job (`attendance`).',
        querystring: statisticsQuery,
      },
    },
    async (request, reply) =>
      sendExport(request, reply, { db, source: sheet }, request.query, 'attendance.xlsx'),
  );
};
