import { useEffect, useRef, useState } from 'react';
import { useReducedMotion } from '../../lib/use-reduced-motion';
import { chartOption, type ChartSpec } from './chart-option';
import { loadCharts, type ChartInstance } from './load-charts';

/** The width drawn at before the host is measured (a hidden tab): the next resize corrects it. */
const FALLBACK_WIDTH = 600;

interface StatChartProps {
  spec: ChartSpec;
  /** What the chart shows, for a screen reader: its figures are in the table beside it. */
  label: string;
  height?: number;
}

/**
 * A line, bar or pie chart of the statistics and the workbench. ECharts loads with the first chart drawn;
 * the chart follows its host's width and draws again when what it shows changes (a new language too, as
 * the spec's names are translated).
 */
export function StatChart({ spec, label, height = 280 }: StatChartProps) {
  const host = useRef<HTMLDivElement>(null);
  const [chart, setChart] = useState<ChartInstance | null>(null);
  const animation = !useReducedMotion();
  // The spec is rebuilt by every render of its page: drawn again only when its content differs.
  const content = JSON.stringify(spec);

  useEffect(() => {
    const element = host.current;
    if (!element) return;
    let instance: ChartInstance | null = null;
    let cancelled = false;
    const observer = new ResizeObserver(() => {
      if (element.clientWidth > 0) instance?.resize({ width: element.clientWidth, height });
    });
    loadCharts().then(
      (echarts) => {
        if (cancelled) return;
        instance = echarts.init(element, null, {
          renderer: 'svg',
          width: element.clientWidth || FALLBACK_WIDTH,
          height,
        });
        observer.observe(element);
        setChart(instance);
      },
      // The table beside the chart still shows the figures.
      (error: unknown) => console.error('the charts could not be loaded', error),
    );
    return () => {
      cancelled = true;
      observer.disconnect();
      instance?.dispose();
    };
  }, [height]);

  useEffect(() => {
    if (chart && !chart.isDisposed())
      chart.setOption(chartOption(JSON.parse(content) as ChartSpec, { animation }), { notMerge: true });
  }, [chart, content, animation]);

  return <div ref={host} role="img" aria-label={label} style={{ width: '100%', height }} />;
}
