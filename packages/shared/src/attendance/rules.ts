/**
 * Attendance (`/api/auth/clock/*`, pages `/attendance/*`). Clock-in points (打卡地点) first: named points per store,
 * each with its own radius, entered in the datum of the map they were read from. Plain constants, free of zod;
 * the schemas are in ./contract.
 */

/** WGS-84 (GPS, a phone's raw position) or GCJ-02 (every Chinese map: Amap, Tencent, Baidu before its own shift). */
export const DATUMS = ['wgs84', 'gcj02'] as const;
export type Datum = (typeof DATUMS)[number];

export const datumNames: Record<Datum, string> = { wgs84: 'WGS-84（GPS）', gcj02: 'GCJ-02（国内地图）' };

/** A point's fence radius in metres. */
export const RADIUS_DEFAULT = 300;
export const RADIUS_MIN = 100;
export const RADIUS_MAX = 3000;
export const POINT_NAME_MAX = 30;

export const attendanceLabels = {
  point: '打卡地点',
  store: '门店',
  name: '地点名称',
  latitude: '纬度',
  longitude: '经度',
  datum: '坐标系',
  radius: '打卡范围',
  enabled: '状态',
  keyword: '关键字',
} as const;

export const attendanceMessages = {
  pointNotFound: '打卡地点不存在',
  storeOutsideScope: '门店不存在或不在你的数据权限范围内',
  nameTaken: '该门店已有同名的打卡地点',
  radiusRange: `打卡范围须为 ${RADIUS_MIN}-${RADIUS_MAX} 米`,
  noPoints: '该门店尚未设置打卡地点',
} as const;
