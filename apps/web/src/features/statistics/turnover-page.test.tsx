import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { startedExport, quickExportRoutes } from '../../test/exports';
import { callsTo, ok } from '../../test/mock-api';
import { button, chooseOption, mockPageApi, rowOf, setupUser, SLOW } from '../../test/page-helpers';
import { renderApp } from '../../test/render-app';
import { viewportWidth } from '../../test/viewport';
import type { TurnoverAnswer } from './api';
import { turnoverRow } from './test-data';

const PAGE = { name: 'statisticsTurnover', title: '离职率分析', path: '/statistics/turnover' };

const answer = (extra: Partial<TurnoverAnswer> = {}): TurnoverAnswer => ({
  department_id: null,
  department_name: '华东汽车集团',
  from: '2026-01-01',
  to: '2026-02-28',
  periods: [
    { key: '2026-01', from: '2026-01-01', to: '2026-01-31' },
    { key: '2026-02', from: '2026-02-01', to: '2026-02-28' },
  ],
  totals: [
    turnoverRow('2026-01', {
      headcount_start: 29,
      headcount_end: 27,
      hires: 1,
      leavers: 3,
      voluntary_leavers: 2,
    }),
    turnoverRow('2026-02', { headcount_start: 27, headcount_end: 28, hires: 2, leavers: 1, new_leavers: 1 }),
  ],
  groups: [],
  transfer_out: false,
  ...extra,
});

/** Grouped by store: one store's counts per period (January, February); the page computes its rates. */
const byStore = (): TurnoverAnswer =>
  answer({
    groups: [
      {
        group_id: 7,
        group_name: '杭州西湖店',
        headcount_start: [15, 14],
        headcount_end: [14, 16],
        hires: [0, 2],
        leavers: [1, 0],
        voluntary_leavers: [0, 0],
        new_leavers: [0, 0],
      },
    ],
  });

const routes = (turnover: (dimension: string | null) => TurnoverAnswer) => ({
  'GET /api/auth/statistic/turnover': (call: { url: URL }) =>
    ok(turnover(call.url.searchParams.get('dimension'))),
  'GET /api/auth/departments/my/tree': ok([]),
});

beforeAll(async () => {
  await import('./turnover-page');
}, 60_000);

describe('/statistics/turnover', { timeout: 30_000 }, () => {
  it('quotes each rate’s formula with its counts, and the formula switch changes both', async () => {
    const { calls } = mockPageApi(
      PAGE,
      [],
      routes(() => answer()),
    );
    renderApp('/statistics/turnover');
    const january = await rowOf('2026-01');
    const user = setupUser();
    await user.hover(within(january).getByText('10.00%'));
    expect(
      await screen.findByText('离职率 = 离职人数 / (离职人数 + 期末人数) = 3 / (3 + 27) = 10.00%'),
    ).toBeInTheDocument();
    const [first] = callsTo(calls, 'GET', '/api/auth/statistic/turnover');
    expect(first!.url.searchParams.get('granularity')).toBe('month');
    expect(first!.url.searchParams.get('start')).toMatch(/^\d{4}-01$/);

    await user.click(screen.getByText('平均人数口径'));
    // 3 / ((29 + 27) / 2): the figure and its formula follow the switch; no new query is needed.
    await user.hover(within(await rowOf('2026-01')).getByText('10.71%'));
    expect(
      await screen.findByText(
        '离职率 = 离职人数 / ((期初人数 + 期末人数) / 2) = 3 / ((29 + 27) / 2) = 10.71%',
      ),
    ).toBeInTheDocument();
    expect(within(await rowOf('2026-01')).queryByText('10.00%')).not.toBeInTheDocument();
    // The column and the chart's legend are named by the form too.
    expect(
      within(document.querySelector<HTMLElement>('.ant-table-thead')!).getByText('离职率（平均口径）'),
    ).toBeInTheDocument();
    expect(callsTo(calls, 'GET', '/api/auth/statistic/turnover')).toHaveLength(1);
  });

  it('groups the rows by store under each period’s total', async () => {
    const { calls } = mockPageApi(
      PAGE,
      [],
      routes((dimension) => (dimension === 'store' ? byStore() : answer())),
    );
    renderApp('/statistics/turnover');
    await rowOf('2026-01');
    const user = setupUser();
    await chooseOption(user, screen.getByLabelText('分组维度'), '按门店');
    // One row under each period's total: January's 1 / (1 + 14), February's none.
    const [january, february] = await waitFor(() => {
      const rows = screen.getAllByText('杭州西湖店').map((name) => name.closest('tr.ant-table-row'));
      expect(rows).toHaveLength(2);
      return rows as HTMLElement[];
    }, SLOW);
    expect(within(january!).getByText('6.67%')).toBeInTheDocument();
    expect(within(february!).getAllByText('0.00%').length).toBeGreaterThan(0);
    expect(within(february!).getByText('16')).toBeInTheDocument();
    expect(
      callsTo(calls, 'GET', '/api/auth/statistic/turnover').at(-1)!.url.searchParams.get('dimension'),
    ).toBe('store');
  });

  it('on a phone shows one period’s cards at a time when grouped, the latest first', async () => {
    viewportWidth(390);
    mockPageApi(
      PAGE,
      [],
      routes((dimension) => (dimension === 'store' ? byStore() : answer())),
    );
    renderApp('/statistics/turnover');
    // Not grouped: every period's card, and no period to pick.
    expect(await screen.findByText('2026-01', undefined, SLOW)).toBeInTheDocument();
    expect(screen.getByText('2026-02')).toBeInTheDocument();
    expect(screen.queryByLabelText('期间')).not.toBeInTheDocument();

    const user = setupUser();
    await chooseOption(user, screen.getByLabelText('分组维度'), '按门店');
    expect(await screen.findByText('2026-02 · 杭州西湖店', undefined, SLOW)).toBeInTheDocument();
    expect(screen.queryByText('2026-01 · 杭州西湖店')).not.toBeInTheDocument();

    await chooseOption(user, screen.getByLabelText('期间'), '2026-01');
    expect(await screen.findByText('2026-01 · 杭州西湖店')).toBeInTheDocument();
    expect(screen.queryByText('2026-02 · 杭州西湖店')).not.toBeInTheDocument();
  });

  it('says why there is nothing to show, and exports what it shows', async () => {
    const { calls } = mockPageApi(PAGE, ['statistics:turnover:export'], {
      ...routes(() => answer({ totals: [] })),
      ...quickExportRoutes('statistics_turnover', 'xlsx'),
    });
    renderApp('/statistics/turnover');
    expect(await screen.findByText('该期间没有在职或离职人员', undefined, SLOW)).toBeInTheDocument();
    const user = setupUser();
    await user.click(screen.getByRole('switch', { name: '调出计为离职' }));
    await waitFor(() =>
      expect(
        callsTo(calls, 'GET', '/api/auth/statistic/turnover').at(-1)!.url.searchParams.get('transfer_out'),
      ).toBe('true'),
    );
    await user.click(button(document.body, '导出'));
    await waitFor(() => expect(startedExport(calls).kind).toBe('statistics_turnover'));
    expect(startedExport(calls).filters).toMatchObject({
      granularity: 'month',
      dimension: 'none',
      transfer_out: 'true',
    });
  });

  it('says so when no one left in the period', async () => {
    mockPageApi(
      PAGE,
      [],
      routes(() =>
        answer({
          totals: [turnoverRow('2026-01', { headcount_start: 10, headcount_end: 10, hires: 0, leavers: 0 })],
        }),
      ),
    );
    renderApp('/statistics/turnover');
    expect(await screen.findByText('该期间没有离职人员，离职率均为 0', undefined, SLOW)).toBeInTheDocument();
  });
});
