import { describe, expect, it } from 'vitest';
import { chartOption, formatPercent } from './chart-option';

const axes = (value: unknown) =>
  [value].flat() as { axisLabel?: { formatter?: (value: number) => string } }[];

describe('chartOption', () => {
  it('reads rates on their own axis beside counts, as percentages', () => {
    const option = chartOption(
      {
        type: 'cartesian',
        categories: ['2026-01', '2026-02'],
        series: [
          { name: '离职人数', kind: 'bar', data: [3, 1200] },
          { name: '离职率', kind: 'line', percent: true, data: [0.1, null] },
        ],
      },
      { animation: false },
    );
    const [counts, rates] = axes(option.yAxis);
    expect(counts!.axisLabel!.formatter!(1200)).toBe('1.2k');
    expect(rates!.axisLabel!.formatter!(0.125)).toBe('12.5%');
    const series = option.series as {
      yAxisIndex: number;
      tooltip: { valueFormatter(value: unknown): string };
    }[];
    expect(series.map((each) => each.yAxisIndex)).toEqual([0, 1]);
    expect(series[1]!.tooltip.valueFormatter(null)).toBe('—');
    expect(series[1]!.tooltip.valueFormatter(0.1)).toBe('10.00%');
  });

  it('reads a level on an axis of its own, so that the flows beside it keep their scale', () => {
    const option = chartOption(
      {
        type: 'cartesian',
        categories: ['2026-01', '2026-02'],
        series: [
          { name: '入职人数', kind: 'bar', data: [6, 4] },
          { name: '在职人数', kind: 'line', level: true, data: [555, 557] },
          { name: '离职率', kind: 'line', percent: true, data: [0, 0.0036] },
        ],
      },
      { animation: false },
    );
    const [flows, level, rates] = axes(option.yAxis) as Record<string, unknown>[];
    expect(flows).toMatchObject({ splitLine: { show: true } });
    expect(level).toMatchObject({ splitLine: { show: false } });
    expect(level).not.toHaveProperty('offset');
    // The rates' axis outside the level's, both at the right.
    expect(rates).toMatchObject({ position: 'right', offset: 48 });
    expect((option.series as { yAxisIndex: number }[]).map((each) => each.yAxisIndex)).toEqual([0, 1, 2]);
  });

  it('labels every category of a dozen or fewer, and leaves longer runs to ECharts’ spacing', () => {
    const bars = (categories: string[]) =>
      chartOption(
        {
          type: 'cartesian',
          categories,
          series: [{ name: '人数', kind: 'bar', data: categories.map(() => 1) }],
        },
        { animation: false },
      ).xAxis as { axisLabel: { interval?: number } };
    const months = (count: number) => Array.from({ length: count }, (_, index) => `m${index}`);
    expect(bars(['25 岁以下', '25–29 岁', '30–34 岁']).axisLabel.interval).toBe(0);
    expect(bars(months(12)).axisLabel.interval).toBe(0);
    expect(bars(months(24)).axisLabel.interval).toBeUndefined();
  });

  it('lays long names down the side, the first on top', () => {
    const option = chartOption(
      {
        type: 'cartesian',
        horizontal: true,
        categories: ['薪资待遇', '家庭原因'],
        series: [{ name: '人数', kind: 'bar', data: [2, 1] }],
      },
      { animation: false },
    );
    expect(option.yAxis).toMatchObject({ type: 'category', inverse: true, data: ['薪资待遇', '家庭原因'] });
    expect(axes(option.xAxis)).toHaveLength(1);
  });
});

describe('formatPercent', () => {
  it('shows two decimals, and a dash when there was nothing to divide by', () => {
    expect(formatPercent(0.1)).toBe('10.00%');
    expect(formatPercent(0.10714)).toBe('10.71%');
    expect(formatPercent(null)).toBe('—');
  });
});
