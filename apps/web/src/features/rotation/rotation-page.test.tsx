import { waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { callsTo, ok, type Routes } from '../../test/mock-api';
import { button, dialogTitled, mockPageApi, queryButton, rowOf, setupUser } from '../../test/page-helpers';
import { renderApp } from '../../test/render-app';
import type { RotationDetail, RotationRow, RotationStage } from './api';

const PAGE = { name: 'rotation', title: '轮岗管理', path: '/staff/rotation' };
const PLANNER = ['create', 'update', 'delete'].map((action) => `staff:rotation:${action}`);

const stage = (
  id: number,
  seq: number,
  status: RotationStage['status'],
  extra: Partial<RotationStage> = {},
) => ({
  id,
  seq,
  store_id: 40,
  store_name: '杭州西湖奥迪4S店',
  department_id: 41,
  department_name: seq === 1 ? '销售部' : '售后部',
  post_id: 5,
  post_name: seq === 1 ? '销售顾问' : '服务顾问',
  start_date: seq === 1 ? '2026-10-01' : '2026-11-01',
  end_date: seq === 1 ? '2026-10-31' : '2026-11-30',
  mentor_id: 9,
  mentor_name: '刘洋',
  status,
  score: null,
  comment: null,
  evaluated_by: null,
  evaluated_at: null,
  ...extra,
});

const stages = [
  stage(11, 1, 'done', { score: 86, comment: '接待规范', evaluated_by: '刘洋' }),
  stage(12, 2, 'current'),
  stage(13, 3, 'upcoming', { start_date: '2026-12-01', end_date: '2026-12-31', department_name: '市场部' }),
];

const row: RotationRow = {
  id: 1,
  employee_id: 101,
  employee_no: 'E101',
  employee_name: '张伟',
  title: '2026 届管培生轮岗',
  replaces_main: false,
  status: 'active',
  start_date: '2026-10-01',
  end_date: '2026-12-31',
  stage_count: 3,
  done_count: 1,
  current: stages[1]!,
  next: stages[2]!,
  created_by: '人事经理',
  created_at: '2026-09-20T02:00:00.000Z',
};

const detail: RotationDetail = {
  ...row,
  note: null,
  cancel_reason: null,
  stages,
  actions: { edit: true, cancel: true, evaluate: true },
};

function api(perms: string[] = PLANNER, extra: Routes = {}) {
  return mockPageApi(PAGE, perms, {
    'GET /api/auth/store/index': () => ok({ data: [], total: 0 }),
    'GET /api/auth/posts/index': () => ok({ data: [], total: 0 }),
    'GET /api/auth/departments/my/tree': () => ok([]),
    'GET /api/auth/rotation/index': () => ok({ data: [row], total: 1 }),
    'GET /api/auth/rotation/detail': () => ok(detail),
    'GET /api/auth/rotation/people': () => ok([]),
    ...extra,
  });
}

beforeAll(async () => {
  await import('./rotation-page');
}, 60_000);

describe('/staff/rotation', { timeout: 30_000 }, () => {
  it('lists each plan with its progress and where the trainee is now', async () => {
    api();
    renderApp('/staff/rotation');
    const listed = await rowOf('张伟');
    expect(within(listed).getByText('2026 届管培生轮岗')).toBeInTheDocument();
    expect(within(listed).getByText('1/3')).toBeInTheDocument();
    expect(within(listed).getByText('当前：杭州西湖奥迪4S店 · 售后部 · 服务顾问')).toBeInTheDocument();
    expect(within(listed).getByText('进行中')).toBeInTheDocument();
  });

  it('hides making a plan when the page does not grant it', async () => {
    api([]);
    renderApp('/staff/rotation');
    await rowOf('张伟');
    expect(queryButton(document.body, '新建轮岗计划')).not.toBeInTheDocument();
  });

  it('shows the stages in order and evaluates the current one with a score and a comment', async () => {
    const { calls } = api(PLANNER, { 'POST /api/auth/rotation/evaluate': () => ok(detail) });
    renderApp('/staff/rotation?id=1');
    const drawer = await dialogTitled('轮岗计划');
    expect(await within(drawer).findByText('评分 86：接待规范（刘洋）')).toBeInTheDocument();
    expect(within(drawer).getByText('已完成 1 / 3 个阶段')).toBeInTheDocument();
    // Only begun stages are evaluated: the finished one again, the current one for the first time.
    expect(within(drawer).getAllByRole('button', { name: /评\s?价/ })).toHaveLength(2);
    expect(button(drawer, '重新评价')).toBeInTheDocument();
    const user = setupUser();
    await user.click(button(drawer, '评价'));
    const dialog = await dialogTitled('评价第 2 阶段');
    await user.click(button(dialog, '保存'));
    expect(await within(dialog).findByText('评分须为 0 到 100 的整数')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('评分'), '92');
    await user.type(within(dialog).getByLabelText('评语'), '服务流程熟练');
    await user.click(button(dialog, '保存'));
    await waitFor(() => expect(callsTo(calls, 'POST', '/api/auth/rotation/evaluate')).toHaveLength(1));
    expect(callsTo(calls, 'POST', '/api/auth/rotation/evaluate')[0]!.body).toEqual({
      stage_id: 12,
      score: 92,
      comment: '服务流程熟练',
    });
  });

  it('changes only the stages to come: the begun ones are shown, the upcoming one is in the form', async () => {
    api();
    renderApp('/staff/rotation?id=1');
    const drawer = await dialogTitled('轮岗计划');
    const user = setupUser();
    await user.click(await within(drawer).findByRole('button', { name: '调整后续阶段' }));
    const dialog = await dialogTitled('调整后续阶段');
    expect(within(dialog).getByText('已开始的阶段（不可修改）：')).toBeInTheDocument();
    expect(within(dialog).getByText('第 3 阶段')).toBeInTheDocument();
    expect(within(dialog).queryByText('第 4 阶段')).not.toBeInTheDocument();
  });
});
