import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { callsTo, fail, ok, type Routes } from '../../../test/mock-api';
import {
  SLOW,
  button,
  chooseOption,
  dialogTitled,
  mockPageApi,
  queryButton,
  setupUser,
  showColumns,
} from '../../../test/page-helpers';
import { renderApp } from '../../../test/render-app';
import dayjs from 'dayjs';
import type { AttendanceGroup, AttendanceShift, CalendarEntry, ScheduleRoster } from './api';

const PAGE = { name: 'attendanceRules', title: '考勤规则', path: '/attendance/rules' };
const ALL = ['create', 'update', 'delete'].map((action) => `attendance:rules:${action}`);

const shifts: AttendanceShift[] = [
  {
    id: 1,
    name: '白班',
    start: '09:00',
    end: '18:00',
    earliest_in: 120,
    latest_out: 240,
    late_grace: 5,
    serious_late: -1,
    late_absent: 60,
    early_grace: 0,
    half_day_hours: 4,
    absent_hours: -1,
    groups: 1,
  },
  {
    id: 2,
    name: '夜班',
    start: '22:00',
    end: '06:00',
    earliest_in: 60,
    latest_out: 120,
    late_grace: 0,
    serious_late: 30,
    late_absent: 120,
    early_grace: 5,
    half_day_hours: 4,
    absent_hours: 2,
    groups: 0,
  },
];

const groups: AttendanceGroup[] = [
  {
    id: 1,
    name: '销售固定班',
    kind: 'fixed',
    shift_id: 1,
    shift_name: '白班',
    workdays: [1, 2, 3, 4, 5],
    day_boundary_hour: 0,
    allow_outside: true,
    outside_photo: true,
    correction_quota: 3,
    correction_deadline_days: 7,
    leave_top_ups: { marriage: 0, maternity: 60, paternity: 15, bereavement: 0 },
    hourly_leave_types: ['personal', 'sick', 'lieu'],
    annual_carry_days: 5,
    annual_carry_months: 3,
    targets: [
      { target: 'post', id: 5, name: '销售顾问' },
      { target: 'department', id: 12, name: '市场部' },
      { target: 'store', id: 40, name: '上海浦东宝马4S店' },
    ],
  },
  {
    id: 2,
    name: '售后排班',
    kind: 'shift',
    shift_id: null,
    shift_name: null,
    workdays: [],
    day_boundary_hour: 4,
    allow_outside: false,
    outside_photo: false,
    correction_quota: 2,
    correction_deadline_days: 5,
    leave_top_ups: { marriage: 0, maternity: 0, paternity: 0, bereavement: 0 },
    hourly_leave_types: ['personal', 'sick', 'lieu'],
    annual_carry_days: 0,
    annual_carry_months: 3,
    targets: [],
  },
];

const calendar: CalendarEntry[] = [
  { day: '2026-10-01', kind: 'holiday', name: '国庆节', statutory: true },
  { day: '2026-10-05', kind: 'holiday', name: '国庆节', statutory: false },
  { day: '2026-09-27', kind: 'workday', name: '国庆调休', statutory: false },
];

function api(perms: readonly string[] = ALL, routes: Routes = {}) {
  return mockPageApi(PAGE, perms, {
    'GET /api/auth/clock/rules/index': () => ok(groups),
    'GET /api/auth/clock/rules/shifts/index': () => ok(shifts),
    'GET /api/auth/clock/rules/calendar/index': () => ok(calendar),
    'GET /api/auth/posts/index': () =>
      ok({
        data: [
          { id: 5, code: 'SA', name: '销售顾问' },
          { id: 6, code: 'SM', name: '销售经理' },
        ],
        total: 2,
      }),
    'GET /api/auth/departments/my/tree': () =>
      ok([
        { id: 12, name: '市场部' },
        { id: 13, name: '售后部' },
      ]),
    'GET /api/auth/store/index': () =>
      ok({ data: [{ id: 40, code: 'SH01', name: '上海浦东宝马4S店', departmentId: 400 }], total: 1 }),
    ...routes,
  });
}

/** The pane of the tab shown. */
const activePane = () => document.querySelector<HTMLElement>('[role="tabpanel"].ant-tabs-content-active')!;

/** The one row of the shown tab's table that shows exactly `text`. */
function rowOf(text: string): Promise<HTMLElement> {
  return waitFor(() => {
    const rows = new Set(
      within(activePane())
        .queryAllByText(text, { exact: true })
        .map((element) => element.closest<HTMLElement>('tr.ant-table-row'))
        .filter((row) => row !== null),
    );
    if (rows.size !== 1) throw new Error(`${rows.size} rows show ${text}`);
    return [...rows][0]!;
  }, SLOW);
}

/** The form item (label, field, errors) labelled `label` in `form`. */
const formItem = (form: HTMLElement, label: string) =>
  within(form).getByText(label, { selector: 'label' }).closest<HTMLElement>('.ant-form-item')!;

beforeAll(async () => {
  await import('./rules-page');
}, 60_000);

describe('/attendance/rules', { timeout: 30_000 }, () => {
  it('lists the groups with their shift, work days, coverage, fence and corrections', async () => {
    showColumns('attendanceGroups', ['carry']);
    api();
    renderApp('/attendance/rules');
    const sales = await rowOf('销售固定班');
    expect(within(sales).getByText('固定班制')).toBeInTheDocument();
    expect(within(sales).getByText('白班')).toBeInTheDocument();
    expect(within(sales).getByText('09:00–18:00')).toBeInTheDocument();
    expect(within(sales).getByText('一二三四五')).toBeInTheDocument();
    for (const name of ['销售顾问', '市场部', '上海浦东宝马4S店'])
      expect(within(sales).getByText(name, { selector: '.ant-tag' })).toBeInTheDocument();
    expect(within(sales).getByText('岗位')).toBeInTheDocument();
    expect(within(sales).getByText('允许，需拍照')).toBeInTheDocument();
    expect(within(sales).getByText('每月 3 次，7 天内')).toBeInTheDocument();
    expect(within(sales).getByText('最多 5 天，3 个月内休完')).toBeInTheDocument();

    const roster = await rowOf('售后排班');
    expect(within(roster).getByText('排班制')).toBeInTheDocument();
    expect(within(roster).getAllByText('按排班')).toHaveLength(2);
    expect(within(roster).getByText('未设置')).toBeInTheDocument();
    expect(within(roster).getByText('不允许')).toBeInTheDocument();
    expect(within(roster).getByText('不结转')).toBeInTheDocument();
  });

  it('asks for a shift, sends the group with its targets, and shows the server’s refusal on the targets', async () => {
    const refusal = '适用范围中的岗位、部门或门店不存在';
    const { calls } = api(ALL, {
      'POST /api/auth/clock/rules/store': () =>
        fail(422, refusal, 422, { errors: [{ field: 'targets.2.id', message: refusal }] }),
    });
    renderApp('/attendance/rules');
    await rowOf('销售固定班');
    const user = setupUser();
    await user.click(button(document.body, '新增考勤组'));
    const form = await dialogTitled('新增考勤组');
    await user.type(within(form).getByLabelText('考勤组名称'), '展厅销售组');
    await user.click(button(form, '保存'));
    expect(await within(form).findByText('固定班制和自由工时须选择班次')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/api/auth/clock/rules/store')).toHaveLength(0);

    await chooseOption(user, within(form).getByLabelText('班次'), '白班（09:00–18:00）');
    await user.click(within(form).getByLabelText('周六'));
    await chooseOption(user, within(form).getByLabelText('岗位'), '销售顾问');
    await chooseOption(user, within(form).getByLabelText('部门'), '市场部');
    await chooseOption(user, within(form).getByLabelText('门店'), '上海浦东宝马4S店');
    // The province's days: marriage leave lengthened by 10, the others left empty (0).
    await user.type(within(form).getByLabelText('婚假'), '10');
    // Up to 5 days of annual leave carried into the next year, for the default three months.
    const carry = within(form).getByLabelText('年假结转上限');
    await user.clear(carry);
    await user.type(carry, '5');
    await user.click(button(form, '保存'));

    await waitFor(() => expect(callsTo(calls, 'POST', '/api/auth/clock/rules/store')).toHaveLength(1));
    expect(callsTo(calls, 'POST', '/api/auth/clock/rules/store')[0]!.body).toEqual({
      name: '展厅销售组',
      kind: 'fixed',
      shift_id: 1,
      workdays: [1, 2, 3, 4, 5, 6],
      day_boundary_hour: 0,
      allow_outside: false,
      outside_photo: false,
      correction_quota: 3,
      correction_deadline_days: 7,
      leave_top_ups: { marriage: 10 },
      hourly_leave_types: ['personal', 'sick', 'lieu'],
      annual_carry_days: 5,
      annual_carry_months: 3,
      targets: [
        { target: 'post', id: 5 },
        { target: 'department', id: 12 },
        { target: 'store', id: 40 },
      ],
    });
    await waitFor(() => expect(within(formItem(form, '适用范围')).getByText(refusal)).toBeInTheDocument());
  });

  it('shows a shift’s thresholds, -1 as 不启用 and a night shift’s end as 次日, and sends the times back', async () => {
    const { calls } = api(ALL, {
      'PUT /api/auth/clock/rules/shifts/update': () => ok({ ...shifts[1], late_grace: 10 }),
    });
    renderApp('/attendance/rules');
    await rowOf('销售固定班');
    const user = setupUser();
    await user.click(within(document.querySelector<HTMLElement>('.ant-tabs-nav')!).getByText('班次'));

    const day = await rowOf('白班');
    expect(within(day).getByText('09:00–18:00')).toBeInTheDocument();
    expect(within(day).getAllByText('不启用')).toHaveLength(2);
    expect(within(day).getByText('5 分钟')).toBeInTheDocument();
    expect(within(day).getByText('上班前 120 分钟起')).toBeInTheDocument();
    const night = await rowOf('夜班');
    expect(within(night).getByText('22:00–次日 06:00')).toBeInTheDocument();
    expect(within(night).queryByText('不启用')).not.toBeInTheDocument();
    expect(within(night).getByText('2 小时')).toBeInTheDocument();

    await user.click(button(night, '编辑'));
    const form = await dialogTitled('编辑班次');
    expect(within(form).getByText('次日下班')).toBeInTheDocument();
    const grace = within(form).getByLabelText('允许迟到');
    await user.clear(grace);
    await user.type(grace, '10');
    await user.click(button(form, '保存'));
    await waitFor(() => expect(callsTo(calls, 'PUT', '/api/auth/clock/rules/shifts/update')).toHaveLength(1));
    expect(callsTo(calls, 'PUT', '/api/auth/clock/rules/shifts/update')[0]!.body).toEqual({
      id: 2,
      name: '夜班',
      start: '22:00',
      end: '06:00',
      earliest_in: 60,
      latest_out: 120,
      late_grace: 10,
      serious_late: 30,
      late_absent: 120,
      early_grace: 5,
      half_day_hours: 4,
      absent_hours: 2,
    });
  });

  it('lists the year’s holidays and make-up days in order, and offers changes only with their permissions', async () => {
    const { calls } = api([]);
    renderApp('/attendance/rules');
    await rowOf('销售固定班');
    expect(queryButton(document.body, '新增考勤组')).not.toBeInTheDocument();
    const user = setupUser();
    await user.click(within(document.querySelector<HTMLElement>('.ant-tabs-nav')!).getByText('节假日'));

    const [statutory, moved] = (await screen.findAllByText('国庆节')).map((cell) =>
      cell.closest<HTMLElement>('tr')!,
    );
    expect(within(statutory!).getByText('休')).toBeInTheDocument();
    // A statutory day is told from a weekend moved into the holiday: overtime on it is paid, not given back.
    expect(within(statutory!).getByText('法定')).toBeInTheDocument();
    expect(within(moved!).queryByText('法定')).not.toBeInTheDocument();
    expect(within(await rowOf('国庆调休')).getByText('班')).toBeInTheDocument();
    const days = [...activePane().querySelectorAll('tr.ant-table-row')].map((row) =>
      row.getAttribute('data-row-key'),
    );
    expect(days).toEqual(['2026-09-27', '2026-10-01', '2026-10-05']);
    expect(
      callsTo(calls, 'GET', '/api/auth/clock/rules/calendar/index')[0]!.url.searchParams.get('year'),
    ).toBe(String(new Date().getFullYear()));
    expect(queryButton(activePane(), '添加日期')).not.toBeInTheDocument();
    expect(within(activePane()).queryByText(/^删\s?除$/)).not.toBeInTheDocument();
    expect(screen.getByText('考勤规则', { selector: '.ant-card-head-title' })).toBeInTheDocument();
  });
  it('marks a day off as statutory, and sends a make-up working day as never statutory', async () => {
    const saved = { day: '2027-10-01', kind: 'holiday', name: '国庆节', statutory: true };
    const { calls } = api(ALL, { 'PUT /api/auth/clock/rules/calendar/store': () => ok(saved) });
    renderApp('/attendance/rules?tab=calendar');
    const user = setupUser();
    await user.click(await waitFor(() => button(activePane(), '添加日期'), SLOW));
    const form = await dialogTitled('添加节假日或调休');
    await user.type(within(form).getByLabelText('日期'), '2027-10-01{Enter}');
    await user.click(within(form).getByLabelText('法定节假日'));
    await user.type(within(form).getByLabelText('名称'), '国庆节');
    await user.click(button(form, '保存'));
    await waitFor(() =>
      expect(callsTo(calls, 'PUT', '/api/auth/clock/rules/calendar/store')).toHaveLength(1),
    );
    expect(callsTo(calls, 'PUT', '/api/auth/clock/rules/calendar/store')[0]!.body).toEqual(saved);
  });

  it('shows a shift group’s month day by day, and repeats a week over it for one person', async () => {
    const month = dayjs().format('YYYY-MM');
    const roster: ScheduleRoster = {
      group_id: 2,
      month,
      as_of: `${month}-01`,
      people: [
        {
          employee_id: 7,
          employee_name: '王师傅',
          employee_no: 'E0007',
          store_name: '上海浦东宝马4S店',
          entry_date: '2020-03-01',
          // Leaving on the 20th: the days after cannot be scheduled.
          left_on: `${month}-20`,
          days: [
            { day: `${month}-01`, shift_id: 1 },
            { day: `${month}-02`, shift_id: null },
          ],
        },
        {
          employee_id: 8,
          employee_name: '李师傅',
          employee_no: 'E0008',
          store_name: '上海浦东宝马4S店',
          entry_date: '2021-06-01',
          left_on: null,
          days: [],
        },
      ],
    };
    const { calls } = api(ALL, {
      'GET /api/auth/clock/rules/schedule/roster': () => ok(roster),
      'PUT /api/auth/clock/rules/schedule': () => ok([]),
    });
    renderApp('/attendance/rules');
    await rowOf('销售固定班');
    const user = setupUser();
    await user.click(within(document.querySelector<HTMLElement>('.ant-tabs-nav')!).getByText('排班'));

    // Only the shift group is offered, and its month is asked for.
    const wang = await rowOf('王师傅');
    const asked = callsTo(calls, 'GET', '/api/auth/clock/rules/schedule/roster')[0]!.url.searchParams;
    expect([asked.get('group_id'), asked.get('month')]).toEqual(['2', month]);
    const cells = [...wang.querySelectorAll('td')].map((cell) => cell.textContent);
    expect(cells.slice(1, 4)).toEqual(['白', '休', '']);

    await user.click(button(wang, '排班'));
    const form = await dialogTitled(`王师傅 ${month} 排班`);
    await chooseOption(user, within(form).getByLabelText('周一'), '夜班');
    await user.click(button(form, '填充本月'));
    await user.click(button(form, '保存'));
    await waitFor(() => expect(callsTo(calls, 'PUT', '/api/auth/clock/rules/schedule')).toHaveLength(1));
    // Every Monday to the 20th the night shift; the 1st and 2nd as they were unless a Monday.
    const expected = Array.from({ length: dayjs(`${month}-01`).daysInMonth() }, (_, index) =>
      dayjs(`${month}-01`).add(index, 'day'),
    ).flatMap((date): { day: string; shift_id: number | null }[] => {
      const day = date.format('YYYY-MM-DD');
      if (date.day() === 1 && date.date() <= 20) return [{ day, shift_id: 2 }];
      if (date.date() === 1) return [{ day, shift_id: 1 }];
      if (date.date() === 2) return [{ day, shift_id: null }];
      return [];
    });
    expect(callsTo(calls, 'PUT', '/api/auth/clock/rules/schedule')[0]!.body).toEqual({
      employee_id: 7,
      days: expected,
    });
  });
});
