import { screen, waitFor, within } from '@testing-library/react';
import Cookies from 'js-cookie';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { callsTo, fail, ok, type ApiCall, type Routes } from '../../test/mock-api';
import {
  button,
  chooseOption,
  dialogTitled,
  mockPageApi,
  queryButton,
  rowOf,
  selectOption,
  setupUser,
  showColumns,
  SLOW,
  TOKEN,
} from '../../test/page-helpers';
import { renderApp } from '../../test/render-app';
import { viewportWidth } from '../../test/viewport';
import { DETAIL_PAGE, LIST_PAGE, detail, pickerRoutes, rows } from './test-data';
import { captureDownloads, exportJob, quickExportRoutes, startedExport, XLSX } from '../../test/exports';

const ALL_BUTTONS = ['update', 'export', 'reveal-id'].map((action) => `staff:list:${action}`);

function api(perms: string[] = ALL_BUTTONS, extra: Routes = {}, withDetailPage = true) {
  return mockPageApi(
    LIST_PAGE,
    perms,
    {
      'GET /api/auth/user/index': (call) => {
        const keyword = call.url.searchParams.get('keyword');
        const found = keyword ? rows.filter((row) => row.name.includes(keyword)) : rows;
        return ok({ data: found, total: found.length });
      },
      'GET /api/auth/user/detail': (call) =>
        call.url.searchParams.get('id') === '1' ? ok(detail) : fail(404, '员工不存在', 404),
      ...pickerRoutes,
      ...extra,
    },
    withDetailPage ? [{ page: DETAIL_PAGE, perms: [] }] : [],
  );
}

const listCalls = (calls: ApiCall[]) => callsTo(calls, 'GET', '/api/auth/user/index');
const filterForm = () => document.querySelector<HTMLElement>('form[id="staff-filters"]')!;
/** The text of a row's cells, in order. */
const cellsOf = (row: HTMLElement) =>
  [...row.querySelectorAll<HTMLElement>('td.ant-table-cell')].map((cell) => cell.textContent!.trim());

// The page loads lazily; its first transform can take seconds on a busy runner, so it is loaded once here.
beforeAll(async () => {
  await import('./directory-page');
}, 60_000);

describe('/staff/list', { timeout: 30_000 }, () => {
  it('lists the people with masked numbers, where they work and their status', async () => {
    showColumns('staff', ['gender', 'employeeType', 'leftOn']);
    const { calls } = api();
    const { user, location } = renderApp('/staff/list');

    const zhang = await rowOf('张三');
    expect(cellsOf(zhang).slice(0, 11)).toEqual([
      '张三E100001',
      '男',
      '13800000001',
      // The reveal button sits beside the masked number.
      expect.stringMatching(/^110\*{12}231\s*查\s?看$/),
      '华驰北京朝阳店',
      '销售部',
      '销售顾问',
      '全职',
      '正式',
      '2024-03-01',
      '-',
    ]);
    expect(within(zhang).getByText('正式').closest('.ant-tag')).toHaveClass('ant-tag-green');
    expect(within(zhang).queryByText(/110101/)).not.toBeInTheDocument();

    // At head office: no store.
    const li = await rowOf('李四');
    expect(cellsOf(li).slice(0, 11)).toEqual([
      '李四E100002',
      '女',
      '13800000002',
      expect.stringMatching(/^110\*{12}232/),
      '-',
      '人力资源部',
      '招聘专员',
      '实习',
      '试用期',
      '2024-03-01',
      '-',
    ]);
    const wang = await rowOf('王五');
    expect(within(wang).getByText('已离职')).toBeInTheDocument();
    expect(within(wang).getByText('2025-12-31')).toBeInTheDocument();
    expect(listCalls(calls)[0]!.url.search).toBe('?page=1&limit=20');

    // 详情 is the profile page.
    await user.click(button(li, '详情'));
    await waitFor(() => expect(location()).toBe('/staff/detail?id=2'));
  });

  it('sends the filters: keyword, phone, ID number, placement, status, type and plain entry days (no tz)', async () => {
    const { calls } = api();
    renderApp('/staff/list');
    await rowOf('张三');
    const user = setupUser();
    const form = filterForm();

    await user.type(within(form).getByLabelText('姓名、拼音或工号'), ' zs ');
    await user.type(within(form).getByLabelText('手机号码'), '1380');
    await user.type(within(form).getByLabelText('完整证件号码'), '110101199003071233');
    await chooseOption(user, within(form).getByLabelText('门店'), '华驰北京朝阳店');
    await user.type(within(form).getByLabelText('部门'), '销售');
    await user.click(await selectOption('销售部'));
    await chooseOption(user, within(form).getByLabelText('岗位'), '销售顾问');
    await chooseOption(user, within(form).getByLabelText('状态'), '正式');
    await chooseOption(user, within(form).getByLabelText('员工类型'), '全职');
    const [from, to] = within(form).getAllByPlaceholderText(/入职/) as [HTMLInputElement, HTMLInputElement];
    await user.click(from);
    await user.type(from, '2024-01-01{Enter}');
    await user.type(to, '2024-12-31{Enter}');
    await user.click(button(form, '搜索'));

    await waitFor(() => expect(listCalls(calls).length).toBeGreaterThan(1));
    expect(Object.fromEntries(listCalls(calls).at(-1)!.url.searchParams)).toEqual({
      page: '1',
      limit: '20',
      keyword: 'zs',
      phone: '1380',
      id_number: '110101199003071233',
      store_id: '7',
      department_id: '71',
      post_id: '5',
      status: 'regular',
      employee_type_id: '501',
      entry_from: '2024-01-01',
      entry_to: '2024-12-31',
    });
    // The pickers asked for what they list once.
    expect(callsTo(calls, 'GET', '/api/auth/store/index')[0]!.url.search).toBe('?page=1&limit=50');
    expect(callsTo(calls, 'GET', '/api/auth/posts/index')[0]!.url.search).toBe(
      '?status=active&page=1&limit=100',
    );

    // Nobody matches 'zs' here; 重置 shows everyone again (the unfiltered page is cached).
    await waitFor(() => expect(screen.queryByText('张三')).not.toBeInTheDocument());
    await user.click(button(form, '重置'));
    expect(await rowOf('张三')).toBeInTheDocument();
    expect(within(form).getByLabelText('姓名、拼音或工号')).toHaveValue('');
  });

  it('shows the people as cards on a phone, the filters behind 筛选 with their count', async () => {
    viewportWidth(390);
    const { calls } = api();
    const { user, location } = renderApp('/staff/list');

    const card = await waitFor(() => {
      const found = screen.getByText('张三').closest<HTMLElement>('[role="listitem"]');
      if (!found) throw new Error('no card of 张三');
      return found;
    }, SLOW);
    expect(document.querySelector('main table')).toBeNull();
    // The name, the fields that matter, the row's actions.
    expect(within(card).getByText('E100001')).toBeInTheDocument();
    expect(within(card).getByText('13800000001')).toBeInTheDocument();
    expect(within(card).getByText('销售顾问')).toBeInTheDocument();
    expect(within(card).getByText('正式')).toBeInTheDocument();
    expect(within(card).queryByText('华驰北京朝阳店')).not.toBeInTheDocument();
    expect(document.querySelector('form[id="staff-filters"]')).toBeInTheDocument();

    const filters = button(document.querySelector<HTMLElement>('main')!, '筛选');
    expect(filters).toHaveAccessibleName('筛选');
    await user.click(filters);
    await chooseOption(user, screen.getByLabelText('状态'), '正式');
    await user.click(button(document.querySelector<HTMLElement>('.ant-drawer-footer')!, '搜索'));
    await waitFor(() => expect(listCalls(calls).at(-1)!.url.searchParams.get('status')).toBe('regular'));
    expect(filters).toHaveAccessibleName('筛选（已设 1 项）');

    await user.click(button(card, '详情'));
    await waitFor(() => expect(location()).toBe('/staff/detail?id=1'));
  });

  it('shows the whole ID number of a row only when the page grants it', async () => {
    const { calls } = api(ALL_BUTTONS, {
      'GET /api/auth/user/detail/id-number': (call) =>
        ok({ id: Number(call.url.searchParams.get('id')), id_number: '110101199003071231' }),
    });
    renderApp('/staff/list');
    const user = setupUser();
    const zhang = await rowOf('张三');

    await user.click(button(zhang, '查看'));
    expect(await within(zhang).findByText('110101199003071231')).toBeInTheDocument();
    const reveals = callsTo(calls, 'GET', '/api/auth/user/detail/id-number');
    expect(reveals).toHaveLength(1);
    expect(reveals[0]!.url.search).toBe('?id=1');
    // Only that row.
    expect(within(await rowOf('李四')).getByText('110************232')).toBeInTheDocument();

    await user.click(button(zhang, '隐藏'));
    expect(await within(zhang).findByText('110************231')).toBeInTheDocument();
    expect(within(zhang).queryByText('110101199003071231')).not.toBeInTheDocument();
  });

  it('hides the buttons the page does not grant, and 详情 without the profile page', async () => {
    api([]);
    const first = renderApp('/staff/list');
    const row = await rowOf('张三');
    expect(within(row).getByText('110************231')).toBeInTheDocument();
    expect(button(row, '详情')).toBeInTheDocument();
    expect(queryButton(row, '查看')).not.toBeInTheDocument();
    expect(queryButton(row, '编辑')).not.toBeInTheDocument();
    expect(queryButton(document.body, '导出')).not.toBeInTheDocument();
    first.unmount();

    api(ALL_BUTTONS, {}, false);
    renderApp('/staff/list');
    const again = await rowOf('张三');
    expect(button(again, '编辑')).toBeInTheDocument();
    expect(queryButton(again, '详情')).not.toBeInTheDocument();
  });

  it('keeps the user on the roster when a picker is refused', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    api(ALL_BUTTONS, {
      'GET /api/auth/store/index': fail(1403, '没有权限执行此操作', 403),
      'GET /api/auth/posts/index': fail(1403, '没有权限执行此操作', 403),
    });
    const { location } = renderApp('/staff/list');
    await rowOf('张三');
    await waitFor(() =>
      expect(logged.mock.calls.map(([text]) => text)).toEqual(
        expect.arrayContaining([
          'stores could not be loaded for the picker',
          'posts could not be loaded for the picker',
        ]),
      ),
    );
    // A refused page request would sign the user out; the pickers only stay empty.
    expect(location()).toBe('/staff/list');
    expect(Cookies.get('Token')).toBe(TOKEN);
    expect(screen.queryByText('没有权限执行此操作')).not.toBeInTheDocument();
    expect(await rowOf('张三')).toBeInTheDocument();
  });

  it('edits a profile from its row and asks for the list again', async () => {
    const { calls } = api(ALL_BUTTONS, { 'PUT /api/auth/user/update': ok(detail) });
    renderApp('/staff/list');
    const user = setupUser();
    await user.click(button(await rowOf('张三'), '编辑'));
    const dialog = await dialogTitled('编辑员工信息：张三');
    const college = within(dialog).getByLabelText('院校');
    await waitFor(() => expect(college).toHaveValue('北京交通大学'));
    await user.clear(college);
    await user.type(college, '北京大学');
    await user.click(button(dialog, '保存'));

    await waitFor(() => expect(callsTo(calls, 'PUT', '/api/auth/user/update')).toHaveLength(1));
    const body = callsTo(calls, 'PUT', '/api/auth/user/update')[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({ id: 1, college: '北京大学', phone: '13800000001' });
    expect(body).not.toHaveProperty('id_number');
    expect(await screen.findByText('员工信息已更新')).toBeInTheDocument();
    await waitFor(() => expect(listCalls(calls).length).toBeGreaterThan(1));
  });

  it('leaves a long export running in the background and says where to find it', async () => {
    const { calls } = api(ALL_BUTTONS, {
      'POST /api/auth/down/timing/excel/store': ok(exportJob('staff')),
      'GET /api/auth/down/timing/excel/detail': ok(exportJob('staff', { status: 'running', done: 1000 })),
    });
    const { location } = renderApp('/staff/list');
    const user = setupUser();
    await rowOf('王五');
    await user.click(button(document.body, '导出'));
    expect(await screen.findByText(/导出已在后台进行/, undefined, { timeout: 8_000 })).toBeInTheDocument();
    expect(callsTo(calls, 'GET', '/api/auth/down/timing/excel/download')).toEqual([]);
    await user.click(button(document.body, '查看导出任务'));
    await waitFor(() => expect(location()).toBe('/system/exports'));
  });

  it('exports the people the applied filters match, and downloads the file once it is ready', async () => {
    const downloads = captureDownloads();
    const { calls } = api(ALL_BUTTONS, quickExportRoutes('staff', 'PK-xlsx'));
    renderApp('/staff/list');
    const user = setupUser();
    await rowOf('王五');
    const form = filterForm();
    await user.type(within(form).getByLabelText('姓名、拼音或工号'), '张');
    await chooseOption(user, within(form).getByLabelText('状态'), '正式');
    // Typed but not searched: the export takes the filters the list shows.
    await user.click(button(form, '搜索'));
    await waitFor(() => expect(screen.queryByText('王五')).not.toBeInTheDocument());
    await user.type(within(form).getByLabelText('手机号码'), '139');

    await user.click(button(document.body, '导出'));
    await waitFor(() => expect(downloads.click).toHaveBeenCalled(), SLOW);
    expect(await downloads.saved()).toEqual([{ name: '员工花名册.xlsx', type: XLSX, text: 'PK-xlsx' }]);
    expect(startedExport(calls)).toEqual({ kind: 'staff', filters: { keyword: '张', status: 'regular' } });
    expect(callsTo(calls, 'GET', '/api/auth/down/timing/excel/download')[0]!.url.search).toBe('?id=41');
    downloads.restore();
  });
});
