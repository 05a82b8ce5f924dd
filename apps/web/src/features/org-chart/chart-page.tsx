import { CompressOutlined, DownloadOutlined, ZoomInOutlined, ZoomOutOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Flex, Segmented, Select, Space, Spin, Tooltip, TreeSelect } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Permission } from '../../components/permission';
import { notifyError } from '../../lib/feedback';
import { chartQuery, departmentOptionsQuery, type ChartNode } from './api';
import { chartOption, SERIES_ID, type ExpandDepth, type Orientation } from './chart-option';
import { exportChartPng } from './export-png';
import { focusRoot } from './focus-root';
import { loadEcharts, type ChartInstance } from './load-echarts';
import styles from './organization-chart.module.css';

const ZOOM_STEP = 1.25;
const DEPTHS: ExpandDepth[] = [1, 2, 3, 4, 5, -1];
/** The size to draw at while the container has none yet (a hidden tab): the next resize corrects it. */
const FALLBACK_SIZE = { width: 960, height: 560 };

const sizeOf = (element: HTMLElement) => ({
  width: element.clientWidth || FALLBACK_SIZE.width,
  height: element.clientHeight || FALLBACK_SIZE.height,
});

/** `/organization/chart`: the read-only department tree with leaders and headcounts. */
export function OrganizationChartPage() {
  const { t } = useTranslation('orgChart');
  const [rootId, setRootId] = useState<number | undefined>();
  const [orient, setOrient] = useState<Orientation>('TB');
  // Group, regions and stores: the view a reader starts from.
  const [depth, setDepth] = useState<ExpandDepth>(3);
  const [exporting, setExporting] = useState(false);
  const chartQueryResult = useQuery(chartQuery(rootId));
  const departments = useQuery(departmentOptionsQuery());
  const roots = chartQueryResult.data;

  const container = useRef<HTMLDivElement>(null);
  const [chart, setChart] = useState<ChartInstance | null>(null);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let instance: ChartInstance | null = null;
    let cancelled = false;
    const observer = new ResizeObserver(() => instance?.resize(sizeOf(element)));
    void loadEcharts().then((echarts) => {
      if (cancelled) return;
      instance = echarts.init(element, null, { renderer: 'svg', ...sizeOf(element) });
      observer.observe(element);
      setChart(instance);
    });
    return () => {
      cancelled = true;
      observer.disconnect();
      instance?.dispose();
    };
  }, []);

  /** Draws the tree afresh: new data, orientation or depth, and the reset button. */
  const draw = useCallback(
    (nodes: readonly ChartNode[]) => {
      if (!chart) return;
      const option = chartOption({
        roots: nodes,
        orient,
        depth,
        width: chart.getWidth(),
        height: chart.getHeight(),
        t,
      });
      chart.setOption(option, { notMerge: true });
      focusRoot(chart, orient);
    },
    // `t` changes with the language, so a language switch redraws the translated labels.
    [chart, orient, depth, t],
  );

  useEffect(() => {
    if (roots) draw(roots);
  }, [roots, draw]);

  const zoom = (factor: number) =>
    chart?.dispatchAction({
      type: 'treeRoam',
      seriesId: SERIES_ID,
      zoom: factor,
      originX: chart.getWidth() / 2,
      originY: chart.getHeight() / 2,
    });

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
            <Button icon={<ZoomInOutlined />} aria-label={t('zoom.in')} onClick={() => zoom(ZOOM_STEP)} />
          </Tooltip>
          <Tooltip title={t('zoom.out')}>
            <Button
              icon={<ZoomOutOutlined />}
              aria-label={t('zoom.out')}
              onClick={() => zoom(1 / ZOOM_STEP)}
            />
          </Tooltip>
          <Tooltip title={t('zoom.reset')}>
            <Button
              icon={<CompressOutlined />}
              aria-label={t('zoom.reset')}
              onClick={() => roots && draw(roots)}
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
        <div
          ref={container}
          className={styles.chart}
          role="group"
          aria-label={t('chartLabel')}
          style={empty ? { display: 'none' } : undefined}
        />
      </Spin>
    </Card>
  );
}
