// Shifts, attendance groups and the holiday calendar (`/api/auth/clock/rules/*`): request and answer schemas.
// Times travel as 'HH:mm' and are kept as minutes; a threshold of -1 is off.
import { z } from 'zod';
import { selectMessage } from '../rules';
import {
  zOptionalId,
  zRequiredDate,
  zRequiredQueryId,
  zRequiredSelect,
  zRequiredString,
} from '../validation';
import {
  CALENDAR_KINDS,
  CORRECTION_DEADLINE_MAX,
  CORRECTION_QUOTA_MAX,
  DAY_BOUNDARY_MAX,
  GROUP_KINDS,
  GROUP_NAME_MAX,
  GROUP_TARGETS,
  SHIFT_NAME_MAX,
  THRESHOLD_OFF,
  WEEKDAYS,
  ruleLabels,
  ruleMessages,
} from './rules';
import {
  ANNUAL_CARRY_DAYS_MAX,
  ANNUAL_CARRY_MONTHS_MAX,
  DEFAULT_ANNUAL_CARRY_MONTHS,
  DEFAULT_HOURLY_LEAVE_TYPES,
  HOURLY_LEAVE_TYPES,
  LEAVE_TOP_UP_MAX,
  leaveTypeNames,
  type TopUpLeaveType,
} from './leave';

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** 'HH:mm' to minutes after midnight. */
export const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
/** Minutes after midnight (any day) to 'HH:mm'. */
export const timeOf = (minutes: number) => {
  const inDay = ((minutes % 1440) + 1440) % 1440;
  return `${String(Math.floor(inDay / 60)).padStart(2, '0')}:${String(inDay % 60).padStart(2, '0')}`;
};

const zTime = (label: string) =>
  z
    .string({ error: ruleMessages.time(label) })
    .trim()
    .regex(TIME, { error: ruleMessages.time(label) });

const zInteger = (message: string, min: number, max: number) =>
  z.coerce
    .number({ error: message })
    .int({ error: message })
    .min(min, { error: message })
    .max(max, { error: message });

/** A group's whole-number setting from `min` to `max`, `fallback` when not sent. */
const zSetting = (label: string, min: number, max: number, fallback: number) =>
  zInteger(ruleMessages.range(label, min, max), min, max)
    .optional()
    .default(fallback);

/** The days a province adds to a leave type's statutory length (0-200, none by default). */
const zTopUp = (type: TopUpLeaveType) => {
  const message = ruleMessages.range(`${leaveTypeNames[type]}${ruleLabels.leaveTopUp}`, 0, LEAVE_TOP_UP_MAX);
  return zInteger(message, 0, LEAVE_TOP_UP_MAX).optional();
};

/** Minutes: 0-720, or -1 where the threshold may be off. */
const zMinutes = (label: string, offAllowed: boolean) =>
  zInteger(ruleMessages.minutes(label), offAllowed ? THRESHOLD_OFF : 0, 720);

const zHours = (label: string) =>
  z.coerce
    .number({ error: ruleMessages.hours(label) })
    .refine((value) => value === THRESHOLD_OFF || (value >= 0 && value <= 24), {
      error: ruleMessages.hours(label),
    });

const shiftFields = {
  name: zRequiredString(ruleLabels.shiftName, { max: SHIFT_NAME_MAX }),
  start: zTime(ruleLabels.start),
  /** At or before the start: the shift ends the next day. */
  end: zTime(ruleLabels.end),
  earliest_in: zMinutes(ruleLabels.earliestIn, false),
  latest_out: zMinutes(ruleLabels.latestOut, false),
  late_grace: zMinutes(ruleLabels.lateGrace, false),
  serious_late: zMinutes(ruleLabels.seriousLate, true),
  late_absent: zMinutes(ruleLabels.lateAbsent, true),
  early_grace: zMinutes(ruleLabels.earlyGrace, false),
  half_day_hours: zHours(ruleLabels.halfDayHours),
  absent_hours: zHours(ruleLabels.absentHours),
};

export const shiftBody = z.object(shiftFields);
export type ShiftInput = z.input<typeof shiftBody>;
export const shiftUpdateBody = z.object({ id: zRequiredSelect(ruleLabels.shift), ...shiftFields });
export type ShiftUpdateInput = z.input<typeof shiftUpdateBody>;

export const attendanceShift = z.object({
  id: z.number().int(),
  name: z.string(),
  start: z.string(),
  end: z.string(),
  earliest_in: z.number().int(),
  latest_out: z.number().int(),
  late_grace: z.number().int(),
  serious_late: z.number().int(),
  late_absent: z.number().int(),
  early_grace: z.number().int(),
  half_day_hours: z.number(),
  absent_hours: z.number(),
  /** The groups that use it. */
  groups: z.number().int(),
});
export type AttendanceShift = z.infer<typeof attendanceShift>;

const target = z.object({
  target: z.enum(GROUP_TARGETS, { error: selectMessage(ruleLabels.targets) }),
  id: zRequiredSelect(ruleLabels.targets),
});

const groupFields = {
  name: zRequiredString(ruleLabels.groupName, { max: GROUP_NAME_MAX }),
  kind: z.enum(GROUP_KINDS, { error: selectMessage(ruleLabels.kind) }),
  /** Required for fixed and free groups; a shift group's shifts are scheduled per person. */
  shift_id: zRequiredSelect(ruleLabels.shift).nullable().optional().default(null),
  workdays: z
    .array(z.union(WEEKDAYS.map((day) => z.literal(day)) as [z.ZodLiteral<1>, ...z.ZodLiteral<number>[]]), {
      error: ruleMessages.workdays,
    })
    .max(7, { error: ruleMessages.workdays })
    .transform((days) => [...new Set(days)].sort()),
  day_boundary_hour: zSetting(ruleLabels.dayBoundary, 0, DAY_BOUNDARY_MAX, 0),
  allow_outside: z
    .boolean({ error: selectMessage(ruleLabels.allowOutside) })
    .optional()
    .default(false),
  outside_photo: z
    .boolean({ error: selectMessage(ruleLabels.outsidePhoto) })
    .optional()
    .default(false),
  correction_quota: zSetting(ruleLabels.correctionQuota, 0, CORRECTION_QUOTA_MAX, 3),
  correction_deadline_days: zSetting(ruleLabels.correctionDeadline, 1, CORRECTION_DEADLINE_MAX, 7),
  /** The days the group's province adds to the statutory marriage, maternity, paternity and bereavement leave. */
  leave_top_ups: z
    .object(
      {
        marriage: zTopUp('marriage'),
        maternity: zTopUp('maternity'),
        paternity: zTopUp('paternity'),
        bereavement: zTopUp('bereavement'),
      } satisfies Record<TopUpLeaveType, unknown>,
      { error: selectMessage(ruleLabels.leaveTopUp) },
    )
    .optional()
    .default({}),
  /** The leave types the group's people may take by the hour (the others go by the day). */
  hourly_leave_types: z
    .array(z.enum(HOURLY_LEAVE_TYPES, { error: selectMessage(ruleLabels.hourlyLeave) }), {
      error: selectMessage(ruleLabels.hourlyLeave),
    })
    .max(HOURLY_LEAVE_TYPES.length)
    .transform((types) => [...new Set(types)])
    .optional()
    .default([...DEFAULT_HOURLY_LEAVE_TYPES]),
  /**
   * Annual leave left at a year's end carried into the next (结转), at most these days (0: none, all of it
   * expires), to be taken within the next year's first `annual_carry_months` months.
   */
  annual_carry_days: zSetting(ruleLabels.annualCarryDays, 0, ANNUAL_CARRY_DAYS_MAX, 0),
  annual_carry_months: zSetting(
    ruleLabels.annualCarryMonths,
    1,
    ANNUAL_CARRY_MONTHS_MAX,
    DEFAULT_ANNUAL_CARRY_MONTHS,
  ),
  targets: z
    .array(target, { error: selectMessage(ruleLabels.targets) })
    .max(500)
    .optional()
    .default([]),
};

const needsShift = (group: { kind: string; shift_id: number | null }) =>
  group.kind === 'shift' || group.shift_id !== null;
const shiftIssue = { error: ruleMessages.shiftRequired, path: ['shift_id'] };

export const groupBody = z.object(groupFields).refine(needsShift, shiftIssue);
export type GroupInput = z.input<typeof groupBody>;
export type GroupBody = z.infer<typeof groupBody>;
export const groupUpdateBody = z
  .object({ id: zRequiredSelect(ruleLabels.group), ...groupFields })
  .refine(needsShift, shiftIssue);
export type GroupUpdateInput = z.input<typeof groupUpdateBody>;
export type GroupUpdateBody = z.infer<typeof groupUpdateBody>;

export const attendanceGroup = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(GROUP_KINDS),
  shift_id: z.number().int().nullable(),
  shift_name: z.string().nullable(),
  workdays: z.array(z.number().int()),
  day_boundary_hour: z.number().int(),
  allow_outside: z.boolean(),
  outside_photo: z.boolean(),
  correction_quota: z.number().int(),
  correction_deadline_days: z.number().int(),
  leave_top_ups: z.object({
    marriage: z.number().int(),
    maternity: z.number().int(),
    paternity: z.number().int(),
    bereavement: z.number().int(),
  } satisfies Record<TopUpLeaveType, unknown>),
  hourly_leave_types: z.array(z.enum(HOURLY_LEAVE_TYPES)),
  annual_carry_days: z.number().int(),
  annual_carry_months: z.number().int(),
  targets: z.array(z.object({ target: z.enum(GROUP_TARGETS), id: z.number().int(), name: z.string() })),
});
export type AttendanceGroup = z.infer<typeof attendanceGroup>;

export const calendarEntryBody = z.object({
  day: zRequiredDate(ruleLabels.day),
  kind: z.enum(CALENDAR_KINDS, { error: selectMessage(ruleLabels.calendarKind) }),
  name: zRequiredString(ruleLabels.calendarName, { max: 20 }),
  /** Only a day off may be statutory; a make-up working day never is. */
  statutory: z
    .boolean({ error: selectMessage(ruleLabels.statutory) })
    .optional()
    .default(false),
});
export type CalendarEntryInput = z.input<typeof calendarEntryBody>;
export const calendarEntry = z.object({
  day: z.string(),
  kind: z.enum(CALENDAR_KINDS),
  name: z.string(),
  /** A statutory holiday among the days off (overtime on it is paid, never given back as time off). */
  statutory: z.boolean(),
});
export type CalendarEntry = z.infer<typeof calendarEntry>;
export const calendarDayBody = z.object({ day: zRequiredDate(ruleLabels.day) });

/** `?year=`: a calendar's or a balance's year. */
export const yearQuery = z.object({
  year: z.coerce
    .number({ error: ruleMessages.year })
    .int({ error: ruleMessages.year })
    .min(2000, { error: ruleMessages.year })
    .max(2100, { error: ruleMessages.year }),
});

export const zMonth = z
  .string({ error: ruleMessages.month })
  .trim()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, {
    error: ruleMessages.month,
  });

/** `PUT clock/rules/schedule`: a shift group's person's shifts on days (no shift: a rest day). */
export const scheduleBody = z.object({
  employee_id: zRequiredSelect('员工'),
  days: z
    .array(z.object({ day: zRequiredDate(ruleLabels.day), shift_id: zOptionalId(ruleLabels.shift) }), {
      error: selectMessage(ruleLabels.day),
    })
    .min(1, { error: selectMessage(ruleLabels.day) })
    .max(62, { error: ruleMessages.scheduleTooLong }),
});
export type ScheduleInput = z.input<typeof scheduleBody>;
export type ScheduleBody = z.infer<typeof scheduleBody>;

export const scheduleEntry = z.object({
  employee_id: z.number().int(),
  employee_name: z.string(),
  day: z.string(),
  shift_id: z.number().int().nullable(),
  shift_name: z.string().nullable(),
});
export type ScheduleEntry = z.infer<typeof scheduleEntry>;

/** `GET clock/rules/schedule/roster`: a shift group's people and their shifts in a month. */
export const rosterQuery = z.object({
  group_id: zRequiredQueryId(ruleLabels.group),
  month: zMonth,
});
export type RosterQuery = z.input<typeof rosterQuery>;

export const scheduleRoster = z.object({
  group_id: z.number().int(),
  month: z.string(),
  /**
   * The people are those in the group on this day: today within the month, else the month's first day (a month
   * ahead) or last day (a month past).
   */
  as_of: z.string(),
  people: z.array(
    z.object({
      employee_id: z.number().int(),
      employee_name: z.string(),
      employee_no: z.string(),
      store_name: z.string().nullable(),
      /** Employed from and (when leaving) to: the days outside cannot be scheduled. */
      entry_date: z.string(),
      left_on: z.string().nullable(),
      /** The days scheduled so far: a shift, or null for a rest day; a day left out is not scheduled. */
      days: z.array(z.object({ day: z.string(), shift_id: z.number().int().nullable() })),
    }),
  ),
});
export type ScheduleRoster = z.infer<typeof scheduleRoster>;
