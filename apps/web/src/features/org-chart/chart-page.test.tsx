import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ok } from '../../test/mock-api';
import { chooseOption, mockPageApi, named, selectOption, setupUser, SLOW } from '../../test/page-helpers';
import { renderApp } from '../../test/render-app';
import type { ChartNode, DepartmentOption } from './api';
import { exportChartPng } from './export-png';
import type { ChartInstance } from './load-echarts';

// jsdom has no canvas to turn the SVG into a PNG: the test checks that the button hands the drawn chart
// to the export, whose conversion a browser performs.
vi.mock('./export-png', () => ({ exportChartPng: vi.fn(async () => {}) }));

const PAGE = { name: 'orgChart', title: '组织架构图', path: '/organization/chart' };

const node = (id: number, name: string, extra: Partial<ChartNode> = {}): ChartNode => ({
  id,
  name,
  kind: 'department',
  leader: null,
  headcount: 0,
  planned: null,
  children: [],
  ...extra,
});

const tree: ChartNode[] = [
  node(1, '华东汽车集团', {
    kind: 'group',
    leader: { id: 5, name: '李总' },
    headcount: 40,
    planned: 52,
    children: [
      node(2, '华东一区', {
        kind: 'region',
        headcount: 40,
        planned: 52,
        children: [
          node(3, '杭州西湖店', {
            kind: 'store',
            leader: { id: 9, name: '王店长' },
            headcount: 12,
            planned: 15,
          }),
          node(4, '新开门店', { kind: 'store', headcount: 0, planned: 0 }),
        ],
      }),
    ],
  }),
];

const regionOnly: ChartNode[] = [tree[0]!.children[0]!];

const options: DepartmentOption[] = [
  {
    id: 1,
    name: '华东汽车集团',
    children: [{ id: 2, name: '华东一区', children: [{ id: 3, name: '杭州西湖店' }] }],
  },
];

function api(perms: string[]) {
  return mockPageApi(PAGE, perms, {
    'GET /api/auth/departments/chart': (call) =>
      ok(call.url.searchParams.get('root_id') === '2' ? regionOnly : tree),
    'GET /api/auth/departments/my/tree': ok(options),
  });
}

/** Two regions of eight stores; the first store has a department. */
const wide: ChartNode[] = [
  node(1, '华东汽车集团', {
    kind: 'group',
    children: [2, 3].map((region) =>
      node(region, `区域${region}`, {
        kind: 'region',
        children: Array.from({ length: 8 }, (_, store) =>
          node(region * 10 + store, `门店${region}-${store}`, {
            kind: 'store',
            children: region === 2 && store === 0 ? [node(100, '销售部')] : [],
          }),
        ),
      }),
    ),
  }),
];

/** The chart's SVG labels: ECharts draws each rich-text line as its own `<text>`. */
const svgTexts = () =>
  [...document.querySelectorAll('[aria-label="组织架构图"] svg text')].map((element) => element.textContent);

/** The canvas' size: the SVG ECharts draws into. */
function canvasSize() {
  const svg = document.querySelector('[aria-label="组织架构图"] svg');
  return { width: Number(svg?.getAttribute('width')), height: Number(svg?.getAttribute('height')) };
}

/** jsdom lays nothing out: the frame answers no size, and the page fits the chart to its fallback. */
const FRAME = { width: 960, height: 560 };

/** A click on the node named `name`, as ECharts reports one from the pointer. */
function clickNode(name: string) {
  const host = document.querySelector<HTMLElement & { chart?: ChartInstance }>(
    '[aria-label="组织架构图"] > div',
  );
  const chart = host?.chart;
  if (!chart) throw new Error('no chart');
  const series = (
    chart as unknown as {
      getModel: () => {
        getSeriesByIndex: (index: number) => {
          getData: () => {
            count: () => number;
            getName: (index: number) => string;
            getItemGraphicEl: (index: number) => { childAt: (index: number) => unknown } | undefined;
          };
        };
      };
    }
  )
    .getModel()
    .getSeriesByIndex(0)
    .getData();
  const index = Array.from({ length: series.count() }, (_, at) => at).find(
    (at) => series.getName(at) === name,
  );
  const target = index === undefined ? undefined : series.getItemGraphicEl(index)?.childAt(0);
  if (!target) throw new Error(`${name} is not drawn`);
  chart.getZr().trigger('click', { target });
}

beforeEach(() => {
  // zrender measures text on a canvas when there is one; jsdom has none and says so on every label.
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  vi.mocked(exportChartPng).mockClear();
});

describe('/organization/chart', () => {
  it('draws every expanded node with its leader and staff/planned counts as SVG text', async () => {
    const { calls } = api([]);
    renderApp('/organization/chart');
    await waitFor(() => expect(svgTexts()).toContain('杭州西湖店'), SLOW);
    const texts = svgTexts();
    for (const expected of [
      '华东汽车集团',
      '负责人：李总',
      '在岗/编制：40/52',
      '华东一区',
      '王店长',
      '在岗/编制：12/15',
      '新开门店',
      '负责人：未设置',
      '在岗/编制：0/0',
    ]) {
      expect(texts.some((text) => text?.includes(expected))).toBe(true);
    }
    expect(calls.some((call) => call.url.pathname === '/api/auth/departments/chart')).toBe(true);
    // Without the export permission there is no export button.
    expect(screen.queryByText(named('导出 PNG'))).toBeNull();
  });

  it('redraws at the chosen expand depth and from the chosen root department', async () => {
    const { calls } = api([]);
    renderApp('/organization/chart');
    await waitFor(() => expect(svgTexts()).toContain('杭州西湖店'), SLOW);
    const user = setupUser();

    // "2 级" is two levels: the group and its regions, not the stores below.
    await chooseOption(user, screen.getByLabelText('展开层级'), '2 级');
    await waitFor(() => expect(svgTexts()).not.toContain('杭州西湖店'));
    expect(svgTexts()).toContain('华东一区');
    await chooseOption(user, screen.getByLabelText('展开层级'), '1 级');
    await waitFor(() => expect(svgTexts()).not.toContain('华东一区'));
    expect(svgTexts()).toContain('华东汽车集团');
    await chooseOption(user, screen.getByLabelText('展开层级'), '3 级');
    await waitFor(() => expect(svgTexts()).toContain('杭州西湖店'));

    await user.type(screen.getByLabelText('根部门'), '华东一区');
    await user.click(await selectOption('华东一区'));
    await waitFor(() =>
      expect(calls.some((call) => call.url.searchParams.get('root_id') === '2')).toBe(true),
    );
    await waitFor(() => expect(svgTexts()).not.toContain('华东汽车集团'));
    expect(svgTexts()).toContain('华东一区');
  });

  it('opens fitted to the frame, and fits the canvas to the tree shown: depth, orientation, zoom, a click and 复位', async () => {
    mockPageApi(PAGE, [], {
      'GET /api/auth/departments/chart': ok(wide),
      'GET /api/auth/departments/my/tree': ok(options),
    });
    renderApp('/organization/chart');
    // Sixteen stores side by side do not fit the frame: the chart opens at the group and its regions,
    // which fill it.
    await waitFor(() => expect(svgTexts()).toContain('区域3'), SLOW);
    expect(svgTexts()).not.toContain('门店3-7');
    expect(canvasSize()).toEqual(FRAME);
    expect(screen.getByTitle('2 级')).toBeInTheDocument();
    const user = setupUser();

    // The stores need more than the frame: the canvas is wider, the frame scrolls.
    await chooseOption(user, screen.getByLabelText('展开层级'), '3 级');
    await waitFor(() => expect(svgTexts()).toContain('门店3-7'));
    const opened = canvasSize();
    expect(opened.width).toBeGreaterThan(FRAME.width);
    expect(opened.height).toBe(FRAME.height);
    await chooseOption(user, screen.getByLabelText('展开层级'), '2 级');
    await waitFor(() => expect(canvasSize()).toEqual(FRAME));
    await chooseOption(user, screen.getByLabelText('展开层级'), '3 级');
    await waitFor(() => expect(canvasSize()).toEqual(opened));

    // Left to right the stores stack down the page.
    await user.click(screen.getByText('左右'));
    await waitFor(() => expect(canvasSize().height).toBeGreaterThan(FRAME.height));
    expect(canvasSize().width).toBe(FRAME.width);
    await user.click(screen.getByText('上下'));
    await waitFor(() => expect(canvasSize()).toEqual(opened));

    // Zooming in draws larger, labels included; 复位 returns to the fitted view.
    await user.click(screen.getByLabelText('放大'));
    await waitFor(() => expect(canvasSize().width).toBeGreaterThan(opened.width));
    await user.click(screen.getByLabelText('复位'));
    await waitFor(() => expect(canvasSize()).toEqual(opened));

    // A click on a store opens it; 复位 shuts it again.
    clickNode('门店2-0');
    await waitFor(() => expect(svgTexts()).toContain('销售部'));
    await user.click(screen.getByLabelText('复位'));
    await waitFor(() => expect(svgTexts()).not.toContain('销售部'));
    expect(canvasSize()).toEqual(opened);
  });

  it('exports the drawn chart as PNG', async () => {
    api(['organization:chart:export']);
    renderApp('/organization/chart');
    await waitFor(() => expect(svgTexts()).toContain('杭州西湖店'), SLOW);
    const user = setupUser();

    const exportButton = await screen.findByText(named('导出 PNG'));
    await user.click(exportButton);
    await waitFor(() => expect(exportChartPng).toHaveBeenCalledTimes(1));
    const [chart, fileName] = vi.mocked(exportChartPng).mock.calls[0]!;
    expect(fileName).toBe('组织架构图-华东汽车集团');
    expect(chart.getOption()).toHaveProperty('series.0.type', 'tree');
  });
});
