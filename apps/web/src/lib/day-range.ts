import type { Dayjs } from 'dayjs';

// A list filtered by the days its records were made: the form's range picker goes to the server as `from`
// and `to` (both inclusive, either may be left open), read in the browser's time zone (`tz`).

export const DAY_FORMAT = 'YYYY-MM-DD';

/** What a `DatePicker.RangePicker` with open ends holds. */
export type DayRangeValue = [Dayjs | null, Dayjs | null] | null | undefined;

/** The days of a range picker as the list query's `from` and `to`; an open end is left out. */
export function dayRangeFilters(range: DayRangeValue): { from?: string; to?: string } {
  const [from, to] = range ?? [];
  return { from: from?.format(DAY_FORMAT), to: to?.format(DAY_FORMAT) };
}

/** The browser's time zone: the days of the date filter are the days the reader sees. */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

/** The `tz` of a list query: the browser's when the query names days, none otherwise (nothing to read). */
export function timeZoneOf(range: { from?: string; to?: string }): string | undefined {
  return range.from || range.to ? browserTimeZone() : undefined;
}
