/**
 * ECharts for the statistics' line, bar and pie charts, loaded when the first chart draws (stack-notes: the
 * core and the parts used, not the whole library). SVG, as the org chart: these charts are small, and their
 * legends and axis labels stay real text that a screen reader, the page search and the tests can read.
 */
export async function loadCharts() {
  const { echarts } = await import('./echarts-setup');
  return echarts;
}

export type Charts = Awaited<ReturnType<typeof loadCharts>>;
export type ChartInstance = ReturnType<Charts['init']>;
