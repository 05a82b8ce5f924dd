import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { ok } from '../../test/mock-api';
import { dialogTitled, mockPageApi, rowOf, setupUser, SLOW } from '../../test/page-helpers';
import { renderApp } from '../../test/render-app';
import { viewportWidth } from '../../test/viewport';
import type { PostTreeAnswer, VacancyAnswer, VacancyCell } from './api';

const PAGE = { name: 'statisticsVacancy', title: '缺编分析', path: '/statistics/vacancy' };

const cell = (postId: number, planned: number, held: number): VacancyCell => {
  const vacancy = Math.max(planned - held, 0);
  return {
    post_id: postId,
    planned,
    held,
    vacancy,
    over: Math.max(held - planned, 0),
    vacancy_rate: planned > 0 ? vacancy / planned : null,
    fill_rate: planned > 0 ? Math.min(planned, held) / planned : null,
  };
};

const store = (id: number, name: string, cells: VacancyCell[]) => {
  const planned = cells.reduce((sum, each) => sum + each.planned, 0);
  const held = cells.reduce((sum, each) => sum + each.held, 0);
  const vacancy = cells.reduce((sum, each) => sum + each.vacancy, 0);
  return {
    store_id: id,
    store_code: `S0${id}`,
    store_name: name,
    region_id: 2,
    region_name: '华东一区',
    department_id: 100 + id,
    cells,
    planned,
    held,
    vacancy,
    over: cells.reduce((sum, each) => sum + each.over, 0),
    vacancy_rate: planned > 0 ? vacancy / planned : null,
    fill_rate: planned > 0 ? (planned - vacancy) / planned : null,
  };
};

const grid: VacancyAnswer = {
  department_id: null,
  department_name: '华东汽车集团',
  date: '2026-11-20',
  posts: [
    { id: 1, code: 'SC', name: '销售顾问' },
    { id: 2, code: 'SA', name: '服务顾问' },
  ],
  rows: [
    store(3, '杭州西湖店', [cell(1, 8, 6), cell(2, 4, 5)]),
    store(4, '宁波江北店', [cell(1, 5, 5), cell(2, 0, 0)]),
  ],
  totals: [cell(1, 13, 11), cell(2, 4, 5)],
  planned: 17,
  held: 16,
  vacancy: 2,
  over: 1,
  vacancy_rate: 2 / 17,
  fill_rate: 15 / 17,
};

const tree: PostTreeAnswer = {
  date: '2026-11-20',
  nodes: [
    {
      id: 1,
      name: '华东汽车集团',
      kind: 'group',
      headcount: 16,
      planned: 17,
      vacancy: 2,
      posts: [],
      children: [
        {
          id: 103,
          name: '杭州西湖店',
          kind: 'store',
          headcount: 11,
          planned: 12,
          vacancy: 2,
          posts: [{ post_id: 1, name: '销售顾问', planned: 8, held: 6, vacancy: 2 }],
          children: [],
        },
      ],
    },
  ],
};

function api(answer: VacancyAnswer = grid) {
  return mockPageApi(PAGE, [], {
    'GET /api/auth/statistic/vacancy': ok(answer),
    'GET /api/auth/statistic/post/tree': ok(tree),
    'GET /api/auth/departments/my/tree': ok([]),
  });
}

beforeAll(async () => {
  await import('./vacancy-page');
}, 60_000);

describe('/statistics/vacancy', { timeout: 30_000 }, () => {
  it('shows each store’s posts coloured by vacancy, and opens a store’s posts', async () => {
    api();
    renderApp('/statistics/vacancy');
    const row = (await screen.findByText('6 / 8', undefined, SLOW)).closest<HTMLElement>('tr')!;
    expect(within(row).getByText('S03 · 华东一区')).toBeInTheDocument();
    expect(within(row).getByText('缺 2')).toBeInTheDocument();
    expect(within(row).getByText('超 1')).toBeInTheDocument();
    // 2 of 8 vacant: the 10–25% band's background, the rate written beside it.
    expect(within(row).getByText('6 / 8').closest('td')).toHaveStyle({ background: '#ffe7ba' });
    expect(screen.getByText('11.76%', { selector: '.ant-table-summary *' })).toBeInTheDocument();

    const user = setupUser();
    await user.click(within(row).getByRole('button', { name: '查看 杭州西湖店 的岗位明细' }));
    const drawer = await dialogTitled('杭州西湖店');
    const sales = within(drawer).getByText('销售顾问').closest('tr')!;
    expect(within(sales).getByText('25.00%')).toBeInTheDocument();
    expect(within(sales).getByText('75.00%')).toBeInTheDocument();
    await user.hover(within(sales).getByText('25.00%'));
    expect(await screen.findByText('缺编率 = 缺编人数 / 编制人数 = 2 / 8 = 25.00%')).toBeInTheDocument();
  });

  it('lists the department tree with its plan', async () => {
    api();
    renderApp('/statistics/vacancy');
    const group = await rowOf('华东汽车集团');
    expect(within(group).getByText('集团')).toBeInTheDocument();
    // The first level is open; a store opens to its posts.
    const user = setupUser();
    const store = (await screen.findByText('门店', { selector: '.ant-tag' })).closest<HTMLElement>('tr')!;
    await user.click(within(store).getByRole('button', { name: '展开行' }));
    expect(within(await rowOf('销售顾问')).getByText('岗位')).toBeInTheDocument();
  });

  it('says when the stores have no plan', async () => {
    api({
      ...grid,
      rows: [],
      totals: [],
      planned: 0,
      held: 0,
      vacancy: 0,
      over: 0,
      vacancy_rate: null,
      fill_rate: null,
    });
    renderApp('/statistics/vacancy');
    expect(await screen.findByText('这些门店还没有编制计划', undefined, SLOW)).toBeInTheDocument();
  });

  it('lists the stores as cards on a phone', async () => {
    viewportWidth(390);
    api();
    renderApp('/statistics/vacancy');
    const card = await screen.findByRole('button', { name: '查看 宁波江北店 的岗位明细' }, SLOW);
    expect(card.closest('[data-list-table="cards"]')).not.toBeNull();
    // The post tree gives its names the width: no kind tags beside them.
    const group = await rowOf('华东汽车集团');
    expect(within(group).queryByText('集团')).not.toBeInTheDocument();
  });

  it('pages a group of many stores 20 at a time, with the sizes of every list', async () => {
    const stores = Array.from({ length: 25 }, (_, index) =>
      store(10 + index, `门店${index + 1}号`, [cell(1, 4, 3), cell(2, 2, 2)]),
    );
    api({ ...grid, rows: stores });
    renderApp('/statistics/vacancy');
    expect(await screen.findByText('门店1号', undefined, SLOW)).toBeInTheDocument();
    expect(screen.getByText('门店20号')).toBeInTheDocument();
    expect(screen.queryByText('门店21号')).not.toBeInTheDocument();
    expect(screen.getByText('共 25 条')).toBeInTheDocument();

    const user = setupUser();
    await user.click(screen.getByTitle('2'));
    expect(await screen.findByText('门店25号')).toBeInTheDocument();
    expect(screen.queryByText('门店1号')).not.toBeInTheDocument();
    // The totals row still covers every store.
    expect(screen.getByText('11.76%', { selector: '.ant-table-summary *' })).toBeInTheDocument();
  });
});
