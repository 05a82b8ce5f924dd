import { BarChartOutlined, TableOutlined } from '@ant-design/icons';
import { Card, Empty, Flex, Segmented, Spin } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChartSpec } from '../../components/charts/chart-option';
import { StatChart } from '../../components/charts/stat-chart';

type View = 'chart' | 'table';

interface ChartPanelProps {
  title: string;
  chart: ChartSpec;
  /** The chart's figures as a table: the other view, and what a screen reader or a copy reads. */
  table: ReactNode;
  /** Why there is nothing to show (no leavers in the period...); the chart and table otherwise. */
  empty?: string | false;
  loading?: boolean;
  /** Controls of the panel's own (a year, the export), before the view switch. */
  tools?: ReactNode;
  /** A line above the figures: what they add up to. */
  summary?: ReactNode;
  height?: number;
}

/** A card of one figure: its chart or, switched, its table; or the reason there is none. */
export function ChartPanel({ title, chart, table, empty, loading, tools, summary, height }: ChartPanelProps) {
  const { t } = useTranslation('statistics');
  const [view, setView] = useState<View>('chart');
  return (
    <Card size="small" title={title} styles={{ body: { minHeight: 120 } }}>
      <Flex vertical gap={8}>
        <Flex wrap gap={8} justify="space-between" align="center">
          <div>{summary}</div>
          <Flex wrap gap={8} align="center">
            {tools}
            <Segmented<View>
              size="small"
              aria-label={t('view.label', { title })}
              value={view}
              onChange={setView}
              options={[
                { value: 'chart', label: t('view.chart'), icon: <BarChartOutlined /> },
                { value: 'table', label: t('view.table'), icon: <TableOutlined /> },
              ]}
            />
          </Flex>
        </Flex>
        <Spin spinning={Boolean(loading)}>
          {empty ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />
          ) : view === 'chart' ? (
            <StatChart spec={chart} label={title} height={height} />
          ) : (
            table
          )}
        </Spin>
      </Flex>
    </Card>
  );
}
