// Leave requests and balances (`/api/auth/clock/leave/*`): request and answer schemas.
import { z } from 'zod';
import { selectMessage } from '../rules';
import { zRequiredDate, zRequiredQueryId, zRequiredSelect, zRequiredString } from '../validation';
import { yearQuery } from './rules-contract';
import {
  BALANCE_LEAVE_TYPES,
  HALVES,
  LEAVE_ADJUST_MAX,
  LEAVE_UNITS,
  hourWindowProblem,
  minuteOfTime,
  type Half,
  type LeaveUnit,
  LEAVE_REASON_MAX,
  LEAVE_STATUSES,
  LEAVE_TYPES,
  LEDGER_KINDS,
  leaveLabels,
  leaveMessages,
} from './leave';

const rangeFields = {
  type: z.enum(LEAVE_TYPES, { error: selectMessage(leaveLabels.type) }),
  /** `day` (the default): half days from `start_day`/`start_half` to `end_day`/`end_half`; `hour`: a window of `start_day`. */
  unit: z.enum(LEAVE_UNITS, { error: selectMessage(leaveLabels.unit) }).default('day'),
  start_day: zRequiredDate(leaveLabels.startDay),
  start_half: z.enum(HALVES, { error: selectMessage(leaveLabels.startHalf) }).optional(),
  end_day: zRequiredDate(leaveLabels.endDay).optional(),
  end_half: z.enum(HALVES, { error: selectMessage(leaveLabels.endHalf) }).optional(),
  /** Leave by the hour: 'HH:mm', in half hours. */
  start_time: z.string({ error: leaveMessages.hourTimes }).optional(),
  end_time: z.string({ error: leaveMessages.hourTimes }).optional(),
};

interface RangeAsked {
  unit: LeaveUnit;
  start_day: string;
  start_half?: Half | undefined;
  end_day?: string | undefined;
  end_half?: Half | undefined;
  start_time?: string | undefined;
  end_time?: string | undefined;
}

/**
 * A range by the day names both ends with their halves, the end not before the start (the afternoon comes after
 * the morning of the same day); one by the hour names its window in half hours, one hour to a working day.
 */
function checkRange(body: RangeAsked, context: z.RefinementCtx) {
  const issue = (path: string, message: string) =>
    context.addIssue({ code: 'custom', message, path: [path] });
  if (body.unit === 'hour') {
    const problem = hourWindowProblem(body.start_time ?? '', body.end_time ?? '');
    if (problem === 'start') issue('start_time', leaveMessages.hourTimes);
    else if (problem === 'end') issue('end_time', leaveMessages.hourTimes);
    else if (problem === 'length') issue('end_time', leaveMessages.hourLength);
    return;
  }
  if (!body.start_half) issue('start_half', selectMessage(leaveLabels.startHalf));
  if (!body.end_day) issue('end_day', selectMessage(leaveLabels.endDay));
  if (!body.end_half) issue('end_half', selectMessage(leaveLabels.endHalf));
  if (!body.start_half || !body.end_day || !body.end_half) return;
  const ordered =
    body.end_day > body.start_day || (body.end_day === body.start_day && body.end_half >= body.start_half);
  if (!ordered) issue('end_day', leaveMessages.rangeReversed);
}

/** The range as the server counts it: an hour request covers its one day, the window in minutes. */
function settledRange<T extends RangeAsked>(body: T) {
  const hourly = body.unit === 'hour';
  return {
    ...body,
    start_half: hourly ? ('am' as const) : body.start_half!,
    end_day: hourly ? body.start_day : body.end_day!,
    end_half: hourly ? ('pm' as const) : body.end_half!,
    start_minute: hourly ? minuteOfTime(body.start_time!)! : null,
    end_minute: hourly ? minuteOfTime(body.end_time!)! : null,
  };
}

const maternityCount = z.coerce
  .number({ error: selectMessage('多胞胎') })
  .int({ error: selectMessage('多胞胎') })
  .min(0, { error: selectMessage('多胞胎') })
  .max(5, { error: selectMessage('多胞胎') });

export const leaveRequestBody = z
  .object({
    ...rangeFields,
    reason: zRequiredString(leaveLabels.reason, { max: LEAVE_REASON_MAX, multiline: true }),
    /** Maternity only: a difficult birth adds 15 days, each further baby of a multiple birth 15. */
    difficult_birth: z
      .boolean({ error: selectMessage('难产') })
      .optional()
      .default(false),
    extra_babies: maternityCount.optional().default(0),
  })
  .superRefine(checkRange)
  .transform(settledRange);

/** `GET clock/leave/preview`: the range of a request being filled in (maternity's top-ups as 1/0). */
export const leavePreviewQuery = z
  .object({
    ...rangeFields,
    difficult_birth: z.enum(['1', '0'], { error: selectMessage('难产') }).optional(),
    extra_babies: maternityCount.optional(),
  })
  .superRefine(checkRange)
  .transform(settledRange);
export type LeaveRequestInput = z.input<typeof leaveRequestBody>;
export type LeaveRequestBody = z.infer<typeof leaveRequestBody>;

export const leaveRequest = z.object({
  id: z.number().int(),
  employee_id: z.number().int(),
  employee_name: z.string(),
  employee_no: z.string(),
  store_name: z.string().nullable(),
  type: z.enum(LEAVE_TYPES),
  start_day: z.string(),
  start_half: z.enum(HALVES),
  end_day: z.string(),
  end_half: z.enum(HALVES),
  unit: z.enum(LEAVE_UNITS),
  /** Leave by the hour: its window ('HH:mm') and hours; null by the day. */
  start_time: z.string().nullable(),
  end_time: z.string().nullable(),
  hours: z.number().nullable(),
  days: z.number(),
  reason: z.string(),
  status: z.enum(LEAVE_STATUSES),
  approval_id: z.number().int().nullable(),
  created_at: z.string(),
});
export type LeaveRequest = z.infer<typeof leaveRequest>;

export const leaveBalance = z.object({
  year: z.number().int(),
  type: z.enum(LEAVE_TYPES),
  /**
   * Granted (and adjusted), used (approved), expired and pending (in approval) days; carried in from the year
   * before (to be taken by `carried_until`) and carried out to the next; `left` = granted + carried_in - used -
   * expired - carried_out.
   */
  granted: z.number(),
  used: z.number(),
  expired: z.number(),
  pending: z.number(),
  left: z.number(),
  carried_in: z.number(),
  carried_until: z.string().nullable(),
  carried_out: z.number(),
  ledger: z.array(
    z.object({
      kind: z.enum(LEDGER_KINDS),
      days: z.number(),
      note: z.string().nullable(),
      created_at: z.string(),
    }),
  ),
});
export type LeaveBalance = z.infer<typeof leaveBalance>;

const zYear = yearQuery.shape.year;

/** `GET clock/leave/balance/person`: a person's balances of a year, for HR to adjust. */
export const personBalanceQuery = z.object({
  employee_id: zRequiredQueryId(leaveLabels.employee),
  year: zYear,
});

/** `POST clock/leave/adjust`: days added to (or, negative, taken from) a person's balance, with the reason. */
export const leaveAdjustBody = z.object({
  employee_id: zRequiredSelect(leaveLabels.employee),
  year: zYear,
  type: z.enum(BALANCE_LEAVE_TYPES, { error: leaveMessages.notBalanceType }),
  days: z.coerce
    .number({ error: leaveMessages.adjustDays })
    .refine((days) => days !== 0 && Number.isInteger(days * 2) && Math.abs(days) <= LEAVE_ADJUST_MAX, {
      error: leaveMessages.adjustDays,
    }),
  note: zRequiredString(leaveLabels.adjustNote, { max: LEAVE_REASON_MAX, multiline: true }),
});
export type LeaveAdjustInput = z.input<typeof leaveAdjustBody>;
export type LeaveAdjustBody = z.infer<typeof leaveAdjustBody>;

/** `GET clock/leave/people`: a person on staff in the caller's scope whose balance HR may adjust. */
export const leavePerson = z.object({
  id: z.number().int(),
  employee_no: z.string(),
  name: z.string(),
  store_name: z.string().nullable(),
  department_name: z.string(),
});
export type LeavePerson = z.infer<typeof leavePerson>;
