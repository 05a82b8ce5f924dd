import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MonthlyStatistics, MonthState } from '../clock-api';
import { callsTo, ok } from '../../../test/mock-api';
import { button, mockPageApi, queryButton, rowOf, setupUser, showColumns } from '../../../test/page-helpers';
import { renderApp } from '../../../test/render-app';

const PAGE = { name: 'attendanceStatistics', title: '考勤统计', path: '/attendance/statistics' };

const row: MonthlyStatistics = {
  employee_id: 3,
  employee_name: '朱泽',
  employee_no: 'E0003',
  store_name: '上海浦东宝马4S店',
  days_due: 22,
  attended: 21,
  rest_days: 8,
  worked_hours: 190.5,
  late_count: 2,
  late_minutes: 17,
  serious_late: 0,
  early_count: 1,
  early_minutes: 4,
  missing_in: 0,
  missing_out: 1,
  absent_days: 0.5,
  outside: 0,
  corrections: 1,
  leave_days: 1.5,
  leave_by_type: {
    annual: 1,
    personal: 0,
    sick: 0.5,
    marriage: 0,
    maternity: 0,
    paternity: 0,
    bereavement: 0,
    lieu: 0,
  },
  overtime_hours: 0,
};

beforeAll(async () => {
  await import('./statistics-page');
}, 60_000);

describe('/attendance/statistics', { timeout: 30_000 }, () => {
  it('shows each person’s month and closes the month with HR’s permission', async () => {
    let month: MonthState = { month: '2026-11', locked: false, locked_at: null, locked_by: null };
    const { calls } = mockPageApi(PAGE, ['attendance:statistics:lock', 'attendance:statistics:unlock'], {
      'GET /api/auth/clock/statistics': () => ok({ data: [row], total: 1, month }),
      'GET /api/auth/clock/statistics/stores': () => ok([]),
      'GET /api/auth/store/index': () => ok({ data: [], total: 0 }),
      'PUT /api/auth/clock/statistics/lock': () => {
        month = {
          month: '2026-11',
          locked: true,
          locked_at: '2026-12-03T02:00:00.000Z',
          locked_by: '人事经理',
        };
        return ok(month);
      },
    });
    showColumns('clockStatistics', ['leave_days']);
    renderApp('/attendance/statistics');
    const person = await rowOf('朱泽');
    expect(within(person).getByText('2 次 / 17 分')).toBeInTheDocument();
    const user = setupUser();
    await user.hover(within(person).getByText('1.5'));
    expect(await screen.findByText('年假 1 天 / 病假 0.5 天')).toBeInTheDocument();
    expect(within(person).getByText('0/1')).toBeInTheDocument();
    await user.click(button(document.body, '封账'));
    await user.click(await screen.findByRole('button', { name: /确\s?定|OK/ }));
    await waitFor(() => expect(callsTo(calls, 'PUT', '/api/auth/clock/statistics/lock')).toHaveLength(1));
    expect(await screen.findByText('已封账（人事经理）')).toBeInTheDocument();
    expect(button(document.body, '反封账')).toBeInTheDocument();
  });

  it('offers no closing without its permission', async () => {
    mockPageApi(PAGE, [], {
      'GET /api/auth/clock/statistics': () =>
        ok({
          data: [row],
          total: 1,
          month: { month: '2026-11', locked: false, locked_at: null, locked_by: null },
        }),
      'GET /api/auth/clock/statistics/stores': () => ok([]),
      'GET /api/auth/store/index': () => ok({ data: [], total: 0 }),
    });
    renderApp('/attendance/statistics');
    await rowOf('朱泽');
    expect(queryButton(document.body, '封账')).not.toBeInTheDocument();
  });
});
