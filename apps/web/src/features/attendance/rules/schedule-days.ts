import dayjs from 'dayjs';
import type { AttendanceShift } from './api';

/** A day's choice in the schedule's selects: a shift's id, or this for a rest day (ids start at 1). */
export const REST = 0;

/** The days of a month ('YYYY-MM') as 'YYYY-MM-DD', with their ISO weekday (1 Monday ... 7 Sunday). */
export function daysOfMonth(month: string): { day: string; date: number; weekday: number }[] {
  const first = dayjs(`${month}-01`);
  return Array.from({ length: first.daysInMonth() }, (_, index) => {
    const date = first.add(index, 'day');
    return { day: date.format('YYYY-MM-DD'), date: index + 1, weekday: date.day() || 7 };
  });
}

/** A shift's mark in the grid: the first character of its name (早, 晚, 中...). */
export const shiftMark = (shift: AttendanceShift | undefined) => shift?.name.slice(0, 1) ?? '?';

/** The colours of shifts in the grid, by their place among the shifts: distinct, and readable on white. */
const SHIFT_COLOURS = ['#1677ff', '#d46b08', '#389e0d', '#c41d7f', '#531dab', '#08979c'];

export const shiftColour = (shifts: readonly AttendanceShift[], shiftId: number) =>
  SHIFT_COLOURS[
    Math.max(
      0,
      shifts.findIndex((shift) => shift.id === shiftId),
    ) % SHIFT_COLOURS.length
  ]!;
