/**
 * Renders a stamp as a PNG: optional smoothing, a stretch to display levels, a colour map, then the PNG
 * encoder. Pure.
 *
 * Orientation: the PNG shows FITS row 1 at the bottom (as ds9 or `imshow(origin='lower')` do), so the image
 * appears as on the sky. The reference wrote the array's first row at the top, which users had to flip
 * (docs/references.md#api-cutouts); the `array` output keeps the FITS row order.
 */
import type { Colormap } from './colormaps.js';
import { colormapIndex } from './colormaps.js';
import { type ConvolutionKernel, convolveImage } from './convolve.js';
import { encodePng } from './png.js';
import { type StretchOptions, stretchPixels } from './stretch.js';

/** A 2-D image: `data[y * width + x]`, y = 0 being FITS row 1. */
export interface StampImage {
  /** Pixels per row. */
  readonly width: number;
  /** Number of rows. */
  readonly height: number;
  readonly data: ArrayLike<number>;
}

/** How to render. */
export interface RenderOptions extends StretchOptions {
  readonly colormap: Colormap;
  /** Smoothing applied to the pixel values before the stretch; null for none. */
  readonly convolution: ConvolutionKernel | null;
}

/**
 * Renders an image as an 8-bit PNG of the same size: greyscale when the colour map is grey (gray, Greys and
 * their reverses), RGB otherwise. Each display level in [0, 1] picks colour-map entry ⌊level × 256⌋ (≤ 255).
 * Returns the PNG bytes. Throws RangeError for inconsistent sizes or invalid percentiles.
 * Reference: docs/references.md#api-cutouts (pipeline of the reference), with the deviations documented in stretch.ts,
 * convolve.ts and above.
 */
export function renderStampPng(image: StampImage, options: RenderOptions): Uint8Array {
  const { width, height } = image;
  const smoothed = options.convolution
    ? convolveImage(image.data, width, height, options.convolution)
    : image.data;
  const levels = stretchPixels(smoothed, options);
  const { lut, isGrey } = options.colormap;
  const channels = isGrey ? 1 : 3;
  const pixels = new Uint8Array(width * height * channels);
  for (let y = 0; y < height; y++) {
    const src = y * width;
    const dst = (height - 1 - y) * width * channels;
    for (let x = 0; x < width; x++) {
      const k = colormapIndex(levels[src + x]) * 3;
      if (isGrey) pixels[dst + x] = lut[k];
      else {
        const o = dst + x * 3;
        pixels[o] = lut[k];
        pixels[o + 1] = lut[k + 1];
        pixels[o + 2] = lut[k + 2];
      }
    }
  }
  return encodePng(pixels, width, height, isGrey ? 'grey' : 'rgb');
}
