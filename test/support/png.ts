/**
 * PNG files read back by fast-png (its own inflate, CRC of every chunk checked), an independent oracle for the
 * tests of our PNG writer and stamp renderer.
 */
import { decode } from 'fast-png';

/** A decoded 8-bit greyscale or RGB PNG. */
export interface PngImage {
  readonly width: number;
  readonly height: number;
  readonly color: 'grey' | 'rgb';
  /** Row-major pixels from the top row down, 1 (grey) or 3 (RGB) bytes each. */
  readonly pixels: Uint8Array;
}

/**
 * Decodes a PNG.
 *
 * @throws Error for bytes fast-png cannot read (bad signature or CRC, truncation), or a PNG that is not 8-bit
 *   greyscale or RGB.
 */
export function readPng(bytes: Uint8Array): PngImage {
  const png = decode(bytes, { checkCrc: true });
  if (png.depth !== 8 || !(png.data instanceof Uint8Array) || (png.channels !== 1 && png.channels !== 3))
    throw new Error(`not an 8-bit greyscale or RGB PNG: depth ${png.depth}, ${png.channels} channels`);
  return {
    width: png.width,
    height: png.height,
    color: png.channels === 1 ? 'grey' : 'rgb',
    pixels: png.data,
  };
}
