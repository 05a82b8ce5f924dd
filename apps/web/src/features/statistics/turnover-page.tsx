import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Flex, Segmented, Select, Switch } from 'antd';
import { useMemo, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import {
  GRANULARITIES,
  TURNOVER_DIMENSIONS,
  TURNOVER_FORMULAS,
  turnoverGroupRows,
  type TurnoverFormula,
} from '@dealer-hr/shared/statistics/rules';
import { FIGURE_COLOURS, type ChartSpec } from '../../components/charts/chart-option';
import { StatChart } from '../../components/charts/stat-chart';
import { useListColumns, type ListColumn } from '../../components/list-columns';
import { ListTable } from '../../components/list-table';
import { ExportAction, ListToolbar } from '../../components/list-toolbar';
import { usePhone } from '../../components/use-phone';
import {
  exportFilters,
  turnoverQuery,
  type TurnoverAnswer,
  type TurnoverFilters,
  type TurnoverRow,
} from './api';
import { DepartmentFilter, FilterRow, LabelledFilter, MonthRangeFilter } from './filters';
import { useFormulas } from './formulas';
import { yearToDate } from './period';
import { RateFigure } from './rate-figure';

/** A row of the table: a period's total, with its groups' rows below it when the rows are grouped. */
type Line = TurnoverRow & { key: string; group?: true; children?: Line[] };

const {
  hires: HIRES,
  leavers: LEAVERS,
  rate: RATE,
  voluntaryRate: VOLUNTARY,
  newEmployeeRate: NEW,
} = FIGURE_COLOURS;

/**
 * `/statistics/turnover` (离职率分析): hires, leavers and the turnover rates of each period of a range, for
 * the node or grouped by region, store, department or post. The chosen form (month-end or average
 * headcount) decides every rate shown and the formula quoted beside it.
 */
export function TurnoverPage() {
  const { t } = useTranslation('statistics');
  const phone = usePhone();
  const [filters, setFilters] = useState<TurnoverFilters>(() => ({
    ...yearToDate(),
    granularity: 'month',
    dimension: 'none',
    transfer_out: false,
  }));
  const [form, setForm] = useState<TurnoverFormula>('end');
  // A period's groups show unless the reader folds them: kept across answers, which a table's own
  // default expansion (read once, at its mount) would not be.
  const [folded, setFolded] = useState<ReadonlySet<string>>(new Set());
  const turnover = useQuery(turnoverQuery(filters));
  const change = (patch: Partial<TurnoverFilters>) => setFilters((current) => ({ ...current, ...patch }));
  const totals = turnover.data?.totals ?? [];
  const grouped = filters.dimension !== 'none' && turnover.data !== undefined;
  const columns = useTurnoverColumns(form, grouped, phone);
  const lines = useMemo(() => linesOf(turnover.data, grouped), [turnover.data, grouped]);
  // A phone lists every row as a card of its own, the period's total first. Grouped, it shows one period
  // at a time, the latest unless the reader picks another: a hundred stores' cards a period would bury
  // the later periods far down the page.
  const [phonePeriod, setPhonePeriod] = useState<string | null>(null);
  const onePeriod = phone && grouped && lines.length > 1;
  const shownLine = onePeriod
    ? (lines.find((line) => line.period === phonePeriod) ?? lines.at(-1))
    : undefined;
  const cards = (shownLine ? [shownLine] : lines).flatMap(({ children, ...total }) => [
    total,
    ...(children ?? []),
  ]);
  const noLeavers = totals.length > 0 && totals.every((total) => total.leavers === 0);

  return (
    <Card
      title={t('turnover.title')}
      extra={
        <ListToolbar>
          <ExportAction
            permission="statistics:turnover:export"
            kind="statistics_turnover"
            filters={exportFilters(filters)}
          >
            {t('export')}
          </ExportAction>
          {columns.setting}
        </ListToolbar>
      }
    >
      <Flex vertical gap={12}>
        <FilterRow>
          <DepartmentFilter value={filters.department_id} onChange={(id) => change({ department_id: id })} />
          <MonthRangeFilter value={filters} onChange={change} />
          <LabelledFilter label={t('filters.granularity')}>
            <Select
              aria-label={t('filters.granularity')}
              value={filters.granularity}
              onChange={(granularity) => change({ granularity })}
              options={GRANULARITIES.map((value) => ({ value, label: t(`granularities.${value}`) }))}
              style={{ width: 100 }}
            />
          </LabelledFilter>
          <LabelledFilter label={t('filters.dimension')}>
            <Select
              aria-label={t('filters.dimension')}
              value={filters.dimension}
              onChange={(dimension) => change({ dimension })}
              options={TURNOVER_DIMENSIONS.map((value) => ({ value, label: t(`dimensions.${value}`) }))}
              style={{ width: 110 }}
            />
          </LabelledFilter>
          <LabelledFilter label={t('filters.transferOut')}>
            <Switch
              aria-label={t('filters.transferOut')}
              checked={filters.transfer_out}
              onChange={(checked) => change({ transfer_out: checked })}
            />
          </LabelledFilter>
          <LabelledFilter label={t('filters.formula')}>
            <Segmented<TurnoverFormula>
              aria-label={t('filters.formula')}
              value={form}
              onChange={setForm}
              options={TURNOVER_FORMULAS.map((value) => ({ value, label: t(`formulaNames.${value}`) }))}
            />
          </LabelledFilter>
        </FilterRow>
        {noLeavers && <Alert type="info" showIcon title={t('empty.noLeavers')} />}
        {totals.length > 0 && <StatChart spec={turnoverChart(totals, form, t)} label={t('turnover.chart')} />}
        {shownLine && (
          <LabelledFilter label={t('figures.period')}>
            <Select
              aria-label={t('figures.period')}
              value={shownLine.period}
              onChange={setPhonePeriod}
              options={lines.map((line) => ({ value: line.period, label: line.period }))}
              style={{ width: 140 }}
            />
          </LabelledFilter>
        )}
        <ListTable<Line>
          rowKey="key"
          columns={columns}
          dataSource={phone ? cards : lines}
          loading={turnover.isFetching}
          expandable={{
            expandedRowKeys: lines.filter((line) => !folded.has(line.key)).map((line) => line.key),
            onExpand: (open, line) =>
              setFolded((current) => {
                const next = new Set(current);
                if (open) next.delete(line.key);
                else next.add(line.key);
                return next;
              }),
          }}
          locale={{ emptyText: turnover.isPending ? ' ' : t('empty.turnover') }}
        />
      </Flex>
    </Card>
  );
}

/** Each period's total, with its groups' rows (their rates computed here from their counts) below it. */
function linesOf(answer: TurnoverAnswer | undefined, grouped: boolean): Line[] {
  if (!answer) return [];
  const byPeriod = grouped ? turnoverGroupRows(answer.periods, answer.groups) : [];
  return answer.totals.map((total, index) => {
    const groups = byPeriod[index] ?? [];
    return {
      ...total,
      key: total.period,
      children:
        groups.length > 0
          ? groups.map((row) => ({ ...row, key: `${row.period}|${row.group_id}`, group: true }))
          : undefined,
    };
  });
}

function turnoverChart(
  totals: readonly TurnoverRow[],
  form: TurnoverFormula,
  t: TFunction<'statistics'>,
): ChartSpec {
  const average = form === 'average';
  return {
    type: 'cartesian',
    categories: totals.map((row) => row.period),
    series: [
      { name: t('figures.hires'), kind: 'bar', colour: HIRES, data: totals.map((row) => row.hires) },
      { name: t('figures.leavers'), kind: 'bar', colour: LEAVERS, data: totals.map((row) => row.leavers) },
      {
        name: t(average ? 'figures.rateAverage' : 'figures.rateEnd'),
        kind: 'line',
        percent: true,
        colour: RATE,
        data: totals.map((row) => (average ? row.rate_average : row.rate_end)),
      },
      {
        name: t(average ? 'figures.voluntaryRateAverage' : 'figures.voluntaryRateEnd'),
        kind: 'line',
        percent: true,
        colour: VOLUNTARY,
        data: totals.map((row) => (average ? row.voluntary_rate_average : row.voluntary_rate_end)),
      },
      {
        name: t('figures.newEmployeeRate'),
        kind: 'line',
        percent: true,
        colour: NEW,
        data: totals.map((row) => row.new_employee_rate),
      },
    ],
  };
}

function useTurnoverColumns(form: TurnoverFormula, grouped: boolean, phone: boolean) {
  const { t } = useTranslation('statistics');
  const formulas = useFormulas();
  const average = form === 'average';
  const count = (
    key: keyof TurnoverRow,
    title: string,
    width: number,
    extra: Partial<ListColumn<Line>> = {},
  ): ListColumn<Line> => ({
    title: t(`figures.${title}`),
    key,
    dataIndex: key,
    width,
    align: 'right',
    ...extra,
  });
  const columns: ListColumn<Line>[] = [
    {
      // Grouped, a period's total leads its groups' rows, which are named by their group.
      title: t(grouped ? 'figures.periodGroup' : 'figures.period'),
      key: 'period',
      width: grouped ? 190 : 100,
      card: 'title',
      render: (_value, row) =>
        row.group ? (phone ? `${row.period} · ${row.group_name}` : row.group_name) : row.period,
    },
    count('headcount_start', 'headcountStart', 80),
    count('headcount_end', 'headcountEnd', 80),
    count('hires', 'hires', 70),
    count('leavers', 'leavers', 70, { card: 'field' }),
    count('voluntary_leavers', 'voluntaryLeavers', 90, { choice: 'optional' }),
    count('new_leavers', 'newLeavers', 100, { choice: 'optional' }),
    count('average_headcount', 'averageHeadcount', 90, { choice: 'optional' }),
    {
      title: t(average ? 'figures.rateAverage' : 'figures.rateEnd'),
      key: 'rate',
      width: 130,
      align: 'right',
      card: 'field',
      render: (_value, row) => <RateFigure strong figure={formulas.turnover(row, form)} />,
    },
    {
      title: t(average ? 'figures.voluntaryRateAverage' : 'figures.voluntaryRateEnd'),
      key: 'voluntary_rate',
      width: 140,
      align: 'right',
      card: 'field',
      render: (_value, row) => <RateFigure figure={formulas.voluntary(row, form)} />,
    },
    {
      title: t('figures.newEmployeeRate'),
      key: 'new_employee_rate',
      width: 110,
      align: 'right',
      render: (_value, row) => <RateFigure figure={formulas.newEmployee(row)} />,
    },
  ];
  return useListColumns<Line>('statisticsTurnover', columns);
}
