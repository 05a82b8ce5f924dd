import { crc32, deflateSync } from 'node:zlib';

export type Rgb = readonly [red: number, green: number, blue: number];
interface Bounds {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/**
 * An RGB picture drawn with filled shapes, encoded as a PNG. Enough for the pictures the server makes itself
 * (the demo's document scans); anything more goes through a real image library.
 */
export class Picture {
  private readonly pixels: Uint8Array;

  constructor(
    readonly width: number,
    readonly height: number,
    background: Rgb,
  ) {
    this.pixels = new Uint8Array(width * height * 3);
    this.fill(() => true, background);
  }

  /** Paints every pixel whose centre `inside` accepts, looking only within `bounds` when given. */
  fill(inside: (x: number, y: number) => boolean, colour: Rgb, bounds?: Bounds) {
    const [fromX, fromY, toX, toY] = bounds
      ? [bounds.left, bounds.top, bounds.right, bounds.bottom].map(Math.floor)
      : [0, 0, this.width, this.height];
    for (let y = Math.max(fromY!, 0); y < Math.min(toY! + 1, this.height); y += 1)
      for (let x = Math.max(fromX!, 0); x < Math.min(toX! + 1, this.width); x += 1) {
        if (!inside(x + 0.5, y + 0.5)) continue;
        this.pixels.set(colour, (y * this.width + x) * 3);
      }
  }

  /** A rectangle with corners rounded by `radius`. */
  rectangle(left: number, top: number, width: number, height: number, colour: Rgb, radius = 0) {
    const right = left + width;
    const bottom = top + height;
    this.fill(
      (x, y) => {
        if (x < left || x > right || y < top || y > bottom) return false;
        const dx = Math.max(left + radius - x, 0, x - (right - radius));
        const dy = Math.max(top + radius - y, 0, y - (bottom - radius));
        return dx * dx + dy * dy <= radius * radius;
      },
      colour,
      { left, top, right, bottom },
    );
  }

  ellipse(centreX: number, centreY: number, radiusX: number, radiusY: number, colour: Rgb) {
    this.fill((x, y) => ((x - centreX) / radiusX) ** 2 + ((y - centreY) / radiusY) ** 2 <= 1, colour, {
      left: centreX - radiusX,
      top: centreY - radiusY,
      right: centreX + radiusX,
      bottom: centreY + radiusY,
    });
  }

  /** PNG: 8-bit truecolour, one deflated stream of unfiltered rows. */
  png(): Buffer {
    const rowBytes = this.width * 3;
    const raw = Buffer.alloc((rowBytes + 1) * this.height);
    for (let y = 0; y < this.height; y += 1)
      raw.set(this.pixels.subarray(y * rowBytes, (y + 1) * rowBytes), y * (rowBytes + 1) + 1);
    const header = Buffer.alloc(13);
    header.writeUInt32BE(this.width, 0);
    header.writeUInt32BE(this.height, 4);
    header.set([8, 2, 0, 0, 0], 8);
    return Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(raw)),
      chunk('IEND', Buffer.alloc(0)),
    ]);
  }
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const check = Buffer.alloc(4);
  check.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, check]);
}
