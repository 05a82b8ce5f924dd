import type { TFunction } from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChartNode } from './api';
import {
  chartMetrics,
  fitChart,
  isOpen,
  labelsFor,
  openingDepth,
  rootScroll,
  SCALES,
  visibleTree,
  type ExpandDepth,
  type LabelStyle,
  type Orientation,
} from './chart-layout';
import { chartOption } from './chart-option';
import { loadEcharts } from './load-echarts';

const t = ((key: string) => key) as unknown as TFunction;

const node = (id: number, children: ChartNode[] = []): ChartNode => ({
  id,
  name: `部门${id}`,
  kind: 'department',
  leader: null,
  headcount: 1,
  planned: null,
  children,
});

/** A group of 4 regions with 6 stores each, each store with one department: 24 leaves at three levels. */
const group = node(
  1,
  Array.from({ length: 4 }, (_, region) =>
    node(
      10 + region,
      Array.from({ length: 6 }, (_, store) =>
        node(100 + region * 10 + store, [node(1000 + region * 10 + store)]),
      ),
    ),
  ),
);

/** An uneven tree: a region with a deep store beside an empty one and a store with many departments. */
const uneven = node(1, [
  node(2, [node(20, [node(200, [node(2000), node(2001)])]), node(21)]),
  node(3),
  node(4, [
    node(
      40,
      Array.from({ length: 7 }, (_, index) => node(400 + index)),
    ),
  ]),
]);

/** A 1366 x 768 screen's frame: the page's width less the menu, and the screen's height less the toolbar. */
const FRAME = { width: 1100, height: 488 };
const SCROLLBAR = 15;

describe('the shown tree', () => {
  it('"N 级" opens the nodes above the N-th level, and a click flips one node', () => {
    expect(isOpen(1, 0, 1)).toBe(false);
    expect(isOpen(1, 0, 2)).toBe(true);
    expect(isOpen(1, 1, 2)).toBe(false);
    expect(isOpen(1, 7, -1)).toBe(true);
    expect(isOpen(1, 1, 2, new Set([1]))).toBe(true);
    expect(isOpen(1, 0, 2, new Set([1]))).toBe(false);
    expect(isOpen(1, 0, 2, new Set([2]))).toBe(true);
  });

  it('counts the nodes, leaves and levels drawn, and the width ECharts spaces them over', () => {
    expect(visibleTree(group, 1)).toEqual({ nodes: 1, leaves: 1, levels: 1, span: 2 });
    // Four sibling regions: three units between them, half a unit free at either edge.
    expect(visibleTree(group, 2)).toEqual({ nodes: 5, leaves: 4, levels: 2, span: 4 });
    // Six stores a region, one unit apart; two units between regions; a unit free at either edge.
    expect(visibleTree(group, 3)).toEqual({ nodes: 29, leaves: 24, levels: 3, span: 4 * 5 + 3 * 2 + 2 });
    // Every department is an only child: two units apart.
    expect(visibleTree(group, -1)).toEqual({ nodes: 53, leaves: 24, levels: 4, span: 23 * 2 + 2 });
    expect(visibleTree(group, 9)).toEqual(visibleTree(group, -1));
  });

  it('follows the nodes clicked open and shut', () => {
    // A store opened at three levels shows its department; a region shut hides its six stores.
    expect(visibleTree(group, 3, new Set([100]))).toMatchObject({ nodes: 30, leaves: 24, levels: 4 });
    expect(visibleTree(group, 3, new Set([10]))).toMatchObject({ nodes: 23, leaves: 19, levels: 3 });
    // A leaf has nothing to open.
    expect(visibleTree(group, -1, new Set([1000]))).toEqual(visibleTree(group, -1));
  });
});

describe('the opening depth', () => {
  const opening = (root: ChartNode, frame: { width: number; height: number }) =>
    openingDepth(root, { orient: 'TB', scale: 1, frame });

  it('is the deepest view that fits the frame: the stores when they fit, the regions when they do not', () => {
    const small = node(1, [node(2, [node(20), node(21)]), node(3, [node(30)])]);
    expect(opening(small, FRAME)).toBe(3);
    // 24 stores side by side need more than the frame; the four regions fit it.
    expect(opening(group, FRAME)).toBe(2);
    const regions = fitChart({
      tree: visibleTree(group, 2),
      orient: 'TB',
      scale: 1,
      frame: FRAME,
      scrollbar: 0,
    });
    expect(regions).toMatchObject(FRAME);
  });

  it('draws compact labels only where they alone let the tree fit', () => {
    const fit = { orient: 'TB' as const, scale: 1, frame: FRAME };
    // Eight regions: 1,464 px with full labels, 1,064 px with compact ones, in a frame of 1,100.
    const eight = node(
      1,
      Array.from({ length: 8 }, (_, index) => node(10 + index, [node(100 + index)])),
    );
    expect(labelsFor(visibleTree(eight, 2), fit)).toBe('compact');
    expect(opening(eight, FRAME)).toBe(2);
    expect(fitChart({ tree: visibleTree(eight, 2), ...fit, scrollbar: 0, labels: 'compact' })).toMatchObject(
      FRAME,
    );
    // Four fit with full labels; twenty-four scroll either way and keep them.
    expect(labelsFor(visibleTree(group, 2), fit)).toBe('full');
    expect(labelsFor(visibleTree(group, 3), fit)).toBe('full');
  });

  it('shows the regions, scrolling, where not even they fit (a phone)', () => {
    const phone = { width: 358, height: 600 };
    expect(opening(group, phone)).toBe(2);
    expect(
      fitChart({ tree: visibleTree(group, 2), orient: 'TB', scale: 1, frame: phone, scrollbar: 0 }).width,
    ).toBeGreaterThan(phone.width);
  });
});

describe('the fit', () => {
  it('sizes a large tree for its labels and lets the frame scroll, rather than squeeze it into the frame', () => {
    const tree = visibleTree(group, 3);
    const metric = chartMetrics('TB', 1);
    const fit = fitChart({ tree, orient: 'TB', scale: 1, frame: FRAME, scrollbar: SCROLLBAR });
    // Every unit across at least a label's spacing: far wider than the frame.
    expect(fit.box.width).toBeGreaterThanOrEqual(tree.span * metric.unit);
    expect(fit.width).toBeGreaterThan(FRAME.width);
    expect(fit.box.left + fit.box.width).toBeLessThanOrEqual(fit.width);
    // Three levels a level's spacing apart, the labels of the last one below the box, inside the canvas.
    expect(fit.box.height).toBe(2 * metric.level);
    expect(fit.box.top + fit.box.height + metric.labelReach).toBeLessThanOrEqual(fit.height);
    // The frame's height less the scroll bar the width needs: no vertical scrolling.
    expect(fit.height).toBe(FRAME.height - SCROLLBAR);
  });

  it('fills the frame with a small tree', () => {
    for (const orient of ['TB', 'LR'] as const) {
      const fit = fitChart({
        tree: visibleTree(group, 1),
        orient,
        scale: 1,
        frame: FRAME,
        scrollbar: SCROLLBAR,
      });
      expect(fit).toMatchObject(FRAME);
      const across = orient === 'TB' ? fit.box.left + fit.box.width : fit.box.top + fit.box.height;
      expect(across).toBeLessThan(orient === 'TB' ? FRAME.width : FRAME.height);
    }
  });

  it('grows left-right down the page, with room right of the deepest level for its labels', () => {
    const tree = visibleTree(group, -1);
    const metric = chartMetrics('LR', 1);
    const fit = fitChart({ tree, orient: 'LR', scale: 1, frame: FRAME, scrollbar: SCROLLBAR });
    expect(fit.box.height).toBeGreaterThanOrEqual(tree.span * metric.unit);
    expect(fit.height).toBeGreaterThan(FRAME.height);
    expect(fit.box.width).toBe(3 * metric.level);
    expect(fit.box.left + fit.box.width + metric.labelReach).toBeLessThanOrEqual(fit.width);
    expect(fit.width).toBe(FRAME.width - SCROLLBAR);
  });

  it('zooms by drawing larger, never by shrinking labels out of sight', () => {
    const tree = visibleTree(group, 3);
    const sizes = SCALES.map(
      (scale) => fitChart({ tree, orient: 'TB', scale, frame: FRAME, scrollbar: 0 }).width,
    );
    expect(sizes).toEqual([...sizes].sort((a, b) => a - b));
    const smallest = chartMetrics('TB', SCALES[0]);
    expect(smallest.fontSize.meta).toBeGreaterThanOrEqual(9);
    expect(chartMetrics('TB', 1).fontSize).toEqual({ name: 13, meta: 12 });
  });
});

describe('the view', () => {
  it('opens top-down at the top middle of the root, and left-right at its middle left', () => {
    const canvas = { width: 5000, height: 2000 };
    const view = { width: 1000, height: 500 };
    expect(rootScroll({ x: 2500, y: 20 }, 'TB', canvas, view)).toEqual({ left: 2000, top: 0 });
    expect(rootScroll({ x: 20, y: 1000 }, 'LR', canvas, view)).toEqual({ left: 0, top: 750 });
    // Never past the canvas' edges.
    expect(rootScroll({ x: 100, y: 20 }, 'TB', canvas, view)).toEqual({ left: 0, top: 0 });
    expect(rootScroll({ x: 20, y: 1990 }, 'LR', canvas, view)).toEqual({ left: 0, top: 1500 });
    expect(rootScroll({ x: 300, y: 20 }, 'TB', { width: 800, height: 400 }, view)).toEqual({
      left: 0,
      top: 0,
    });
  });
});

describe('drawn by ECharts', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  /** Every drawn node's position on the canvas, by level. */
  async function drawnNodes(
    root: ChartNode,
    orient: Orientation,
    depth: ExpandDepth,
    toggled: number[],
    labels: LabelStyle = 'full',
  ) {
    const echarts = await loadEcharts();
    const tree = visibleTree(root, depth, new Set(toggled));
    const fit = fitChart({ tree, orient, scale: 1, frame: FRAME, scrollbar: SCROLLBAR, labels });
    const container = document.createElement('div');
    document.body.append(container);
    const chart = echarts.init(container, null, { renderer: 'svg', width: fit.width, height: fit.height });
    const option = {
      root,
      orient,
      depth,
      toggled: new Set(toggled),
      fit,
      scale: 1,
      labels,
      animation: false,
      t,
    };
    chart.setOption(chartOption(option), { notMerge: true });
    interface Layout {
      x: number;
      y: number;
    }
    const data = (
      chart as unknown as {
        getModel: () => {
          getSeriesByIndex: (index: number) => {
            getData: () => {
              count: () => number;
              getItemLayout: (index: number) => Layout | undefined;
              tree: { getNodeByDataIndex: (index: number) => { depth: number } };
            };
          };
        };
      }
    )
      .getModel()
      .getSeriesByIndex(0)
      .getData();
    const nodes: { level: number; x: number; y: number }[] = [];
    for (let index = 0; index < data.count(); index += 1) {
      const layout = data.getItemLayout(index);
      if (!layout || Number.isNaN(layout.x) || Number.isNaN(layout.y)) continue;
      nodes.push({
        level: data.tree.getNodeByDataIndex(index).depth,
        x: layout.x + fit.box.left,
        y: layout.y + fit.box.top,
      });
    }
    chart.dispose();
    return { nodes, fit, tree };
  }

  const trees = { group, uneven };
  const cases: {
    orient: Orientation;
    tree: keyof typeof trees;
    depth: ExpandDepth;
    clicked: number[];
    labels?: LabelStyle;
  }[] = [
    { orient: 'TB', tree: 'group', depth: 3, clicked: [] },
    { orient: 'TB', tree: 'group', depth: -1, clicked: [] },
    { orient: 'TB', tree: 'group', depth: 2, clicked: [12] },
    { orient: 'LR', tree: 'group', depth: 3, clicked: [10, 101] },
    { orient: 'LR', tree: 'group', depth: -1, clicked: [] },
    { orient: 'TB', tree: 'uneven', depth: -1, clicked: [] },
    { orient: 'LR', tree: 'uneven', depth: 3, clicked: [40] },
    { orient: 'TB', tree: 'uneven', depth: 1, clicked: [] },
    { orient: 'TB', tree: 'group', depth: 3, clicked: [], labels: 'compact' },
    { orient: 'LR', tree: 'uneven', depth: -1, clicked: [], labels: 'compact' },
  ];

  it.each(cases)(
    'puts every node inside the canvas, a label apart ($orient, $tree, depth $depth, clicked $clicked, $labels)',
    async ({ orient, tree: name, depth, clicked, labels = 'full' }) => {
      vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
      const { nodes, fit, tree } = await drawnNodes(trees[name], orient, depth, clicked, labels);
      const metric = chartMetrics(orient, 1, labels);
      expect(nodes).toHaveLength(tree.nodes);
      for (const { x, y } of nodes) {
        // The node's symbol and its label: below it top-down, right of it left-right, centred across.
        const reach =
          orient === 'TB'
            ? {
                left: x - metric.labelHalf,
                right: x + metric.labelHalf,
                top: y - metric.symbolSize / 2,
                bottom: y + metric.labelReach,
              }
            : {
                left: x - metric.symbolSize / 2,
                right: x + metric.labelReach,
                top: y - metric.labelHalf,
                bottom: y + metric.labelHalf,
              };
        expect(reach.left).toBeGreaterThanOrEqual(0);
        expect(reach.top).toBeGreaterThanOrEqual(0);
        expect(reach.right).toBeLessThanOrEqual(fit.width);
        expect(reach.bottom).toBeLessThanOrEqual(fit.height);
      }
      // Neighbours on a level are at least a label's spacing apart, so labels never overlap.
      const levels = new Map<number, number[]>();
      for (const { level, x, y } of nodes)
        levels.set(level, [...(levels.get(level) ?? []), orient === 'TB' ? x : y]);
      for (const level of levels.values()) {
        const across = level.sort((a, b) => a - b);
        for (let index = 1; index < across.length; index += 1) {
          expect(across[index]! - across[index - 1]!).toBeGreaterThanOrEqual(metric.unit - 1e-6);
        }
      }
    },
  );
});
