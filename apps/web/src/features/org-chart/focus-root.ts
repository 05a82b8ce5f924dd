import { rootScroll, type Orientation } from './chart-layout';
import { SERIES_ID } from './chart-option';
import type { ChartInstance } from './load-echarts';

/**
 * The part of ECharts' model the root's drawn position is read from. ECharts has no public call for a
 * tree node's position, so this reaches into the instance; when the shape ever differs the frame simply
 * stays where it is.
 */
interface ModelAccess {
  getModel?: () => {
    getSeriesByIndex?: (index: number) =>
      | {
          id?: string;
          getData?: () => { getItemLayout?: (index: number) => { x: number; y: number } | undefined };
        }
      | undefined;
  };
}

/**
 * The root's position on the canvas: its layout position is relative to the series' layout box, and the
 * chart neither pans nor zooms, so the box's offset is all that lies between the two.
 */
export function rootPosition(chart: ChartInstance): { x: number; y: number } | undefined {
  const series = (chart as unknown as ModelAccess).getModel?.().getSeriesByIndex?.(0);
  if (series?.id !== SERIES_ID) return undefined;
  // Index 0 is the virtual root ECharts wraps the data in; the first real node comes next.
  const layout = series.getData?.().getItemLayout?.(1);
  const [box] = (chart.getOption() as { series?: { left?: unknown; top?: unknown }[] }).series ?? [];
  if (!layout || typeof box?.left !== 'number' || typeof box.top !== 'number') return undefined;
  const position = { x: layout.x + box.left, y: layout.y + box.top };
  return Number.isFinite(position.x) && Number.isFinite(position.y) ? position : undefined;
}

/**
 * A tree wider (top-down) or taller (left-right) than its frame scrolls: after a fresh draw the frame
 * scrolls to the top middle, or the middle left, of the root, where a reader starts. Call it right after
 * the draw: ECharts lays the tree out synchronously.
 */
export function focusRoot(chart: ChartInstance, frame: HTMLElement, orient: Orientation): void {
  const root = rootPosition(chart);
  if (!root) return;
  const { left, top } = rootScroll(
    root,
    orient,
    { width: chart.getWidth(), height: chart.getHeight() },
    { width: frame.clientWidth, height: frame.clientHeight },
  );
  frame.scrollLeft = left;
  frame.scrollTop = top;
}
