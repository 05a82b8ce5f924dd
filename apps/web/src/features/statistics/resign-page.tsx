import { useQuery } from '@tanstack/react-query';
import { Card, Col, Flex, Row, Table, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CHART_COLOURS, FIGURE_COLOURS } from '../../components/charts/chart-option';
import { ExportAction } from '../../components/list-toolbar';
import {
  exportFilters,
  prohibitedQuery,
  resignQuery,
  transferQuery,
  type PeriodFilters,
  type TransferAnswer,
} from './api';
import { DictType } from '@dealer-hr/shared/dictionary-types';
import { CountPanel } from './count-panel';
import { DepartmentFilter, FilterRow, MonthRangeFilter } from './filters';
import { MonthPanel } from './month-panel';
import { yearToDate } from './period';

const EXPORT = 'statistics:resign:export';

/**
 * `/statistics/resign` (离职分析, "离职与流动"): the leavers of a period by reason, destination, type, length
 * of service and month; the transfers (by type, between stores, by month); and the prohibited list's
 * additions and lifts (the group's, whatever the department).
 */
export function ResignPage() {
  const { t } = useTranslation('statistics');
  const [filters, setFilters] = useState<PeriodFilters>(yearToDate);
  return (
    <Flex vertical gap={12}>
      <Card size="small" title={t('resign.pageTitle')}>
        <FilterRow>
          <DepartmentFilter
            value={filters.department_id}
            onChange={(id) => setFilters((current) => ({ ...current, department_id: id }))}
          />
          <MonthRangeFilter
            value={filters}
            onChange={(range) => setFilters((current) => ({ ...current, ...range }))}
          />
        </FilterRow>
      </Card>
      <LeaversSection filters={filters} />
      <TransfersSection filters={filters} />
      <ProhibitedSection filters={filters} />
    </Flex>
  );
}

/** A section of the page: its title, what it adds up to, its export, and its panels two to a row. */
function Section({
  title,
  summary,
  exporting,
  children,
}: {
  title: string;
  summary?: ReactNode;
  exporting: ReactNode;
  children: ReactNode[];
}) {
  return (
    <Card title={title} extra={exporting}>
      <Flex vertical gap={12}>
        {summary && <Typography.Text>{summary}</Typography.Text>}
        <Row gutter={[12, 12]}>
          {children.map((child, index) => (
            <Col key={index} xs={24} xl={12}>
              {child}
            </Col>
          ))}
        </Row>
      </Flex>
    </Card>
  );
}

function LeaversSection({ filters }: { filters: PeriodFilters }) {
  const { t } = useTranslation('statistics');
  const resign = useQuery(resignQuery(filters));
  const answer = resign.data;
  // Every panel of the section says the same when the period has none.
  const state = { empty: t('empty.leavers'), loading: resign.isFetching };
  return (
    <Section
      title={t('resign.leavers')}
      summary={answer && t('resign.total', { count: answer.total })}
      exporting={
        <ExportAction permission={EXPORT} kind="statistics_resign" filters={exportFilters(filters)}>
          {t('export')}
        </ExportAction>
      }
    >
      <CountPanel
        title={t('resign.byReason')}
        items={answer?.by_reason}
        dictionary={DictType.LEAVING_REASON}
        shape="sideBars"
        {...state}
      />
      <CountPanel
        title={t('resign.byDestination')}
        items={answer?.by_destination}
        dictionary={DictType.LEAVING_DESTINATION}
        shape="sideBars"
        {...state}
      />
      <CountPanel
        title={t('resign.byType')}
        items={answer?.by_type}
        group="resignTypes"
        shape="pie"
        {...state}
      />
      <CountPanel
        title={t('resign.byTenure')}
        items={answer?.by_tenure}
        group="tenure"
        shape="bars"
        {...state}
      />
      <MonthPanel
        title={t('resign.byMonth')}
        months={answer?.by_month.map((month) => month.month) ?? []}
        series={[
          {
            key: 'count',
            name: t('figures.leavers'),
            colour: FIGURE_COLOURS.leavers,
            data: answer?.by_month.map((month) => month.count) ?? [],
          },
        ]}
        {...state}
      />
    </Section>
  );
}

function TransfersSection({ filters }: { filters: PeriodFilters }) {
  const { t } = useTranslation('statistics');
  const transfers = useQuery(transferQuery(filters));
  const answer = transfers.data;
  const state = { empty: t('empty.transfers'), loading: transfers.isFetching };
  return (
    <Section
      title={t('resign.transfers')}
      summary={answer && t('resign.transferTotal', { count: answer.total })}
      exporting={
        <ExportAction permission={EXPORT} kind="statistics_transfer" filters={exportFilters(filters)}>
          {t('export')}
        </ExportAction>
      }
    >
      <CountPanel
        title={t('resign.transferByType')}
        items={answer?.by_type}
        dictionary={DictType.TRANSFER_TYPE}
        shape="pie"
        {...state}
      />
      <MonthPanel
        title={t('resign.transferByMonth')}
        months={answer?.by_month.map((month) => month.month) ?? []}
        series={[
          {
            key: 'count',
            name: t('figures.transfers'),
            data: answer?.by_month.map((month) => month.count) ?? [],
          },
        ]}
        {...state}
      />
      <StorePairs pairs={answer?.between_stores ?? []} loading={state.loading} />
    </Section>
  );
}

/** The most frequent moves from one store to another: a table, as a chart of pairs reads badly. */
function StorePairs({ pairs, loading }: { pairs: TransferAnswer['between_stores']; loading: boolean }) {
  const { t } = useTranslation('statistics');
  return (
    <Card size="small" title={t('resign.betweenStores')}>
      <Table
        size="small"
        pagination={false}
        loading={loading}
        rowKey={(pair) => `${pair.from_store_id}-${pair.to_store_id}`}
        dataSource={pairs}
        locale={{ emptyText: t('empty.storeMoves') }}
        columns={[
          { title: t('resign.fromStore'), dataIndex: 'from_store_name', key: 'from' },
          { title: t('resign.toStore'), dataIndex: 'to_store_name', key: 'to' },
          { title: t('figures.count'), dataIndex: 'count', key: 'count', align: 'right', width: 70 },
        ]}
      />
    </Card>
  );
}

function ProhibitedSection({ filters }: { filters: PeriodFilters }) {
  const { t } = useTranslation('statistics');
  // The prohibited list is the group's: it is not cut by department.
  const period = { start: filters.start, end: filters.end };
  const prohibited = useQuery(prohibitedQuery(period));
  const answer = prohibited.data;
  const state = { empty: t('empty.prohibited'), loading: prohibited.isFetching };
  const months = answer?.by_month ?? [];
  return (
    <Section
      title={t('resign.prohibited')}
      summary={answer && t('resign.prohibitedTotals', { added: answer.added, lifted: answer.lifted })}
      exporting={
        <ExportAction permission={EXPORT} kind="statistics_prohibited" filters={exportFilters(period)}>
          {t('export')}
        </ExportAction>
      }
    >
      <MonthPanel
        title={t('resign.prohibitedByMonth')}
        months={months.map((month) => month.month)}
        series={[
          {
            key: 'added',
            name: t('figures.added'),
            colour: CHART_COLOURS[1],
            data: months.map((month) => month.added),
          },
          {
            key: 'lifted',
            name: t('figures.lifted'),
            colour: CHART_COLOURS[2],
            data: months.map((month) => month.lifted),
          },
        ]}
        {...state}
      />
      <CountPanel
        title={t('resign.prohibitedBySource')}
        items={answer?.by_source}
        group="prohibitedSources"
        shape="pie"
        {...state}
      />
    </Section>
  );
}
