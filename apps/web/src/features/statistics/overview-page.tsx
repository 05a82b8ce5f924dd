import { useQuery } from '@tanstack/react-query';
import { Card, Col, Flex, Row, Segmented, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { POLYLINE_SPANS } from '@dealer-hr/shared/statistics/rules';
import { FIGURE_COLOURS, formatPercent, type ChartSpec } from '../../components/charts/chart-option';
import { FigureCard } from '../../components/figure-card';
import { ExportAction } from '../../components/list-toolbar';
import { exportFilters, polylineQuery, vacancyQuery, yearQuery, type PolylinePoint } from './api';
import { ChartPanel } from './chart-panel';
import { MonthPanel } from './month-panel';
import { DepartmentFilter, FilterRow, LabelledFilter, MonthFilter, YearFilter } from './filters';
import { useFormulas } from './formulas';
import { MONTH_FORMAT, thisMonth } from './period';
import { RateFigure } from './rate-figure';

const EXPORT = 'statistics:overview:export';
const { headcount: HEADCOUNT, hires: HIRES, leavers: LEAVERS, rate: RATE } = FIGURE_COLOURS;

/**
 * `/statistics/overview` (人力概览): the chosen month's headline figures (headcount at its end, hires,
 * leavers, turnover and vacancy rates), the trend of the 12 or 24 months up to it, and a year's hires
 * against its leavers month by month.
 */
export function OverviewPage() {
  const { t } = useTranslation('statistics');
  const formulas = useFormulas();
  const [departmentId, setDepartmentId] = useState<number | undefined>();
  const [end, setEnd] = useState(thisMonth);
  const [months, setMonths] = useState<number>(POLYLINE_SPANS[0]);
  const [year, setYear] = useState(() => dayjs().year());
  const trendFilters = { department_id: departmentId, end, months };
  const trend = useQuery(polylineQuery(trendFilters));
  const vacancy = useQuery(vacancyQuery({ department_id: departmentId }));
  const yearFilters = { department_id: departmentId, year };
  const yearView = useQuery(yearQuery(yearFilters));
  const points = trend.data?.points ?? [];
  const yearMonths = yearView.data?.months ?? [];
  const last = points.at(-1);
  const figures = [
    {
      key: 'headcount',
      title: t('overview.headcount'),
      value: last?.headcount ?? '—',
      note: <Typography.Text type="secondary">{t('overview.atEndOf', { month: end })}</Typography.Text>,
    },
    { key: 'hires', title: t('overview.hires'), value: last?.hires ?? '—' },
    { key: 'leavers', title: t('overview.leavers'), value: last?.leavers ?? '—' },
    {
      key: 'rate',
      title: t('overview.rate'),
      value: last ? (
        <RateFigure figure={formulas.monthEnd(last.leavers, last.headcount, last.rate_end)} />
      ) : (
        '—'
      ),
    },
    {
      key: 'vacancy',
      title: t('overview.vacancyRate'),
      value: vacancy.data ? <RateFigure figure={formulas.vacancy(vacancy.data)} /> : '—',
      note: vacancy.data && (
        <Typography.Text type="secondary">
          {t('overview.vacancyOf', { vacancy: vacancy.data.vacancy, planned: vacancy.data.planned })}
        </Typography.Text>
      ),
    },
  ];

  return (
    <Flex vertical gap={12}>
      <Card size="small">
        <FilterRow>
          <DepartmentFilter value={departmentId} onChange={setDepartmentId} />
          <MonthFilter
            label={t('filters.month')}
            value={end}
            onChange={(month) => {
              setEnd(month);
              setYear(dayjs(month, MONTH_FORMAT).year());
            }}
          />
        </FilterRow>
      </Card>
      <Row gutter={[12, 12]}>
        {figures.map((figure) => (
          <Col key={figure.key} xs={12} md={8} xl={{ flex: '20%' }}>
            <FigureCard {...figure} />
          </Col>
        ))}
      </Row>
      <ChartPanel
        title={t('overview.trend')}
        loading={trend.isFetching}
        empty={!trend.isPending && points.length === 0 && t('empty.trend')}
        tools={
          <>
            <LabelledFilter label={t('filters.span')}>
              <Segmented<number>
                size="small"
                aria-label={t('filters.span')}
                value={months}
                onChange={setMonths}
                options={POLYLINE_SPANS.map((span) => ({ value: span, label: t('spans', { count: span }) }))}
              />
            </LabelledFilter>
            <ExportAction
              permission={EXPORT}
              kind="statistics_polyline"
              filters={exportFilters(trendFilters)}
            >
              {t('export')}
            </ExportAction>
          </>
        }
        chart={trendChart(points, t)}
        table={<TrendTable points={points} />}
      />
      <MonthPanel
        title={t('overview.year', { year })}
        loading={yearView.isFetching}
        empty={t('empty.year', { year })}
        months={yearMonths.map((month) => month.month)}
        series={[
          { key: 'hires', name: t('figures.hires'), colour: HIRES, data: yearMonths.map((m) => m.hires) },
          {
            key: 'leavers',
            name: t('figures.leavers'),
            colour: LEAVERS,
            data: yearMonths.map((m) => m.leavers),
          },
        ]}
        summary={
          yearView.data && (
            <Typography.Text type="secondary">
              {t('overview.yearTotals', { hires: yearView.data.hires, leavers: yearView.data.leavers })}
            </Typography.Text>
          )
        }
        tools={
          <>
            <YearFilter value={year} onChange={setYear} />
            <ExportAction permission={EXPORT} kind="statistics_year" filters={exportFilters(yearFilters)}>
              {t('export')}
            </ExportAction>
          </>
        }
      />
    </Flex>
  );
}

/** The months' hires and leavers, their headcount and their turnover rate (month-end form), each on its own axis. */
function trendChart(points: readonly PolylinePoint[], t: TFunction<'statistics'>): ChartSpec {
  return {
    type: 'cartesian',
    categories: points.map((point) => point.month),
    series: [
      {
        name: t('figures.headcount'),
        kind: 'line',
        level: true,
        colour: HEADCOUNT,
        data: points.map((p) => p.headcount),
      },
      { name: t('figures.hires'), kind: 'bar', colour: HIRES, data: points.map((p) => p.hires) },
      { name: t('figures.leavers'), kind: 'bar', colour: LEAVERS, data: points.map((p) => p.leavers) },
      {
        name: t('figures.rateEnd'),
        kind: 'line',
        colour: RATE,
        percent: true,
        data: points.map((p) => p.rate_end),
      },
    ],
  };
}

function TrendTable({ points }: { points: readonly PolylinePoint[] }) {
  const { t } = useTranslation('statistics');
  return (
    <Table
      size="small"
      rowKey="month"
      pagination={false}
      dataSource={[...points]}
      scroll={{ x: 'max-content' }}
      columns={[
        { title: t('figures.month'), dataIndex: 'month', key: 'month' },
        { title: t('figures.headcount'), dataIndex: 'headcount', key: 'headcount', align: 'right' },
        { title: t('figures.hires'), dataIndex: 'hires', key: 'hires', align: 'right' },
        { title: t('figures.leavers'), dataIndex: 'leavers', key: 'leavers', align: 'right' },
        {
          title: t('figures.rateEnd'),
          dataIndex: 'rate_end',
          key: 'rate_end',
          align: 'right',
          render: (rate: number | null) => formatPercent(rate),
        },
        {
          title: t('figures.rateAverage'),
          dataIndex: 'rate_average',
          key: 'rate_average',
          align: 'right',
          render: (rate: number | null) => formatPercent(rate),
        },
      ]}
    />
  );
}
