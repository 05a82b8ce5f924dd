import { CompressOutlined, DownloadOutlined, ZoomInOutlined, ZoomOutOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Flex, Segmented, Select, Space, Spin, Tooltip, TreeSelect } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Permission } from '../../components/permission';
import { notifyError } from '../../lib/feedback';
import { useReducedMotion } from '../../lib/use-reduced-motion';
import { chartQuery, departmentOptionsQuery, type ChartNode } from './api';
import {
  fitChart,
  labelsFor,
  openingDepth,
  SCALES,
  visibleTree,
  type ExpandDepth,
  type Orientation,
  type Size,
} from './chart-layout';
import { chartOption, singleRoot, type ChartItem } from './chart-option';
import { dragToScroll } from './drag-scroll';
import { exportChartPng } from './export-png';
import { focusRoot } from './focus-root';
import { loadEcharts, type ChartInstance } from './load-echarts';
import styles from './organization-chart.module.css';

const DEPTHS: ExpandDepth[] = [1, 2, 3, 4, 5, -1];
/** The depth shown before the frame is measured (nothing is drawn then). */
const OPENING_FALLBACK: ExpandDepth = 2;
const NORMAL_SCALE = SCALES.indexOf(1);
const NONE: ReadonlySet<number> = new Set();
/** The size to fit while the frame has none yet (a hidden tab): the next resize corrects it. */
const FALLBACK_SIZE: Size = { width: 960, height: 560 };

/**
 * The frame's inner size without scroll bars: its box less its borders, in whole pixels rounded down (a
 * canvas half a pixel larger than the frame would scroll it).
 */
function frameSize(frame: HTMLElement): Size {
  const box = frame.getBoundingClientRect();
  return {
    width: Math.floor(box.width) - 2 * frame.clientLeft || FALLBACK_SIZE.width,
    height: Math.floor(box.height) - 2 * frame.clientTop || FALLBACK_SIZE.height,
  };
}

/** The room a scroll bar takes from the content: 0 where the system overlays them. */
function scrollbarSize(): number {
  const probe = document.createElement('div');
  Object.assign(probe.style, {
    position: 'absolute',
    top: '-200px',
    width: '100px',
    height: '100px',
    overflow: 'scroll',
  });
  document.body.append(probe);
  const size = probe.offsetWidth - probe.clientWidth;
  probe.remove();
  return size;
}

/** The point of the canvas at the middle of the frame, as a share of the canvas' width and height. */
function viewCentre(frame: HTMLElement, canvas: Size) {
  return {
    x: (frame.scrollLeft + frame.clientWidth / 2) / canvas.width,
    y: (frame.scrollTop + frame.clientHeight / 2) / canvas.height,
  };
}

/**
 * The chart's host element, which carries its ECharts instance: the browser tests read the drawn nodes'
 * positions from it (e2e/tests/org-chart.spec.ts), which the SVG alone does not tell apart from the
 * lines and labels.
 */
type ChartHost = HTMLDivElement & { chart?: ChartInstance };

interface Drawn {
  /** What makes a view fresh, which opens at the root: the data, root, depth, orientation or 复位. */
  fresh: readonly unknown[];
  scale: number;
  canvas: Size;
}

const sameView = (a: readonly unknown[], b: readonly unknown[]) =>
  a.length === b.length && a.every((value, index) => Object.is(value, b[index]));

/** `/organization/chart`: the read-only department tree with leaders and headcounts. */
export function OrganizationChartPage() {
  const { t } = useTranslation('orgChart');
  const reducedMotion = useReducedMotion();
  const [rootId, setRootId] = useState<number | undefined>();
  const [orient, setOrient] = useState<Orientation>('TB');
  // Until the reader chooses a depth, the chart opens at the deepest that fits the frame.
  const [chosenDepth, setDepth] = useState<ExpandDepth | undefined>();
  const [scaleIndex, setScaleIndex] = useState(NORMAL_SCALE);
  // 复位 counts up: each press starts the view afresh.
  const [resets, setResets] = useState(0);
  const [exporting, setExporting] = useState(false);
  const chartQueryResult = useQuery(chartQuery(rootId));
  const departments = useQuery(departmentOptionsQuery());
  const roots = chartQueryResult.data;
  const scale = SCALES[scaleIndex]!;
  const frame = useRef<HTMLDivElement>(null);
  const host = useRef<ChartHost>(null);
  const [chart, setChart] = useState<ChartInstance | null>(null);
  const [size, setSize] = useState<Size | null>(null);
  const scrollbar = useRef(0);
  const drawn = useRef<Drawn | null>(null);
  // Worked out top to bottom at the normal scale, so that turning or zooming the chart keeps its levels.
  const depth = useMemo(
    () =>
      chosenDepth ??
      (roots?.length && size
        ? openingDepth(singleRoot(roots, t), { orient: 'TB', scale: SCALES[NORMAL_SCALE]!, frame: size })
        : OPENING_FALLBACK),
    [chosenDepth, roots, size, t],
  );

  // Nodes the reader clicked open or shut belong to the root, depth and reset they were clicked in.
  const view = `${rootId ?? ''}|${depth}|${resets}`;
  const [clicked, setClicked] = useState<{ view: string; ids: ReadonlySet<number> }>({ view, ids: NONE });
  const toggled = clicked.view === view ? clicked.ids : NONE;

  useEffect(() => {
    const element = host.current;
    const box = frame.current;
    if (!element || !box) return;
    let instance: ChartInstance | null = null;
    let cancelled = false;
    const measure = () =>
      setSize((previous) => {
        const next = frameSize(box);
        return previous?.width === next.width && previous.height === next.height ? previous : next;
      });
    // The frame's border box: scroll bars coming and going inside it change nothing.
    const observer = new ResizeObserver(measure);
    const undrag = dragToScroll(box);
    void loadEcharts().then((echarts) => {
      if (cancelled) return;
      scrollbar.current = scrollbarSize();
      instance = echarts.init(element, null, { renderer: 'svg', ...frameSize(box) });
      element.chart = instance;
      observer.observe(box, { box: 'border-box' });
      measure();
      setChart(instance);
    });
    return () => {
      cancelled = true;
      observer.disconnect();
      undrag();
      instance?.dispose();
      delete element.chart;
    };
  }, []);

  // A click on a node with children opens or shuts it; the chart is then refitted to what it shows.
  useEffect(() => {
    if (!chart) return;
    const onClick = (params: { data?: unknown }) => {
      const item = params.data as Partial<ChartItem> | undefined;
      if (typeof item?.id !== 'number' || !item.children?.length) return;
      const id = item.id;
      setClicked((previous) => {
        const ids = new Set(previous.view === view ? previous.ids : NONE);
        if (!ids.delete(id)) ids.add(id);
        return { view, ids };
      });
    };
    chart.on('click', onClick);
    return () => {
      // On leaving the page the instance is disposed first, and its handlers with it.
      if (!chart.isDisposed()) chart.off('click', onClick);
    };
  }, [chart, view]);

  /**
   * Fits and draws the tree: the canvas gets the size the shown tree needs (chart-layout.ts), at least
   * the frame's, and the frame scrolls over a larger one. A fresh view opens at the root; a zoom keeps
   * the middle of the frame where it was; a resize or a click keeps the scroll.
   */
  useEffect(() => {
    const box = frame.current;
    const element = host.current;
    if (!chart || !roots || !size || !box || !element) return;
    if (roots.length === 0) {
      chart.clear();
      drawn.current = null;
      return;
    }
    const previous = drawn.current;
    const centre = previous ? viewCentre(box, previous.canvas) : undefined;
    const root: ChartNode = singleRoot(roots, t);
    const tree = visibleTree(root, depth, toggled);
    // The first view (no depth, root or node chosen yet) fits with compact labels if need be; once the
    // reader chooses, labels are whole and a larger tree scrolls (docs/decisions.md, the org chart).
    const first = chosenDepth === undefined && rootId === undefined && toggled.size === 0;
    const labels = first ? labelsFor(tree, { orient, scale, frame: size }) : 'full';
    const fit = fitChart({ tree, orient, scale, frame: size, scrollbar: scrollbar.current, labels });
    element.style.width = `${fit.width}px`;
    element.style.height = `${fit.height}px`;
    // Drawn afresh rather than updated: ECharts' tree view, removing a node without animation (reduced
    // motion, or a tree of more elements than it animates), drops it before removing its children's lines
    // and then fails on them.
    chart.clear();
    chart.resize({ width: fit.width, height: fit.height });
    chart.setOption(
      chartOption({ root, orient, depth, toggled, fit, scale, labels, animation: !reducedMotion, t }),
      {
        notMerge: true,
      },
    );
    const fresh = [roots, view, orient];
    if (!previous || !sameView(previous.fresh, fresh)) {
      focusRoot(chart, box, orient);
    } else if (previous.scale !== scale && centre) {
      box.scrollLeft = centre.x * fit.width - box.clientWidth / 2;
      box.scrollTop = centre.y * fit.height - box.clientHeight / 2;
    }
    drawn.current = { fresh, scale, canvas: { width: fit.width, height: fit.height } };
    // `t` changes with the language, so a language switch redraws the translated labels.
  }, [chart, roots, size, orient, depth, chosenDepth, rootId, toggled, scale, view, reducedMotion, t]);

  const exportPng = async () => {
    if (!chart) return;
    setExporting(true);
    try {
      const rootName = roots?.length === 1 ? roots[0]!.name : t('scopeRoot');
      await exportChartPng(chart, `${t('fileName')}-${rootName}`);
    } catch (error) {
      console.error('org chart export failed', error);
      notifyError(t('exportFailed'));
    } finally {
      setExporting(false);
    }
  };

  const empty = roots !== undefined && roots.length === 0;

  return (
    <Card>
      <Flex wrap gap={12} justify="space-between" align="center" style={{ marginBottom: 12 }}>
        <Flex wrap gap={12} align="center">
          <TreeSelect
            className={styles.rootSelect}
            aria-label={t('root.label')}
            placeholder={t('root.placeholder')}
            allowClear
            showSearch
            treeNodeFilterProp="name"
            treeDefaultExpandAll={false}
            loading={departments.isLoading}
            treeData={departments.data ?? []}
            fieldNames={{ label: 'name', value: 'id', children: 'children' }}
            value={rootId}
            onChange={(value?: number) => setRootId(value ?? undefined)}
          />
          <Segmented<Orientation>
            aria-label={t('orient.label')}
            value={orient}
            onChange={setOrient}
            options={[
              { value: 'TB', label: t('orient.TB') },
              { value: 'LR', label: t('orient.LR') },
            ]}
          />
          <Space size={6}>
            <span>{t('depth.label')}</span>
            <Select<ExpandDepth>
              aria-label={t('depth.label')}
              value={depth}
              onChange={setDepth}
              style={{ width: 96 }}
              options={DEPTHS.map((value) => ({
                value,
                label: value < 0 ? t('depth.all') : t('depth.levels', { n: value }),
              }))}
            />
          </Space>
        </Flex>
        <Space wrap>
          <Tooltip title={t('zoom.in')}>
            <Button
              icon={<ZoomInOutlined />}
              aria-label={t('zoom.in')}
              disabled={scaleIndex === SCALES.length - 1}
              onClick={() => setScaleIndex((index) => Math.min(index + 1, SCALES.length - 1))}
            />
          </Tooltip>
          <Tooltip title={t('zoom.out')}>
            <Button
              icon={<ZoomOutOutlined />}
              aria-label={t('zoom.out')}
              disabled={scaleIndex === 0}
              onClick={() => setScaleIndex((index) => Math.max(index - 1, 0))}
            />
          </Tooltip>
          <Tooltip title={t('zoom.reset')}>
            <Button
              icon={<CompressOutlined />}
              aria-label={t('zoom.reset')}
              onClick={() => {
                setScaleIndex(NORMAL_SCALE);
                setResets((count) => count + 1);
              }}
            />
          </Tooltip>
          <Permission name="organization:chart:export">
            <Button
              type="primary"
              icon={<DownloadOutlined />}
              loading={exporting}
              disabled={!chart || !roots || empty}
              onClick={() => void exportPng()}
            >
              {t('export')}
            </Button>
          </Permission>
        </Space>
      </Flex>
      <Spin spinning={chartQueryResult.isFetching || !chart}>
        {empty ? <Empty description={t('empty')} /> : null}
        {/* The frame scrolls over a chart larger than itself, so it takes the keyboard's focus too. */}
        <div
          ref={frame}
          className={styles.frame}
          role="group"
          aria-label={t('chartLabel')}
          tabIndex={0}
          style={empty ? { display: 'none' } : undefined}
        >
          <div ref={host} />
        </div>
      </Spin>
    </Card>
  );
}
