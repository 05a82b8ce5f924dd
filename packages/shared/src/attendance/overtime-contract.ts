// Overtime requests (`/api/auth/clock/overtime/*`): request and answer schemas.
import { z } from 'zod';
import { selectMessage } from '../rules';
import { zRequiredDate, zRequiredString } from '../validation';
import {
  OVERTIME_COMPENSATIONS,
  OVERTIME_HOURS_MAX,
  OVERTIME_REASON_MAX,
  OVERTIME_STATUSES,
  overtimeLabels,
  overtimeMessages,
} from './overtime';
import { DAY_KINDS } from './rules';

/** `POST clock/overtime/store`: one day's hours, in half hours, and how they are made good. */
export const overtimeRequestBody = z.object({
  day: zRequiredDate(overtimeLabels.day),
  hours: z.coerce
    .number({ error: overtimeMessages.hours })
    .refine((hours) => hours > 0 && hours <= OVERTIME_HOURS_MAX && Number.isInteger(hours * 2), {
      error: overtimeMessages.hours,
    }),
  compensation: z.enum(OVERTIME_COMPENSATIONS, { error: selectMessage(overtimeLabels.compensation) }),
  reason: zRequiredString(overtimeLabels.reason, { max: OVERTIME_REASON_MAX, multiline: true }),
});
export type OvertimeRequestInput = z.input<typeof overtimeRequestBody>;
export type OvertimeRequestBody = z.infer<typeof overtimeRequestBody>;

export const overtimeRequest = z.object({
  id: z.number().int(),
  employee_id: z.number().int(),
  employee_name: z.string(),
  employee_no: z.string(),
  store_name: z.string().nullable(),
  day: z.string(),
  /** What the day was for the person when asked: a working day, a rest day or a statutory holiday. */
  day_kind: z.enum(DAY_KINDS),
  hours: z.number(),
  compensation: z.enum(OVERTIME_COMPENSATIONS),
  /** The days of time off in lieu it earns (credited at approval); 0 when paid. */
  lieu_days: z.number(),
  /** What the day table counted as overtime that day, in hours (null: the day is not built yet). */
  punched_hours: z.number().nullable(),
  reason: z.string(),
  status: z.enum(OVERTIME_STATUSES),
  approval_id: z.number().int().nullable(),
  created_at: z.string(),
});
export type OvertimeRequest = z.infer<typeof overtimeRequest>;
