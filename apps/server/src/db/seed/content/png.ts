import { constants, deflateSync } from 'node:zlib';

/** An RGB color as `#rrggbb`. */
export type Hex = `#${string}`;

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] as number) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  out.set(data, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * A palette-indexed canvas that draws in horizontal spans: every shape fills whole runs of a row with
 * `TypedArray.fill`, so a 1200×630 picture costs a few thousand native fills instead of a JS loop per
 * pixel, and the flat result compresses to a few kilobytes.
 */
export class IndexedCanvas {
  readonly pixels: Uint8Array;
  private readonly colors: Hex[] = [];

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.pixels = new Uint8Array(width * height);
  }

  /** The palette index of a color, added on first use (at most 256). */
  color(hex: Hex): number {
    const found = this.colors.indexOf(hex);
    if (found >= 0) return found;
    if (this.colors.length >= 256) throw new Error('A palette holds at most 256 colors');
    this.colors.push(hex);
    return this.colors.length - 1;
  }

  /** Fills x in [x0, x1) of row y, clipped to the canvas. */
  span(y: number, x0: number, x1: number, index: number): void {
    if (y < 0 || y >= this.height) return;
    const from = Math.max(0, Math.round(x0));
    const to = Math.min(this.width, Math.round(x1));
    if (to <= from) return;
    const row = y * this.width;
    this.pixels.fill(index, row + from, row + to);
  }

  rect(x: number, y: number, w: number, h: number, hex: Hex): void {
    const index = this.color(hex);
    const top = Math.max(0, Math.round(y));
    const bottom = Math.min(this.height, Math.round(y + h));
    for (let row = top; row < bottom; row++) this.span(row, x, x + w, index);
  }

  /** A rectangle with rounded ends, like a text line or a pill. */
  roundedRect(x: number, y: number, w: number, h: number, radius: number, hex: Hex): void {
    const index = this.color(hex);
    const r = Math.min(radius, w / 2, h / 2);
    const top = Math.max(0, Math.round(y));
    const bottom = Math.min(this.height, Math.round(y + h));
    for (let row = top; row < bottom; row++) {
      const cy = row + 0.5;
      const dy = cy < y + r ? y + r - cy : cy > y + h - r ? cy - (y + h - r) : 0;
      const inset = dy > 0 ? r - Math.sqrt(Math.max(0, r * r - dy * dy)) : 0;
      this.span(row, x + inset, x + w - inset, index);
    }
  }

  /** A disc, or a ring when `inner` is given. */
  circle(cx: number, cy: number, radius: number, hex: Hex, inner = 0): void {
    const index = this.color(hex);
    const top = Math.max(0, Math.floor(cy - radius));
    const bottom = Math.min(this.height, Math.ceil(cy + radius));
    for (let row = top; row < bottom; row++) {
      const dy = row + 0.5 - cy;
      const outer = radius * radius - dy * dy;
      if (outer <= 0) continue;
      const half = Math.sqrt(outer);
      const hole = inner * inner - dy * dy;
      if (hole > 0) {
        const holeHalf = Math.sqrt(hole);
        this.span(row, cx - half, cx - holeHalf, index);
        this.span(row, cx + holeHalf, cx + half, index);
      } else {
        this.span(row, cx - half, cx + half, index);
      }
    }
  }

  /**
   * A diagonal gradient in flat bands from `from` to `to`: band edges are lines x + slope·y = c, so
   * each row is a handful of spans.
   */
  diagonalGradient(from: Hex, to: Hex, bands: number, slope: number): void {
    const indices = Array.from({ length: bands }, (_, i) => this.color(mix(from, to, i / (bands - 1))));
    const total = this.width + Math.abs(slope) * this.height;
    const bandWidth = total / bands;
    for (let y = 0; y < this.height; y++) {
      const shift = slope >= 0 ? slope * y : Math.abs(slope) * (this.height - y);
      for (let band = 0; band < bands; band++) {
        const x0 = band * bandWidth - shift;
        this.span(y, x0, x0 + bandWidth + 1, indices[band] as number);
      }
    }
  }

  /**
   * The picture as a PNG: 8-bit indexed color and run-length deflate, which packs these long runs of
   * one index to a few kilobytes far faster than the default level. A row equal to the one above is
   * written with the 'Up' filter, i.e. as zeros, which deflate skips through; other rows go unfiltered,
   * because filtering them would need a JS loop over every pixel.
   */
  toPng(): Buffer {
    const { width, height, pixels } = this;
    const stride = width + 1;
    const raw = Buffer.alloc(stride * height);
    for (let y = 0; y < height; y++) {
      const row = pixels.subarray(y * width, (y + 1) * width);
      if (y > 0 && Buffer.compare(row, pixels.subarray((y - 1) * width, y * width)) === 0) {
        raw[y * stride] = 2;
      } else {
        raw.set(row, y * stride + 1);
      }
    }
    const header = Buffer.alloc(13);
    header.writeUInt32BE(width, 0);
    header.writeUInt32BE(height, 4);
    header[8] = 8; // bit depth
    header[9] = 3; // color type: indexed
    const palette = Buffer.alloc(this.colors.length * 3);
    this.colors.forEach((hex, i) => {
      palette.writeUIntBE(Number.parseInt(hex.slice(1), 16), i * 3, 3);
    });
    return Buffer.concat([
      SIGNATURE,
      chunk('IHDR', header),
      chunk('PLTE', palette),
      chunk('IDAT', deflateSync(raw, { strategy: constants.Z_RLE })),
      chunk('IEND', new Uint8Array(0)),
    ]);
  }
}

/** A color between `a` and `b` (t from 0 to 1). */
export function mix(a: Hex, b: Hex, t: number): Hex {
  const pa = Number.parseInt(a.slice(1), 16);
  const pb = Number.parseInt(b.slice(1), 16);
  const channel = (shift: number) => {
    const ca = (pa >> shift) & 0xff;
    const cb = (pb >> shift) & 0xff;
    return Math.round(ca + (cb - ca) * t);
  };
  const value = (channel(16) << 16) | (channel(8) << 8) | channel(0);
  return `#${value.toString(16).padStart(6, '0')}`;
}

/** Width and height from a PNG's header, or null when the bytes are not a PNG. */
export function readPngSize(bytes: Uint8Array): { width: number; height: number } | null {
  if (bytes.length < 24 || !SIGNATURE.equals(Buffer.from(bytes.subarray(0, 8)))) return null;
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { width: view.readUInt32BE(16), height: view.readUInt32BE(20) };
}
