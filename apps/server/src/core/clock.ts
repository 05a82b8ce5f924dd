import { perTimeZone } from '../lib/zoned-format';

/**
 * What time it is for the product's business dates (effective dates, the day a job applies what is due).
 * Production reads the system clock. A server started with TEST_CLOCK=1 (refused in production) has one a
 * browser test can move forward (`PUT /api/test/clock`), so that a transfer dated next month takes effect
 * without waiting a month. Request timestamps, sessions and leases always use real time.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** The system clock shifted by an offset the tests set. */
export class AdjustableClock implements Clock {
  private offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  /** From now on the clock reads `instant` and runs on from there. */
  set(instant: Date): void {
    this.offsetMs = instant.getTime() - Date.now();
  }

  reset(): void {
    this.offsetMs = 0;
  }
}

// en-CA writes dates as YYYY-MM-DD.
const calendarDayFormat = perTimeZone(
  (timeZone) =>
    new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }),
);

/** The calendar day ('2026-03-01') of `instant` in `timeZone`. */
export function dayOf(instant: Date, timeZone: string): string {
  return calendarDayFormat(timeZone).format(instant);
}

/** 'YYYY-MM-DD' moved by whole days. */
export function addDays(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/** The group's calendar day now. */
export interface Today {
  (): string;
}

export const todayOf =
  (clock: Clock, timeZone: string): Today =>
  () =>
    dayOf(clock.now(), timeZone);
