/**
 * A PNG reader for the images this service writes and their like: 8-bit greyscale or RGB, not interlaced, any
 * of the five scanline filters. It checks the signature and every chunk CRC. Pure; used to verify output.
 */
import { crc32, inflateSync } from 'node:zlib';
import { PNG_CHANNELS, PNG_SIGNATURE, type PngColor } from './png.js';

/** A decoded PNG. */
export interface PngImage {
  readonly width: number;
  readonly height: number;
  readonly color: PngColor;
  /** Row-major pixels from the top row down, 1 (grey) or 3 (RGB) bytes each. */
  readonly pixels: Uint8Array;
  /** Chunk types in file order, e.g. ['IHDR', 'IDAT', 'IEND']. */
  readonly chunks: readonly string[];
}

/** Thrown when bytes are not a PNG this reader handles. */
export class PngError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PngError';
  }
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

function predict(filter: number, a: number, b: number, c: number, row: number): number {
  switch (filter) {
    case 0:
      return 0;
    case 1:
      return a;
    case 2:
      return b;
    case 3:
      return (a + b) >> 1;
    case 4:
      return paeth(a, b, c);
    default:
      throw new PngError(`unknown filter type ${filter} in row ${row}`);
  }
}

/**
 * Decodes a PNG. Throws PngError for a bad signature or CRC, a missing IHDR/IDAT/IEND, a bit depth other than
 * 8, a colour type other than 0 (grey) or 2 (RGB), interlacing, or pixel data of the wrong length.
 * Reference: PNG Specification, 2nd edition (W3C 2003), §5.3 (chunks), §9.2-9.4 (filters), §11.2.2 (IHDR).
 */
export function readPng(bytes: Uint8Array): PngImage {
  if (bytes.length < 8 || PNG_SIGNATURE.some((b, i) => bytes[i] !== b)) throw new PngError('not a PNG');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.length);
  const chunks: string[] = [];
  const idat: Uint8Array[] = [];
  let header: { width: number; height: number; color: PngColor } | null = null;
  let pos = 8;
  while (pos + 12 <= bytes.length) {
    const length = view.getUint32(pos);
    const type = String.fromCharCode(...bytes.subarray(pos + 4, pos + 8));
    if (pos + 12 + length > bytes.length) throw new PngError(`chunk ${type} runs past the end`);
    const data = bytes.subarray(pos + 8, pos + 8 + length);
    if (crc32(bytes.subarray(pos + 4, pos + 8 + length)) !== view.getUint32(pos + 8 + length))
      throw new PngError(`bad CRC in chunk ${type}`);
    chunks.push(type);
    if (type === 'IHDR') {
      const h = new DataView(data.buffer, data.byteOffset, data.length);
      if (data[8] !== 8) throw new PngError(`bit depth ${data[8]} is not supported`);
      if (data[9] !== 0 && data[9] !== 2) throw new PngError(`colour type ${data[9]} is not supported`);
      if (data[12] !== 0) throw new PngError('interlaced PNGs are not supported');
      header = { width: h.getUint32(0), height: h.getUint32(4), color: data[9] === 0 ? 'grey' : 'rgb' };
    } else if (type === 'IDAT') idat.push(data);
    pos += 12 + length;
    if (type === 'IEND') break;
  }
  if (!header || idat.length === 0 || chunks.at(-1) !== 'IEND')
    throw new PngError('IHDR, IDAT or IEND missing');
  const { width, height, color } = header;
  const bpp = PNG_CHANNELS[color];
  const rowBytes = width * bpp;
  const raw = new Uint8Array(inflateSync(Buffer.concat(idat)));
  if (raw.length !== (rowBytes + 1) * height)
    throw new PngError(`image data holds ${raw.length} bytes, expected ${(rowBytes + 1) * height}`);
  const pixels = new Uint8Array(rowBytes * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (rowBytes + 1)];
    const src = y * (rowBytes + 1) + 1;
    const dst = y * rowBytes;
    for (let i = 0; i < rowBytes; i++) {
      const a = i >= bpp ? pixels[dst + i - bpp] : 0;
      const b = y > 0 ? pixels[dst - rowBytes + i] : 0;
      const c = y > 0 && i >= bpp ? pixels[dst - rowBytes + i - bpp] : 0;
      pixels[dst + i] = (raw[src + i] + predict(filter, a, b, c, y)) & 0xff;
    }
  }
  return { width, height, color, pixels, chunks };
}
