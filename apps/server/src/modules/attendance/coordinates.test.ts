import type { ClockPoint, FenceCheckAnswer } from '@dealer-hr/shared/attendance/contract';
import { wgs84ToGcj02 } from '@dealer-hr/shared/attendance/geo';
import { attendanceMessages } from '@dealer-hr/shared/attendance/rules';
import type { Page } from '@dealer-hr/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerOf, fieldErrorsOf } from '../../test/api';
import { createTestApp, type TestApp } from '../../test/app';
import { mainPostOf, userWith } from '../../test/users';

let t: TestApp;
let admin: string;
let storeId: number;
const call = callerOf(() => ({ app: t, authorization: admin }));

/** Metres along a meridian, in degrees of latitude (the haversine sphere's). */
const METRE = 1 / 111_195.08;
/** A quiet spot of the demo's first city, far from any demo store. */
const centre = { latitude: 31.1, longitude: 121.2 };

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  storeId = (await mainPostOf(t, 'manager')).storeId!;
});
afterAll(() => t.close());

const created = async (body: Record<string, unknown>) => {
  const answer = await call<ClockPoint>('POST', 'clock/coordinates/store', body);
  expect(answer.code, answer.message).toBe(200);
  return answer.data;
};

const check = (latitude: number, longitude: number, datum = 'wgs84', store = storeId) =>
  call<FenceCheckAnswer>('POST', 'clock/coordinates/check', { store_id: store, latitude, longitude, datum });

describe('the fence', () => {
  it('takes a position 1 m inside the radius and refuses one 1 m outside, measured from the nearest point', async () => {
    const { id } = await created({
      store_id: storeId,
      name: '测试围栏',
      ...centre,
      datum: 'wgs84',
      radius: 300,
    });
    const inside = await check(centre.latitude + 299 * METRE, centre.longitude);
    expect(inside.data).toMatchObject({
      inside: true,
      distance: 299,
      point: { id, name: '测试围栏', radius: 300 },
    });
    const outside = await check(centre.latitude + 301 * METRE, centre.longitude);
    expect(outside.data).toMatchObject({ inside: false, distance: 301, point: { id } });
  });

  it('converts a GCJ-02 point and a GCJ-02 position to WGS-84 before measuring', async () => {
    const spot = { latitude: 31.3, longitude: 121.5 };
    const read = wgs84ToGcj02(spot);
    await created({ store_id: storeId, name: '地图选点', ...read, datum: 'gcj02', radius: 100 });
    // The same place given as the map shows it is 0 m away; the map's numbers taken for GPS are hundreds away.
    expect((await check(read.latitude, read.longitude, 'gcj02')).data).toMatchObject({
      inside: true,
      distance: 0,
    });
    const mistaken = await check(read.latitude, read.longitude, 'wgs84');
    expect(mistaken.data.inside).toBe(false);
    expect(mistaken.data.distance).toBeGreaterThan(100);
    expect((await check(spot.latitude, spot.longitude, 'wgs84')).data.distance).toBe(0);
  });

  it('ignores a disabled point, and answers no point for a store without one', async () => {
    const spot = { latitude: 30.9, longitude: 121.9 };
    const point = await created({
      store_id: storeId,
      name: '停用点',
      ...spot,
      datum: 'wgs84',
      enabled: false,
    });
    const answer = await check(spot.latitude, spot.longitude);
    expect(answer.data.point?.id).not.toBe(point.id);
    expect(answer.data.inside).toBe(false);
    expect(answer.data.distance === null || answer.data.distance > 0).toBe(true);
  });
});

describe('the points', () => {
  it('refuses a missing or malformed position, a radius outside 100-3000 m and a name taken in the store', async () => {
    const missing = await call('POST', 'clock/coordinates/store', {
      store_id: storeId,
      name: '缺坐标',
      datum: 'wgs84',
    });
    expect(fieldErrorsOf(missing)).toEqual(
      expect.arrayContaining([
        { field: 'latitude', message: '纬度不能为空' },
        { field: 'longitude', message: '经度不能为空' },
      ]),
    );
    const wrong = await call('POST', 'clock/coordinates/store', {
      store_id: storeId,
      name: '坏坐标',
      latitude: '北纬三十度',
      longitude: 200,
      datum: 'bd09',
      radius: 50,
    });
    expect(
      fieldErrorsOf(wrong)
        .map((error) => error.field)
        .sort(),
    ).toEqual(['datum', 'latitude', 'longitude', 'radius']);
    expect(fieldErrorsOf(wrong)).toContainEqual({ field: 'radius', message: attendanceMessages.radiusRange });
    await created({ store_id: storeId, name: '重名', ...centre, datum: 'wgs84' });
    const taken = await call('POST', 'clock/coordinates/store', {
      store_id: storeId,
      name: '重名',
      ...centre,
      datum: 'wgs84',
    });
    expect(taken.code).toBe(409);
    expect(taken.message).toBe(attendanceMessages.nameTaken);
  });

  it('lists, changes and removes a point, defaulting the radius to 300 m', async () => {
    const point = await created({
      store_id: storeId,
      name: '变更点',
      latitude: 31.05,
      longitude: 121.05,
      datum: 'wgs84',
    });
    expect(point.radius).toBe(300);
    const listed = await call<Page<ClockPoint>>(
      'GET',
      `clock/coordinates/index?store_id=${storeId}&keyword=变更`,
    );
    expect(listed.data.data.map((row) => row.id)).toEqual([point.id]);
    const changed = await call<ClockPoint>('PUT', 'clock/coordinates/update', {
      ...point,
      name: '变更后',
      radius: 800,
    });
    expect(changed.data).toMatchObject({ name: '变更后', radius: 800 });
    const removed = await call('DELETE', 'clock/coordinates/destroy', { id: point.id });
    expect(removed.code).toBe(200);
    const after = await call<Page<ClockPoint>>('GET', `clock/coordinates/index?keyword=变更`);
    expect(after.data.total).toBe(0);
  });

  it('keeps to the caller’s stores: one outside their scope is as if it did not exist', async () => {
    const outsider = await userWith(t, ['attendance:coordinates:view', 'attendance:coordinates:create']);
    const answer = await call(
      'POST',
      'clock/coordinates/store',
      { store_id: storeId, name: '越权', ...centre, datum: 'wgs84' },
      outsider,
    );
    expect(answer.code).toBe(404);
    const listed = await call<Page<ClockPoint>>('GET', 'clock/coordinates/index', undefined, outsider);
    expect(listed.data.total).toBe(0);
  });

  it('gives every demo store a showroom point', async () => {
    const listed = await call<Page<ClockPoint>>('GET', 'clock/coordinates/index?limit=100&keyword=展厅');
    expect(listed.data.total).toBeGreaterThan(0);
    expect(listed.data.data.every((row) => row.datum === 'gcj02' && row.radius === 300)).toBe(true);
  });
});
