// Leave requests and balances (`/api/auth/clock/leave/*`): request and answer schemas.
import { z } from 'zod';
import { selectMessage } from '../rules';
import { zRequiredDate, zRequiredQueryId, zRequiredSelect, zRequiredString } from '../validation';
import { yearQuery } from './rules-contract';
import {
  BALANCE_LEAVE_TYPES,
  HALVES,
  LEAVE_ADJUST_MAX,
  LEAVE_REASON_MAX,
  LEAVE_STATUSES,
  LEAVE_TYPES,
  LEDGER_KINDS,
  leaveLabels,
  leaveMessages,
} from './leave';

const rangeFields = {
  type: z.enum(LEAVE_TYPES, { error: selectMessage(leaveLabels.type) }),
  start_day: zRequiredDate(leaveLabels.startDay),
  start_half: z.enum(HALVES, { error: selectMessage(leaveLabels.startHalf) }),
  end_day: zRequiredDate(leaveLabels.endDay),
  end_half: z.enum(HALVES, { error: selectMessage(leaveLabels.endHalf) }),
};

/** The end is not before the start (the afternoon comes after the morning of the same day). */
const ordered = (body: { start_day: string; start_half: string; end_day: string; end_half: string }) =>
  body.end_day > body.start_day || (body.end_day === body.start_day && body.end_half >= body.start_half);
const reversed = { error: leaveMessages.rangeReversed, path: ['end_day'] };

export const leaveRequestBody = z
  .object({
    ...rangeFields,
    reason: zRequiredString(leaveLabels.reason, { max: LEAVE_REASON_MAX, multiline: true }),
    /** Maternity only: a difficult birth adds 15 days, each further baby of a multiple birth 15. */
    difficult_birth: z
      .boolean({ error: selectMessage('难产') })
      .optional()
      .default(false),
    extra_babies: z.coerce
      .number({ error: selectMessage('多胞胎') })
      .int({ error: selectMessage('多胞胎') })
      .min(0, { error: selectMessage('多胞胎') })
      .max(5, { error: selectMessage('多胞胎') })
      .optional()
      .default(0),
  })
  .refine(ordered, reversed);

/** `GET clock/leave/preview`: the range of a request being filled in (maternity's top-ups as 1/0). */
export const leavePreviewQuery = z
  .object({
    ...rangeFields,
    difficult_birth: z.enum(['1', '0'], { error: selectMessage('难产') }).optional(),
    extra_babies: z.coerce
      .number({ error: selectMessage('多胞胎') })
      .int({ error: selectMessage('多胞胎') })
      .min(0, { error: selectMessage('多胞胎') })
      .max(5, { error: selectMessage('多胞胎') })
      .optional(),
  })
  .refine(ordered, reversed);
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
  /** Granted (and adjusted), used (approved), expired and pending (in approval) days; `left` = granted - used - expired. */
  granted: z.number(),
  used: z.number(),
  expired: z.number(),
  pending: z.number(),
  left: z.number(),
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
