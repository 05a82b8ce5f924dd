import { Table } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ChartPanel } from './chart-panel';

interface MonthSeries {
  key: string;
  name: string;
  colour?: string;
  data: readonly number[];
}

interface MonthPanelProps {
  title: string;
  months: readonly string[];
  series: readonly MonthSeries[];
  /** Why there is nothing to show, when every count is 0. */
  empty: string;
  loading?: boolean;
  tools?: ReactNode;
  summary?: ReactNode;
}

/** Counts by month (leavers, transfers, hires against leavers...): bars, and a table of a row per month. */
export function MonthPanel({ title, months, series, empty, loading, tools, summary }: MonthPanelProps) {
  const { t } = useTranslation('statistics');
  const nothing = series.every((each) => each.data.every((count) => count === 0));
  const rows = months.map((month, index) => ({
    month,
    ...Object.fromEntries(series.map((each) => [each.key, each.data[index] ?? 0])),
  }));
  return (
    <ChartPanel
      title={title}
      loading={loading}
      tools={tools}
      summary={summary}
      empty={!loading && nothing && empty}
      chart={{
        type: 'cartesian',
        categories: months,
        series: series.map((each) => ({
          name: each.name,
          kind: 'bar',
          colour: each.colour,
          data: each.data,
        })),
      }}
      table={
        <Table
          size="small"
          rowKey="month"
          pagination={false}
          dataSource={rows}
          columns={[
            { title: t('figures.month'), dataIndex: 'month', key: 'month' },
            ...series.map((each) => ({
              title: each.name,
              dataIndex: each.key,
              key: each.key,
              align: 'right' as const,
            })),
          ]}
        />
      }
    />
  );
}
