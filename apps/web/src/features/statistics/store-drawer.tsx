import { Drawer, Flex, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePhone } from '../../components/use-phone';
import type { VacancyAnswer, VacancyRow } from './api';
import { useFormulas } from './formulas';
import { RateFigure } from './rate-figure';
import { heatCell, VacancySummary, type VacancyFigures } from './vacancy-figures';

/** A store's posts in detail: the drill from its row of the grid. */
export function StoreDrawer({
  row,
  posts,
  onClose,
}: {
  row: VacancyRow | null;
  posts: VacancyAnswer['posts'];
  onClose(): void;
}) {
  const { t } = useTranslation('statistics');
  const phone = usePhone();
  const formulas = useFormulas();
  const lines = (row?.cells ?? [])
    .map((cell) => ({ ...cell, name: posts.find((post) => post.id === cell.post_id)?.name ?? '' }))
    .filter((cell) => cell.planned > 0 || cell.held > 0);
  const count = (key: keyof VacancyFigures, title: string) => ({
    title,
    key,
    dataIndex: key,
    align: 'right' as const,
  });
  return (
    <Drawer open={row !== null} onClose={onClose} title={row?.store_name} size={phone ? '100%' : 680}>
      {row && (
        <Flex vertical gap={12}>
          <Typography.Text type="secondary">
            {row.store_code} · {row.region_name}
          </Typography.Text>
          <VacancySummary figures={row} />
          <Table
            size="small"
            rowKey="post_id"
            pagination={false}
            dataSource={lines}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: t('empty.storePlan') }}
            columns={[
              { title: t('figures.post'), dataIndex: 'name', key: 'name' },
              count('planned', t('figures.planned')),
              count('held', t('figures.held')),
              count('vacancy', t('figures.vacancy')),
              count('over', t('figures.over')),
              {
                title: t('figures.vacancyRate'),
                key: 'vacancy_rate',
                align: 'right',
                onCell: heatCell,
                render: (_value, cell) => <RateFigure figure={formulas.vacancy(cell)} />,
              },
              {
                title: t('figures.fillRate'),
                key: 'fill_rate',
                align: 'right',
                render: (_value, cell) => <RateFigure figure={formulas.fill(cell)} />,
              },
            ]}
          />
        </Flex>
      )}
    </Drawer>
  );
}
