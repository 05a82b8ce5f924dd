import { Table, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPercent } from '../../components/charts/chart-option';
import type { ChartSpec } from '../../components/charts/chart-option';
import { UNKNOWN_KEY } from '@dealer-hr/shared/statistics/rules';
import { useDictionaryLabel } from '../../components/dictionary-select';
import type { CountItem } from './api';
import { ChartPanel } from './chart-panel';

/**
 * The key groups the web names itself. A dictionary's items (a reason, an education: keyed by item id) are
 * named as the dictionary names them in the reader's language; anything else as the server named it.
 */
export type ItemGroup = 'resignTypes' | 'tenure' | 'age' | 'sex' | 'prohibitedSources';

/** Whose words name a panel's items: the web's own (`group`), or a dictionary type's (`dictionary`). */
export interface ItemNaming {
  group?: ItemGroup;
  /** A `DictType` id. */
  dictionary?: number;
}

/** An item's name: the translation of its key in `group`, or its dictionary item's, else the server's. */
export function useItemName({ group, dictionary }: ItemNaming = {}): (item: CountItem) => string {
  const { t } = useTranslation('statistics');
  const dictionaryLabel = useDictionaryLabel(dictionary === undefined ? NO_TYPES : [dictionary]);
  return (item) => {
    if (group) return t(`items.${group}.${item.key}`, { defaultValue: item.name });
    if (item.key === UNKNOWN_KEY) return t('items.unknown', { defaultValue: item.name });
    if (dictionary !== undefined)
      return dictionaryLabel(dictionary, Number(item.key), item.name) ?? item.name;
    return item.name;
  };
}

const NO_TYPES: readonly number[] = [];

interface CountPanelProps extends ItemNaming {
  title: string;
  items: readonly CountItem[] | undefined;
  /** Slices of a whole, or bars (down the side for long names). */
  shape: 'pie' | 'bars' | 'sideBars';
  /** Why there is nothing to show, when every count is 0. */
  empty: string;
  loading?: boolean;
  tools?: ReactNode;
}

/** One breakdown (by reason, by sex, by age band...): its chart, and a table of counts and shares. */
export function CountPanel({
  title,
  items = [],
  group,
  dictionary,
  shape,
  empty,
  loading,
  tools,
}: CountPanelProps) {
  const { t } = useTranslation('statistics');
  const nameOf = useItemName({ group, dictionary });
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
