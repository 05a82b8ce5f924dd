import dayjs from 'dayjs';
import { MAX_PERIOD_MONTHS, addMonths, monthsBetween } from '@dealer-hr/shared/statistics/rules';

export const MONTH_FORMAT = 'YYYY-MM';
export const DAY_FORMAT = 'YYYY-MM-DD';

export const thisMonth = () => dayjs().format(MONTH_FORMAT);
export const today = () => dayjs().format(DAY_FORMAT);

/** The range a statistics page opens with: this year up to this month, as the server's default. */
export const yearToDate = () => ({ start: dayjs().startOf('year').format(MONTH_FORMAT), end: thisMonth() });

/**
 * A range with one end moved: the other end follows when the range would be reversed or longer than one
 * query may cover (the server refuses both).
 */
export function moveRange(
  range: { start: string; end: string },
  moved: 'start' | 'end',
  month: string,
): { start: string; end: string } {
  if (moved === 'start') {
    const end = range.end < month ? month : range.end;
    const tooLong = monthsBetween(month, end).length > MAX_PERIOD_MONTHS;
    return { start: month, end: tooLong ? addMonths(month, MAX_PERIOD_MONTHS - 1) : end };
  }
  const start = range.start > month ? month : range.start;
  const tooLong = monthsBetween(start, month).length > MAX_PERIOD_MONTHS;
  return { start: tooLong ? addMonths(month, 1 - MAX_PERIOD_MONTHS) : start, end: month };
}
