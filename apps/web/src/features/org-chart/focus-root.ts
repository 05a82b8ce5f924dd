import { SERIES_ID, type Orientation } from './chart-option';
import type { ChartInstance } from './load-echarts';

/** Where the root should sit after a draw, from the chart's top-left (px). */
const ROOT_MARGIN = 60;

/**
 * The part of ECharts' model the root's drawn position is read from. ECharts has no public call for a
 * tree node's position, so this reaches into the instance; when the shape ever differs the view simply
 * stays where ECharts put it.
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

/** The root's position on screen: its layout position is relative to the series' layout box. */
function rootPosition(chart: ChartInstance): { x: number; y: number } | undefined {
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
 * A large tree is laid out wider (top-down) or taller (left-right) than the screen, so its root can land
 * off screen: pan it to the top middle, or the middle left, where a reader starts. Right after a draw the
 * view is unpanned and unzoomed, so the layout position is the position on screen.
 */
export function focusRoot(chart: ChartInstance, orient: Orientation): void {
  const root = rootPosition(chart);
  if (!root) return;
  const target =
    orient === 'TB'
      ? { x: chart.getWidth() / 2, y: Math.min(root.y, ROOT_MARGIN) }
      : { x: Math.min(root.x, ROOT_MARGIN), y: chart.getHeight() / 2 };
  const dx = target.x - root.x;
  const dy = target.y - root.y;
  const offScreen = root.x < 0 || root.x > chart.getWidth() || root.y < 0 || root.y > chart.getHeight();
  if (!offScreen) return;
  chart.dispatchAction({ type: 'treeRoam', seriesId: SERIES_ID, dx, dy });
}
