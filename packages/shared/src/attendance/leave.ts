// Leave (请假): its types with the Chinese statutory defaults, the annual-leave entitlement, and how many days a
// request takes. Plain constants and pure functions, free of zod; the schemas are in ./leave-contract.

export const LEAVE_TYPES = [
  'annual',
  'personal',
  'sick',
  'marriage',
  'maternity',
  'paternity',
  'bereavement',
  'lieu',
] as const;
export type LeaveType = (typeof LEAVE_TYPES)[number];

export const leaveTypeNames: Record<LeaveType, string> = {
  annual: '年假',
  personal: '事假',
  sick: '病假',
  marriage: '婚假',
  maternity: '产假',
  paternity: '陪产假',
  bereavement: '丧假',
  lieu: '调休',
};

/**
 * How each type counts and what it allows: `balance` types draw on a ledger (granted, used at approval,
 * restored on cancel); `calendar` types count every day of the range, the others the working days only;
 * `quota` is the statutory length of one leave where the law fixes it (a province's top-up is a setting);
 * `paid` says whether the day is paid (personal leave is not).
 */
export const leaveTypeRules: Record<
  LeaveType,
  { balance: boolean; calendar: boolean; quota: number | null; paid: boolean }
> = {
  annual: { balance: true, calendar: false, quota: null, paid: true },
  personal: { balance: false, calendar: false, quota: null, paid: false },
  sick: { balance: false, calendar: false, quota: null, paid: true },
  marriage: { balance: false, calendar: false, quota: 3, paid: true },
  // 98 days, plus 15 for a difficult birth and 15 for each further baby of a multiple birth.
  maternity: { balance: false, calendar: true, quota: 98, paid: true },
  paternity: { balance: false, calendar: false, quota: 15, paid: true },
  bereavement: { balance: false, calendar: false, quota: 3, paid: true },
  // Time off in lieu, earned by approved rest-day overtime.
  lieu: { balance: true, calendar: false, quota: null, paid: true },
};

/** The types whose days come out of a balance (a ledger per person, year and type). */
export const BALANCE_LEAVE_TYPES = ['annual', 'lieu'] as const satisfies readonly LeaveType[];
export type BalanceLeaveType = (typeof BALANCE_LEAVE_TYPES)[number];

/** The most days one adjustment of a balance adds or takes. */
export const LEAVE_ADJUST_MAX = 60;

export const MATERNITY_DIFFICULT_BIRTH = 15;
export const MATERNITY_PER_EXTRA_BABY = 15;

/** Half days: a range starts in the morning or the afternoon and ends at noon or the evening. */
export const HALVES = ['am', 'pm'] as const;
export type Half = (typeof HALVES)[number];

export const LEAVE_STATUSES = ['approving', 'approved', 'rejected', 'withdrawn', 'cancelled'] as const;
export type LeaveStatus = (typeof LEAVE_STATUSES)[number];

/**
 * `earn`: time off in lieu earned by approved rest-day overtime (negative when that overtime is cancelled).
 * `carry`: annual leave carried over (结转) at the year's end, by the group's rule: taken from the old year's
 * balance and added to the new year's, where it must be taken by a deadline.
 */
export const LEDGER_KINDS = ['grant', 'use', 'restore', 'expire', 'adjust', 'earn', 'carry'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

export const LEAVE_REASON_MAX = 200;

/**
 * Annual leave carried over (结转): at most the longest statutory entitlement a year, to be taken within the
 * first months of the next year (《职工带薪年休假条例》 allows it to move one year on).
 */
export const ANNUAL_CARRY_DAYS_MAX = 15;
export const ANNUAL_CARRY_MONTHS_MAX = 12;
export const DEFAULT_ANNUAL_CARRY_MONTHS = 3;

/** The last day ('YYYY-MM-DD') on which days carried into `year` may be taken: the end of its `months`th month. */
export function carryDeadline(year: number, months: number): string {
  const lastDay = new Date(Date.UTC(year, months, 0)).getUTCDate();
  return `${year}-${String(months).padStart(2, '0')}-${String(lastDay).padStart(2, '0')}`;
}
/**
 * The types whose statutory length a province lengthens (婚假、产假、陪产假、丧假 under each province's
 * regulations): an attendance group carries the days its province adds, the `quota` above is the base.
 */
export const TOP_UP_LEAVE_TYPES = ['marriage', 'maternity', 'paternity', 'bereavement'] as const;
export type TopUpLeaveType = (typeof TOP_UP_LEAVE_TYPES)[number];
export type LeaveTopUps = Partial<Record<TopUpLeaveType, number>>;
/** The most days a province adds to one type (the longest maternity top-ups are around six months). */
export const LEAVE_TOP_UP_MAX = 200;

/**
 * Leave by the hour (按小时请假): a window of one working day, in half hours, from one hour up to a working
 * day. A group says which of these types its people may take by the hour (types with a statutory length go by
 * the day). A balance is kept in days: an hour is an eighth of one, as overtime earns time off in lieu.
 */
export const LEAVE_UNITS = ['day', 'hour'] as const;
export type LeaveUnit = (typeof LEAVE_UNITS)[number];
export const HOURLY_LEAVE_TYPES = [
  'annual',
  'personal',
  'sick',
  'lieu',
] as const satisfies readonly LeaveType[];
export type HourlyLeaveType = (typeof HOURLY_LEAVE_TYPES)[number];
/** What a new group allows by the hour. */
export const DEFAULT_HOURLY_LEAVE_TYPES: readonly HourlyLeaveType[] = ['personal', 'sick', 'lieu'];
export const LEAVE_HOURS_A_DAY = 8;
export const LEAVE_HOUR_STEP_MINUTES = 30;
export const LEAVE_HOURS_MIN = 1;

export const isHourlyType = (type: LeaveType): type is HourlyLeaveType =>
  (HOURLY_LEAVE_TYPES as readonly string[]).includes(type);

/** 'HH:mm' as minutes after midnight ('24:00' is the day's end); null when it is not a time of the day. */
export function minuteOfTime(time: string): number | null {
  const match = /^([01]\d|2[0-4]):([0-5]\d)$/.exec(time);
  if (!match) return null;
  const minute = Number(match[1]) * 60 + Number(match[2]);
  return minute <= 1440 ? minute : null;
}

/** Minutes after midnight as 'HH:mm' (a night shift's minutes past midnight as the next day's). */
export function timeOfMinute(minute: number): string {
  const ofDay = minute > 1440 ? minute - 1440 : minute;
  return `${String(Math.floor(ofDay / 60)).padStart(2, '0')}:${String(ofDay % 60).padStart(2, '0')}`;
}

/** A window of leave by the hour as it is read: '09:00-11:00'. */
export const windowText = (from: number, to: number) => `${timeOfMinute(from)}-${timeOfMinute(to)}`;

/** The hours of a window of leave by the hour (minutes after midnight). */
export const windowHours = (from: number, to: number) => (to - from) / 60;

/**
 * What is wrong with a window of leave by the hour ('HH:mm' each), if anything: its start off the half hour,
 * its end off the half hour or not after the start, or its length outside one hour to a working day.
 */
export function hourWindowProblem(from: string, to: string): 'start' | 'end' | 'length' | null {
  const start = minuteOfTime(from);
  const end = minuteOfTime(to);
  const onStep = (minute: number | null): minute is number =>
    minute !== null && minute % LEAVE_HOUR_STEP_MINUTES === 0;
  if (!onStep(start)) return 'start';
  if (!onStep(end) || end <= start) return 'end';
  return end - start < LEAVE_HOURS_MIN * 60 || end - start > LEAVE_HOURS_A_DAY * 60 ? 'length' : null;
}

/** The days an hour request takes of a balance (and counts as leave in the monthly sheet). */
export const daysOfLeaveMinutes = (minutes: number) => minutes / 60 / LEAVE_HOURS_A_DAY;

/** The longest single request: a maternity leave with every top-up is inside it. */
export const LEAVE_DAYS_MAX = 400;

/** The longest one leave of a type may be: the statutory base, the province's days, maternity's own extras. */
export function leaveQuotaOf(
  type: LeaveType,
  topUps: LeaveTopUps,
  maternity: { difficultBirth: boolean; extraBabies: number } = { difficultBirth: false, extraBabies: 0 },
): number | null {
  const base = leaveTypeRules[type].quota;
  if (base === null) return null;
  const extra =
    type === 'maternity'
      ? (maternity.difficultBirth ? MATERNITY_DIFFICULT_BIRTH : 0) +
        maternity.extraBabies * MATERNITY_PER_EXTRA_BABY
      : 0;
  return base + (topUps[type as TopUpLeaveType] ?? 0) + extra;
}

/**
 * Statutory annual leave for cumulative years of work: under 1 year none, from 1 year 5 days, from 10 years
 * 10 days, from 20 years 15 days (职工带薪年休假条例 第三条).
 */
export function annualEntitlement(yearsWorked: number): number {
  if (yearsWorked >= 20) return 15;
  if (yearsWorked >= 10) return 10;
  if (yearsWorked >= 1) return 5;
  return 0;
}

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;

/** Whole years from `from` to `to` ('YYYY-MM-DD'), as a birthday counts them. */
export function wholeYears(from: string, to: string): number {
  const years = Number(to.slice(0, 4)) - Number(from.slice(0, 4));
  return to.slice(5) >= from.slice(5) ? years : years - 1;
}

/**
 * A year's annual leave for someone who joined on `entryDate` (their cumulative work counted from it) and
 * leaves on `leftOn`, if that year: the entitlement at the year's end, pro rata to the days of the year
 * employed, rounded down to whole days (企业职工带薪年休假实施办法 第五条、第十二条).
 */
export function annualLeaveFor(year: number, entryDate: string, leftOn: string | null = null): number {
  const first = `${year}-01-01`;
  const last = `${year}-12-31`;
  if (entryDate > last || (leftOn !== null && leftOn < first)) return 0;
  const years = wholeYears(entryDate, last);
  const full = annualEntitlement(years);
  if (full === 0) return 0;
  const from = entryDate > first ? entryDate : first;
  const to = leftOn !== null && leftOn < last ? leftOn : last;
  const daysInYear = dayNumber(last) - dayNumber(first) + 1;
  const employed = dayNumber(to) - dayNumber(from) + 1;
  return Math.floor((employed / daysInYear) * full);
}

export interface LeaveRange {
  startDay: string;
  startHalf: Half;
  endDay: string;
  endHalf: Half;
}

/** The days of a range, each with the half days it takes (`am`, `pm` or both). */
export function daysOfRange(range: LeaveRange): { day: string; span: 'am' | 'pm' | 'full' }[] {
  const days: { day: string; span: 'am' | 'pm' | 'full' }[] = [];
  for (let n = dayNumber(range.startDay); n <= dayNumber(range.endDay); n += 1) {
    const day = new Date(n * 86_400_000).toISOString().slice(0, 10);
    const fromPm = day === range.startDay && range.startHalf === 'pm';
    const toAm = day === range.endDay && range.endHalf === 'am';
    if (fromPm && toAm) continue;
    days.push({ day, span: fromPm ? 'pm' : toAm ? 'am' : 'full' });
  }
  return days;
}

/**
 * How many days a request takes: every day of the range for a calendar type, the working days (as the
 * person's attendance group and the holiday calendar say) for the others; a half day counts 0.5.
 */
export function leaveDays(range: LeaveRange, isWorkday: (day: string) => boolean, calendar: boolean): number {
  return daysOfRange(range)
    .filter(({ day }) => calendar || isWorkday(day))
    .reduce((sum, { span }) => sum + (span === 'full' ? 1 : 0.5), 0);
}

export const leaveLabels = {
  request: '请假申请',
  type: '请假类型',
  startDay: '开始日期',
  startHalf: '开始时段',
  endDay: '结束日期',
  endHalf: '结束时段',
  reason: '请假事由',
  employee: '员工',
  year: '年度',
  days: '天数',
  unit: '请假单位',
  startTime: '开始时间',
  endTime: '结束时间',
  adjustNote: '调整原因',
} as const;

export const leaveMessages = {
  notFound: '请假申请不存在',
  rangeReversed: '结束时间不能早于开始时间',
  noDays: '所选时间内没有需要请假的工作日',
  tooLong: `单次请假不能超过 ${LEAVE_DAYS_MAX} 天`,
  overBalance: (name: string, left: number) => `${name}余额不足：剩余 ${left} 天`,
  overQuota: (name: string, quota: number) => `${name}单次最多 ${quota} 天`,
  overlaps: '与已有的请假时间重叠',
  notCancellable: '只能撤销审批中或已通过的本人请假',
  monthLocked: (month: string) => `${month} 的考勤已封账，不能再请该月的假`,
  adjustDays: `调整天数应为半天的整数倍，不为 0，且不超过 ${LEAVE_ADJUST_MAX} 天`,
  adjustBelowZero: (name: string, free: number) =>
    `调整后${name}余额不能为负：当前可用 ${free} 天（审批中的请假已预留）`,
  notBalanceType: '只有年假和调休有余额',
  hourTimes: `请按 ${LEAVE_HOUR_STEP_MINUTES} 分钟一档选择开始和结束时间，结束晚于开始`,
  hourLength: `按小时请假为 ${LEAVE_HOURS_MIN} 至 ${LEAVE_HOURS_A_DAY} 小时`,
  notHourly: (name: string) => `本考勤组的${name}只能按天请`,
  hoursNotWorkday: '所选日期不是您的工作日',
  hoursOutsideShift: (from: string, to: string) => `所选时间不在当天的上班时间（${from}-${to}）内`,
  personNotFound: '员工不存在或不在您的数据范围内',
} as const;
