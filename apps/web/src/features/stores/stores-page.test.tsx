import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { callsTo, fail, ok, type Routes } from '../../test/mock-api';
import {
  button,
  mockPageApi,
  openDialog,
  queryButton,
  rowOf,
  setupUser,
  SLOW,
} from '../../test/page-helpers';
import { renderApp } from '../../test/render-app';
import type { DealerNode, Store } from './api';

const PAGE = { name: 'stores', title: '门店管理', path: '/organization/stores' };
const ALL_BUTTONS = ['create', 'update', 'delete'].map((action) => `organization:stores:${action}`);

const store = (id: number, code: string, name: string, extra: Partial<Store> = {}): Store => ({
  id,
  departmentId: 100 + id,
  code,
  name,
  regionId: 10,
  regionName: '华东区',
  storeTypeId: 191,
  storeTypeName: '4S店',
  brandId: 201,
  brandName: '丰田',
  categoryId: 181,
  categoryName: '直营',
  city: '上海',
  address: '',
  latitude: null,
  longitude: null,
  openedOn: '2020-05-01',
  status: 'active',
  statusReason: null,
  staffCount: 25,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...extra,
});

const stores: Store[] = [
  store(1, 'SH001', '上海浦东丰田'),
  store(2, 'GZ001', '广州天河本田', {
    regionId: 20,
    regionName: '华南区',
    status: 'disabled',
    statusReason: '装修',
  }),
];

const region = (id: number, name: string): DealerNode => ({
  id,
  name,
  kind: 'region',
  code: `R-${id}`,
  status: 'active',
  store_id: null,
  has_children: true,
  children: [],
});

const storeNode = (row: Store): DealerNode => ({
  id: row.departmentId,
  name: row.name,
  kind: 'store',
  code: row.code,
  status: row.status,
  store_id: row.id,
  has_children: false,
  children: [],
});

function api(perms: string[] = ALL_BUTTONS, extra: Routes = {}) {
  return mockPageApi(PAGE, perms, {
    'GET /api/auth/dictionarie/data': ok({
      18: [{ id: 181, name: '直营' }],
      19: [{ id: 191, name: '4S店' }],
      20: [{ id: 201, name: '丰田' }],
    }),
    'GET /api/auth/store/index': (call) => {
      const regionId = Number(call.url.searchParams.get('region_id'));
      const rows = regionId ? stores.filter((row) => row.regionId === regionId) : stores;
      return ok({ data: rows, total: rows.length });
    },
    'GET /api/auth/store/tree': (call) => {
      const parent = Number(call.url.searchParams.get('parent_id'));
      if (!parent) return ok([region(10, '华东区'), region(20, '华南区')]);
      return ok(stores.filter((row) => row.regionId === parent).map(storeNode));
    },
    ...extra,
  });
}

/** The dealer-network tree node showing `title`. */
async function treeNode(title: string): Promise<HTMLElement> {
  return waitFor(() => {
    const node = [...document.querySelectorAll<HTMLElement>('.ant-tree-treenode')].find((candidate) =>
      within(candidate).queryByText(title, { exact: true }),
    );
    if (!node) throw new Error(`no tree node ${title}`);
    return node;
  }, SLOW);
}

describe('/organization/stores: list and dealer network', () => {
  it('lists the stores and the regions; opening a region fetches its stores once', async () => {
    const { calls } = api();
    renderApp('/organization/stores');
    const pudong = await rowOf('上海浦东丰田');
    expect(within(pudong).getByText('SH001')).toBeInTheDocument();
    expect(within(await rowOf('广州天河本田')).getByText('停用')).toBeInTheDocument();
    expect(callsTo(calls, 'GET', '/api/auth/store/index')[0]!.url.search).toBe('?page=1&limit=20');

    const east = await treeNode('华东区');
    expect(callsTo(calls, 'GET', '/api/auth/store/tree')[0]!.url.search).toBe('');
    const user = setupUser();
    await user.click(east.querySelector<HTMLElement>('.ant-tree-switcher')!);
    await treeNode('上海浦东丰田');
    const treeCalls = callsTo(calls, 'GET', '/api/auth/store/tree');
    expect(treeCalls.map((call) => call.url.searchParams.get('parent_id'))).toEqual([null, '10']);

    // Closing and opening again answers from the cache.
    await user.click(east.querySelector<HTMLElement>('.ant-tree-switcher')!);
    await user.click(east.querySelector<HTMLElement>('.ant-tree-switcher')!);
    await treeNode('上海浦东丰田');
    expect(callsTo(calls, 'GET', '/api/auth/store/tree')).toHaveLength(2);
  });

  it('filters the list by the region picked in the tree', async () => {
    const { calls } = api();
    renderApp('/organization/stores');
    await rowOf('广州天河本田');
    const user = setupUser();
    await user.click(within(await treeNode('华东区')).getByText('华东区'));
    await waitFor(() => expect(screen.queryByText('广州天河本田')).not.toBeInTheDocument());
    expect(callsTo(calls, 'GET', '/api/auth/store/index').at(-1)!.url.searchParams.get('region_id')).toBe(
      '10',
    );
  });

  it('only logs a dealer-network failure: no message, the list still works', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    api(ALL_BUTTONS, { 'GET /api/auth/store/tree': fail(500, '服务器内部错误', 500) });
    renderApp('/organization/stores');
    await rowOf('上海浦东丰田');
    expect(await screen.findByText('暂无区域')).toBeInTheDocument();
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith(expect.stringContaining('dealer network'), expect.anything()),
    );
    expect(screen.queryByText('服务器内部错误')).not.toBeInTheDocument();
    error.mockRestore();
  });

  it('hides the buttons the page does not grant', async () => {
    api([]);
    renderApp('/organization/stores');
    const pudong = await rowOf('上海浦东丰田');
    expect(queryButton(document.body, '新增门店')).not.toBeInTheDocument();
    expect(queryButton(pudong, '编辑')).not.toBeInTheDocument();
    expect(queryButton(pudong, '删除')).not.toBeInTheDocument();
  });
});

describe('/organization/stores: changes', () => {
  it('shows the required messages of docs/domain.md "Form rules" before sending anything', async () => {
    const { calls } = api();
    renderApp('/organization/stores');
    const user = setupUser();
    await user.click(await waitFor(() => button(document.body, '新增门店'), SLOW));
    const dialog = await openDialog();
    await user.click(button(dialog, '保存'));
    expect(await within(dialog).findByText('区域门店不能为空')).toBeInTheDocument();
    expect(within(dialog).getByText('门店编码不能为空')).toBeInTheDocument();
    expect(within(dialog).getByText('门店名称不能为空')).toBeInTheDocument();
    expect(within(dialog).getByText('门店类型不能为空')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/api/auth/store/store')).toHaveLength(0);
  });

  it('edits a store and puts a 409 on the code field', async () => {
    let attempts = 0;
    const { calls } = api(ALL_BUTTONS, {
      'PUT /api/auth/store/update': () =>
        ++attempts === 1 ? fail(409, '门店编码已存在', 409) : ok({ id: 1 }),
    });
    renderApp('/organization/stores');
    const user = setupUser();
    await user.click(button(await rowOf('上海浦东丰田'), '编辑'));
    const dialog = await openDialog();
    await user.click(button(dialog, '保存'));
    await waitFor(() => expect(within(dialog).getAllByText('门店编码已存在').length).toBeGreaterThan(0));
    expect(callsTo(calls, 'PUT', '/api/auth/store/update')[0]!.body).toEqual({
      id: 1,
      region_id: 10,
      code: 'SH001',
      name: '上海浦东丰田',
      store_type_id: 191,
      brand_id: 201,
      category_id: 181,
      city: '上海',
      address: '',
      latitude: null,
      longitude: null,
      opened_on: '2020-05-01',
    });
  });

  it('disables a store with a required reason, then refetches the dealer network', async () => {
    const { calls } = api(ALL_BUTTONS, {
      'PUT /api/auth/store/status': ok({ id: 1, status: 'disabled' }),
    });
    renderApp('/organization/stores');
    const user = setupUser();
    await treeNode('华东区');
    await user.click(button(await rowOf('上海浦东丰田'), '停用'));
    const dialog = await openDialog();
    await user.click(button(dialog, '停用'));
    expect(await within(dialog).findByText('禁用原因不能为空')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('禁用原因'), '门店装修');
    await user.click(button(dialog, '停用'));
    await waitFor(() => expect(callsTo(calls, 'PUT', '/api/auth/store/status')).toHaveLength(1));
    expect(callsTo(calls, 'PUT', '/api/auth/store/status')[0]!.body).toEqual({
      id: 1,
      status: 'disabled',
      reason: '门店装修',
    });
    await waitFor(() => expect(callsTo(calls, 'GET', '/api/auth/store/tree')).toHaveLength(2));
  });

  it('deletes a store after confirmation', async () => {
    const { calls } = api(ALL_BUTTONS, { 'DELETE /api/auth/store/destroy': ok({ id: 2 }) });
    renderApp('/organization/stores');
    const user = setupUser();
    await user.click(button(await rowOf('广州天河本田'), '删除'));
    expect(await screen.findByText(/确定删除门店“广州天河本田”吗/)).toBeInTheDocument();
    await user.click(button(document.querySelector<HTMLElement>('.ant-popconfirm')!, '删除'));
    await waitFor(() => expect(callsTo(calls, 'DELETE', '/api/auth/store/destroy')).toHaveLength(1));
    expect(callsTo(calls, 'DELETE', '/api/auth/store/destroy')[0]!.body).toEqual({ id: 2 });
  });
});
