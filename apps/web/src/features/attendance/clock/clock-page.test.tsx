import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ClockToday } from '../clock-api';
import { callsTo, fail, ok } from '../../../test/mock-api';
import { button, mockPageApi, setupUser, SLOW } from '../../../test/page-helpers';
import { renderApp } from '../../../test/render-app';

const PAGE = { name: 'attendanceClock', title: '考勤打卡', path: '/attendance/clock' };
const showroom = { id: 7, name: '展厅', latitude: 31.1, longitude: 121.2, radius: 300 };
/** Metres along a meridian, in degrees of latitude. */
const METRE = 1 / 111_195.08;

const today = (overrides: Partial<ClockToday> = {}): ClockToday => ({
  day: '2026-12-07',
  employee_name: '朱泽',
  store: { id: 40, name: '上海浦东宝马4S店' },
  group: {
    name: '门店考勤',
    kind: 'fixed',
    shift: { name: '早班', start: '09:00', end: '18:00' },
    allow_outside: false,
    outside_photo: false,
  },
  points: [showroom],
  punches: [],
  result: null,
  blocked: null,
  ...overrides,
});

/** The browser's geolocation, reporting one position to whoever watches it. */
function fakePosition(latitude: number, longitude: number) {
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: {
      watchPosition: (success: PositionCallback) => {
        success({ coords: { latitude, longitude, accuracy: 12 } } as GeolocationPosition);
        return 1;
      },
      clearWatch: () => {},
    },
  });
}

beforeAll(async () => {
  await import('./clock-page');
}, 60_000);
afterEach(() => {
  Reflect.deleteProperty(navigator, 'geolocation');
});

describe('/attendance/clock', { timeout: 30_000 }, () => {
  it('shows the distance to the fence and punches with the phone’s position', async () => {
    fakePosition(showroom.latitude + 120 * METRE, showroom.longitude);
    const { calls } = mockPageApi(PAGE, ['attendance:clock:punch'], {
      'GET /api/auth/clock/today': () => ok(today()),
      'POST /api/auth/clock/in': () =>
        ok({
          punch: {},
          today: today({
            punches: [
              {
                id: 1,
                punched_at: '2026-12-07T00:55:00.000Z',
                employee_id: 3,
                employee_name: '朱泽',
                employee_no: 'E0003',
                store_id: 40,
                store_name: '上海浦东宝马4S店',
                point_name: '展厅',
                distance: 120,
                in_fence: true,
                latitude: 31.1,
                longitude: 121.2,
                datum: 'wgs84',
                accuracy: 12,
                source: 'web',
                has_photo: false,
              },
            ],
          }),
        }),
    });
    renderApp('/attendance/clock');
    expect(
      await screen.findByText('在打卡范围内：距「展厅」120 米（范围 300 米）', {}, SLOW),
    ).toBeInTheDocument();
    const user = setupUser();
    await user.click(button(document.body, /上班打卡/));
    await waitFor(() => expect(callsTo(calls, 'POST', '/api/auth/clock/in')).toHaveLength(1));
    expect(callsTo(calls, 'POST', '/api/auth/clock/in')[0]!.body).toMatchObject({
      latitude: showroom.latitude + 120 * METRE,
      longitude: showroom.longitude,
      datum: 'wgs84',
      accuracy: 12,
      source: 'web',
    });
    expect(await screen.findByText('120 米')).toBeInTheDocument();
    expect(button(document.body, /下班打卡/)).toBeInTheDocument();
  });

  it('will not punch outside the fence when the group does not allow 外勤, and says how far it is', async () => {
    fakePosition(showroom.latitude + 301 * METRE, showroom.longitude);
    mockPageApi(PAGE, ['attendance:clock:punch'], { 'GET /api/auth/clock/today': () => ok(today()) });
    renderApp('/attendance/clock');
    expect(
      await screen.findByText('不在打卡范围内：距「展厅」301 米（范围 300 米）', {}, SLOW),
    ).toBeInTheDocument();
    expect(button(document.body, /外勤打卡/)).toBeDisabled();
  });

  it('says why a person without a store cannot clock in', async () => {
    fakePosition(showroom.latitude, showroom.longitude);
    mockPageApi(PAGE, ['attendance:clock:punch'], {
      'GET /api/auth/clock/today': () =>
        ok(today({ store: null, group: null, points: [], blocked: '你今天没有所属门店，不能打卡' })),
    });
    renderApp('/attendance/clock');
    const alert = await screen.findByText('你今天没有所属门店，不能打卡', {}, SLOW);
    expect(alert).toBeInTheDocument();
    expect(within(document.body).getByRole('button', { name: /上班打卡/ })).toBeDisabled();
  });

  it('says why an account without an employee cannot clock in, not to try again', async () => {
    mockPageApi(PAGE, ['attendance:clock:punch'], {
      'GET /api/auth/clock/today': fail(409, '当前账号未关联员工，不能打卡', 409),
    });
    renderApp('/attendance/clock');
    // In the page itself (the toast says it too, and goes).
    await waitFor(() =>
      expect(document.querySelector('main .ant-alert-error')).toHaveTextContent(
        '当前账号未关联员工，不能打卡',
      ),
    );
    expect(screen.queryByText('无法读取今天的考勤，请稍后重试')).not.toBeInTheDocument();
  });

  it('asks to try again when the server fails', async () => {
    mockPageApi(PAGE, ['attendance:clock:punch'], {
      'GET /api/auth/clock/today': fail(500, '服务器内部错误', 500),
    });
    renderApp('/attendance/clock');
    expect(await screen.findByText('无法读取今天的考勤，请稍后重试', {}, SLOW)).toBeInTheDocument();
  });
});
