import { useQuery } from '@tanstack/react-query';
import { Button, Card, Flex, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useListColumns, type ListColumn } from '../../components/list-columns';
import { ListTable } from '../../components/list-table';
import { useRowsPagination } from '../../components/pagination';
import { ExportAction, ListToolbar } from '../../components/list-toolbar';
import { usePhone } from '../../components/use-phone';
import { exportFilters, vacancyQuery, type VacancyAnswer, type VacancyRow } from './api';
import { DepartmentFilter, FilterRow } from './filters';
import { useFormulas } from './formulas';
import { HeatLegend } from './heat';
import { PostTreeCard } from './post-tree-card';
import { RateFigure } from './rate-figure';
import { StoreDrawer } from './store-drawer';
import { CellFigures, heatCell, VacancySummary } from './vacancy-figures';

/**
 * `/statistics/vacancy` (缺编分析): each store's posts, planned against held, coloured by vacancy rate, with
 * the stores', posts' and whole totals; a store opens to its posts' detail. Below, the department tree
 * with each node's plan.
 */
export function VacancyPage() {
  const { t } = useTranslation('statistics');
  const [departmentId, setDepartmentId] = useState<number | undefined>();
  const [store, setStore] = useState<VacancyRow | null>(null);
  const filters = { department_id: departmentId };
  const vacancy = useQuery(vacancyQuery(filters));
  const answer = vacancy.data;
  const columns = useGridColumns(answer, setStore);
  const phone = usePhone();
  const rowsPagination = useRowsPagination();

  return (
    <Flex vertical gap={12}>
      <Card
        title={t('vacancy.title')}
        extra={
          <ListToolbar>
            <ExportAction
              permission="statistics:vacancy:export"
              kind="statistics_vacancy"
              filters={exportFilters(filters)}
            >
              {t('export')}
            </ExportAction>
          </ListToolbar>
        }
      >
        <Flex vertical gap={12}>
          <FilterRow>
            <DepartmentFilter value={departmentId} onChange={setDepartmentId} />
          </FilterRow>
          {answer && answer.rows.length > 0 && <VacancySummary figures={answer} />}
          <HeatLegend />
          {phone ? (
            <ListTable<VacancyRow>
              rowKey="store_id"
              columns={columns}
              dataSource={answer?.rows ?? []}
              loading={vacancy.isFetching}
              locale={{ emptyText: vacancy.isPending ? ' ' : t('empty.plan') }}
            />
          ) : (
            // A grid of stores x posts, like the headcount plan's: it scrolls inside its frame, the store
            // column fixed, where a list would have to fit its columns to the page.
            <Table<VacancyRow>
              rowKey="store_id"
              size="small"
              bordered
              columns={[...columns.shown]}
              dataSource={answer?.rows ?? []}
              loading={vacancy.isFetching}
              locale={{ emptyText: vacancy.isPending ? ' ' : t('empty.plan') }}
              scroll={{ x: 'max-content' }}
              pagination={rowsPagination}
              summary={() => (answer && answer.rows.length > 0 ? <GridTotals answer={answer} /> : null)}
            />
          )}
        </Flex>
      </Card>
      <PostTreeCard departmentId={departmentId} />
      <StoreDrawer row={store} posts={answer?.posts ?? []} onClose={() => setStore(null)} />
    </Flex>
  );
}

function useGridColumns(answer: VacancyAnswer | undefined, onOpen: (row: VacancyRow) => void) {
  const { t } = useTranslation('statistics');
  const formulas = useFormulas();
  const total = (key: 'planned' | 'held' | 'vacancy', title: string): ListColumn<VacancyRow> => ({
    title,
    key,
    dataIndex: key,
    width: 70,
    align: 'right',
    card: 'field',
  });
  const columns: ListColumn<VacancyRow>[] = [
    {
      title: t('figures.store'),
      key: 'store',
      width: 170,
      fixed: 'left',
      card: 'title',
      render: (_value, row) => (
        <Flex vertical align="start">
          <Button
            type="link"
            size="small"
            style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'start' }}
            aria-label={t('vacancy.open', { name: row.store_name })}
            onClick={() => onOpen(row)}
          >
            {row.store_name}
          </Button>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {row.store_code} · {row.region_name}
          </Typography.Text>
        </Flex>
      ),
    },
    ...(answer?.posts ?? []).map((post, index): ListColumn<VacancyRow> => ({
      title: post.name,
      key: `post-${post.id}`,
      width: 90,
      align: 'center',
      onCell: (row) => heatCell(row.cells[index]!),
      render: (_value, row) => <CellFigures figures={row.cells[index]!} />,
    })),
    total('planned', t('figures.planned')),
    total('held', t('figures.held')),
    total('vacancy', t('figures.vacancy')),
    {
      title: t('figures.vacancyRate'),
      key: 'vacancy_rate',
      width: 90,
      align: 'right',
      card: 'field',
      onCell: heatCell,
      render: (_value, row) => <RateFigure figure={formulas.vacancy(row)} />,
    },
  ];
  return useListColumns<VacancyRow>('statisticsVacancy', columns);
}

/** The grid's last row: each post's total over the stores shown, then the whole. */
function GridTotals({ answer }: { answer: VacancyAnswer }) {
  const { t } = useTranslation('statistics');
  const formulas = useFormulas();
  return (
    <Table.Summary.Row>
      <Table.Summary.Cell index={0}>
        <Typography.Text strong>{t('figures.total')}</Typography.Text>
      </Table.Summary.Cell>
      {answer.totals.map((cell, index) => (
        <Table.Summary.Cell key={cell.post_id} index={index + 1} align="center" {...heatCell(cell)}>
          <CellFigures figures={cell} />
        </Table.Summary.Cell>
      ))}
      {(['planned', 'held', 'vacancy'] as const).map((key, offset) => (
        <Table.Summary.Cell key={key} index={answer.totals.length + 1 + offset} align="right">
          <Typography.Text strong>{answer[key]}</Typography.Text>
        </Table.Summary.Cell>
      ))}
      <Table.Summary.Cell index={answer.totals.length + 4} align="right" {...heatCell(answer)}>
        <RateFigure strong figure={formulas.vacancy(answer)} />
      </Table.Summary.Cell>
    </Table.Summary.Row>
  );
}
