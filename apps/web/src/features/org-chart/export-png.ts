import type { ChartInstance } from './load-echarts';

const PIXEL_RATIO = 2;
const BACKGROUND = '#fff';

function loadImage(source: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('the chart image could not be loaded'));
    image.src = source;
  });
}

/**
 * The chart as it is shown (zoom and pan included) as a PNG data URL. With the SVG renderer
 * `getDataURL` answers an SVG whatever `type` asks for, so the SVG is drawn onto a canvas at twice the
 * size, on white, and the canvas gives the PNG.
 */
export async function chartPngDataUrl(chart: ChartInstance): Promise<string> {
  const svg = chart.getDataURL({ type: 'svg', pixelRatio: PIXEL_RATIO, backgroundColor: BACKGROUND });
  if (svg.startsWith('data:image/png')) return svg;
  const width = chart.getWidth();
  const height = chart.getHeight();
  const image = await loadImage(svg);
  const canvas = document.createElement('canvas');
  canvas.width = width * PIXEL_RATIO;
  canvas.height = height * PIXEL_RATIO;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no canvas to draw the chart on');
  context.fillStyle = BACKGROUND;
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(image, 0, 0, canvas.width, canvas.height);
  return canvas.toDataURL('image/png');
}

/** Downloads the chart as `<fileName>.png`. */
export async function exportChartPng(chart: ChartInstance, fileName: string): Promise<void> {
  const link = document.createElement('a');
  link.href = await chartPngDataUrl(chart);
  link.download = `${fileName}.png`;
  document.body.append(link);
  link.click();
  link.remove();
}
