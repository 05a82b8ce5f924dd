import { afterEach, describe, expect, it, vi } from 'vitest';
import { chartPngDataUrl, exportChartPng } from './export-png';
import type { ChartInstance } from './load-echarts';

const SVG = 'data:image/svg+xml;charset=UTF-8,%3Csvg%3E%3C%2Fsvg%3E';
const PNG = 'data:image/png;base64,iVBORw0KGgo=';

/** What an SVG-rendered ECharts instance offers the export: its size and an SVG data URL. */
function svgChart(width = 400, height = 300) {
  const getDataURL = vi.fn(() => SVG);
  const chart = { getDataURL, getWidth: () => width, getHeight: () => height } as unknown as ChartInstance;
  return { chart, getDataURL };
}

/** jsdom neither loads images nor draws: an image that loads at once, and a recording 2D context. */
function fakeCanvas() {
  class LoadingImage {
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    set src(_value: string) {
      queueMicrotask(() => this.onload?.());
    }
  }
  vi.stubGlobal('Image', LoadingImage);
  const context = { fillStyle: '', fillRect: vi.fn(), drawImage: vi.fn() };
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(
    context as unknown as CanvasRenderingContext2D,
  );
  const toDataURL = vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue(PNG);
  return { context, toDataURL };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('chart PNG export', () => {
  it('draws the SVG the chart answers onto a white canvas at twice the size and answers a PNG', async () => {
    const { chart, getDataURL } = svgChart();
    const { context, toDataURL } = fakeCanvas();
    expect(await chartPngDataUrl(chart)).toBe(PNG);
    expect(getDataURL).toHaveBeenCalledWith(
      expect.objectContaining({ pixelRatio: 2, backgroundColor: '#fff' }),
    );
    expect(context.fillStyle).toBe('#fff');
    expect(context.fillRect).toHaveBeenCalledWith(0, 0, 800, 600);
    expect(context.drawImage).toHaveBeenCalledWith(expect.anything(), 0, 0, 800, 600);
    expect(toDataURL).toHaveBeenCalledWith('image/png');
  });

  it('draws a chart too large for a bitmap at twice its size smaller, but whole', async () => {
    // The whole tree of a large group, top-down: far wider than a canvas may be.
    const wide = svgChart(40_000, 600);
    const { context } = fakeCanvas();
    await chartPngDataUrl(wide.chart);
    expect(context.fillRect).toHaveBeenCalledWith(0, 0, 16_384, 245);
    expect(context.drawImage).toHaveBeenCalledWith(expect.anything(), 0, 0, 16_384, 245);

    // Large both ways: the pixel count is the limit.
    const large = svgChart(6_000, 6_000);
    context.drawImage.mockClear();
    await chartPngDataUrl(large.chart);
    expect(context.drawImage).toHaveBeenCalledWith(expect.anything(), 0, 0, 4_096, 4_096);
  });

  it('downloads the PNG under the given file name', async () => {
    const { chart } = svgChart();
    fakeCanvas();
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    await exportChartPng(chart, '组织架构图-华东一区');
    expect(clicked).toHaveLength(1);
    expect(clicked[0]!.download).toBe('组织架构图-华东一区.png');
    expect(clicked[0]!.href).toBe(PNG);
    expect(clicked[0]!.isConnected).toBe(false);
  });
});
