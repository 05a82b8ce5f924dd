import dayjs from 'dayjs';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LeaveBalance, LeaveRequest } from './leave-api';
import type { OvertimeRequest } from './overtime-api';
import { callsTo, fail, ok, type Routes } from '../../../test/mock-api';
import {
  SLOW,
  button,
  chooseOption,
  dialogTitled,
  mockPageApi,
  queryButton,
  rowOf,
  setupUser,
} from '../../../test/page-helpers';
import { user as signedIn } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

const PAGE = { name: 'attendanceLeave', title: '请假管理', path: '/attendance/leave' };

// The fixture user is employee 1 (张伟).
const ownApproved: LeaveRequest = {
  id: 7,
  employee_id: 1,
  employee_name: '张伟',
  employee_no: 'E0001',
  store_name: '上海浦东宝马4S店',
  type: 'annual',
  start_day: '2026-12-01',
  start_half: 'am',
  end_day: '2026-12-03',
  end_half: 'pm',
  unit: 'day',
  start_time: null,
  end_time: null,
  hours: null,
  days: 3,
  reason: '回老家',
  status: 'approved',
  approval_id: 12,
  created_at: '2026-11-20T02:00:00.000Z',
};

const ownRejected: LeaveRequest = {
  ...ownApproved,
  id: 8,
  type: 'personal',
  start_day: '2026-11-10',
  start_half: 'pm',
  end_day: '2026-11-10',
  end_half: 'pm',
  unit: 'day',
  start_time: null,
  end_time: null,
  hours: null,
  days: 0.5,
  reason: '办证',
  status: 'rejected',
  approval_id: 13,
};

const balances: LeaveBalance[] = [
  {
    year: 2026,
    type: 'annual',
    granted: 10,
    used: 5,
    expired: 0,
    pending: 1,
    left: 7,
    carried_in: 2,
    carried_until: '2026-03-31',
    carried_out: 0,
    ledger: [
      {
        kind: 'carry',
        days: 2,
        note: '2025 年结转，2026-03-31 前有效',
        created_at: '2026-01-01T00:20:00.000Z',
      },
      { kind: 'grant', days: 10, note: '2026 年度年假', created_at: '2026-01-01T00:00:00.000Z' },
    ],
  },
  {
    year: 2026,
    type: 'lieu',
    granted: 3,
    used: 0,
    expired: 1,
    pending: 0,
    left: 2,
    carried_in: 0,
    carried_until: null,
    carried_out: 0,
    ledger: [],
  },
];

/** The page's routes: a list of `rows`, the balances, an empty store picker, and `routes` on top. */
function api(perms: readonly string[], rows: LeaveRequest[], routes: Routes = {}) {
  return mockPageApi(PAGE, ['attendance:leave:view', ...perms], {
    'GET /api/auth/clock/leave/index': () => ok({ data: rows, total: rows.length }),
    'GET /api/auth/clock/leave/balance': () => ok(balances),
    'GET /api/auth/clock/leave/options': () => ok({ hourly_leave_types: ['personal', 'sick', 'lieu'] }),
    'GET /api/auth/store/index': () => ok({ data: [], total: 0 }),
    ...routes,
  });
}

beforeAll(async () => {
  await import('./leave-page');
}, 60_000);

describe('/attendance/leave', { timeout: 30_000 }, () => {
  it('lists the employee’s own requests in half days and cancels an approved one', async () => {
    const { calls } = api(['attendance:leave:withdraw'], [ownApproved, ownRejected], {
      'PUT /api/auth/clock/leave/cancel': () => ok({ ...ownApproved, status: 'cancelled' }),
    });
    renderApp('/attendance/leave');
    const row = await rowOf('2026-12-01 上午 – 2026-12-03 下午');
    expect(within(row).getByText('年假')).toBeInTheDocument();
    expect(within(row).getByText('3 天')).toBeInTheDocument();
    expect(within(row).getByText('已通过')).toBeInTheDocument();
    // A single half day reads as one.
    const rejected = await rowOf('2026-11-10 下午');
    expect(within(rejected).getByText('已驳回')).toBeInTheDocument();
    expect(queryButton(rejected, '撤销')).not.toBeInTheDocument();
    // Without the team's permission the list is the caller's own: no switch, no calendar of others' leave.
    expect(callsTo(calls, 'GET', '/api/auth/clock/leave/index')[0]!.url.searchParams.get('mine')).toBe('1');
    expect(screen.queryByText('团队')).not.toBeInTheDocument();
    expect(screen.queryByText('请假日历')).not.toBeInTheDocument();

    const user = setupUser();
    await user.click(button(row, '撤销'));
    const confirm = await waitFor(() => {
      const popup = document.querySelector<HTMLElement>('.ant-popconfirm');
      if (!popup) throw new Error('no confirmation');
      return popup;
    });
    expect(within(confirm).getByText('3 天将退回年假余额')).toBeInTheDocument();
    await user.click(button(confirm, '撤销'));
    await waitFor(() => expect(callsTo(calls, 'PUT', '/api/auth/clock/leave/cancel')).toHaveLength(1));
    expect(callsTo(calls, 'PUT', '/api/auth/clock/leave/cancel')[0]!.body).toEqual({ id: 7 });
    expect(await screen.findByText('请假已撤销')).toBeInTheDocument();
  });

  it('counts the days of the range, sends the request and shows the server’s refusal', async () => {
    let refused = false;
    const { calls } = api(['attendance:leave:create'], [], {
      'GET /api/auth/clock/leave/preview': (call) =>
        ok({ days: call.url.searchParams.get('start_half') === 'pm' ? 1.5 : 2 }),
      'POST /api/auth/clock/leave/store': () => {
        if (!refused) {
          refused = true;
          return fail(409, '与已有的请假时间重叠', 409);
        }
        return ok({ ...ownApproved, id: 9, status: 'approving' });
      },
    });
    renderApp('/attendance/leave');
    const user = setupUser();
    await user.click(await waitFor(() => button(document.body, '申请请假'), SLOW));
    const dialog = await dialogTitled('申请请假');
    await chooseOption(user, within(dialog).getByLabelText('请假类型'), '事假');
    expect(within(dialog).getByText('事假按工作日计算，不带薪')).toBeInTheDocument();
    // The end first: a start chosen alone would make the range that one day.
    await user.type(within(dialog).getByLabelText('结束日期'), '2026-12-02{Enter}');
    await user.type(within(dialog).getByLabelText('开始日期'), '2026-12-01{Enter}');
    expect(await within(dialog).findByText('共 2 天')).toBeInTheDocument();
    const startHalf = within(dialog).getByText('开始时段').closest<HTMLElement>('.ant-form-item')!;
    await user.click(within(startHalf).getByText('下午'));
    expect(await within(dialog).findByText('共 1.5 天')).toBeInTheDocument();
    const preview = callsTo(calls, 'GET', '/api/auth/clock/leave/preview').at(-1)!;
    expect(Object.fromEntries(preview.url.searchParams)).toEqual({
      type: 'personal',
      start_day: '2026-12-01',
      start_half: 'pm',
      end_day: '2026-12-02',
      end_half: 'pm',
    });
    await user.type(within(dialog).getByLabelText('请假事由'), '  家里有事 ');
    await user.click(button(dialog, '提交'));
    await waitFor(() => expect(callsTo(calls, 'POST', '/api/auth/clock/leave/store')).toHaveLength(1));
    expect(callsTo(calls, 'POST', '/api/auth/clock/leave/store')[0]!.body).toEqual({
      type: 'personal',
      start_day: '2026-12-01',
      start_half: 'pm',
      end_day: '2026-12-02',
      end_half: 'pm',
      reason: '家里有事',
    });
    // The refusal stays in the dialog, which stays open for the user to change the range.
    expect(await within(dialog).findByText('与已有的请假时间重叠')).toBeInTheDocument();
    await user.click(button(dialog, '提交'));
    expect(await screen.findByText('请假申请已提交审批')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/api/auth/clock/leave/store')).toHaveLength(2);
  });

  it('asks for leave by the hour: a day and a window in half hours, listed with its hours', async () => {
    const hourly: LeaveRequest = {
      ...ownApproved,
      id: 11,
      type: 'sick',
      start_day: '2026-12-10',
      end_day: '2026-12-10',
      unit: 'hour',
      start_time: '09:00',
      end_time: '11:00',
      hours: 2,
      days: 0.25,
    };
    const { calls } = api(['attendance:leave:create'], [hourly], {
      // Time off in lieu taken by the hour leaves hours behind.
      'GET /api/auth/clock/leave/balance': () =>
        ok(balances.map((balance) => (balance.type === 'lieu' ? { ...balance, left: 1.375 } : balance))),
      'GET /api/auth/clock/leave/preview': () => ok({ days: 0.25 }),
      'POST /api/auth/clock/leave/store': () => ok({ ...hourly, id: 12, status: 'approving' }),
    });
    renderApp('/attendance/leave');
    const row = await rowOf('2026-12-10 09:00 – 11:00');
    expect(within(row).getByText('2 小时')).toBeInTheDocument();

    const user = setupUser();
    await user.click(button(document.body, '申请请假'));
    const dialog = await dialogTitled('申请请假');
    // Marriage leave goes by the day, and so does annual leave in a group that keeps it so: no unit to choose.
    await chooseOption(user, within(dialog).getByLabelText('请假类型'), '婚假');
    expect(within(dialog).queryByText('按小时')).not.toBeInTheDocument();
    await chooseOption(user, within(dialog).getByLabelText('请假类型'), '年假');
    expect(within(dialog).queryByText('按小时')).not.toBeInTheDocument();
    await chooseOption(user, within(dialog).getByLabelText('请假类型'), '调休');
    expect(await within(dialog).findByText(/剩余 1\.375 天（11 小时）/)).toBeInTheDocument();
    await chooseOption(user, within(dialog).getByLabelText('请假类型'), '病假');
    await user.click(within(dialog).getByText('按小时'));
    expect(within(dialog).queryByLabelText('结束日期')).not.toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('日期'), '2026-12-10{Enter}');
    /** A half hour typed into its picker, then picked from what is left of the list. */
    const pickTime = async (label: string, time: string) => {
      const input = within(dialog).getByLabelText(label);
      await user.type(input, time);
      // This picker's own list (another's may still be in the page, closing).
      const list = await waitFor(() =>
        document
          .getElementById(input.getAttribute('aria-controls')!)!
          .closest<HTMLElement>('.ant-select-dropdown')!,
      );
      await user.click(await within(list).findByTitle(time));
      const picker = input.closest<HTMLElement>('.ant-select')!;
      await waitFor(() => expect(within(picker).getByTitle(time)).toBeInTheDocument());
    };
    // The start is a half hour of the day; the end may be midnight (a night shift's evening).
    await user.type(within(dialog).getByLabelText('开始时间'), '24');
    expect(await within(document.body).findByText('没有匹配的时间')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('开始时间'));
    await pickTime('结束时间', '24:00');
    await pickTime('开始时间', '09:00');
    // A window the wrong way round is refused in the form.
    await pickTime('结束时间', '08:30');
    expect(
      await within(dialog).findByText('请按 30 分钟一档选择开始和结束时间，结束晚于开始'),
    ).toBeInTheDocument();
    await pickTime('结束时间', '11:00');
    expect(await within(dialog).findByText('共 2 小时，折合 0.25 天')).toBeInTheDocument();
    expect(
      Object.fromEntries(callsTo(calls, 'GET', '/api/auth/clock/leave/preview').at(-1)!.url.searchParams),
    ).toEqual({
      type: 'sick',
      unit: 'hour',
      start_day: '2026-12-10',
      start_time: '09:00',
      end_time: '11:00',
    });
    await user.type(within(dialog).getByLabelText('请假事由'), '复查');
    await user.click(button(dialog, '提交'));
    await waitFor(() => expect(callsTo(calls, 'POST', '/api/auth/clock/leave/store')).toHaveLength(1));
    expect(callsTo(calls, 'POST', '/api/auth/clock/leave/store')[0]!.body).toEqual({
      type: 'sick',
      unit: 'hour',
      start_day: '2026-12-10',
      start_time: '09:00',
      end_time: '11:00',
      reason: '复查',
    });
  });

  it('shows the caller’s balances, the team’s requests and who is on leave which day', async () => {
    const month = dayjs().format('YYYY-MM');
    const onLeave: LeaveRequest = {
      ...ownApproved,
      id: 20,
      employee_id: 3,
      employee_name: '朱泽',
      start_day: `${month}-10`,
      start_half: 'pm',
      end_day: `${month}-11`,
    };
    const { calls } = api(['attendance:leave:export'], [ownApproved], {
      'GET /api/auth/clock/leave/calendar': () => ok([onLeave]),
    });
    renderApp('/attendance/leave');
    const strip = await screen.findByLabelText('我的假期余额', {}, SLOW);
    const annual = (await within(strip).findByText('年假')).closest<HTMLElement>('.ant-card')!;
    expect(within(annual).getByText('剩余')).toBeInTheDocument();
    expect(within(annual).getByText('7 天')).toBeInTheDocument();
    expect(within(annual).getByText('审批中')).toBeInTheDocument();
    expect(within(annual).getByText('1 天')).toBeInTheDocument();
    // Expired and carried days show only where there are some.
    expect(within(annual).queryByText('已过期')).not.toBeInTheDocument();
    const carried = within(annual).getByText('上年结转').parentElement!;
    expect(within(carried).getByText('2 天')).toBeInTheDocument();
    // Its deadline is past by now (the page reads today's date): it says so.
    expect(within(carried).getByText('2026-03-31 已到期')).toBeInTheDocument();
    expect(within(annual).queryByText('结转至下年')).not.toBeInTheDocument();
    const lieu = within(strip).getByText('调休').closest<HTMLElement>('.ant-card')!;
    expect(within(within(lieu).getByText('已过期').parentElement!).getByText('1 天')).toBeInTheDocument();
    expect(within(lieu).queryByText('上年结转')).not.toBeInTheDocument();
    expect(callsTo(calls, 'GET', '/api/auth/clock/leave/balance')[0]!.url.searchParams.get('year')).toBe(
      String(dayjs().year()),
    );
    const user = setupUser();
    await user.click(button(annual, '明细'));
    expect(await screen.findByText('2026 年度年假')).toBeInTheDocument();
    expect(screen.getByText('2025 年结转，2026-03-31 前有效')).toBeInTheDocument();
    expect(screen.getByText('结转')).toBeInTheDocument();

    // The team first, then their own.
    await rowOf('2026-12-01 上午 – 2026-12-03 下午');
    expect(callsTo(calls, 'GET', '/api/auth/clock/leave/index')[0]!.url.searchParams.get('mine')).toBeNull();
    await user.click(screen.getByText('我的'));
    await waitFor(() =>
      expect(callsTo(calls, 'GET', '/api/auth/clock/leave/index').at(-1)!.url.searchParams.get('mine')).toBe(
        '1',
      ),
    );

    await user.click(within(document.querySelector<HTMLElement>('.ant-tabs-nav')!).getByText('请假日历'));
    expect(await screen.findByText('朱泽 年假（下午）')).toBeInTheDocument();
    expect(screen.getByText('朱泽 年假（全天）')).toBeInTheDocument();
    expect(callsTo(calls, 'GET', '/api/auth/clock/leave/calendar')[0]!.url.searchParams.get('month')).toBe(
      month,
    );
  });
  it('lets HR add days to a chosen person’s balance, showing what is left', async () => {
    const { calls } = api(['attendance:leave:adjust'], [], {
      'GET /api/auth/clock/leave/people': () =>
        ok([
          {
            id: 31,
            employee_no: 'E0031',
            name: '周敏',
            store_name: '上海浦东宝马4S店',
            department_name: '销售部',
          },
        ]),
      'GET /api/auth/clock/leave/balance/person': () => ok(balances),
      'POST /api/auth/clock/leave/adjust': () => ok({ ...balances[0], granted: 12, left: 9 }),
    });
    renderApp('/attendance/leave');
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: '调整余额' }, SLOW));
    const form = await dialogTitled('调整假期余额');
    await user.click(button(form, '保存'));
    expect(await within(form).findByText('请选择员工')).toBeInTheDocument();
    expect(within(form).getByText('调整原因不能为空')).toBeInTheDocument();

    await user.type(within(form).getByLabelText('员工'), '周');
    await user.click(await screen.findByText('周敏（E0031） · 上海浦东宝马4S店', {}, SLOW));
    expect(await within(form).findByText('当前剩余 7 天', {}, SLOW)).toBeInTheDocument();
    await user.click(within(form).getByLabelText('调休'));
    expect(await within(form).findByText('当前剩余 2 天')).toBeInTheDocument();
    await user.click(within(form).getByLabelText('年假'));
    await user.type(within(form).getByLabelText('调整天数'), '0.3');
    await user.click(button(form, '保存'));
    expect(await within(form).findByText(/调整天数应为半天的整数倍/)).toBeInTheDocument();
    await user.clear(within(form).getByLabelText('调整天数'));
    await user.type(within(form).getByLabelText('调整天数'), '2');
    await user.type(within(form).getByLabelText('调整原因'), '上年度结转');
    await user.click(button(form, '保存'));
    await waitFor(() => expect(callsTo(calls, 'POST', '/api/auth/clock/leave/adjust')).toHaveLength(1));
    expect(callsTo(calls, 'POST', '/api/auth/clock/leave/adjust')[0]!.body).toEqual({
      employee_id: 31,
      year: dayjs().year(),
      type: 'annual',
      days: 2,
      note: '上年度结转',
    });
    const asked = callsTo(calls, 'GET', '/api/auth/clock/leave/balance/person')[0]!.url.searchParams;
    expect([asked.get('employee_id'), asked.get('year')]).toEqual(['31', String(dayjs().year())]);
  });

  it('lists overtime with its day and hours, asks for a day’s overtime and shows a refusal on its field', async () => {
    const sunday: OvertimeRequest = {
      id: 4,
      employee_id: 1,
      employee_name: '张伟',
      employee_no: 'E0001',
      store_name: '上海浦东宝马4S店',
      day: '2026-11-22',
      day_kind: 'restday',
      hours: 8,
      compensation: 'lieu',
      lieu_days: 1,
      punched_hours: 8.5,
      reason: '周末车展',
      status: 'approved',
      approval_id: 30,
      created_at: '2026-11-20T02:00:00.000Z',
    };
    const refusal = '工作日加班应支付加班费，不能调休（劳动法第四十四条）';
    let refused = false;
    const { calls } = api(['attendance:leave:create', 'attendance:leave:withdraw'], [], {
      'GET /api/auth/clock/overtime/index': () => ok({ data: [sunday], total: 1 }),
      'POST /api/auth/clock/overtime/store': () => {
        if (refused) return ok({ ...sunday, id: 5, status: 'approving' });
        refused = true;
        return fail(409, refusal, 409, { errors: [{ field: 'compensation', message: refusal }] });
      },
    });
    // The overtime approval's link opens the tab.
    renderApp('/attendance/leave?tab=overtime');
    const row = await rowOf('2026-11-22');
    expect(within(row).getByText('休息日')).toBeInTheDocument();
    expect(within(row).getByText('8 小时')).toBeInTheDocument();
    expect(within(row).getByText('打卡 8.5 小时')).toBeInTheDocument();
    expect(within(row).getByText('调休 1 天')).toBeInTheDocument();
    expect(callsTo(calls, 'GET', '/api/auth/clock/overtime/index')[0]!.url.searchParams.get('mine')).toBe(
      '1',
    );

    const user = setupUser();
    await user.click(button(row, '撤销'));
    expect(await screen.findByText('将从调休余额中扣回 1 天')).toBeInTheDocument();
    await user.click(button(document.querySelector<HTMLElement>('.ant-popconfirm')!, '不撤销'));

    await user.click(button(document.body, '申请加班'));
    const dialog = await dialogTitled('申请加班');
    const day = dayjs().add(3, 'day').format('YYYY-MM-DD');
    await user.type(within(dialog).getByLabelText('加班日期'), `${day}{Enter}`);
    // Nothing is chosen for the user: a working day's overtime is paid, a rest day's may be taken in lieu.
    await user.click(within(dialog).getByText('调休'));
    await user.type(within(dialog).getByLabelText('加班时长'), '3');
    expect(await within(dialog).findByText('调休以半天计，不足 4 小时请选择加班费')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('加班时长'));
    await user.type(within(dialog).getByLabelText('加班时长'), '6');
    expect(await within(dialog).findByText('可换调休 0.5 天')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('加班事由'), '月底交车');
    await user.click(button(dialog, '提交'));
    await waitFor(() => expect(callsTo(calls, 'POST', '/api/auth/clock/overtime/store')).toHaveLength(1));
    expect(callsTo(calls, 'POST', '/api/auth/clock/overtime/store')[0]!.body).toEqual({
      day,
      hours: 6,
      compensation: 'lieu',
      reason: '月底交车',
    });
    expect(
      await within(dialog).findByText(refusal, { selector: '.ant-form-item-explain-error' }),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByText('加班费'));
    await user.click(button(dialog, '提交'));
    expect(await screen.findByText('加班申请已提交审批')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/api/auth/clock/overtime/store')[1]!.body).toMatchObject({
      compensation: 'pay',
    });
  });

  it('offers no adjustment without its right', async () => {
    api(['attendance:leave:create'], []);
    renderApp('/attendance/leave');
    await screen.findByRole('button', { name: /申请请假/ }, SLOW);
    expect(screen.queryByRole('button', { name: '调整余额' })).not.toBeInTheDocument();
  });

  it('asks an account without an employee for no balance and offers it no request of its own', async () => {
    const { calls } = api(
      ['attendance:leave:view', 'attendance:leave:create', 'attendance:leave:adjust'],
      [],
      {
        'POST /api/auth/me': ok({ ...signedIn, employeeId: null }),
      },
    );
    renderApp('/attendance/leave');
    await screen.findByText('请假记录', {}, SLOW);
    // HR's own work stays: adjusting someone's balance.
    expect(screen.getByRole('button', { name: '调整余额' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /申请请假/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /申请加班/ })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('我的假期余额')).not.toBeInTheDocument();
    expect(callsTo(calls, 'GET', '/api/auth/clock/leave/balance')).toHaveLength(0);
  });
});
