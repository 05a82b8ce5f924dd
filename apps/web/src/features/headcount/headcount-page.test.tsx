import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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
} from '../../test/page-helpers';
import { captureDownloads, quickExportRoutes, startedExport, XLSX } from '../../test/exports';
import { renderApp } from '../../test/render-app';
import type { HeadcountGrid } from './api';

const PAGE = { name: 'headcount', title: '编制管理', path: '/organization/headcount' };
const ALL_BUTTONS = ['update', 'import', 'export'].map((action) => `organization:headcount:${action}`);

const grid: HeadcountGrid = {
  posts: [
    { id: 7, code: 'sales_consultant', name: '销售顾问' },
    { id: 8, code: 'mechanic', name: '机修技师' },
  ],
  rows: [
    {
      store_id: 101,
      store_code: 'S001',
      store_name: '朝阳店',
      region_id: 2,
      region_name: '华北区',
      cells: [
        { post_id: 7, planned: 6, actual: 4 },
        { post_id: 8, planned: 3, actual: 3 },
      ],
      planned_total: 9,
      actual_total: 7,
    },
    {
      store_id: 102,
      store_code: 'S002',
      store_name: '浦东店',
      region_id: 3,
      region_name: '华东区',
      cells: [
        { post_id: 7, planned: 5, actual: 5 },
        { post_id: 8, planned: 2, actual: 1 },
      ],
      planned_total: 7,
      actual_total: 6,
    },
  ],
  totals: [
    { post_id: 7, planned: 11, actual: 9 },
    { post_id: 8, planned: 5, actual: 4 },
  ],
  planned_total: 16,
  actual_total: 13,
};

function api(perms: string[] = ALL_BUTTONS, extra: Routes = {}) {
  return mockPageApi(PAGE, perms, {
    'GET /api/auth/headcount/index': ok(grid),
    ...extra,
  });
}

describe('/organization/headcount', () => {
  it('shows planned against actual per store and post, with row and column totals', async () => {
    api();
    renderApp('/organization/headcount');
    const chaoyang = await rowOf('朝阳店');
    expect(within(chaoyang).getByLabelText('朝阳店 销售顾问 编制人数')).toHaveValue('6');
    expect(within(chaoyang).getByText('在岗 4')).toBeInTheDocument();
    expect(within(chaoyang).getByText('9')).toBeInTheDocument();
    expect(within(chaoyang).getByText('在岗 7')).toBeInTheDocument();
    const summary = document.querySelector<HTMLElement>('.ant-table-summary')!;
    expect(within(summary).getByText('11')).toBeInTheDocument();
    expect(within(summary).getByText('16')).toBeInTheDocument();
    expect(within(summary).getByText('在岗 13')).toBeInTheDocument();
    expect(screen.getByText(/每格上方为编制人数/)).toHaveTextContent('修改后点击“保存”一次提交全部改动。');
  });

  it('shows plain numbers and no buttons without the update, import and export permissions', async () => {
    api([]);
    renderApp('/organization/headcount');
    const chaoyang = await rowOf('朝阳店');
    expect(within(chaoyang).queryByLabelText('朝阳店 销售顾问 编制人数')).not.toBeInTheDocument();
    expect(within(chaoyang).getByText('6')).toBeInTheDocument();
    expect(queryButton(document.body, '保存')).not.toBeInTheDocument();
    expect(queryButton(document.body, '导入')).not.toBeInTheDocument();
    expect(queryButton(document.body, '导出')).not.toBeInTheDocument();
    // Nor is a reader told to press a Save button they do not have.
    expect(screen.getByText(/每格上方为编制人数/)).not.toHaveTextContent('保存');
  });

  it('saves the changed cells in one batch and updates the totals on screen', async () => {
    const { calls } = api(ALL_BUTTONS, { 'PUT /api/auth/headcount/update': ok({ changed: 2 }) });
    renderApp('/organization/headcount');
    const user = setupUser();
    const pudong = await rowOf('浦东店');
    const mechanic = within(pudong).getByLabelText('浦东店 机修技师 编制人数');
    await user.clear(mechanic);
    await user.type(mechanic, '4');
    const chaoyang = await rowOf('朝阳店');
    const consultant = within(chaoyang).getByLabelText('朝阳店 销售顾问 编制人数');
    await user.clear(consultant);
    await user.type(consultant, '8');
    fireEvent.blur(consultant);

    const summary = document.querySelector<HTMLElement>('.ant-table-summary')!;
    await waitFor(() => expect(within(summary).getByText('20')).toBeInTheDocument());
    await user.click(button(document.body, /^保存（2 项改动）$/));
    await waitFor(() => expect(callsTo(calls, 'PUT', '/api/auth/headcount/update')).toHaveLength(1));
    expect(callsTo(calls, 'PUT', '/api/auth/headcount/update')[0]!.body).toEqual({
      items: [
        { store_id: 102, post_id: 8, planned: 4 },
        { store_id: 101, post_id: 7, planned: 8 },
      ],
    });
    expect(await screen.findByText('已保存，2 个编制有变化')).toBeInTheDocument();
  });

  it('narrows the grid by region', async () => {
    api();
    renderApp('/organization/headcount');
    const user = setupUser();
    await rowOf('浦东店');
    await chooseOption(user, screen.getByLabelText('全部区域'), '华东区');
    await waitFor(() => expect(screen.queryByText('朝阳店')).not.toBeInTheDocument());
    expect(screen.getByText('浦东店')).toBeInTheDocument();
  });

  it('imports a file through the import dialog: checked first, then written, the grid read again', async () => {
    let asked = 0;
    const job = {
      id: 9,
      kind: 'headcount',
      all_or_nothing: false,
      error: null,
      created_at: '',
      finished_at: null,
    };
    const { calls } = api(ALL_BUTTONS, {
      'POST /api/auth/imports/preview': ok({
        token: 'token-1',
        kind: 'headcount',
        columns: [],
        total: 3,
        valid: 1,
        invalid: 2,
        rows: [],
        failures: [
          { row: 3, cells: {}, problems: ['门店编码“X9”不存在或不在您的数据范围内'] },
          {
            row: 5,
            cells: {},
            problems: ['编制人数必须是 0 到 9999 之间的整数', '与第 2 行的门店和岗位重复'],
          },
        ],
      }),
      'POST /api/auth/imports/store': ok({
        ...job,
        status: 'queued',
        done: 0,
        total: null,
        succeeded: null,
        failed: null,
      }),
      'GET /api/auth/imports/detail': () =>
        ok(
          asked++ === 0
            ? { ...job, status: 'running', done: 3, total: 6, succeeded: null, failed: null }
            : { ...job, status: 'succeeded', done: 6, total: 6, succeeded: 1, failed: 2 },
        ),
    });
    renderApp('/organization/headcount');
    const user = setupUser();
    await rowOf('朝阳店');
    await user.click(button(document.body, '导入'));
    const dialog = await dialogTitled('导入编制计划');
    expect(within(dialog).getByText('下载模板')).toBeInTheDocument();
    const input = dialog.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, new File(['x'], 'plan.xlsx', { type: 'application/octet-stream' }));

    expect(await within(dialog).findByText('共 3 行：1 行可导入，2 行有误')).toBeInTheDocument();
    expect(within(dialog).getByText('门店编码“X9”不存在或不在您的数据范围内')).toBeInTheDocument();
    expect(
      within(dialog).getByText('编制人数必须是 0 到 9999 之间的整数；与第 2 行的门店和岗位重复'),
    ).toBeInTheDocument();
    const [preview] = callsTo(calls, 'POST', '/api/auth/imports/preview');
    expect((preview!.body as FormData).get('kind')).toBe('headcount');
    expect((preview!.body as FormData).get('file')).toMatchObject({ name: 'plan.xlsx' });

    const gridReads = callsTo(calls, 'GET', '/api/auth/headcount/index').length;
    await user.click(button(dialog, '导入'));
    expect(
      await within(dialog).findByText('已导入 1 行，2 行未导入', undefined, { timeout: 5_000 }),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('下载失败明细')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/api/auth/imports/store')[0]!.body).toEqual({
      kind: 'headcount',
      token: 'token-1',
      all_or_nothing: false,
    });
    await waitFor(() =>
      expect(callsTo(calls, 'GET', '/api/auth/headcount/index').length).toBeGreaterThan(gridReads),
    );
  });

  it('downloads the export of the region shown as a file', async () => {
    const downloads = captureDownloads();
    const { calls } = api(ALL_BUTTONS, quickExportRoutes('headcount', 'PK-xlsx'));
    renderApp('/organization/headcount');
    const user = setupUser();
    await rowOf('朝阳店');
    await chooseOption(user, screen.getByLabelText('全部区域'), '华北区');
    await user.click(button(document.body, '导出'));
    await waitFor(() => expect(downloads.click).toHaveBeenCalled(), SLOW);
    expect(await downloads.saved()).toEqual([{ name: '编制计划.xlsx', type: XLSX, text: 'PK-xlsx' }]);
    expect(downloads.revoked).toHaveBeenCalledWith('blob:download');
    expect(startedExport(calls)).toEqual({ kind: 'headcount', filters: { region_id: '2' } });
    downloads.restore();
  });
});
