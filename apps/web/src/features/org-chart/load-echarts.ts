/**
 * ECharts, loaded when the chart page first draws: only the core, the tree series, the tooltip and the
 * SVG renderer (echarts-setup.ts; stack-notes: the whole library would triple the chunk).
 *
 * Why SVG and not canvas: with SVG every node label is a real `<text>` element, so the names on the chart
 * can be read by screen readers, found with the browser's page search and asserted by browser tests; a
 * few hundred nodes are well within what SVG draws smoothly. The PNG export turns the SVG into a bitmap
 * itself (export-png.ts).
 */
export async function loadEcharts() {
  const { echarts } = await import('./echarts-setup');
  return echarts;
}

export type Echarts = Awaited<ReturnType<typeof loadEcharts>>;
export type ChartInstance = ReturnType<Echarts['init']>;
