import type { ChartInstance } from './load-echarts';

const PIXEL_RATIO = 2;
const BACKGROUND = '#fff';
/**
 * The largest bitmap browsers reliably draw: a side of 16384 px and 16.7 million pixels (the smallest of
 * the common browsers' limits). Beyond it a canvas stays blank and answers an empty data URL.
 */
const MAX_SIDE = 16_384;
const MAX_AREA = 16_777_216;

/** Twice the chart's size, or less for a tree too large to draw that big: the whole chart is kept. */
export function pixelRatioFor(width: number, height: number): number {
  return Math.min(PIXEL_RATIO, MAX_SIDE / Math.max(width, height), Math.sqrt(MAX_AREA / (width * height)));
}

function loadImage(source: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('the chart image could not be loaded'));
    image.src = source;
  });
}

/**
 * The whole chart, the part scrolled out of the frame included, as a PNG data URL. With the SVG renderer
 * `getDataURL` answers an SVG whatever `type` asks for, so the SVG is drawn onto a canvas at twice the
 * size (less for a very large tree, see `pixelRatioFor`), on white, and the canvas gives the PNG.
 */
export async function chartPngDataUrl(chart: ChartInstance): Promise<string> {
  const svg = chart.getDataURL({ type: 'svg', pixelRatio: PIXEL_RATIO, backgroundColor: BACKGROUND });
  if (svg.startsWith('data:image/png')) return svg;
  const width = chart.getWidth();
  const height = chart.getHeight();
  const ratio = pixelRatioFor(width, height);
  const image = await loadImage(svg);
  const canvas = document.createElement('canvas');
  canvas.width = Math.floor(width * ratio);
  canvas.height = Math.floor(height * ratio);
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
