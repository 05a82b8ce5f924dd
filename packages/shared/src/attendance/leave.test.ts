import { describe, expect, it } from 'vitest';
import {
  annualEntitlement,
  annualLeaveFor,
  carryDeadline,
  daysOfRange,
  leaveDays,
  wholeYears,
} from './leave';

describe('annual leave', () => {
  it('follows the statute: none under a year, then 5, 10 from ten years, 15 from twenty', () => {
    expect([0, 0.9, 1, 9, 10, 19, 20, 35].map((years) => annualEntitlement(Math.floor(years)))).toEqual([
      0, 0, 5, 5, 10, 10, 15, 15,
    ]);
    expect(wholeYears('2016-03-01', '2026-02-28')).toBe(9);
    expect(wholeYears('2016-03-01', '2026-03-01')).toBe(10);
  });

  it('grants a whole year to someone employed all year, by the years at its end', () => {
    expect(annualLeaveFor(2026, '2015-06-01')).toBe(10);
    expect(annualLeaveFor(2026, '2020-01-01')).toBe(5);
    expect(annualLeaveFor(2026, '2006-12-31')).toBe(15);
  });

  it('prorates the joining and the leaving year, rounding down to whole days', () => {
    // Joined 2025-07-01: one year on 2026-07-01; all of 2026 employed, 5 days.
    expect(annualLeaveFor(2026, '2025-07-01')).toBe(5);
    // In 2025 they had not worked a year by its end: none.
    expect(annualLeaveFor(2025, '2025-07-01')).toBe(0);
    // Leaving on 2026-06-30 after 12 years: 181/365 of 10 = 4.96, so 4.
    expect(annualLeaveFor(2026, '2014-01-01', '2026-06-30')).toBe(4);
    // Left before the year: nothing.
    expect(annualLeaveFor(2026, '2014-01-01', '2025-12-31')).toBe(0);
  });
});

describe('carried annual leave', () => {
  it('is to be taken by the last day of the rule’s month of the year it was carried into', () => {
    expect(carryDeadline(2027, 3)).toBe('2027-03-31');
    expect(carryDeadline(2028, 2)).toBe('2028-02-29');
    expect(carryDeadline(2027, 2)).toBe('2027-02-28');
    expect(carryDeadline(2027, 6)).toBe('2027-06-30');
    expect(carryDeadline(2027, 12)).toBe('2027-12-31');
  });
});

describe('the days a request takes', () => {
  const weekdays = (day: string) => ![0, 6].includes(new Date(`${day}T00:00:00Z`).getUTCDay());

  it('counts half days at each end', () => {
    const range = { startDay: '2026-12-01', startHalf: 'pm', endDay: '2026-12-03', endHalf: 'am' } as const;
    expect(daysOfRange(range)).toEqual([
      { day: '2026-12-01', span: 'pm' },
      { day: '2026-12-02', span: 'full' },
      { day: '2026-12-03', span: 'am' },
    ]);
    expect(leaveDays(range, weekdays, false)).toBe(2);
    expect(
      leaveDays(
        { startDay: '2026-12-01', startHalf: 'am', endDay: '2026-12-01', endHalf: 'am' },
        weekdays,
        false,
      ),
    ).toBe(0.5);
  });

  it('skips days off for working-day types and counts them for calendar types', () => {
    // Friday to Monday.
    const range = { startDay: '2026-12-04', startHalf: 'am', endDay: '2026-12-07', endHalf: 'pm' } as const;
    expect(leaveDays(range, weekdays, false)).toBe(2);
    expect(leaveDays(range, weekdays, true)).toBe(4);
  });
});
