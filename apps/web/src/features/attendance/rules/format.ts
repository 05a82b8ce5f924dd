import { THRESHOLD_OFF } from '@dealer-hr/shared/attendance/rules';
import dayjs, { type Dayjs } from 'dayjs';

// The contract's `minutesOf`/`timeOf` live beside its zod schemas; the page imports the contract for its
// types only, so zod stays out of the web bundle, and keeps these two one-liners of its own.

/** 'HH:mm' to minutes after midnight. */
export const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** Minutes after midnight of any day (negative: the day before) to 'HH:mm'. */
export const timeOf = (minutes: number) => {
  const inDay = ((minutes % 1440) + 1440) % 1440;
  return `${String(Math.floor(inDay / 60)).padStart(2, '0')}:${String(inDay % 60).padStart(2, '0')}`;
};

/** A shift whose end is at or before its start ends the next day. */
export const endsNextDay = (shift: { start: string; end: string }) =>
  minutesOf(shift.end) <= minutesOf(shift.start);

/** Whether a threshold is on (-1 turns it off). */
export const isOn = (value: number) => value !== THRESHOLD_OFF;

/** The time picker's value of 'HH:mm'. */
export const pickerTime = (time: string): Dayjs =>
  dayjs()
    .startOf('day')
    .hour(Number(time.slice(0, 2)))
    .minute(Number(time.slice(3, 5)));

/** 'HH:mm' of the time picker's value. */
export const timeText = (value: Dayjs) => value.format('HH:mm');

/**
 * Short weekday names as a list in the language's way (一二三四五; Mo Tu We Th Fr; 月火水木金), Monday first
 * whatever order they were given in.
 */
export function weekdayList(days: readonly number[], nameOf: (day: number) => string, language: string) {
  const names = [...days].sort((a, b) => a - b).map(nameOf);
  return new Intl.ListFormat(language, { type: 'unit', style: 'narrow' }).format(names);
}

/** Names as a list in the language's way (a、b和c; a, b, and c). */
export const nameList = (names: readonly string[], language: string) =>
  new Intl.ListFormat(language, { type: 'conjunction', style: 'short' }).format(names);
