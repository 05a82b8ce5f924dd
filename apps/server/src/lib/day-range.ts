import { gte, lt, and, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { perTimeZone } from './zoned-format';

// A list filtered by calendar days (`from`, `to`, both inclusive) read in the caller's time zone (`tz`).

export const dayRangeMessages = {
  dateInvalid: (label: string) => `${label}格式不正确，应为 YYYY-MM-DD`,
  rangeReversed: '开始日期不能晚于结束日期',
  timeZoneInvalid: '时区不正确',
} as const;

const labels = { from: '开始日期', to: '结束日期' } as const;

/** Where the calendar days of `from` and `to` begin when the caller does not say (mainland China, no DST). */
export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';

export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** An optional calendar day 'YYYY-MM-DD' of a query string; empty means none. */
export const zOptionalDay = (label: string) =>
  z
    .string({ error: dayRangeMessages.dateInvalid(label) })
    .trim()
    .optional()
    .refine((value) => !value || (/^\d{4}-\d{2}-\d{2}$/.test(value) && isCalendarDate(value)), {
      error: dayRangeMessages.dateInvalid(label),
    })
    .transform((value) => value || undefined);

/** Whether 'YYYY-MM-DD' names a day the calendar has (not 2026-02-30). */
export function isCalendarDate(value: string): boolean {
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** `from` and `to` of a list's query string, for plain dates (a course's start) read in no time zone. */
export const calendarDayRange = {
  /** First calendar day, inclusive. */
  from: zOptionalDay(labels.from),
  /** Last calendar day, inclusive. */
  to: zOptionalDay(labels.to),
};

/** `from`, `to` and `tz` of a list's query string; spread into the route's query schema. */
export const dayRangeQuery = {
  ...calendarDayRange,
  /** IANA time zone the days are read in (the browser's); default Asia/Shanghai. */
  tz: z
    .string({ error: dayRangeMessages.timeZoneInvalid })
    .trim()
    .max(64, { error: dayRangeMessages.timeZoneInvalid })
    .optional()
    .refine((value) => !value || isTimeZone(value), { error: dayRangeMessages.timeZoneInvalid })
    .transform((value) => value || DEFAULT_TIME_ZONE),
};

export interface DayRange {
  from?: string | undefined;
  to?: string | undefined;
  tz: string;
}

/** For the query schema's superRefine: a range that ends before it starts is the caller's mistake. */
export function refineDayRange(query: Pick<DayRange, 'from' | 'to'>, context: z.RefinementCtx): void {
  if (query.from && query.to && query.from > query.to) {
    context.addIssue({ code: 'custom', path: ['to'], message: dayRangeMessages.rangeReversed });
  }
}

const wallClockFormat = perTimeZone(
  (timeZone) =>
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    }),
);

/** Milliseconds `timeZone` is ahead of UTC at `instant`. */
function offsetAt(instant: number, timeZone: string): number {
  const parts = wallClockFormat(timeZone).formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((entry) => entry.type === type)?.value);
  const wall = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return wall - (instant - (((instant % 1000) + 1000) % 1000));
}

/** The instant a calendar day ('2026-03-01') begins in `timeZone`; `plusDays` moves the day first. */
export function startOfDay(date: string, timeZone: string, plusDays = 0): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(year, month - 1, day + plusDays);
  // The offset at the guess may differ from the one at the answer when a clock change lies between.
  const guess = wall - offsetAt(wall, timeZone);
  return new Date(wall - offsetAt(guess, timeZone));
}

/** `column` within the days of `range`; undefined (no condition) when neither end is given. */
export function createdWithin(column: PgColumn, range: DayRange): SQL | undefined {
  return and(
    range.from ? gte(column, startOfDay(range.from, range.tz)) : undefined,
    range.to ? lt(column, startOfDay(range.to, range.tz, 1)) : undefined,
  );
}
