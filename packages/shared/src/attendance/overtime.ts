// Overtime (加班): a request for the hours worked beyond the day due, and the time off in lieu (调休) that
// rest-day overtime earns. Plain constants and pure functions, free of zod; the schemas are in
// ./overtime-contract. See docs/domain.md "Attendance".
import type { DayKind } from './rules';

/**
 * How the hours are made good: `lieu`, time off in lieu, credited to the `lieu` balance at approval; `pay`,
 * overtime pay, which payroll reads from the approved requests. Labour Law art. 44: a rest day's overtime may
 * be given back as time off, a working day's and a statutory holiday's must be paid (150% and 300%).
 */
export const OVERTIME_COMPENSATIONS = ['lieu', 'pay'] as const;
export type OvertimeCompensation = (typeof OVERTIME_COMPENSATIONS)[number];

/** Chinese names (the approval's facts; the web app translates them). */
export const overtimeCompensationNames: Record<OvertimeCompensation, string> = {
  lieu: '调休',
  pay: '加班费',
};
export const dayKindNames: Record<DayKind, string> = {
  workday: '工作日',
  restday: '休息日',
  holiday: '法定节假日',
};

export const OVERTIME_STATUSES = ['approving', 'approved', 'rejected', 'withdrawn', 'cancelled'] as const;
export type OvertimeStatus = (typeof OVERTIME_STATUSES)[number];

/** Hours are asked in half hours, at most this many for one day. */
export const OVERTIME_HOURS_MAX = 12;
/** A standard working day (劳动法 第三十六条): the hours one day of time off in lieu is worth. */
export const WORKDAY_HOURS = 8;
/** Overtime is asked for a day at most this many days ahead (planned) or behind (worked). */
export const OVERTIME_DAYS_AHEAD = 30;
export const OVERTIME_DAYS_BEHIND = 31;
export const OVERTIME_REASON_MAX = 200;

/**
 * The days of time off in lieu that rest-day hours earn: a day for every 8 hours, in half days (the unit leave
 * is taken in), rounded down, so 4 hours earn half a day and 6 hours also half a day.
 */
export function lieuDaysFor(hours: number): number {
  return Math.floor((hours / WORKDAY_HOURS) * 2) / 2;
}

/** Whether the day's overtime may be given back as time off: only a rest day's (see the compensations). */
export const lieuAllowedOn = (kind: DayKind) => kind === 'restday';

export const overtimeLabels = {
  request: '加班申请',
  day: '加班日期',
  hours: '加班时长',
  compensation: '补偿方式',
  reason: '加班事由',
} as const;

export const overtimeMessages = {
  notFound: '加班申请不存在',
  hours: `加班时长应为 0.5 到 ${OVERTIME_HOURS_MAX} 小时，以半小时为单位`,
  tooFarAhead: `加班日期最多提前 ${OVERTIME_DAYS_AHEAD} 天申请`,
  tooFarBehind: `只能申请最近 ${OVERTIME_DAYS_BEHIND} 天内的加班`,
  lieuOnWorkday: '工作日加班应支付加班费，不能调休（劳动法第四十四条）',
  lieuOnHoliday: '法定节假日加班应支付加班费，不能调休（劳动法第四十四条）',
  lieuTooShort: `调休以半天计：休息日加班不足 ${WORKDAY_HOURS / 2} 小时，请选择加班费`,
  duplicate: '该日期已有审批中或已通过的加班申请',
  notCancellable: '只能撤销审批中或已通过的本人加班申请',
  lieuUsed: (left: number) => `调休已被使用，不能撤销：当前可用调休 ${left} 天（审批中的请假已预留）`,
  lieuExpired: (year: number) => `${year} 年的调休余额已随年度结束，不能再撤销这次加班`,
  monthLocked: (month: string) => `${month} 的考勤已封账，不能再申请或撤销该月的加班`,
} as const;
