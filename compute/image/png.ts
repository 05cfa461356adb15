/**
 * A PNG encoder for 8-bit greyscale and RGB images: signature, IHDR, one IDAT (zlib stream of the filtered
 * scanlines) and IEND. Pure: pixels in, bytes out.
 */
import { crc32, deflateSync } from 'node:zlib';

/** Pixel layouts written: one byte per pixel (PNG colour type 0) or three (colour type 2). */
export type PngColor = 'grey' | 'rgb';

/** Bytes per pixel of each layout. */
export const PNG_CHANNELS: Readonly<Record<PngColor, number>> = { grey: 1, rgb: 3 };

/** The 8-byte PNG signature. */
export const PNG_SIGNATURE = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);

const COLOR_TYPE: Readonly<Record<PngColor, number>> = { grey: 0, rgb: 2 };
/** Largest width or height PNG allows (2^31 - 1); we also cap the pixel count to keep memory bounded. */
const MAX_DIMENSION = 0x7fffffff;
const MAX_PIXELS = 1 << 26;
/** Scanline filter type "Sub" (PNG §9.2): small images of smooth stamps compress best with it. */
const FILTER_SUB = 1;

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

/**
 * Encodes an image as PNG.
 * `pixels` are row-major from the top row down, `channels` bytes per pixel (1 for grey, 3 for RGB, R then G
 * then B), length width × height × channels. `width` and `height` are in pixels, ≥ 1. `zlibLevel` is the
 * deflate level 0-9 (default 6). Returns the PNG file bytes (bit depth 8, no interlace).
 * Throws RangeError when the sizes are not positive integers or the pixel buffer has the wrong length.
 * Reference: PNG Specification, 2nd edition (W3C Recommendation 2003), §5 (datastream), §9 (filtering),
 * §11.2 (IHDR, IDAT, IEND).
 */
export function encodePng(
  pixels: Uint8Array,
  width: number,
  height: number,
  color: PngColor,
  zlibLevel = 6,
): Uint8Array {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1)
    throw new RangeError(`PNG size must be positive integers, got ${width}×${height}`);
  if (width > MAX_DIMENSION || height > MAX_DIMENSION || width * height > MAX_PIXELS)
    throw new RangeError(`PNG size ${width}×${height} is too large`);
  const channels = PNG_CHANNELS[color];
  const rowBytes = width * channels;
  if (pixels.length !== rowBytes * height)
    throw new RangeError(`PNG pixels: expected ${rowBytes * height} bytes, got ${pixels.length}`);

  const ihdr = new Uint8Array(13);
  const view = new DataView(ihdr.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  ihdr[8] = 8; // bit depth
  ihdr[9] = COLOR_TYPE[color];
  ihdr[10] = 0; // compression: deflate
  ihdr[11] = 0; // filter method 0
  ihdr[12] = 0; // no interlace

  const filtered = new Uint8Array((rowBytes + 1) * height);
  for (let y = 0; y < height; y++) {
    const src = y * rowBytes;
    const dst = y * (rowBytes + 1);
    filtered[dst] = FILTER_SUB;
    for (let i = 0; i < rowBytes; i++) {
      const left = i >= channels ? pixels[src + i - channels] : 0;
      filtered[dst + 1 + i] = (pixels[src + i] - left) & 0xff;
    }
  }
  const idat = new Uint8Array(deflateSync(filtered, { level: zlibLevel }));

  const parts = [PNG_SIGNATURE, chunk('IHDR', ihdr), chunk('IDAT', idat), chunk('IEND', new Uint8Array(0))];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.length;
  }
  return out;
}
