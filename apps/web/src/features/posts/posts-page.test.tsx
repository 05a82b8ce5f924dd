import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, fail, ok, type Routes } from '../../test/mock-api';
import {
  button,
  chooseOption,
  mockPageApi,
  openDialog,
  queryButton,
  rowOf,
  setupUser,
  SLOW,
} from '../../test/page-helpers';
import { renderApp } from '../../test/render-app';
import type { Post } from './api';

const PAGE = { name: 'posts', title: '岗位管理', path: '/organization/posts' };
const ALL_BUTTONS = ['create', 'update', 'delete'].map((action) => `organization:posts:${action}`);

const postRow = (id: number, code: string, name: string, extra: Partial<Post> = {}): Post => ({
  id,
  code,
  name,
  post_type_id: 271,
  post_type_name: '销售类',
  category_id: 421,
  category_name: '销售',
  is_main: true,
  sort: id * 10,
  status: 'active',
  description: '',
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  ...extra,
});

const posts: Post[] = [
  postRow(1, 'sales_consultant', '销售顾问'),
  postRow(2, 'mechanic', '机修技师', {
    post_type_id: 272,
    post_type_name: '技术类',
    is_main: false,
    status: 'disabled',
  }),
];

function api(perms: string[] = ALL_BUTTONS, extra: Routes = {}) {
  return mockPageApi(PAGE, perms, {
    'GET /api/auth/posts/index': (call) => {
      const keyword = call.url.searchParams.get('keyword');
      const rows = keyword
        ? posts.filter((row) => row.name.includes(keyword) || row.code.includes(keyword))
        : posts;
      return ok({ data: rows, total: rows.length });
    },
    'GET /api/auth/dictionarie/data': ok({
      '27': [
        { id: 271, name: '销售类' },
        { id: 272, name: '技术类' },
      ],
      '42': [{ id: 421, name: '销售' }],
    }),
    ...extra,
  });
}

describe('/organization/posts', () => {
  it('lists posts with type, category, main flag and status, and filters by keyword', async () => {
    const { calls } = api();
    renderApp('/organization/posts');
    const consultant = await rowOf('销售顾问');
    expect(within(consultant).getByText('sales_consultant')).toBeInTheDocument();
    expect(within(consultant).getByText('主岗')).toBeInTheDocument();
    const mechanic = await rowOf('机修技师');
    expect(within(mechanic).getByText('技术类')).toBeInTheDocument();
    expect(within(mechanic).getByText('停用')).toBeInTheDocument();
    expect(within(mechanic).getByText('非主岗')).toBeInTheDocument();

    const user = setupUser();
    await user.type(screen.getByPlaceholderText('岗位名称或编码'), '机修');
    await user.click(button(document.body, '搜索'));
    await waitFor(() => expect(screen.queryByText('sales_consultant')).not.toBeInTheDocument());
    expect(callsTo(calls, 'GET', '/api/auth/posts/index').at(-1)!.url.searchParams.get('keyword')).toBe(
      '机修',
    );
  });

  it('hides the buttons the page does not grant', async () => {
    api([]);
    renderApp('/organization/posts');
    const row = await rowOf('销售顾问');
    expect(queryButton(document.body, '新增岗位')).not.toBeInTheDocument();
    expect(queryButton(row, '编辑')).not.toBeInTheDocument();
    expect(queryButton(row, '删除')).not.toBeInTheDocument();
  });

  it('creates a post with dictionary selects, and puts a taken code on its field', async () => {
    let attempts = 0;
    const { calls } = api(ALL_BUTTONS, {
      'POST /api/auth/posts/store': () =>
        ++attempts === 1
          ? fail(409, '岗位编码已存在', 409, { errors: [{ field: 'code', message: '岗位编码已存在' }] })
          : ok(postRow(3, 'trainer', '培训师')),
    });
    renderApp('/organization/posts');
    const user = setupUser();
    await user.click(await waitFor(() => button(document.body, '新增岗位'), SLOW));
    const dialog = await openDialog();

    await user.click(button(dialog, '保存'));
    expect(await within(dialog).findByText('岗位编码不能为空')).toBeInTheDocument();
    expect(within(dialog).getByText('岗位名称不能为空')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('岗位名称'), '培训师');
    await user.type(within(dialog).getByLabelText('岗位编码'), 'trainer');
    await chooseOption(user, within(dialog).getByLabelText('岗位类型'), '技术类');
    await user.click(button(dialog, '保存'));
    expect(await within(dialog).findByText('岗位编码已存在')).toBeInTheDocument();
    await user.click(button(dialog, '保存'));
    await waitFor(() => expect(callsTo(calls, 'POST', '/api/auth/posts/store')).toHaveLength(2));
    expect(callsTo(calls, 'POST', '/api/auth/posts/store')[1]!.body).toEqual({
      code: 'trainer',
      name: '培训师',
      post_type_id: 272,
      category_id: null,
      is_main: false,
      sort: 30,
      status: 'active',
      description: '',
    });
    expect(await screen.findByText('岗位已创建')).toBeInTheDocument();
  });

  it('edits a post with its current values', async () => {
    const { calls } = api(ALL_BUTTONS, { 'PUT /api/auth/posts/update': ok(posts[0]) });
    renderApp('/organization/posts');
    const user = setupUser();
    await user.click(button(await rowOf('销售顾问'), '编辑'));
    const dialog = await openDialog();
    const name = within(dialog).getByLabelText('岗位名称');
    expect(name).toHaveValue('销售顾问');
    await user.clear(name);
    await user.type(name, '高级销售顾问');
    await user.click(button(dialog, '保存'));
    await waitFor(() => expect(callsTo(calls, 'PUT', '/api/auth/posts/update')).toHaveLength(1));
    expect(callsTo(calls, 'PUT', '/api/auth/posts/update')[0]!.body).toMatchObject({
      id: 1,
      code: 'sales_consultant',
      name: '高级销售顾问',
      post_type_id: 271,
      is_main: true,
    });
  });

  it('shows the server’s refusal to delete a post in use', async () => {
    const { calls } = api(ALL_BUTTONS, {
      'DELETE /api/auth/posts/destroy': fail(
        409,
        '岗位已被使用（存在任职记录或编制计划），不能删除，请改为停用',
        409,
      ),
    });
    renderApp('/organization/posts');
    const user = setupUser();
    await user.click(button(await rowOf('销售顾问'), '删除'));
    expect(await screen.findByText(/确定删除岗位“销售顾问”吗/)).toBeInTheDocument();
    await user.click(button(document.querySelector<HTMLElement>('.ant-popconfirm')!, '删除'));
    expect(await screen.findByText(/岗位已被使用/)).toBeInTheDocument();
    expect(callsTo(calls, 'DELETE', '/api/auth/posts/destroy')[0]!.body).toEqual({ id: 1 });
  });
});
