import { waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { callsTo, ok } from '../../../test/mock-api';
import { button, dialogTitled, mockPageApi, queryButton, rowOf, setupUser } from '../../../test/page-helpers';
import { renderApp } from '../../../test/render-app';
import type { ClockPoint } from './api';

const PAGE = { name: 'attendanceCoordinates', title: '打卡地点', path: '/attendance/coordinates' };
const ALL = ['create', 'update', 'delete'].map((action) => `attendance:coordinates:${action}`);

const points: ClockPoint[] = [
  {
    id: 1,
    store_id: 40,
    store_name: '上海浦东宝马4S店',
    name: '展厅',
    latitude: 31.230416,
    longitude: 121.473701,
    datum: 'gcj02',
    radius: 300,
    enabled: true,
    updated_at: '2026-11-26T00:00:00.000Z',
  },
  {
    id: 2,
    store_id: 40,
    store_name: '上海浦东宝马4S店',
    name: '售后车间',
    latitude: 31.233016,
    longitude: 121.476701,
    datum: 'gcj02',
    radius: 200,
    enabled: false,
    updated_at: '2026-11-26T00:00:00.000Z',
  },
];

function api(perms: readonly string[] = ALL) {
  return mockPageApi(PAGE, perms, {
    'GET /api/auth/clock/coordinates/index': () => ok({ data: points, total: points.length }),
    'GET /api/auth/store/index': () => ok({ data: [{ id: 40, name: '上海浦东宝马4S店' }], total: 1 }),
    'POST /api/auth/clock/coordinates/check': () =>
      ok({ inside: false, point: { id: 1, name: '展厅', radius: 300 }, distance: 412 }),
  });
}

beforeAll(async () => {
  await import('./coordinates-page');
}, 60_000);

describe('/attendance/coordinates', { timeout: 30_000 }, () => {
  it('lists each store’s points with their position, datum, radius and status', async () => {
    api();
    renderApp('/attendance/coordinates');
    const showroom = await rowOf('展厅');
    expect(within(showroom).getByText('31.230416, 121.473701')).toBeInTheDocument();
    expect(within(showroom).getByText('GCJ-02（国内地图）')).toBeInTheDocument();
    expect(within(showroom).getByText('300 米')).toBeInTheDocument();
    expect(within(await rowOf('售后车间')).getByText('停用')).toBeInTheDocument();
  });

  it('asks for the position with the shared rules, and tests a distance against a store’s fence', async () => {
    const { calls } = api();
    renderApp('/attendance/coordinates');
    await rowOf('展厅');
    const user = setupUser();
    await user.click(button(document.body, '新增打卡地点'));
    const form = await dialogTitled('新增打卡地点');
    await user.click(button(form, '保存'));
    expect(await within(form).findByText('纬度不能为空')).toBeInTheDocument();
    expect(within(form).getByText('经度不能为空')).toBeInTheDocument();
    await user.click(button(form, '取消'));

    await user.click(button(document.body, '距离测试'));
    const tester = await dialogTitled('距离测试');
    await user.click(within(tester).getByRole('combobox', { name: '门店' }));
    await user.click(await within(document.body).findByTitle('上海浦东宝马4S店'));
    await user.type(within(tester).getByLabelText('纬度'), '31.234');
    await user.type(within(tester).getByLabelText('经度'), '121.474');
    await user.click(button(tester, '测试'));
    await waitFor(() => expect(callsTo(calls, 'POST', '/api/auth/clock/coordinates/check')).toHaveLength(1));
    expect(callsTo(calls, 'POST', '/api/auth/clock/coordinates/check')[0]!.body).toEqual({
      store_id: 40,
      latitude: 31.234,
      longitude: 121.474,
      datum: 'wgs84',
    });
    expect(await within(tester).findByText(/不在打卡范围内：距最近的「展厅」412 米/)).toBeInTheDocument();
  });

  it('offers adding only with its permission', async () => {
    api([]);
    renderApp('/attendance/coordinates');
    await rowOf('展厅');
    expect(queryButton(document.body, '新增打卡地点')).not.toBeInTheDocument();
  });
});
