import { waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AttendanceDay } from '../clock-api';
import { callsTo, ok } from '../../../test/mock-api';
import { button, dialogTitled, mockPageApi, queryButton, rowOf, setupUser } from '../../../test/page-helpers';
import { renderApp } from '../../../test/render-app';

const PAGE = { name: 'attendanceAbnormal', title: '考勤异常', path: '/attendance/abnormal' };

const missingOut: AttendanceDay = {
  employee_id: 3,
  employee_name: '朱泽',
  employee_no: 'E0003',
  day: '2026-12-11',
  store_id: 40,
  store_name: '上海浦东宝马4S店',
  kind: 'workday',
  status: 'abnormal',
  due_start: '2026-12-11T01:00:00.000Z',
  due_end: '2026-12-11T10:00:00.000Z',
  first_in: '2026-12-11T00:55:00.000Z',
  last_out: null,
  late_minutes: 0,
  serious_late: false,
  early_minutes: 0,
  missing_in: false,
  missing_out: true,
  absent: 0.5,
  outside: 0,
  worked_minutes: 0,
  overtime_minutes: 0,
  leave: 'none',
  abnormal: ['missing', 'absent'],
  explanation: '忘记打卡',
  explanation_status: 'pending',
  correction: null,
};

beforeAll(async () => {
  await import('./abnormal-page');
}, 60_000);

describe('/attendance/abnormal', { timeout: 30_000 }, () => {
  it('lets an employee ask for a correction of their own day, at the time the shift ended', async () => {
    const { calls } = mockPageApi(PAGE, ['attendance:abnormal:explain'], {
      'GET /api/auth/clock/abnormal': () => ok({ data: [missingOut], total: 1 }),
      'GET /api/auth/store/index': () => ok({ data: [], total: 0 }),
      'POST /api/auth/clock/abnormal/correction': () => ok({ id: 1, status: 'approving', approval_id: 9 }),
    });
    renderApp('/attendance/abnormal');
    const row = await rowOf('2026-12-11');
    expect(within(row).getByText('下班缺卡')).toBeInTheDocument();
    expect(within(row).getByText('旷工 0.5 天')).toBeInTheDocument();
    // Only their own days: the list was asked for them.
    expect(callsTo(calls, 'GET', '/api/auth/clock/abnormal')[0]!.url.searchParams.get('mine')).toBe('1');
    const user = setupUser();
    await user.click(button(row, '补卡'));
    const form = await dialogTitled('2026-12-11 补卡');
    await user.type(within(form).getByLabelText('原因'), '下班忘记打卡');
    await user.click(button(form, '保存'));
    await waitFor(() =>
      expect(callsTo(calls, 'POST', '/api/auth/clock/abnormal/correction')).toHaveLength(1),
    );
    const body = callsTo(calls, 'POST', '/api/auth/clock/abnormal/correction')[0]!.body as Record<
      string,
      string
    >;
    expect(body).toMatchObject({ day: '2026-12-11', side: 'out', reason: '下班忘记打卡' });
    expect(new Date(body.punch_at!).toISOString()).toBe('2026-12-11T10:00:00.000Z');
  });

  it('lets a manager accept an explanation of their team’s day', async () => {
    const { calls } = mockPageApi(PAGE, ['attendance:abnormal:approve', 'attendance:abnormal:reject'], {
      'GET /api/auth/clock/abnormal': () => ok({ data: [missingOut], total: 1 }),
      'GET /api/auth/store/index': () => ok({ data: [], total: 0 }),
      'PUT /api/auth/clock/abnormal/review': () => ok({ day: '2026-12-11' }),
    });
    renderApp('/attendance/abnormal');
    const row = await rowOf('2026-12-11');
    expect(callsTo(calls, 'GET', '/api/auth/clock/abnormal')[0]!.url.searchParams.get('mine')).toBeNull();
    expect(queryButton(row, '补卡')).not.toBeInTheDocument();
    await setupUser().click(button(row, '认可'));
    await waitFor(() => expect(callsTo(calls, 'PUT', '/api/auth/clock/abnormal/review')).toHaveLength(1));
    expect(callsTo(calls, 'PUT', '/api/auth/clock/abnormal/review')[0]!.body).toEqual({
      employee_id: 3,
      day: '2026-12-11',
      accepted: true,
    });
  });
});
