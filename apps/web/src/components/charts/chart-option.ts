import type { BarSeriesOption, LineSeriesOption, PieSeriesOption } from 'echarts/charts';
import type { GridComponentOption, LegendComponentOption, TooltipComponentOption } from 'echarts/components';
import type { ComposeOption } from 'echarts/core';
import { numberFormatter } from '@dealer-hr/shared/number';

export type ChartOption = ComposeOption<
  | BarSeriesOption
  | LineSeriesOption
  | PieSeriesOption
  | GridComponentOption
  | LegendComponentOption
  | TooltipComponentOption
>;

/**
 * Series colours, each dark enough for 3:1 against the white background (WCAG's contrast for graphics), in
 * an order whose neighbours differ in lightness too, not only in hue.
 */
export const CHART_COLOURS = [
  '#1d5fbf',
  '#cf1322',
  '#237804',
  '#ad6800',
  '#531dab',
  '#006d75',
  '#9e1068',
  '#595959',
] as const;

/** One colour per figure on every chart: hires are green and leavers red wherever they are drawn. */
export const FIGURE_COLOURS = {
  headcount: CHART_COLOURS[0],
  leavers: CHART_COLOURS[1],
  hires: CHART_COLOURS[2],
  rate: CHART_COLOURS[3],
  voluntaryRate: CHART_COLOURS[4],
  newEmployeeRate: CHART_COLOURS[5],
} as const;

/** A rate (0.1234) as a percentage with two decimals (12.34%); '—' when there was nothing to divide by. */
export function formatPercent(rate: number | null | undefined): string {
  return rate === null || rate === undefined ? '—' : `${(rate * 100).toFixed(2)}%`;
}

const axisPercent = (value: number) => `${Number((value * 100).toFixed(1))}%`;
const axisCount = (value: number) => numberFormatter(value, 1);

/** One line or set of bars over the categories. */
export interface ChartSeries {
  name: string;
  kind: 'line' | 'bar';
  data: readonly (number | null)[];
  /** Rates (fractions), read against a percent axis: the right one when counts share the chart. */
  percent?: boolean;
  /**
   * A level (the headcount, hundreds) drawn beside flows (hires and leavers, a handful): read on an axis of
   * its own at the right, so that the flows' bars are not flattened against its scale.
   */
  level?: boolean;
  /** Bars of one stack sit on each other. */
  stack?: string;
  colour?: string;
}

/**
 * What a chart shows, without ECharts' vocabulary: series over categories (months, stores, bands), or the
 * slices of a whole. Names arrive translated; the chart adds none of its own.
 */
export type ChartSpec =
  | {
      type: 'cartesian';
      categories: readonly string[];
      series: readonly ChartSeries[];
      /** Categories down the side, for long names (reasons, destinations). */
      horizontal?: boolean;
    }
  | { type: 'pie'; items: readonly { name: string; value: number }[] };

/** Up to this many categories, every one is labelled (the age and tenure bands, a year's months). */
const EVERY_LABEL_UP_TO = 12;

/** Room for the labels of the axis inside it, for a third axis (the rates' beside a level's). */
const THIRD_AXIS_OFFSET = 48;

const tooltipBase = { confine: true } satisfies TooltipComponentOption;
const legend = { type: 'scroll', top: 0 } satisfies LegendComponentOption;

export function chartOption(spec: ChartSpec, { animation }: { animation: boolean }): ChartOption {
  const base = { animation, color: [...CHART_COLOURS] };
  if (spec.type === 'pie') {
    return {
      ...base,
      tooltip: { ...tooltipBase, trigger: 'item', formatter: '{b}: {c} ({d}%)' },
      legend: { ...legend, top: undefined, bottom: 0 },
      series: [
        {
          type: 'pie',
          radius: ['35%', '62%'],
          center: ['50%', '45%'],
          avoidLabelOverlap: true,
          label: { formatter: '{b}: {c}' },
          data: spec.items.map((item) => ({ ...item })),
        },
      ],
    };
  }
  const counts = spec.series.filter((series) => !series.percent && !series.level);
  const levels = spec.series.filter((series) => series.level);
  const rates = spec.series.filter((series) => series.percent);
  // Counts read on the left axis; a level and rates each on an axis of their own, on the right when counts
  // are drawn (the rates' outside the level's). The first axis drawn keeps its grid lines.
  const axisGroups = [counts, levels, rates].filter((group) => group.length > 0);
  const countAxis = { type: 'value' as const, minInterval: 1, axisLabel: { formatter: axisCount } };
  const valueAxes = axisGroups.map((group, index) => ({
    ...(group === rates ? { type: 'value' as const, axisLabel: { formatter: axisPercent } } : countAxis),
    splitLine: { show: index === 0 },
    // A third axis goes outside the second: on the right, or at the top of a chart laid on its side.
    ...(index === 2 && {
      position: spec.horizontal ? ('top' as const) : ('right' as const),
      offset: THIRD_AXIS_OFFSET,
    }),
  }));
  const axisIndex = (each: ChartSeries) => axisGroups.findIndex((group) => group.includes(each));
  const categoryAxis = {
    type: 'category' as const,
    data: [...spec.categories],
    inverse: spec.horizontal,
    // A dozen categories or fewer (bands, a year's months) each keep their label unless it would really
    // overlap its neighbour: ECharts' own spacing dropped every other age band's at 1366 px.
    axisLabel: { hideOverlap: true, ...(spec.categories.length <= EVERY_LABEL_UP_TO && { interval: 0 }) },
  };
  const series = spec.series.map((each): BarSeriesOption | LineSeriesOption => {
    const shared = {
      name: each.name,
      data: [...each.data],
      tooltip: {
        valueFormatter: (value: unknown) =>
          each.percent ? formatPercent(value as number | null) : String(value ?? '—'),
      },
      ...(each.colour ? { itemStyle: { color: each.colour } } : {}),
      ...(spec.horizontal ? { xAxisIndex: axisIndex(each) } : { yAxisIndex: axisIndex(each) }),
    };
    return each.kind === 'bar'
      ? { ...shared, type: 'bar', stack: each.stack, barMaxWidth: 28 }
      : { ...shared, type: 'line', symbolSize: 6, connectNulls: false, ...lineColour(each.colour) };
  });
  return {
    ...base,
    tooltip: { ...tooltipBase, trigger: 'axis' },
    legend,
    grid: { left: 8, right: 8, top: 36, bottom: 8 },
    ...(spec.horizontal
      ? { xAxis: valueAxes, yAxis: categoryAxis }
      : { xAxis: categoryAxis, yAxis: valueAxes }),
    series,
  };
}

const lineColour = (colour: string | undefined) => (colour ? { lineStyle: { color: colour } } : {});
