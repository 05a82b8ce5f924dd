import type { TFunction } from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChartNode } from './api';
import { fitChart, visibleExtent, visibleTree, type Orientation } from './chart-layout';
import { chartOption } from './chart-option';
import { focusRoot } from './focus-root';
import { loadEcharts } from './load-echarts';

const WIDTH = 1200;
const HEIGHT = 600;
const t = ((key: string) => key) as unknown as TFunction;

const node = (id: number, name: string, children: ChartNode[] = []): ChartNode => ({
  id,
  name,
  kind: 'department',
  leader: null,
  headcount: 1,
  planned: 1,
  children,
});

/** A group of 4 regions with 6 stores each, each store with one department: 24 leaves at three levels. */
const group = node(
  1,
  '集团',
  Array.from({ length: 4 }, (_, region) =>
    node(
      10 + region,
      `区域${region}`,
      Array.from({ length: 6 }, (_, store) =>
        node(100 + region * 10 + store, `门店${region}-${store}`, [node(1000 + region * 10 + store, '部门')]),
      ),
    ),
  ),
);

/** Where the SVG puts the label `text` (its translate), in px from the canvas' top-left. */
function labelPosition(container: HTMLElement, text: string): { x: number; y: number } {
  const element = [...container.querySelectorAll('text')].find((candidate) => candidate.textContent === text);
  const match = /translate\(([-\d.e]+)[ ,]+([-\d.e]+)\)/.exec(element?.getAttribute('transform') ?? '');
  if (!match) throw new Error(`no label ${text}`);
  return { x: Number(match[1]), y: Number(match[2]) };
}

/**
 * The tree drawn as the page draws it: the canvas fitted to the tree inside a frame of WIDTH x HEIGHT
 * (jsdom lays nothing out, so the frame's size and scroll are stated), then scrolled to the root or not.
 */
async function draw(orient: Orientation, focus: boolean) {
  const echarts = await loadEcharts();
  const container = document.createElement('div');
  document.body.append(container);
  const fit = fitChart({
    tree: visibleTree(group, 3),
    orient,
    scale: 1,
    frame: { width: WIDTH, height: HEIGHT },
    scrollbar: 0,
  });
  const chart = echarts.init(container, null, { renderer: 'svg', width: fit.width, height: fit.height });
  const option = {
    root: group,
    orient,
    depth: 3,
    toggled: new Set<number>(),
    fit,
    scale: 1,
    labels: 'full' as const,
    animation: true,
    t,
  };
  chart.setOption(chartOption(option), { notMerge: true });
  const frame = { clientWidth: WIDTH, clientHeight: HEIGHT, scrollLeft: 0, scrollTop: 0 };
  if (focus) focusRoot(chart, frame as unknown as HTMLElement, orient);
  // The SVG is painted on the next animation frames, after the draw's 300 ms animation.
  await new Promise((resolve) => setTimeout(resolve, 800));
  return { chart, container, scroll: { x: frame.scrollLeft, y: frame.scrollTop } };
}

/** Whether a point of the canvas shows in the frame scrolled by `scroll`. */
const onScreen = ({ x, y }: { x: number; y: number }, scroll = { x: 0, y: 0 }) =>
  x - scroll.x >= 0 && x - scroll.x <= WIDTH && y - scroll.y >= 0 && y - scroll.y <= HEIGHT;

afterEach(() => {
  document.body.innerHTML = '';
});

describe('a large tree', () => {
  it('is laid out with room for every visible leaf', () => {
    // The depth is the number of levels shown, the root's included.
    expect(visibleExtent(group, 3)).toEqual({ leaves: 24, levels: 3 });
    expect(visibleExtent(group, -1)).toEqual({ leaves: 24, levels: 4 });
    expect(visibleExtent(group, 2)).toEqual({ leaves: 4, levels: 2 });
    expect(visibleExtent(group, 1)).toEqual({ leaves: 1, levels: 1 });
  });

  it.each(['TB', 'LR'] as const)('starts with its root on screen (%s)', async (orient) => {
    // zrender measures text on a canvas when there is one; jsdom has none and says so on every label.
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    // The canvas is larger than the frame: unscrolled, the root in its middle is out of sight.
    const unfocused = await draw(orient, false);
    expect(onScreen(labelPosition(unfocused.container, '集团'))).toBe(false);
    unfocused.chart.dispose();

    const { chart, container, scroll } = await draw(orient, true);
    const root = labelPosition(container, '集团');
    expect(onScreen(root, scroll)).toBe(true);
    if (orient === 'TB') expect(root.x - scroll.x).toBeCloseTo(WIDTH / 2, 0);
    else expect(root.y - scroll.y).toBeCloseTo(HEIGHT / 2, 0);
    chart.dispose();
  });
});
