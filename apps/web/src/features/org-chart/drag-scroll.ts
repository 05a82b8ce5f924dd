/** A mouse that moves less than this between press and release clicked (a node opens or shuts). */
const DRAG_THRESHOLD = 4;

/**
 * Lets the mouse drag the chart around inside its scrolling frame, as a map is dragged; the scroll bars,
 * the wheel and the keyboard scroll it too. A drag that ends on a node does not click it. Touch screens
 * scroll the frame natively. Answers the function that removes the listeners.
 */
export function dragToScroll(frame: HTMLElement): () => void {
  let start: { x: number; y: number; left: number; top: number } | null = null;
  let dragged = false;

  const onMove = (event: PointerEvent) => {
    if (!start) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    if (!dragged && Math.hypot(dx, dy) < DRAG_THRESHOLD) return;
    dragged = true;
    frame.scrollLeft = start.left - dx;
    frame.scrollTop = start.top - dy;
  };
  const stop = () => {
    start = null;
    window.removeEventListener('pointermove', onMove);
    window.removeEventListener('pointerup', stop);
    window.removeEventListener('pointercancel', stop);
  };
  const onDown = (event: PointerEvent) => {
    if (event.pointerType !== 'mouse' || event.button !== 0) return;
    start = { x: event.clientX, y: event.clientY, left: frame.scrollLeft, top: frame.scrollTop };
    dragged = false;
    window.addEventListener('pointermove', onMove);
    window.addEventListener('pointerup', stop);
    window.addEventListener('pointercancel', stop);
  };
  // Caught on the way down, before the chart sees it.
  const onClick = (event: MouseEvent) => {
    if (!dragged) return;
    dragged = false;
    event.stopPropagation();
  };

  frame.addEventListener('pointerdown', onDown);
  frame.addEventListener('click', onClick, true);
  return () => {
    stop();
    frame.removeEventListener('pointerdown', onDown);
    frame.removeEventListener('click', onClick, true);
  };
}
