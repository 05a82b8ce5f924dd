import { Table, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPercent } from '../../components/charts/chart-option';
import type { ChartSpec } from '../../components/charts/chart-option';
import type { CountItem } from './api';
import { ChartPanel } from './chart-panel';

/**
 * The key groups the web names itself; any other item (a dictionary's: a reason, an education) is named by
 * the server, in the dictionary's words.
 */
export type ItemGroup = 'resignTypes' | 'tenure' | 'age' | 'sex' | 'prohibitedSources';

/** An item's name: the translation of its key in `group`, else the name the server gave it. */
export function useItemName(group?: ItemGroup): (item: CountItem) => string {
  const { t } = useTranslation('statistics');
  return (item) => (group ? t(`items.${group}.${item.key}`, { defaultValue: item.name }) : item.name);
}

interface CountPanelProps {
  title: string;
  items: readonly CountItem[] | undefined;
  group?: ItemGroup;
  /** Slices of a whole, or bars (down the side for long names). */
  shape: 'pie' | 'bars' | 'sideBars';
  /** Why there is nothing to show, when every count is 0. */
  empty: string;
  loading?: boolean;
  tools?: ReactNode;
}

/** One breakdown (by reason, by sex, by age band...): its chart, and a table of counts and shares. */
export function CountPanel({ title, items = [], group, shape, empty, loading, tools }: CountPanelProps) {
  const { t } = useTranslation('statistics');
  const nameOf = useItemName(group);
  const total = items.reduce((sum, item) => sum + item.count, 0);
  const named = items.map((item) => ({ key: item.key, name: nameOf(item), count: item.count }));
  const chart: ChartSpec =
    shape === 'pie'
      ? { type: 'pie', items: named.map((item) => ({ name: item.name, value: item.count })) }
      : {
          type: 'cartesian',
          horizontal: shape === 'sideBars',
          categories: named.map((item) => item.name),
          series: [{ name: t('figures.count'), kind: 'bar', data: named.map((item) => item.count) }],
        };
  return (
    <ChartPanel
      title={title}
      chart={chart}
      loading={loading}
      tools={tools}
      empty={!loading && total === 0 && empty}
      summary={<Typography.Text type="secondary">{t('figures.totalOf', { count: total })}</Typography.Text>}
      height={shape === 'sideBars' ? Math.max(200, 60 + named.length * 28) : undefined}
      table={
        <Table
          size="small"
          rowKey="key"
          pagination={false}
          dataSource={named}
          columns={[
            { title: t('figures.item'), dataIndex: 'name', key: 'name' },
            { title: t('figures.count'), dataIndex: 'count', key: 'count', align: 'right', width: 80 },
            {
              title: t('figures.share'),
              key: 'share',
              align: 'right',
              width: 90,
              render: (_value, item) => formatPercent(total > 0 ? item.count / total : null),
            },
          ]}
        />
      }
    />
  );
}
