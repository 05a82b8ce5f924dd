import { describe, expect, it } from 'vitest';
import {
  ageBandOf,
  completedMonths,
  fillRate,
  monthsBetween,
  periodsOf,
  tenureBandOf,
  turnoverGroupRows,
  turnoverRates,
  vacancyOf,
  vacancyRate,
} from './rules';

describe('statistics definitions', () => {
  it('cuts a range of months into clipped quarters and years', () => {
    expect(periodsOf('2026-02', '2026-07', 'quarter')).toEqual([
      { key: '2026-Q1', from: '2026-02-01', to: '2026-03-31' },
      { key: '2026-Q2', from: '2026-04-01', to: '2026-06-30' },
      { key: '2026-Q3', from: '2026-07-01', to: '2026-07-31' },
    ]);
    expect(periodsOf('2025-11', '2026-02', 'year').map((period) => [period.key, period.to])).toEqual([
      ['2025', '2025-12-31'],
      ['2026', '2026-02-28'],
    ]);
    expect(periodsOf('2024-02', '2024-02', 'month')[0]!.to).toBe('2024-02-29');
    expect(monthsBetween('2026-03', '2026-01')).toEqual([]);
  });

  it('computes both turnover forms from the counts, and none without a denominator', () => {
    const rates = turnoverRates({
      headcount_start: 6,
      headcount_end: 5,
      hires: 1,
      leavers: 2,
      voluntary_leavers: 1,
      new_leavers: 1,
    });
    expect(rates).toEqual({
      average_headcount: 5.5,
      rate_end: 0.2857,
      rate_average: 0.3636,
      voluntary_rate_end: 0.1667,
      voluntary_rate_average: 0.1818,
      new_employee_rate: 1,
    });
    expect(
      turnoverRates({
        headcount_start: 0,
        headcount_end: 0,
        hires: 0,
        leavers: 0,
        voluntary_leavers: 0,
        new_leavers: 0,
      }).rate_end,
    ).toBeNull();
  });

  it('never lets a vacancy go below zero', () => {
    expect(vacancyOf(2, 5)).toBe(0);
    expect(vacancyRate(4, 1)).toBe(0.75);
    expect(fillRate(4, 9)).toBe(1);
    expect(vacancyRate(0, 3)).toBeNull();
  });

  it('bands ages and tenures by completed years and months', () => {
    expect(completedMonths('2025-03-15', '2026-03-14')).toBe(11);
    expect(completedMonths('2025-03-15', '2026-03-15')).toBe(12);
    expect(ageBandOf('2001-03-16', '2026-03-15')).toBe('under_25');
    expect(ageBandOf('2001-03-15', '2026-03-15')).toBe('25_29');
    expect(ageBandOf(null, '2026-03-15')).toBe('unknown');
    expect(tenureBandOf('2026-03-05', '2026-03-15')).toBe('under_3m');
    expect(tenureBandOf('2021-03-15', '2026-03-15')).toBe('5y_plus');
  });

  it('reads a group’s columns back as rows, period by period, with their rates', () => {
    const column = (first: number, second: number) => [first, second];
    const group = (id: number, name: string, leavers: [number, number]) => ({
      group_id: id,
      group_name: name,
      headcount_start: column(10, 9),
      headcount_end: column(9, 12),
      hires: column(0, 4),
      leavers: column(...leavers),
      voluntary_leavers: column(1, 0),
      new_leavers: column(0, 1),
    });
    const rows = turnoverGroupRows(
      [{ key: '2026-Q1' }, { key: '2026-Q2' }],
      [group(3, '甲店', [1, 1]), group(4, '乙店', [2, 0])],
    ).flat();
    expect(rows.map((row) => [row.period, row.group_name, row.leavers])).toEqual([
      ['2026-Q1', '甲店', 1],
      ['2026-Q1', '乙店', 2],
      ['2026-Q2', '甲店', 1],
      ['2026-Q2', '乙店', 0],
    ]);
    // Q2 of 甲店: 1 / (1 + 12); average headcount (9 + 12) / 2; 1 new leaver of 4 hires.
    expect(rows[2]).toMatchObject({
      group_id: 3,
      headcount_start: 9,
      headcount_end: 12,
      hires: 4,
      voluntary_leavers: 0,
      rate_end: 0.0769,
      average_headcount: 10.5,
      new_employee_rate: 0.25,
    });
  });
});
