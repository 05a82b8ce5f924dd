import { Picture, type Rgb } from '../../../lib/png';

export type IdCardSide = 'front' | 'back';

const SCANNER_BED: Rgb = [236, 236, 236];
const SHADOW: Rgb = [214, 214, 214];
const LABEL: Rgb = [170, 184, 196];
const TEXT: Rgb = [92, 102, 112];

/** A line of the card: a label, then its value, as grey bars where the printed words would be. */
function line(card: Picture, x: number, y: number, label: number, value: number) {
  card.rectangle(x, y, label, 12, LABEL, 3);
  if (value > 0) card.rectangle(x + label + 10, y, value, 12, TEXT, 3);
}

/**
 * A scan of a resident identity card, one side, drawn as shapes only: no words, no number, no emblem and no
 * face, so the demo's onboarding entries carry real image files without a picture of anyone's card. The
 * demo names these files as its own pictures (demo-activity.ts).
 */
export function idCardScan(side: IdCardSide): Buffer {
  const scan = new Picture(480, 310, SCANNER_BED);
  scan.rectangle(30, 25, 428, 270, SHADOW, 16);
  const [left, top] = [26, 20];
  if (side === 'front') {
    scan.rectangle(left, top, 428, 270, [232, 240, 246], 16);
    line(scan, 50, 60, 36, 80);
    line(scan, 50, 94, 36, 24);
    line(scan, 170, 94, 36, 24);
    line(scan, 50, 128, 36, 150);
    line(scan, 50, 162, 36, 180);
    scan.rectangle(96, 186, 150, 12, TEXT, 3);
    line(scan, 50, 240, 90, 220);
    // The photograph: a head and shoulders in outline colours, cut at the frame.
    const frame = { left: 318, top: 52, right: 428, bottom: 190 };
    scan.rectangle(frame.left, frame.top, 110, 138, [214, 226, 236], 4);
    scan.ellipse(373, 106, 24, 29, [150, 165, 180]);
    scan.fill(
      (x, y) => y <= frame.bottom && ((x - 373) / 48) ** 2 + ((y - 190) / 42) ** 2 <= 1,
      [150, 165, 180],
      frame,
    );
  } else {
    scan.rectangle(left, top, 428, 270, [240, 243, 236], 16);
    // The fine guilloche of the card's back, as faint waves inside the card.
    scan.fill(
      (x, y) => Math.sin(x / 9 + Math.sin(y / 14) * 2) > 0.92,
      [228, 232, 222],
      { left: left + 12, top: top + 12, right: left + 416, bottom: top + 258 },
    );
    // A round seal where the emblem is printed, and the title beside it.
    scan.ellipse(96, 84, 40, 40, [196, 48, 44]);
    scan.ellipse(96, 84, 31, 31, [226, 186, 84]);
    scan.ellipse(96, 84, 25, 25, [196, 48, 44]);
    scan.ellipse(96, 84, 9, 9, [226, 186, 84]);
    scan.rectangle(166, 60, 240, 18, [120, 110, 100], 4);
    scan.rectangle(196, 96, 180, 14, TEXT, 4);
    line(scan, 110, 206, 66, 150);
    line(scan, 110, 238, 66, 190);
  }
  return scan.png();
}
