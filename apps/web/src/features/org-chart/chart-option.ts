import type { TFunction } from 'i18next';
import type { ChartNode } from './api';

export type Orientation = 'TB' | 'LR';
/** How many levels the chart starts with, the root's included ("2 级": the root and its children); -1: all. */
export type ExpandDepth = number;

export const SERIES_ID = 'organization-chart';

/** Room one leaf needs across the tree, and one level along it (px at zoom 1), so labels do not overlap. */
const SPACING = {
  TB: { leaf: 170, level: 120 },
  LR: { leaf: 64, level: 240 },
} as const;

interface ChartItem {
  name: string;
  /** The label's three lines; the name is also the item's `name`, which the tooltip shows. */
  lines: { leader: string; counts: string };
  children: ChartItem[];
}

/** Rich-text labels treat `{`, `}` and `|` as markup: a department name must not carry them through. */
const plain = (text: string): string => text.replace(/[{}|]/g, ' ');

function toItem(node: ChartNode, t: TFunction): ChartItem {
  return {
    name: node.name,
    lines: {
      leader: node.leader ? t('label.leader', { name: node.leader.name }) : t('label.noLeader'),
      counts:
        node.planned === null
          ? t('label.headcount', { headcount: node.headcount })
          : t('label.counts', { headcount: node.headcount, planned: node.planned }),
    },
    children: node.children.map((child) => toItem(child, t)),
  };
}

/** Several scope roots (a user posted in two stores) hang under one unnamed root of their totals. */
function singleRoot(roots: readonly ChartNode[], t: TFunction): ChartNode {
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

/** Leaves and levels the chart shows at a given expand depth: the size the layout has to make room for. */
export function visibleExtent(root: ChartNode, depth: ExpandDepth): { leaves: number; levels: number } {
  const walk = (node: ChartNode, level: number): { leaves: number; levels: number } => {
    const open = depth < 0 || level < depth - 1;
    if (!open || node.children.length === 0) return { leaves: 1, levels: level + 1 };
    return node.children
      .map((child) => walk(child, level + 1))
      .reduce((sum, next) => ({
        leaves: sum.leaves + next.leaves,
        levels: Math.max(sum.levels, next.levels),
      }));
  };
  return walk(root, 0);
}

interface OptionInput {
  roots: readonly ChartNode[];
  orient: Orientation;
  depth: ExpandDepth;
  /** The chart's size in px. */
  width: number;
  height: number;
  t: TFunction;
}

/**
 * The ECharts option of the org chart. The layout box grows with the visible leaves rather than
 * squeezing 300 nodes into the screen: the user pans and zooms (roam) around a readable tree.
 */
export function chartOption({ roots, orient, depth, width, height, t }: OptionInput) {
  if (roots.length === 0) return { series: [] };
  const root = singleRoot(roots, t);
  const { leaves, levels } = visibleExtent(root, depth);
  const spacing = SPACING[orient];
  const box =
    orient === 'TB'
      ? {
          left: 90,
          top: 40,
          width: Math.max(width - 180, (leaves - 1) * spacing.leaf),
          height: Math.max(height - 130, (levels - 1) * spacing.level),
        }
      : {
          left: 30,
          top: 40,
          width: Math.max(width - 240, (levels - 1) * spacing.level),
          height: Math.max(height - 80, (leaves - 1) * spacing.leaf),
        };
  const label = {
    position: orient === 'TB' ? 'bottom' : 'right',
    distance: 8,
    align: orient === 'TB' ? 'center' : 'left',
    verticalAlign: 'middle',
    backgroundColor: '#fff',
    borderColor: '#d9d9d9',
    borderWidth: 1,
    borderRadius: 4,
    padding: [4, 8],
    lineHeight: 18,
    formatter: ({ data }: { data: ChartItem }) =>
      [
        `{name|${plain(data.name)}}`,
        `{meta|${plain(data.lines.leader)}}`,
        `{meta|${plain(data.lines.counts)}}`,
      ].join('\n'),
    rich: {
      name: { fontSize: 13, fontWeight: 'bold', color: '#1f1f1f', lineHeight: 20 },
      meta: { fontSize: 12, color: '#595959', lineHeight: 18 },
    },
  };
  return {
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
        data: [toItem(root, t)],
        orient,
        ...box,
        roam: true,
        scaleLimit: { min: 0.2, max: 4 },
        // ECharts counts the levels below the root.
        initialTreeDepth: depth < 0 ? -1 : depth - 1,
        expandAndCollapse: true,
        symbol: 'circle',
        symbolSize: 9,
        itemStyle: { color: '#1677ff', borderColor: '#1677ff' },
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
