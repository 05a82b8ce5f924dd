import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { callsTo, ok, type Routes } from '../../test/mock-api';
import {
  button,
  chooseOption,
  dialogTitled,
  mockPageApi,
  queryButton,
  rowOf,
  setupUser,
  SLOW,
  wholeText,
} from '../../test/page-helpers';
import { renderApp } from '../../test/render-app';
import { viewportWidth } from '../../test/viewport';
import type { CourseDetail, CourseRow, ImportReport, TrainingSummaryRow } from './api';

const PAGE = { name: 'training', title: '培训管理', path: '/staff/training' };
const ALL_BUTTONS = ['create', 'update', 'delete', 'import', 'export'].map(
  (action) => `staff:training:${action}`,
);

const course = (id: number, name: string, extra: Partial<CourseRow> = {}): CourseRow => ({
  id,
  code: `TR-${id}`,
  name,
  type: 'product',
  trainer: '李明',
  start_date: '2026-03-02',
  end_date: '2026-03-03',
  hours: 6,
  department_id: 40,
  department_name: '上海宝马一店',
  department_kind: 'store',
  location: null,
  description: null,
  attendees: 3,
  attended: 2,
  passed: 1,
  created_at: '2026-03-01T02:00:00.000Z',
  ...extra,
});

const rows = [
  course(1, '新车型产品知识'),
  course(2, '安全生产月', { type: 'safety', department_name: '华东区' }),
];

const summary = (id: number, name: string, passRate: number | null): TrainingSummaryRow => ({
  department_id: id,
  department_name: name,
  region_name: null,
  courses: 2,
  hours: 12,
  attendees: 8,
  attended: 6,
  passed: 3,
  pass_rate: passRate,
});

const detail: CourseDetail = {
  ...rows[0]!,
  records: [
    {
      id: 7,
      employee_id: 11,
      employee_no: 'E0011',
      employee_name: '张伟',
      store_name: '上海宝马一店',
      post_name: '销售顾问',
      attended: true,
      score: 88,
      passed: true,
      remark: null,
    },
  ],
};

const failureReport: ImportReport = {
  job_id: 5,
  status: 'succeeded',
  finished_at: '2026-03-04T02:00:00.000Z',
  total: 3,
  succeeded: 2,
  failed: 1,
  columns: [
    { key: 'code', header: '课程编号' },
    { key: 'name', header: '课程名称' },
  ],
  rows: [
    {
      row: 3,
      cells: { code: 'BAD', name: '坏行' },
      problems: ['课时必须是 0.5 到 500 之间的数，最多一位小数'],
    },
  ],
  more: 0,
};

function api(perms: string[] = ALL_BUTTONS, extra: Routes = {}) {
  return mockPageApi(PAGE, perms, {
    'GET /api/auth/store/index': () => ok({ data: [], total: 0 }),
    'GET /api/auth/training/list': () => ok({ data: rows, total: rows.length }),
    'GET /api/auth/training/area': () => ok([summary(10, '华东区', 0.5), summary(11, '华南区', null)]),
    'GET /api/auth/training/store': () =>
      ok([{ ...summary(40, '上海宝马一店', 0.25), region_name: '华东区' }]),
    'GET /api/auth/training/detail': () => ok(detail),
    'GET /api/auth/training/people': () =>
      ok([{ id: 12, employee_no: 'E0012', name: '王芳', store_name: '上海宝马一店', post_name: '服务顾问' }]),
    'PUT /api/auth/training/records': () => ok(detail),
    'GET /api/auth/training/import/success': () => ok(null),
    'GET /api/auth/training/import/failure': () => ok(failureReport),
    ...extra,
  });
}

// The page loads lazily; its first transform can take seconds on a busy runner, so it is loaded once here.
beforeAll(async () => {
  await import('./training-page');
}, 60_000);

describe('/staff/training', { timeout: 30_000 }, () => {
  it('lists the courses, and adds them up by area and by store with the pass rate', async () => {
    api();
    renderApp('/staff/training');
    const listed = await rowOf('新车型产品知识');
    expect(within(listed).getByText('产品知识')).toBeInTheDocument();
    expect(within(listed).getByText(wholeText('2026-03-02 ~ 2026-03-03'))).toBeInTheDocument();
    expect(within(listed).getByText('3 / 2 / 1')).toBeInTheDocument();
    expect(button(listed, '参训人员')).toBeInTheDocument();

    const user = setupUser();
    await user.click(screen.getByRole('tab', { name: '按区域' }));
    // The course list's tab stays in the page, hidden: each line is read in the shown panel.
    const lineOf = async (name: string) =>
      (await within(screen.getByRole('tabpanel')).findByText(name)).closest<HTMLElement>('tr')!;
    expect(within(await lineOf('华东区')).getByText('50%')).toBeInTheDocument();
    expect(within(await lineOf('华南区')).getByText('-')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: '按门店' }));
    expect(within(await lineOf('上海宝马一店')).getByText('25%')).toBeInTheDocument();
  });

  it('hides what the page does not grant', async () => {
    api([]);
    renderApp('/staff/training');
    const row = await rowOf('新车型产品知识');
    expect(queryButton(row, '编辑')).not.toBeInTheDocument();
    expect(queryButton(row, '删除')).not.toBeInTheDocument();
    expect(queryButton(document.body, '新增课程')).not.toBeInTheDocument();
    expect(queryButton(document.body, '导入课程')).not.toBeInTheDocument();
  });

  it('adds a person to the roster and saves the whole roster at once', async () => {
    const { calls } = api();
    renderApp('/staff/training');
    const user = setupUser();
    await user.click(button(await rowOf('新车型产品知识'), '参训人员'));
    const drawer = await dialogTitled('参训人员：新车型产品知识');
    expect(await within(drawer).findByText('张伟 E0011')).toBeInTheDocument();
    await chooseOption(
      user,
      within(drawer).getByLabelText('添加参训人员（姓名、拼音或工号）'),
      '王芳 E0012 · 上海宝马一店',
    );
    await user.type(within(drawer).getByLabelText('王芳 的成绩'), '59');
    await user.click(button(drawer, '保存参训记录'));
    await waitFor(() => expect(callsTo(calls, 'PUT', '/api/auth/training/records')).toHaveLength(1));
    expect(callsTo(calls, 'PUT', '/api/auth/training/records')[0]!.body).toEqual({
      course_id: 1,
      records: [
        { employee_id: 11, attended: true, score: 88, passed: true, remark: null },
        { employee_id: 12, attended: true, score: 59, passed: null, remark: null },
      ],
      remove: [],
    });
  });

  it('shows the roster as cards on a phone, each with its controls', async () => {
    viewportWidth(390);
    const { calls } = api();
    renderApp('/staff/training');
    const user = setupUser();
    const course = await waitFor(() => {
      const found = screen.getByText('新车型产品知识').closest<HTMLElement>('[role="listitem"]');
      if (!found) throw new Error('no card of 新车型产品知识');
      return found;
    }, SLOW);
    await user.click(button(course, '参训人员'));
    const drawer = await dialogTitled('参训人员：新车型产品知识');
    const card = (await within(drawer).findByText('张伟 E0011')).closest<HTMLElement>('.ant-card')!;
    expect(drawer.querySelector('.ant-table')).toBeNull();
    expect(within(card).getByLabelText('张伟 的成绩')).toHaveValue('88.0');
    await chooseOption(user, within(card).getByLabelText('张伟 是否通过'), '未评定');
    await user.click(button(drawer, '保存参训记录'));
    await waitFor(() => expect(callsTo(calls, 'PUT', '/api/auth/training/records')).toHaveLength(1));
    expect(callsTo(calls, 'PUT', '/api/auth/training/records')[0]!.body).toMatchObject({
      records: [{ employee_id: 11, passed: null }],
    });
  });

  it('shows the rows the last import refused, with their problems', async () => {
    api();
    renderApp('/staff/training');
    const user = setupUser();
    await user.click(await waitFor(() => button(document.body, '最近导入'), SLOW));
    const dialog = await dialogTitled('最近一次导入');
    expect(await within(dialog).findByText('还没有导入过')).toBeInTheDocument();
    await user.click(within(dialog).getByText('失败的行'));
    expect(
      await within(dialog).findByText('课时必须是 0.5 到 500 之间的数，最多一位小数'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('坏行')).toBeInTheDocument();
    expect(within(dialog).getByText(/共 3 行，成功 2 行，失败 1 行/)).toBeInTheDocument();
  });
});
