import type { TurnoverRow } from './api';

/** A turnover row whose rates follow from its counts, as the server computes them. */
export function turnoverRow(
  period: string,
  counts: Pick<TurnoverRow, 'headcount_start' | 'headcount_end' | 'hires' | 'leavers'> &
    Partial<Pick<TurnoverRow, 'voluntary_leavers' | 'new_leavers' | 'group_id' | 'group_name'>>,
): TurnoverRow {
  const { headcount_start: start, headcount_end: end, leavers, hires } = counts;
  const voluntary = counts.voluntary_leavers ?? 0;
  const newLeavers = counts.new_leavers ?? 0;
  const rate = (numerator: number, denominator: number) =>
    denominator > 0 ? Math.round((numerator / denominator) * 10_000) / 10_000 : null;
  return {
    period,
    group_id: counts.group_id ?? null,
    group_name: counts.group_name ?? '华东汽车集团',
    headcount_start: start,
    headcount_end: end,
    hires,
    leavers,
    voluntary_leavers: voluntary,
    new_leavers: newLeavers,
    average_headcount: (start + end) / 2,
    rate_end: rate(leavers, leavers + end),
    rate_average: rate(leavers, (start + end) / 2),
    voluntary_rate_end: rate(voluntary, voluntary + end),
    voluntary_rate_average: rate(voluntary, (start + end) / 2),
    new_employee_rate: rate(newLeavers, hires),
  };
}
