// The statistics' definitions (docs/statistics.md): what a headcount, a turnover rate and a vacancy are, as
// pure functions the server computes with and the pages quote beside each figure. Plain constants, free of
// zod, so the web imports them directly; the zod schemas built on them are in ./contract.

/** How a period is cut: by month, quarter or year. */
export const GRANULARITIES = ['month', 'quarter', 'year'] as const;
export type Granularity = (typeof GRANULARITIES)[number];

/** What the turnover rows are grouped by; `none` gives one row per period for the whole node. */
export const TURNOVER_DIMENSIONS = ['none', 'region', 'store', 'department', 'post'] as const;
export type TurnoverDimension = (typeof TURNOVER_DIMENSIONS)[number];

/**
 * The two turnover forms: `end` = leavers / (leavers + headcount at period end), the form Chinese HR reports
 * use; `average` = leavers / ((headcount at start + headcount at end) / 2).
 */
export const TURNOVER_FORMULAS = ['end', 'average'] as const;
export type TurnoverFormula = (typeof TURNOVER_FORMULAS)[number];

/** The trend lines' lengths, in months ending with the chosen month. */
export const POLYLINE_SPANS = [12, 24] as const;
/** The longest period one query covers, so a query stays a bounded piece of work. */
export const MAX_PERIOD_MONTHS = 60;
/** The transfers between two stores listed, the most frequent first. */
export const TOP_STORE_PAIRS = 20;

/** Age bands by completed years at the date: [from, to) with `to` null for the last. */
export const AGE_BANDS = [
  { key: 'under_25', from: 0, to: 25 },
  { key: '25_29', from: 25, to: 30 },
  { key: '30_34', from: 30, to: 35 },
  { key: '35_39', from: 35, to: 40 },
  { key: '40_49', from: 40, to: 50 },
  { key: '50_plus', from: 50, to: null },
] as const;
export type AgeBand = (typeof AGE_BANDS)[number]['key'] | 'unknown';

/** Tenure bands by completed months of service at the date: [from, to). */
export const TENURE_BANDS = [
  { key: 'under_3m', from: 0, to: 3 },
  { key: '3_6m', from: 3, to: 6 },
  { key: '6_12m', from: 6, to: 12 },
  { key: '1_3y', from: 12, to: 36 },
  { key: '3_5y', from: 36, to: 60 },
  { key: '5y_plus', from: 60, to: null },
] as const;
export type TenureBand = (typeof TENURE_BANDS)[number]['key'];
/** A leaver with less service than this is a new employee for the new-employee turnover. */
export const NEW_EMPLOYEE_MONTHS = 12;

export const statisticsLabels = {
  department: '部门',
  start: '开始月份',
  end: '结束月份',
  month: '月份',
  year: '年份',
  date: '日期',
  granularity: '统计周期',
  dimension: '分组维度',
  months: '月数',
  transferOut: '调出计为离职',
} as const;

export const statisticsMessages = {
  month: '月份格式应为 YYYY-MM',
  date: '日期格式应为 YYYY-MM-DD',
  year: '年份应为 2000 到 2100 之间的整数',
  range: '结束月份不能早于开始月份',
  tooLong: `统计区间最长 ${MAX_PERIOD_MONTHS} 个月`,
  granularity: '统计周期只能是月、季度或年',
  dimension: '分组维度只能是区域、门店、部门或岗位',
  months: `趋势只能查看 ${POLYLINE_SPANS.join(' 或 ')} 个月`,
  flag: '开关只能是 true 或 false',
} as const;

/** A rate rounded to four places (0.1234 = 12.34 %), or null when there is nothing to divide by. */
export function rate(numerator: number, denominator: number): number | null {
  if (!(denominator > 0)) return null;
  return Math.round((numerator / denominator) * 10_000) / 10_000;
}

/** leavers / (leavers + headcount at the period's end). */
export const turnoverRateEnd = (leavers: number, headcountEnd: number) =>
  rate(leavers, leavers + headcountEnd);

/** The average headcount of a period: (at its start + at its end) / 2. */
export const averageHeadcount = (start: number, end: number) => (start + end) / 2;

/** leavers / average headcount. */
export const turnoverRateAverage = (leavers: number, headcountStart: number, headcountEnd: number) =>
  rate(leavers, averageHeadcount(headcountStart, headcountEnd));

/** Leavers with under a year of service / hires of the period. */
export const newEmployeeTurnover = (newLeavers: number, hires: number) => rate(newLeavers, hires);

/** Planned less held, never below 0: an over-filled post leaves no vacancy. */
export const vacancyOf = (planned: number, held: number) => Math.max(planned - held, 0);
export const vacancyRate = (planned: number, held: number) => rate(vacancyOf(planned, held), planned);
/** The planned places taken: held people beyond the plan fill nothing more. */
export const fillRate = (planned: number, held: number) => rate(Math.min(planned, held), planned);

/** The counts one turnover row is computed from, and its rates. */
export interface TurnoverCounts {
  headcount_start: number;
  headcount_end: number;
  hires: number;
  leavers: number;
  voluntary_leavers: number;
  new_leavers: number;
}
export interface TurnoverRates {
  average_headcount: number;
  rate_end: number | null;
  rate_average: number | null;
  voluntary_rate_end: number | null;
  voluntary_rate_average: number | null;
  new_employee_rate: number | null;
}
export function turnoverRates(counts: TurnoverCounts): TurnoverRates {
  const { headcount_start: start, headcount_end: end, leavers, voluntary_leavers: voluntary } = counts;
  return {
    average_headcount: averageHeadcount(start, end),
    rate_end: turnoverRateEnd(leavers, end),
    rate_average: turnoverRateAverage(leavers, start, end),
    voluntary_rate_end: turnoverRateEnd(voluntary, end),
    voluntary_rate_average: turnoverRateAverage(voluntary, start, end),
    new_employee_rate: newEmployeeTurnover(counts.new_leavers, counts.hires),
  };
}

/** A period's counts and rates, for the whole node (no group) or one group. */
export interface TurnoverFigures extends TurnoverCounts, TurnoverRates {
  period: string;
  group_id: number | null;
  group_name: string;
}

export const turnoverFigures = (
  period: string,
  groupId: number | null,
  groupName: string,
  counts: TurnoverCounts,
): TurnoverFigures => ({
  period,
  group_id: groupId,
  group_name: groupName,
  ...counts,
  ...turnoverRates(counts),
});

/**
 * A group's counts as columns: each count's values for every period, in the periods' order. A thousand stores
 * by quarter are a thousand of these rather than four thousand rows repeating every name and key, and the
 * rates, which the counts decide, are not sent at all (a sixth of the bytes).
 */
export type TurnoverGroupColumns = { group_id: number | null; group_name: string } & {
  [Key in keyof TurnoverCounts]: number[];
};

/** Each period's rows of the grouped counts, in the groups' order, with their rates. */
export function turnoverGroupRows(
  periods: readonly { key: string }[],
  groups: readonly TurnoverGroupColumns[],
): TurnoverFigures[][] {
  return periods.map((period, index) =>
    groups.map((group) => {
      const at = (key: keyof TurnoverCounts) => group[key][index] ?? 0;
      return turnoverFigures(period.key, group.group_id, group.group_name, {
        headcount_start: at('headcount_start'),
        headcount_end: at('headcount_end'),
        hires: at('hires'),
        leavers: at('leavers'),
        voluntary_leavers: at('voluntary_leavers'),
        new_leavers: at('new_leavers'),
      });
    }),
  );
}

/** A period of a query: its key ('2026-03', '2026-Q1', '2026') and its first and last day. */
export interface Period {
  key: string;
  from: string;
  to: string;
}

const pad = (value: number) => String(value).padStart(2, '0');
const lastDayOfMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
const monthIndex = (month: string) => {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return year * 12 + number - 1;
};
const monthOfIndex = (index: number) => `${Math.floor(index / 12)}-${pad((index % 12) + 1)}`;

/** Months from `start` to `end` inclusive ('YYYY-MM'); `end` before `start` gives none. */
export function monthsBetween(start: string, end: string): string[] {
  const months: string[] = [];
  for (let index = monthIndex(start); index <= monthIndex(end); index += 1) months.push(monthOfIndex(index));
  return months;
}

/** The month `count` months before or after `month`. */
export const addMonths = (month: string, count: number) => monthOfIndex(monthIndex(month) + count);

export const firstDayOf = (month: string) => `${month}-01`;
export function lastDayOf(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return `${month}-${pad(lastDayOfMonth(year, number))}`;
}

/**
 * The periods from the month `start` to the month `end`, cut by `granularity`. A quarter or year the range
 * cuts is clipped to the range, so the figures never count days outside it.
 */
export function periodsOf(start: string, end: string, granularity: Granularity): Period[] {
  const periods: Period[] = [];
  for (const month of monthsBetween(start, end)) {
    const [year, number] = month.split('-').map(Number) as [number, number];
    const key =
      granularity === 'month'
        ? month
        : granularity === 'quarter'
          ? `${year}-Q${Math.ceil(number / 3)}`
          : String(year);
    const last = periods[periods.length - 1];
    if (last?.key === key) last.to = lastDayOf(month);
    else periods.push({ key, from: firstDayOf(month), to: lastDayOf(month) });
  }
  return periods;
}

/** Completed months between two dates ('YYYY-MM-DD'): 2025-03-15 to 2026-03-14 is 11. */
export function completedMonths(from: string, to: string): number {
  const [fy, fm, fd] = from.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = to.split('-').map(Number) as [number, number, number];
  return (ty - fy) * 12 + (tm - fm) - (td < fd ? 1 : 0);
}

export function ageBandOf(birthDate: string | null, at: string): AgeBand {
  if (!birthDate) return 'unknown';
  const years = Math.floor(completedMonths(birthDate, at) / 12);
  return (
    AGE_BANDS.find((band) => years >= band.from && (band.to === null || years < band.to))?.key ?? 'unknown'
  );
}

export function tenureBandOf(entryDate: string, at: string): TenureBand {
  const months = Math.max(completedMonths(entryDate, at), 0);
  return TENURE_BANDS.find((band) => months >= band.from && (band.to === null || months < band.to))!.key;
}

/** The Chinese names of the bands, for the server's answers and sheets; the web translates by key. */
export const ageBandNames: Record<AgeBand, string> = {
  under_25: '25岁以下',
  '25_29': '25-29岁',
  '30_34': '30-34岁',
  '35_39': '35-39岁',
  '40_49': '40-49岁',
  '50_plus': '50岁及以上',
  unknown: '未填写',
};
export const tenureBandNames: Record<TenureBand, string> = {
  under_3m: '3个月以下',
  '3_6m': '3-6个月',
  '6_12m': '6-12个月',
  '1_3y': '1-3年',
  '3_5y': '3-5年',
  '5y_plus': '5年及以上',
};
export const sexNames = { male: '男', female: '女' } as const;
/** An attribute never entered (an education, a birth date). */
export const UNKNOWN_KEY = 'unknown';
export const UNKNOWN_NAME = '未填写';
