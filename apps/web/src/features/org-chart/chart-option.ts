import type { TFunction } from 'i18next';
import type { ChartNode } from './api';
import {
  chartMetrics,
  isOpen,
  type ChartFit,
  type ExpandDepth,
  type LabelStyle,
  type Orientation,
} from './chart-layout';

export type { ExpandDepth, Orientation };

export const SERIES_ID = 'organization-chart';

export interface ChartItem {
  /** The department's id (0 for the unnamed root of several scope roots): what a click toggles. */
  id: number;
  name: string;
  /** The label's lines; the name is also the item's `name`, which the tooltip shows. `short`: the counts alone. */
  lines: { leader: string; counts: string; short: string };
  /** Shut: ECharts draws the node but not its children. */
  collapsed: boolean;
  children: ChartItem[];
}

/** Rich-text labels treat `{`, `}` and `|` as markup: a department name must not carry them through. */
const plain = (text: string): string => text.replace(/[{}|]/g, ' ');

function toItem(
  node: ChartNode,
  level: number,
  open: (node: ChartNode, level: number) => boolean,
  t: TFunction,
): ChartItem {
  return {
    id: node.id,
    name: node.name,
    lines: {
      leader: node.leader ? t('label.leader', { name: node.leader.name }) : t('label.noLeader'),
      counts:
        node.planned === null
          ? t('label.headcount', { headcount: node.headcount })
          : t('label.counts', { headcount: node.headcount, planned: node.planned }),
      short:
        node.planned === null
          ? String(node.headcount)
          : t('label.countsShort', { headcount: node.headcount, planned: node.planned }),
    },
    collapsed: !open(node, level),
    children: node.children.map((child) => toItem(child, level + 1, open, t)),
  };
}

/** Several scope roots (a user posted in two stores) hang under one unnamed root of their totals. */
export function singleRoot(roots: readonly ChartNode[], t: TFunction): ChartNode {
  if (roots.length === 1) return roots[0]!;
  const planned = roots.every((root) => root.planned === null)
    ? null
    : roots.reduce((sum, root) => sum + (root.planned ?? 0), 0);
  return {
    id: 0,
    name: t('scopeRoot'),
    kind: 'scope',
    leader: null,
    headcount: roots.reduce((sum, root) => sum + root.headcount, 0),
    planned,
    children: [...roots],
  };
}

interface OptionInput {
  /** The tree: `singleRoot` of the chart's answer. */
  root: ChartNode;
  orient: Orientation;
  depth: ExpandDepth;
  /** Nodes the reader clicked open or shut since the depth was chosen. */
  toggled: ReadonlySet<number>;
  /** The layout box (chart-layout.ts `fitChart`); the canvas has its size already. */
  fit: ChartFit;
  /** The drawing scale the zoom buttons set: labels, symbols and spacing grow and shrink together. */
  scale: number;
  /** Full labels, or compact ones where only they let the tree fit (chart-layout.ts `labelsFor`). */
  labels: LabelStyle;
  /** Off when the system asks for less motion. */
  animation: boolean;
  t: TFunction;
}

/**
 * The ECharts option of the org chart. The box comes from the fit, which sized the canvas for this tree,
 * so ECharts places every node inside the canvas; the chart neither pans nor zooms (the frame scrolls).
 * Each node's label is a card of fixed width whose lines end in an ellipsis beyond it, so neighbours never
 * overlap; the tooltip shows the whole text.
 */
export function chartOption({ root, orient, depth, toggled, fit, scale, labels, animation, t }: OptionInput) {
  const metric = chartMetrics(orient, scale, labels);
  const label = {
    position: orient === 'TB' ? 'bottom' : 'right',
    distance: metric.labelDistance,
    // Below its node top-down, beside it left-right: a label never covers its own node.
    align: orient === 'TB' ? 'center' : 'left',
    verticalAlign: orient === 'TB' ? 'top' : 'middle',
    width: metric.labelWidth,
    overflow: 'truncate',
    backgroundColor: '#fff',
    borderColor: '#d9d9d9',
    borderWidth: 1,
    borderRadius: 4,
    padding: metric.padding,
    formatter: ({ data }: { data: ChartItem }) =>
      (labels === 'full'
        ? [
            `{name|${plain(data.name)}}`,
            `{meta|${plain(data.lines.leader)}}`,
            `{meta|${plain(data.lines.counts)}}`,
          ]
        : [`{name|${plain(data.name)}}`, `{meta|${plain(data.lines.short)}}`]
      ).join('\n'),
    rich: {
      name: {
        fontSize: metric.fontSize.name,
        fontWeight: 'bold',
        color: '#1f1f1f',
        lineHeight: metric.lineHeight.name,
      },
      meta: { fontSize: metric.fontSize.meta, color: '#595959', lineHeight: metric.lineHeight.meta },
    },
  };
  const open = (node: ChartNode, level: number) => isOpen(node.id, level, depth, toggled);
  return {
    animation,
    tooltip: {
      trigger: 'item',
      triggerOn: 'mousemove',
      formatter: ({ data }: { data: ChartItem }) =>
        [data.name, data.lines.leader, data.lines.counts].map((line) => escapeHtml(line)).join('<br/>'),
    },
    series: [
      {
        type: 'tree',
        id: SERIES_ID,
        data: [toItem(root, 0, open, t)],
        orient,
        ...fit.box,
        roam: false,
        // The page opens and shuts nodes itself, so the canvas is refitted to what they show.
        expandAndCollapse: false,
        // Hollow, but filled when the node has children it does not show: a click opens it.
        symbol: 'emptyCircle',
        symbolSize: metric.symbolSize,
        itemStyle: { color: '#1677ff', borderColor: '#1677ff' },
        // Elbow lines, forking in the free room between a node's label and its children.
        edgeShape: 'polyline',
        edgeForkPosition: metric.fork,
        lineStyle: { color: '#bfbfbf', width: 1.2 },
        label,
        leaves: { label },
        animationDuration: 300,
        animationDurationUpdate: 300,
      },
    ],
  };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}
