import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  attendanceGroup,
  attendanceShift,
  calendarDayBody,
  calendarEntry,
  calendarEntryBody,
  groupBody,
  groupUpdateBody,
  rosterQuery,
  scheduleBody,
  scheduleEntry,
  scheduleRoster,
  shiftBody,
  shiftUpdateBody,
  yearQuery,
  zMonth,
} from '@dealer-hr/shared/attendance/rules-contract';
import { ruleLabels } from '@dealer-hr/shared/attendance/rules';
import { zId, zQueryId } from '@dealer-hr/shared/validation';
import type { AppContext } from '../../app-context';
import { auditActorOf } from '../../lib/audit';
import { envelope, ok } from '../../lib/envelope';
import {
  createGroup,
  createShift,
  destroyGroup,
  destroyShift,
  listCalendar,
  listGroups,
  listShifts,
  putCalendarEntry,
  removeCalendarEntry,
  updateGroup,
  updateShift,
} from './rules.service';
import { listSchedule, putSchedule, scheduleRoster as rosterOf } from './schedule.service';

const tags = ['attendance'];
const idBody = (label: string) => z.object({ id: zId(label) });
const idAnswer = { 200: envelope(z.object({ id: z.number().int() })) };

/**
 * Protected: attendance groups (`clock/rules/*`), their shifts and the holiday calendar. A change that decides
 * past days rebuilds the open months' days in the background.
 */
export const attendanceRuleRoutes: FastifyPluginAsyncZod<AppContext> = async (
  app,
  { db, jobs, today, config },
) => {
  const deps = { db, jobs, today };
  const view = { permission: 'attendance:rules:view' };

  app.get(
    '/clock/rules/index',
    {
      config: view,
      schema: {
        tags,
        summary: 'Attendance groups',
        description: 'Each with its shift, work days and what it covers (posts, departments, stores).',
        response: { 200: envelope(z.array(attendanceGroup)) },
      },
    },
    async () => ok(await listGroups(db)),
  );
  app.post(
    '/clock/rules/store',
    {
      config: { permission: 'attendance:rules:create' },
      schema: {
        tags,
        summary: 'Add an attendance group',
        description:
          'A post, department or store belongs to one group at most (409 on `targets`). A person is in the group ' +
          'of their post, else of their store, else of the nearest department at or above theirs.',
        body: groupBody,
        response: { 200: envelope(attendanceGroup) },
      },
    },
    async (request) => ok(await createGroup(deps, auditActorOf(request), request.body)),
  );
  app.put(
    '/clock/rules/update',
    {
      config: { permission: 'attendance:rules:update' },
      schema: {
        tags,
        summary: 'Change an attendance group',
        body: groupUpdateBody,
        response: { 200: envelope(attendanceGroup) },
      },
    },
    async (request) => ok(await updateGroup(deps, auditActorOf(request), request.body)),
  );
  app.delete(
    '/clock/rules/destroy',
    {
      config: { permission: 'attendance:rules:delete' },
      schema: {
        tags,
        summary: 'Remove an attendance group',
        body: idBody(ruleLabels.group),
        response: idAnswer,
      },
    },
    async (request) => {
      await destroyGroup(deps, auditActorOf(request), request.body.id);
      return ok({ id: request.body.id });
    },
  );

  app.get(
    '/clock/rules/shifts/index',
    {
      config: view,
      schema: { tags, summary: 'Shifts', response: { 200: envelope(z.array(attendanceShift)) } },
    },
    async () => ok(await listShifts(db)),
  );
  app.post(
    '/clock/rules/shifts/store',
    {
      config: { permission: 'attendance:rules:create' },
      schema: {
        tags,
        summary: 'Add a shift',
        description:
          'Times `HH:mm` (an end at or before the start ends the next day); -1 turns a threshold off.',
        body: shiftBody,
        response: { 200: envelope(attendanceShift) },
      },
    },
    async (request) => ok(await createShift(deps, auditActorOf(request), request.body)),
  );
  app.put(
    '/clock/rules/shifts/update',
    {
      config: { permission: 'attendance:rules:update' },
      schema: {
        tags,
        summary: 'Change a shift',
        body: shiftUpdateBody,
        response: { 200: envelope(attendanceShift) },
      },
    },
    async (request) => ok(await updateShift(deps, auditActorOf(request), request.body)),
  );
  app.delete(
    '/clock/rules/shifts/destroy',
    {
      config: { permission: 'attendance:rules:delete' },
      schema: { tags, summary: 'Remove an unused shift', body: idBody(ruleLabels.shift), response: idAnswer },
    },
    async (request) => {
      await destroyShift(deps, auditActorOf(request), request.body.id);
      return ok({ id: request.body.id });
    },
  );

  app.get(
    '/clock/rules/schedule',
    {
      config: view,
      schema: {
        tags,
        summary: 'The shifts scheduled in a month (shift groups)',
        querystring: z.object({ month: zMonth, employee_id: zQueryId('员工') }),
        response: { 200: envelope(z.array(scheduleEntry)) },
      },
    },
    async (request) => ok(await listSchedule(db, request.query.month, request.query.employee_id)),
  );
  app.get(
    '/clock/rules/schedule/roster',
    {
      config: view,
      schema: {
        tags,
        summary: 'A shift group’s people and their shifts in a month',
        description:
          'The people in the group on `as_of` (today within the month, else its first day for a month ahead or ' +
          'its last for a month past), by employee number, with the days scheduled so far (null: a rest day). ' +
          '409 on `group_id` for a group that is not scheduled by shift.',
        querystring: rosterQuery,
        response: { 200: envelope(scheduleRoster) },
      },
    },
    async (request) => ok(await rosterOf(db, today(), request.query)),
  );
  app.put(
    '/clock/rules/schedule',
    {
      config: { permission: 'attendance:rules:update' },
      schema: {
        tags,
        summary: 'Schedule a person of a shift group',
        description:
          'Each day a shift, or none for a rest day (409 on `employee_id` for a person outside every shift ' +
          'group; 409 for a closed month). Past days are computed again at once.',
        body: scheduleBody,
        response: { 200: envelope(z.array(scheduleEntry)) },
      },
    },
    async (request) =>
      ok(await putSchedule({ ...deps, timeZone: config.TIME_ZONE }, auditActorOf(request), request.body)),
  );

  app.get(
    '/clock/rules/calendar/index',
    {
      config: view,
      schema: {
        tags,
        summary: 'The holiday calendar of a year',
        description: 'Statutory holidays (`holiday`) and make-up working days (`workday`).',
        querystring: yearQuery,
        response: { 200: envelope(z.array(calendarEntry)) },
      },
    },
    async (request) => ok(await listCalendar(db, request.query.year)),
  );
  app.put(
    '/clock/rules/calendar/store',
    {
      config: { permission: 'attendance:rules:update' },
      schema: {
        tags,
        summary: 'Mark a day holiday or make-up working day',
        body: calendarEntryBody,
        response: { 200: envelope(calendarEntry) },
      },
    },
    async (request) => ok(await putCalendarEntry(deps, auditActorOf(request), request.body)),
  );
  app.delete(
    '/clock/rules/calendar/destroy',
    {
      config: { permission: 'attendance:rules:update' },
      schema: {
        tags,
        summary: 'Return a day to the week’s rule',
        body: calendarDayBody,
        response: { 200: envelope(z.object({ day: z.string() })) },
      },
    },
    async (request) => {
      await removeCalendarEntry(deps, auditActorOf(request), request.body.day);
      return ok({ day: request.body.day });
    },
  );
};
