// The clock-in, its records, the day table and its abnormal days (`/api/auth/clock/in|today|records|abnormal`).
import { z } from 'zod';
import { selectMessage } from '../rules';
import { zLatitude, zLongitude, zOptionalId, zRequiredSelect, zRequiredString } from '../validation';
import { LEAVE_TYPES } from './leave';
import {
  ABNORMAL_KINDS,
  ACCURACY_MAX,
  CLOCK_IN_SOURCES,
  CORRECTION_SIDES,
  CORRECTION_STATUSES,
  DATUMS,
  DAY_KINDS,
  DAY_STATUSES,
  EXPLANATION_STATUSES,
  GROUP_KINDS,
  LEAVE_SPANS,
  PUNCH_SOURCES,
  REASON_MAX,
  attendanceLabels,
  ruleLabels,
  ruleMessages,
} from './rules';

/** `POST clock/in`: where the phone is, as its browser or WeCom reports it. */
export const clockInBody = z.object({
  latitude: zLatitude,
  longitude: zLongitude,
  datum: z.enum(DATUMS, { error: selectMessage(attendanceLabels.datum) }),
  /** Metres, as the device reports it. */
  accuracy: z.coerce
    .number({ error: ruleMessages.accuracy })
    .min(0, { error: ruleMessages.accuracy })
    .max(ACCURACY_MAX, { error: ruleMessages.accuracy })
    .nullable()
    .optional()
    .default(null),
  source: z.enum(CLOCK_IN_SOURCES, { error: selectMessage(ruleLabels.source) }),
  /** An uploaded photo (purpose `clock_photo`): required out of the fence where the group asks for one. */
  photo_upload_id: zOptionalId('照片').optional().default(null),
});
export type ClockInInput = z.input<typeof clockInBody>;
export type ClockInBody = z.infer<typeof clockInBody>;

export const clockPunch = z.object({
  id: z.number().int(),
  punched_at: z.string(),
  employee_id: z.number().int(),
  employee_name: z.string(),
  employee_no: z.string(),
  store_id: z.number().int().nullable(),
  store_name: z.string().nullable(),
  point_name: z.string().nullable(),
  distance: z.number().int().nullable(),
  in_fence: z.boolean(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  datum: z.enum(DATUMS).nullable(),
  accuracy: z.number().nullable(),
  source: z.enum(PUNCH_SOURCES),
  has_photo: z.boolean(),
});
export type ClockPunch = z.infer<typeof clockPunch>;

/** One person's day as the day table holds it. */
export const attendanceDay = z.object({
  employee_id: z.number().int(),
  employee_name: z.string(),
  employee_no: z.string(),
  day: z.string(),
  store_id: z.number().int().nullable(),
  store_name: z.string().nullable(),
  kind: z.enum(DAY_KINDS),
  status: z.enum(DAY_STATUSES),
  due_start: z.string().nullable(),
  due_end: z.string().nullable(),
  first_in: z.string().nullable(),
  last_out: z.string().nullable(),
  late_minutes: z.number().int(),
  serious_late: z.boolean(),
  early_minutes: z.number().int(),
  missing_in: z.boolean(),
  missing_out: z.boolean(),
  absent: z.number(),
  outside: z.number().int(),
  worked_minutes: z.number().int(),
  overtime_minutes: z.number().int(),
  leave: z.enum(LEAVE_SPANS),
  abnormal: z.array(z.enum(ABNORMAL_KINDS)),
  explanation: z.string().nullable(),
  explanation_status: z.enum(EXPLANATION_STATUSES).nullable(),
  /** The correction (补卡) asked for this day, if any: its latest. */
  correction: z
    .object({
      id: z.number().int(),
      status: z.enum(CORRECTION_STATUSES),
      side: z.enum(CORRECTION_SIDES),
      punch_at: z.string(),
    })
    .nullable(),
});
export type AttendanceDay = z.infer<typeof attendanceDay>;

/** `GET clock/today`: what the clock-in page shows the signed-in employee. */
export const clockToday = z.object({
  day: z.string(),
  employee_name: z.string(),
  store: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  group: z
    .object({
      name: z.string(),
      kind: z.enum(GROUP_KINDS),
      shift: z.object({ name: z.string(), start: z.string(), end: z.string() }).nullable(),
      allow_outside: z.boolean(),
      outside_photo: z.boolean(),
    })
    .nullable(),
  /** The store's enabled points, in WGS-84, for the page to measure while the phone moves. */
  points: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      latitude: z.number(),
      longitude: z.number(),
      radius: z.number().int(),
    }),
  ),
  punches: z.array(clockPunch),
  result: attendanceDay.nullable(),
  /** Why the employee cannot clock in here, when they cannot (no store, no group). */
  blocked: z.string().nullable(),
});
export type ClockToday = z.infer<typeof clockToday>;

export const clockInAnswer = z.object({ punch: clockPunch, today: clockToday });
export type ClockInAnswer = z.infer<typeof clockInAnswer>;

/** `PUT clock/abnormal/explain`: the employee's word on their own abnormal day. */
export const explainBody = z.object({
  day: z.iso.date({ error: selectMessage(ruleLabels.day) }),
  explanation: zRequiredString(ruleLabels.explanation, { max: REASON_MAX, multiline: true }),
});
export type ExplainInput = z.input<typeof explainBody>;

/** `POST clock/abnormal/correction`: a 补卡 for one of the employee's own days. */
export const correctionBody = z.object({
  day: z.iso.date({ error: selectMessage(ruleLabels.day) }),
  side: z.enum(CORRECTION_SIDES, { error: selectMessage(ruleLabels.side) }),
  /** The instant of the forgotten punch (ISO with offset). */
  punch_at: z.iso.datetime({ offset: true, error: selectMessage(ruleLabels.time) }),
  reason: zRequiredString(ruleLabels.reason, { max: REASON_MAX, multiline: true }),
});
export type CorrectionInput = z.input<typeof correctionBody>;
export type CorrectionBody = z.infer<typeof correctionBody>;

export const correctionAnswer = z.object({
  id: z.number().int(),
  status: z.enum(CORRECTION_STATUSES),
  approval_id: z.number().int().nullable(),
});

export const correctionIdBody = z.object({ id: zRequiredSelect('补卡申请') });

/** One person's month from the day table (`GET clock/statistics`). */
export const monthlyStatistics = z.object({
  employee_id: z.number().int(),
  employee_name: z.string(),
  employee_no: z.string(),
  store_name: z.string().nullable(),
  days_due: z.number().int(),
  attended: z.number().int(),
  rest_days: z.number().int(),
  worked_hours: z.number(),
  late_count: z.number().int(),
  late_minutes: z.number().int(),
  serious_late: z.number().int(),
  early_count: z.number().int(),
  early_minutes: z.number().int(),
  missing_in: z.number().int(),
  missing_out: z.number().int(),
  absent_days: z.number(),
  outside: z.number().int(),
  corrections: z.number().int(),
  leave_days: z.number(),
  /** Days of leave by type (half days as 0.5). */
  leave_by_type: z.record(z.enum(LEAVE_TYPES), z.number()),
  overtime_hours: z.number(),
});
export type MonthlyStatistics = z.infer<typeof monthlyStatistics>;

/** A store's month: its people's totals. */
export const storeStatistics = monthlyStatistics
  .omit({ employee_id: true, employee_name: true, employee_no: true, store_name: true })
  .extend({
    store_id: z.number().int().nullable(),
    store_name: z.string().nullable(),
    people: z.number().int(),
  });
export type StoreStatistics = z.infer<typeof storeStatistics>;

export const monthState = z.object({
  month: z.string(),
  locked: z.boolean(),
  locked_at: z.string().nullable(),
  locked_by: z.string().nullable(),
});
export type MonthState = z.infer<typeof monthState>;
