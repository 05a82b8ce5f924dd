import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { choose } from '../support/select';
import { signIn } from '../support/session';

/** The chart's scrolling frame; the element inside it carries the ECharts instance (chart-page.tsx). */
const frameOf = (page: Page) => page.getByRole('group', { name: '组织架构图' });

interface Drawing {
  /** The canvas' size (the SVG ECharts draws into). */
  canvas: { width: number; height: number };
  /** The frame's scroll and visible size. */
  view: { left: number; top: number; width: number; height: number };
  /** Every node ECharts drew: its name and its centre on the canvas. */
  nodes: { name: string; x: number; y: number }[];
  /** Drawn shapes (lines, symbols, label boxes, text) reaching past the canvas' edges. */
  outside: string[];
  /** The nodes the chart's data holds on each level, the root's level first. */
  perLevel: number[];
  /** The labels' font sizes in px. */
  fontSizes: number[];
  /** The page scrolls sideways. */
  pageScrollsSideways: boolean;
}

/**
 * What the chart drew, read from its ECharts instance: each node whose layout ECharts computed and whose
 * element it drew, at the element's position on the canvas; and, from the SVG, the box of every shape.
 */
function readDrawing(frame: Locator): Promise<Drawing> {
  return frame.evaluate((element) => {
    interface Transformed {
      getComputedTransform: () => number[] | null;
    }
    interface Item {
      name: string;
      children?: Item[];
    }
    const host = element.firstElementChild as HTMLElement & {
      chart: {
        getWidth: () => number;
        getHeight: () => number;
        getOption: () => { series: { data: Item[] }[] };
        getModel: () => {
          getSeriesByIndex: (index: number) => {
            getData: () => {
              count: () => number;
              getName: (index: number) => string;
              getItemLayout: (index: number) => { x: number; y: number } | undefined;
              getItemGraphicEl: (index: number) => Transformed | undefined;
            };
          };
        };
      };
    };
    const chart = host.chart;
    const data = chart.getModel().getSeriesByIndex(0).getData();
    const nodes: Drawing['nodes'] = [];
    for (let index = 0; index < data.count(); index += 1) {
      const layout = data.getItemLayout(index);
      const drawn = data.getItemGraphicEl(index);
      if (!layout || Number.isNaN(layout.x) || Number.isNaN(layout.y) || !drawn) continue;
      const matrix = drawn.getComputedTransform() ?? [1, 0, 0, 1, 0, 0];
      nodes.push({ name: data.getName(index), x: matrix[4]!, y: matrix[5]! });
    }
    const perLevel: number[] = [];
    const count = (item: Item, level: number) => {
      perLevel[level] = (perLevel[level] ?? 0) + 1;
      for (const child of item.children ?? []) count(child, level + 1);
    };
    count(chart.getOption().series[0]!.data[0]!, 0);
    const svg = host.querySelector('svg')!;
    const bounds = svg.getBoundingClientRect();
    // A stroke may stand out half its width.
    const slack = 1.5;
    const outside: string[] = [];
    for (const shape of Array.from(svg.querySelectorAll('path, text'))) {
      const box = shape.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      if (
        box.left < bounds.left - slack ||
        box.top < bounds.top - slack ||
        box.right > bounds.right + slack ||
        box.bottom > bounds.bottom + slack
      ) {
        outside.push(
          `${shape.tagName} ${shape.textContent ?? ''} at ${box.left - bounds.left},${box.top - bounds.top}`,
        );
      }
    }
    const fontSizes = Array.from(svg.querySelectorAll('text')).map((text) =>
      Number.parseFloat(getComputedStyle(text).fontSize),
    );
    return {
      canvas: { width: chart.getWidth(), height: chart.getHeight() },
      view: {
        left: element.scrollLeft,
        top: element.scrollTop,
        width: element.clientWidth,
        height: element.clientHeight,
      },
      nodes,
      outside,
      perLevel,
      fontSizes,
      pageScrollsSideways: document.documentElement.scrollWidth > window.innerWidth,
    };
  });
}

interface Expected {
  /** Levels shown: "N 级"; -1 for all. */
  depth: number;
  root: string;
  /** Nodes opened beyond the depth by a click, with their children. */
  extra?: number;
  /** The root is in the frame's view (after a fresh view: opening, a switch, a choice, 复位). */
  rootInView?: boolean;
}

/**
 * Waits for the chart to show `expected`, then checks it: as many nodes as the depth shows, each inside
 * the canvas with everything else drawn, readable labels, and the page itself not scrolling sideways.
 */
async function expectFitted(page: Page, expected: Expected): Promise<Drawing> {
  let drawing: Drawing | undefined;
  await expect(async () => {
    drawing = await readDrawing(frameOf(page));
    const levels = expected.depth < 0 ? drawing.perLevel : drawing.perLevel.slice(0, expected.depth);
    const shown = levels.reduce((sum, count) => sum + count, 0) + (expected.extra ?? 0);
    expect(drawing.nodes[0]?.name).toBe(expected.root);
    expect(drawing.nodes).toHaveLength(shown);
  }).toPass({ timeout: 15_000 });
  const { canvas, view, nodes, outside, fontSizes, pageScrollsSideways } = drawing!;
  for (const node of nodes) {
    expect(node.x, `${node.name} x`).toBeGreaterThanOrEqual(0);
    expect(node.x, `${node.name} x`).toBeLessThanOrEqual(canvas.width);
    expect(node.y, `${node.name} y`).toBeGreaterThanOrEqual(0);
    expect(node.y, `${node.name} y`).toBeLessThanOrEqual(canvas.height);
  }
  expect(outside).toEqual([]);
  // The canvas fills the frame at least; a larger one scrolls inside it, not the page.
  expect(canvas.width).toBeGreaterThanOrEqual(view.width);
  expect(canvas.height).toBeGreaterThanOrEqual(view.height);
  expect(pageScrollsSideways).toBe(false);
  expect(Math.min(...fontSizes)).toBeGreaterThanOrEqual(12);
  if (expected.rootInView) {
    const root = nodes[0]!;
    expect(root.x - view.left).toBeGreaterThanOrEqual(0);
    expect(root.x - view.left).toBeLessThanOrEqual(view.width);
    expect(root.y - view.top).toBeGreaterThanOrEqual(0);
    expect(root.y - view.top).toBeLessThanOrEqual(view.height);
  }
  return drawing!;
}

test('the org chart fits its canvas after every change of layout, depth and root', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/login?redirect=%2Forganization%2Fchart');
  await signIn(page);
  await expect(page).toHaveTitle(/^组织架构图/);
  const group = '华驰汽车集团';

  // Opened fitted to the frame: the demo group's stores need far more room than the screen, so it opens at
  // its head-office centres and regions, whose eight labels fit side by side only in their compact form.
  await expect(page.getByTitle('2 级', { exact: true })).toBeVisible();
  const first = await expectFitted(page, { depth: 2, root: group, rootInView: true });
  expect(first.canvas).toEqual({ width: first.view.width, height: first.view.height });
  await page.screenshot({ path: 'test-results/screenshots/org-chart-opened-zh-1366.png' });

  await page.getByText('左右', { exact: true }).click();
  await expectFitted(page, { depth: 2, root: group, rootInView: true });
  await page.getByText('上下', { exact: true }).click();
  await expectFitted(page, { depth: 2, root: group, rootInView: true });

  // The stores: wider than the frame, which scrolls sideways; left to right they run down the page.
  await choose(page, page.getByLabel('展开层级'), '3 级');
  const stores = await expectFitted(page, { depth: 3, root: group, rootInView: true });
  expect(stores.canvas.width).toBeGreaterThan(Math.max(first.canvas.width, stores.view.width));
  await page.getByText('左右', { exact: true }).click();
  const leftRight = await expectFitted(page, { depth: 3, root: group, rootInView: true });
  expect(leftRight.canvas.height).toBeGreaterThan(leftRight.view.height);
  await page.screenshot({ path: 'test-results/screenshots/org-chart-left-right-zh-1366.png' });
  await page.getByText('上下', { exact: true }).click();
  await expectFitted(page, { depth: 3, root: group, rootInView: true });

  for (const depth of [1, 2, 3, 4, 5, -1]) {
    await choose(page, page.getByLabel('展开层级'), depth < 0 ? '全部' : `${depth} 级`);
    await expectFitted(page, { depth, root: group, rootInView: true });
  }
  // All levels left to right too.
  await page.getByText('左右', { exact: true }).click();
  await expectFitted(page, { depth: -1, root: group, rootInView: true });
  await page.getByText('上下', { exact: true }).click();
  await choose(page, page.getByLabel('展开层级'), '3 级');
  await expectFitted(page, { depth: 3, root: group, rootInView: true });

  // A sub-root: the region alone, at the same depth.
  const region = '华东区';
  const rootSelect = page.getByLabel('根部门');
  await rootSelect.click();
  await rootSelect.fill(region);
  await page
    .locator('.ant-select-dropdown:visible .ant-select-tree-title', { hasText: new RegExp(`^${region}$`) })
    .click();
  await expectFitted(page, { depth: 3, root: region, rootInView: true });
  await choose(page, page.getByLabel('展开层级'), '2 级');
  const regional = await expectFitted(page, { depth: 2, root: region, rootInView: true });

  // A click on a store opens it: its departments join the chart, which is refitted around them.
  const store = regional.nodes[1]!.name;
  await page.locator('svg text', { hasText: store }).first().click();
  const opened = await childrenOf(page, store);
  expect(opened).toBeGreaterThan(0);
  await expectFitted(page, { depth: 2, root: region, extra: opened });

  // Zoomed in and scrolled away, 复位 returns to the fitted view at the root, the store shut again.
  await page.getByRole('button', { name: '放大' }).click();
  await frameOf(page).evaluate((element) =>
    element.scrollTo({ left: element.scrollWidth, top: element.scrollHeight }),
  );
  await page.getByRole('button', { name: '复位' }).click();
  const reset = await expectFitted(page, { depth: 2, root: region, rootInView: true });
  expect(reset.canvas).toEqual(regional.canvas);

  // Back to the whole scope.
  await page.getByLabel('根部门').hover();
  await page.locator('.ant-select-clear').first().click();
  await expectFitted(page, { depth: 2, root: group, rootInView: true });
});

/** How many children the chart's data gives the node named `name`. */
function childrenOf(page: Page, name: string): Promise<number> {
  return frameOf(page).evaluate((element, wanted) => {
    interface Item {
      name: string;
      children?: Item[];
    }
    const host = element.firstElementChild as HTMLElement & {
      chart: { getOption: () => { series: { data: Item[] }[] } };
    };
    const find = (item: Item): Item | undefined =>
      item.name === wanted ? item : (item.children ?? []).map(find).find(Boolean);
    return find(host.chart.getOption().series[0]!.data[0]!)?.children?.length ?? 0;
  }, name);
}
