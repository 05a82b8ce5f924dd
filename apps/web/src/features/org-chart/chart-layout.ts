/**
 * The org chart's size, worked out from the tree it shows. ECharts' tree series spreads its nodes over the
 * box it is given, whatever their number: a box the size of the screen squeezes 300 stores into it, one
 * sized by hand leaves most of them off screen. So the box is made as large as the shown tree needs for
 * readable labels, the chart's canvas as large as the box with its margins, and a canvas larger than the
 * screen scrolls inside its frame. Nothing is zoomed or panned: every drawn node is inside the canvas by
 * construction, and the labels keep their size.
 */

export type Orientation = 'TB' | 'LR';
/** How many levels the chart shows, the root's included ("2 级": the root and its children); -1: all. */
export type ExpandDepth = number;

/** The part of a chart node the layout reads. */
export interface TreeShape {
  id: number;
  children: readonly TreeShape[];
}

const NONE: ReadonlySet<number> = new Set();

/**
 * Whether a node shows its children: those on the levels above the chosen depth do, unless the reader
 * clicked them shut; those below it do not, unless the reader clicked them open (`toggled` holds the ids
 * of the nodes clicked since the depth was chosen).
 */
export function isOpen(
  id: number,
  level: number,
  depth: ExpandDepth,
  toggled: ReadonlySet<number> = NONE,
): boolean {
  const byDepth = depth < 0 || level < depth - 1;
  return toggled.has(id) ? !byDepth : byDepth;
}

export interface VisibleTree {
  /** Nodes drawn. */
  nodes: number;
  /** Drawn nodes without drawn children. */
  leaves: number;
  /** Levels drawn, the root's included. */
  levels: number;
  /**
   * The width of the drawn tree across its levels, in the units of ECharts' tree layout: it puts two
   * neighbouring leaves one unit apart when they are siblings and two when they are not, and keeps half
   * the outer pair's distance free at each edge. Counted along the leaves this is at least the width the
   * layout uses (an inner node's subtree never needs more room than its leaves), so one unit on screen is
   * never less than the spacing the fit gives it.
   */
  span: number;
}

/** What the chart shows of `root` at `depth`, with the nodes in `toggled` clicked open or shut. */
export function visibleTree(
  root: TreeShape,
  depth: ExpandDepth,
  toggled: ReadonlySet<number> = NONE,
): VisibleTree {
  let nodes = 0;
  let levels = 0;
  const leafParents: (TreeShape | null)[] = [];
  const walk = (node: TreeShape, level: number, parent: TreeShape | null) => {
    nodes += 1;
    levels = Math.max(levels, level + 1);
    if (node.children.length > 0 && isOpen(node.id, level, depth, toggled)) {
      for (const child of node.children) walk(child, level + 1, node);
    } else {
      leafParents.push(parent);
    }
  };
  walk(root, 0, null);
  let span = 0;
  for (let index = 1; index < leafParents.length; index += 1) {
    span += leafParents[index] === leafParents[index - 1] ? 1 : 2;
  }
  const siblingsOnly = leafParents.every((parent) => parent === leafParents[0]);
  // The free edges: half the outer pair's separation each, a whole unit for a lone root.
  span += leafParents.length === 1 ? 2 : siblingsOnly ? 1 : 2;
  return { nodes, leaves: leafParents.length, levels, span };
}

/** Leaves and levels the chart shows at a given expand depth. */
export function visibleExtent(root: TreeShape, depth: ExpandDepth): { leaves: number; levels: number } {
  const { leaves, levels } = visibleTree(root, depth);
  return { leaves, levels };
}

/** The smallest and largest drawing scale the zoom buttons reach: labels stay readable at either end. */
export const SCALES = [0.75, 0.875, 1, 1.25, 1.5] as const;

/** The label box's content width (its text is cut with an ellipsis beyond it), px at scale 1. */
const LABEL_WIDTH = { TB: 150, LR: 200 } as const;
/** Label padding and border around the content, px at scale 1. */
const LABEL_PADDING = { x: 8, y: 4 } as const;
const LABEL_BORDER = 1;
/** The label's three lines: the name and two lines of figures. */
const LINE_HEIGHT = { name: 20, meta: 18 } as const;
const SYMBOL_SIZE = 9;
/** From the node's symbol to its label. */
const LABEL_DISTANCE = 8;
/** Free room between two labels side by side, and between a label and the next level's nodes. */
const GAP = { across: 12, along: 36 } as const;
/** The canvas' margin around the box, beyond the room the labels take. */
const MARGIN = 12;

/**
 * A node's label: `full`, its name, its leader and its counts; `compact`, its name and its counts alone in a
 * narrower card, for a tree that fits its frame only so (the leader stays in the tooltip).
 */
export type LabelStyle = 'full' | 'compact';
const COMPACT_LABEL_WIDTH = { TB: 100, LR: 150 } as const;

/** Sizes of the drawing at a scale (px): the label box, the node symbol and the spacing the fit keeps. */
export function chartMetrics(orient: Orientation, scale: number, labels: LabelStyle = 'full') {
  const px = (value: number) => Math.round(value * scale * 100) / 100;
  const labelContent =
    labels === 'full'
      ? { width: LABEL_WIDTH[orient], height: LINE_HEIGHT.name + 2 * LINE_HEIGHT.meta }
      : { width: COMPACT_LABEL_WIDTH[orient], height: LINE_HEIGHT.name + LINE_HEIGHT.meta };
  const label = {
    width: labelContent.width + 2 * (LABEL_PADDING.x + LABEL_BORDER),
    height: labelContent.height + 2 * (LABEL_PADDING.y + LABEL_BORDER),
  };
  const beside = SYMBOL_SIZE / 2 + LABEL_DISTANCE;
  // Across: one unit holds a label and a gap. Along: a level holds the symbol, the label and the gap.
  const unit = orient === 'TB' ? label.width + GAP.across : label.height + GAP.across;
  const level = orient === 'TB' ? beside + label.height + GAP.along : beside + label.width + GAP.along;
  return {
    scale,
    unit: px(unit),
    level: px(level),
    symbolSize: px(SYMBOL_SIZE),
    labelDistance: px(LABEL_DISTANCE),
    labelWidth: px(labelContent.width),
    padding: [px(LABEL_PADDING.y), px(LABEL_PADDING.x)] as [number, number],
    lineHeight: { name: px(LINE_HEIGHT.name), meta: px(LINE_HEIGHT.meta) },
    fontSize: { name: px(13), meta: px(12) },
    /** How far a label reaches past its node: below it (TB) or right of it (LR), and half its breadth. */
    labelReach: px(beside + (orient === 'TB' ? label.height : label.width)),
    labelHalf: px((orient === 'TB' ? label.width : label.height) / 2),
    margin: px(MARGIN),
    /** Where the lines to a node's children fork, as a share of a level: past the node's label. */
    fork: (level - GAP.along / 2) / level,
  };
}

export interface Size {
  width: number;
  height: number;
}

export interface ChartFit {
  /** The canvas, px: at least the frame, larger when the tree needs it. */
  width: number;
  height: number;
  /** The series' layout box in the canvas, px: ECharts places the nodes inside it. */
  box: { left: number; top: number; width: number; height: number };
}

interface FitInput {
  tree: Pick<VisibleTree, 'levels' | 'span'>;
  orient: Orientation;
  scale: number;
  /** The frame's inner size without scroll bars. */
  frame: Size;
  /** How much room a scroll bar takes from the frame (0 where they overlay the content). */
  scrollbar: number;
  labels?: LabelStyle;
}

/**
 * The canvas and the series' box for a tree. Across the levels the box gets `span` units of at least the
 * label spacing and fills the frame when that is wider; along them, a level spacing per level. ECharts puts
 * the outer nodes half a unit or more inside the box across and the root and deepest level on its edges
 * along, so the margins around the box are the room the labels take beyond their nodes.
 */
export function fitChart({ tree, orient, scale, frame, scrollbar, labels }: FitInput): ChartFit {
  const metric = chartMetrics(orient, scale, labels);
  const across = tree.span * metric.unit;
  const along = (tree.levels - 1) * metric.level;
  // TB: the root on top, labels below their nodes. LR: the root on the left, labels right of them.
  const margins =
    orient === 'TB'
      ? {
          left: metric.margin,
          right: metric.margin,
          top: metric.margin + metric.symbolSize,
          bottom: metric.margin + metric.labelReach,
        }
      : {
          left: metric.margin + metric.symbolSize,
          right: metric.margin + metric.labelReach,
          top: metric.margin,
          bottom: metric.margin,
        };
  const needed =
    orient === 'TB'
      ? { width: margins.left + across + margins.right, height: margins.top + along + margins.bottom }
      : { width: margins.left + along + margins.right, height: margins.top + across + margins.bottom };
  const canvas = withinFrame(needed, frame, scrollbar);
  const box =
    orient === 'TB'
      ? {
          left: margins.left,
          top: margins.top,
          width: canvas.width - margins.left - margins.right,
          height: along,
        }
      : {
          left: margins.left,
          top: margins.top,
          width: along,
          height: canvas.height - margins.top - margins.bottom,
        };
  return { ...canvas, box };
}

/** The depths the chart may open at, the most telling first: the group, its regions and the stores. */
const OPENING_DEPTHS: readonly ExpandDepth[] = [3, 2];

/** Whether `tree` fits the frame without scrolling, with labels of `labels`. */
function fitsFrame(tree: VisibleTree, fit: Omit<FitInput, 'tree' | 'scrollbar'>, labels: LabelStyle) {
  // A tree that fits has no scroll bar to make room for.
  const canvas = fitChart({ ...fit, tree, scrollbar: 0, labels });
  return canvas.width <= fit.frame.width && canvas.height <= fit.frame.height;
}

/**
 * The labels of the chart's first view: full ones, unless only compact ones let it fit the frame (a wide
 * first level on a laptop); a tree that scrolls either way keeps full labels.
 */
export function labelsFor(
  tree: VisibleTree,
  fit: Omit<FitInput, 'tree' | 'scrollbar' | 'labels'>,
): LabelStyle {
  return !fitsFrame(tree, fit, 'full') && fitsFrame(tree, fit, 'compact') ? 'compact' : 'full';
}

/**
 * The depth the chart opens at: the deepest of the opening depths whose tree fits the frame without
 * scrolling (with compact labels if need be), so that a reader first sees the whole of what is shown. Where
 * even the regions do not fit (a phone), the shallowest: the group and its regions, scrolling sideways.
 */
export function openingDepth(
  root: TreeShape,
  fit: Omit<FitInput, 'tree' | 'scrollbar' | 'labels'>,
): ExpandDepth {
  const fits = (depth: ExpandDepth) => fitsFrame(visibleTree(root, depth), fit, 'compact');
  return OPENING_DEPTHS.find(fits) ?? OPENING_DEPTHS[OPENING_DEPTHS.length - 1]!;
}

/**
 * The canvas size: what the tree needs, grown to fill the frame. A side that overflows gets a scroll bar,
 * which takes its room from the other side. (Should that make the other side overflow in turn, its canvas
 * is the size the tree needs there anyway.)
 */
function withinFrame(needed: Size, frame: Size, scrollbar: number): Size {
  const width = frame.width - (needed.height > frame.height ? scrollbar : 0);
  const height = frame.height - (needed.width > frame.width ? scrollbar : 0);
  return {
    width: Math.ceil(Math.max(needed.width, width)),
    height: Math.ceil(Math.max(needed.height, height)),
  };
}

/**
 * Where the frame scrolls to show the root first: top-down, the root at the top and centred across;
 * left-right, on the left and centred top to bottom. `root` is the root's position on the canvas.
 */
export function rootScroll(root: { x: number; y: number }, orient: Orientation, canvas: Size, view: Size) {
  const clamp = (value: number, max: number) => Math.min(Math.max(value, 0), Math.max(max, 0));
  return orient === 'TB'
    ? { left: clamp(root.x - view.width / 2, canvas.width - view.width), top: 0 }
    : { left: 0, top: clamp(root.y - view.height / 2, canvas.height - view.height) };
}
