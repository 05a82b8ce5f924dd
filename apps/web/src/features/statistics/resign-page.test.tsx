import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { startedExport, quickExportRoutes } from '../../test/exports';
import { callsTo, ok } from '../../test/mock-api';
import { button, mockPageApi, rowOf, setupUser, SLOW } from '../../test/page-helpers';
import { renderApp } from '../../test/render-app';
import type { ProhibitedAnswer, ResignAnswer, TransferAnswer } from './api';

const PAGE = { name: 'statisticsResign', title: '离职分析', path: '/statistics/resign' };

const about = { department_id: null, department_name: '华东汽车集团', from: '2026-01-01', to: '2026-02-28' };
const resign: ResignAnswer = {
  ...about,
  total: 3,
  by_reason: [
    { key: '31', name: '薪资待遇', count: 2 },
    { key: '32', name: '家庭原因', count: 1 },
  ],
  by_destination: [{ key: '41', name: '同行业', count: 3 }],
  by_type: [
    { key: 'voluntary', name: '主动离职', count: 2 },
    { key: 'dismissal', name: '公司辞退', count: 1 },
  ],
  by_tenure: [
    { key: 'under_3m', name: 'under_3m', count: 1 },
    { key: '1_3y', name: '1_3y', count: 2 },
  ],
  by_month: [
    { month: '2026-01', count: 2 },
    { month: '2026-02', count: 1 },
  ],
};
const noTransfers: TransferAnswer = { ...about, total: 0, by_type: [], between_stores: [], by_month: [] };
const prohibited: ProhibitedAnswer = {
  from: '2026-01-01',
  to: '2026-02-28',
  added: 2,
  lifted: 1,
  by_month: [{ month: '2026-01', added: 2, lifted: 1 }],
  by_source: [{ key: 'resignation', name: '离职加入', count: 2 }],
};

function api(perms: string[] = []) {
  return mockPageApi(PAGE, perms, {
    'GET /api/auth/statistic/resign': ok(resign),
    'GET /api/auth/statistic/transfer': ok(noTransfers),
    'GET /api/auth/statistic/prohibited': ok(prohibited),
    'GET /api/auth/departments/my/tree': ok([]),
    // The reasons, destinations and transfer types keep the names answered: no dictionary items here.
    'GET /api/auth/dictionarie/data': ok({ 52: [], 53: [], 54: [] }),
    ...quickExportRoutes('statistics_transfer', 'xlsx'),
  });
}

/** The card titled `title`. */
const panel = (title: string) =>
  screen.getByText(title, { selector: '.ant-card-head-title' }).closest<HTMLElement>('.ant-card')!;

beforeAll(async () => {
  await import('./resign-page');
}, 60_000);

describe('/statistics/resign', { timeout: 30_000 }, () => {
  it('breaks the leavers down, named in the reader’s language, each panel a chart or a table', async () => {
    const { calls } = api();
    renderApp('/statistics/resign');
    expect(await screen.findByText('该期间离职 3 人', undefined, SLOW)).toBeInTheDocument();
    const user = setupUser();
    const byType = panel('按离职类型');
    await user.click(within(byType).getByText('表格'));
    expect(within(await rowOf('主动离职')).getByText('66.67%')).toBeInTheDocument();
    const byTenure = panel('按司龄');
    await user.click(within(byTenure).getByText('表格'));
    expect(within(await rowOf('1–3 年')).getByText('2')).toBeInTheDocument();
    // Dictionary items keep the server's names.
    await user.click(within(panel('按离职原因')).getByText('表格'));
    expect(await rowOf('薪资待遇')).toBeInTheDocument();
    // The prohibited list is the group's: no department is asked for.
    const [asked] = callsTo(calls, 'GET', '/api/auth/statistic/prohibited');
    expect([...asked!.url.searchParams.keys()].sort()).toEqual(['end', 'start']);
    expect(screen.getByText('该期间新增 2 人，解除 1 人')).toBeInTheDocument();
  });

  it('says why a section is empty, and exports each section', async () => {
    const { calls } = api(['statistics:resign:export']);
    renderApp('/statistics/resign');
    const transfers = await waitFor(() => panel('调岗分析'), SLOW);
    await waitFor(() => expect(within(transfers).getAllByText('该期间没有调岗')).toHaveLength(2));
    expect(within(transfers).getByText('该期间没有门店之间的调动')).toBeInTheDocument();
    const user = setupUser();
    await user.click(button(transfers, '导出'));
    await waitFor(() => expect(startedExport(calls).kind).toBe('statistics_transfer'));
    expect(startedExport(calls).filters).toHaveProperty('start');
  });
});
