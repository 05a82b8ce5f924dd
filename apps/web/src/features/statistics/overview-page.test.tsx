import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import { callsTo, ok } from '../../test/mock-api';
import { mockPageApi, rowOf, setupUser, SLOW } from '../../test/page-helpers';
import { renderApp } from '../../test/render-app';
import type { PolylineAnswer, VacancyAnswer, YearAnswer } from './api';

const PAGE = { name: 'statisticsOverview', title: '人力概览', path: '/statistics/overview' };
const about = { department_id: null, department_name: '华东汽车集团', from: '2026-10-01', to: '2026-11-30' };

const polyline: PolylineAnswer = {
  ...about,
  points: [
    { month: '2026-10', headcount: 30, hires: 2, leavers: 1, rate_end: 0.0323, rate_average: 0.0339 },
    { month: '2026-11', headcount: 27, hires: 0, leavers: 3, rate_end: 0.1, rate_average: 0.1053 },
  ],
};
const vacancy: VacancyAnswer = {
  department_id: null,
  department_name: '华东汽车集团',
  date: '2026-11-20',
  posts: [],
  rows: [],
  totals: [],
  planned: 32,
  held: 27,
  vacancy: 5,
  over: 0,
  vacancy_rate: 0.1563,
  fill_rate: 0.8438,
};
const year: YearAnswer = {
  ...about,
  year: 2026,
  hires: 14,
  leavers: 9,
  months: [{ month: '2026-01', hires: 14, leavers: 9 }],
};

beforeAll(async () => {
  await import('./overview-page');
}, 60_000);

const routes = {
  'GET /api/auth/statistic/polyline': ok(polyline),
  'GET /api/auth/statistic/vacancy': ok(vacancy),
  'GET /api/auth/statistic/year': ok(year),
  'GET /api/auth/departments/my/tree': ok([]),
};

describe('/statistics/overview', { timeout: 30_000 }, () => {
  it('shows the month’s figures with their formulas, the trend and the year', async () => {
    const { calls } = mockPageApi(PAGE, [], routes);
    renderApp('/statistics/overview');
    const rate = await screen.findByText('10.00%', undefined, SLOW);
    const user = setupUser();
    await user.hover(rate);
    expect(
      await screen.findByText('离职率 = 离职人数 / (离职人数 + 期末人数) = 3 / (3 + 27) = 10.00%'),
    ).toBeInTheDocument();
    expect(screen.getByText('当前缺编 5 / 编制 32')).toBeInTheDocument();
    expect(screen.getByText('全年入职 14 人，离职 9 人')).toBeInTheDocument();
    expect(callsTo(calls, 'GET', '/api/auth/statistic/polyline')[0]!.url.searchParams.get('months')).toBe(
      '12',
    );

    await user.click(screen.getByText('近 24 个月'));
    await waitFor(() =>
      expect(
        callsTo(calls, 'GET', '/api/auth/statistic/polyline').at(-1)!.url.searchParams.get('months'),
      ).toBe('24'),
    );
    const trend = screen
      .getByText('人力趋势', { selector: '.ant-card-head-title' })
      .closest<HTMLElement>('.ant-card')!;
    await user.click(within(trend).getByText('表格'));
    expect(within(await rowOf('2026-10')).getByText('3.23%')).toBeInTheDocument();
  });

  it('writes the formulas in the reader’s language', async () => {
    await act(() => i18n.changeLanguage('en'));
    mockPageApi(PAGE, [], routes);
    renderApp('/statistics/overview');
    await setupUser().hover(await screen.findByText('15.63%', undefined, SLOW));
    expect(
      await screen.findByText('Vacancy rate = vacant places / planned places = 5 / 32 = 15.63%'),
    ).toBeInTheDocument();
    expect(screen.getByText('Year: 14 hired, 9 left')).toBeInTheDocument();
  });
});
