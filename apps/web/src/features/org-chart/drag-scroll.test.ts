import { afterEach, describe, expect, it, vi } from 'vitest';
import { dragToScroll } from './drag-scroll';

/** A pointer event as a mouse sends it (jsdom's events carry no pointer fields of their own). */
function pointer(type: string, clientX: number, clientY: number, pointerType = 'mouse') {
  return Object.assign(new MouseEvent(type, { bubbles: true, clientX, clientY, button: 0 }), { pointerType });
}

function setup() {
  const frame = document.createElement('div');
  const chart = document.createElement('div');
  frame.append(chart);
  document.body.append(frame);
  frame.scrollLeft = 0;
  frame.scrollTop = 0;
  const clicked = vi.fn();
  chart.addEventListener('click', clicked);
  const stop = dragToScroll(frame);
  return { frame, chart, clicked, stop };
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('dragging the chart', () => {
  it('scrolls the frame against the mouse, and the drag does not end in a click', () => {
    const { frame, chart, clicked } = setup();
    // jsdom does not scroll: record what the drag asks for.
    const scrolled: { left: number; top: number }[] = [];
    Object.defineProperty(frame, 'scrollLeft', {
      get: () => 200,
      set: (left: number) => scrolled.push({ left, top: NaN }),
    });
    Object.defineProperty(frame, 'scrollTop', {
      get: () => 100,
      set: (top: number) => scrolled.push({ left: NaN, top }),
    });
    chart.dispatchEvent(pointer('pointerdown', 500, 300));
    window.dispatchEvent(pointer('pointermove', 440, 280));
    expect(scrolled).toEqual([
      { left: 260, top: NaN },
      { left: NaN, top: 120 },
    ]);
    window.dispatchEvent(pointer('pointerup', 440, 280));
    chart.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(clicked).not.toHaveBeenCalled();
    // The next click is a click again.
    chart.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(clicked).toHaveBeenCalledTimes(1);
  });

  it('leaves a click that hardly moved, a touch and a removed listener alone', () => {
    const { frame, chart, clicked, stop } = setup();
    const setLeft = vi.fn();
    Object.defineProperty(frame, 'scrollLeft', { get: () => 0, set: setLeft });
    chart.dispatchEvent(pointer('pointerdown', 100, 100));
    window.dispatchEvent(pointer('pointermove', 102, 101));
    window.dispatchEvent(pointer('pointerup', 102, 101));
    chart.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(clicked).toHaveBeenCalledTimes(1);

    chart.dispatchEvent(pointer('pointerdown', 100, 100, 'touch'));
    window.dispatchEvent(pointer('pointermove', 10, 10, 'touch'));
    stop();
    chart.dispatchEvent(pointer('pointerdown', 100, 100));
    window.dispatchEvent(pointer('pointermove', 10, 10));
    expect(setLeft).not.toHaveBeenCalled();
  });
});
