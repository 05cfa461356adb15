import { describe, expect, it } from 'vitest';
import { readPng } from '../../test/support/png.js';
import { findColormap } from './colormaps.js';
import { renderStampPng } from './render.js';

const width = 4;
const height = 3;
/** FITS row 1 (y = 0) is the darkest, the top row the brightest. */
const image = {
  width,
  height,
  data: Float64Array.from({ length: width * height }, (_, i) => Math.floor(i / width)),
};
const linear = { stretch: 'linear', pminPercent: 0, pmaxPercent: 100, convolution: null } as const;

describe('renderStampPng', () => {
  it('writes a greyscale PNG of the same size, FITS row 1 at the bottom', () => {
    const png = readPng(renderStampPng(image, { ...linear, colormap: findColormap('gray')! }));
    expect(png).toMatchObject({ width, height, color: 'grey' });
    expect([...png.pixels.subarray(0, width)]).toEqual([255, 255, 255, 255]);
    expect([...png.pixels.subarray((height - 1) * width)]).toEqual([0, 0, 0, 0]);
    expect(png.pixels[width]).toBe(128);
  });

  it('writes RGB for a colour map and inverts with Greys', () => {
    const rgb = readPng(renderStampPng(image, { ...linear, colormap: findColormap('viridis')! }));
    expect(rgb.color).toBe('rgb');
    expect([...rgb.pixels.subarray(0, 3)]).toEqual([253, 231, 37]);
    const greys = readPng(renderStampPng(image, { ...linear, colormap: findColormap('Greys')! }));
    expect(greys.color).toBe('grey');
    expect(greys.pixels[0]).toBe(0);
  });

  it('changes the image with the stretch, the colour map and the convolution', () => {
    const colormap = findColormap('gray')!;
    const star = { width: 8, height: 8, data: new Float64Array(64) };
    star.data[27] = 100;
    star.data[28] = 40;
    const base = renderStampPng(star, { ...linear, colormap });
    const variants = [
      renderStampPng(star, { ...linear, colormap, stretch: 'sqrt' }),
      renderStampPng(star, { ...linear, colormap: findColormap('magma')! }),
      renderStampPng(star, { ...linear, colormap, convolution: 'gauss' }),
      renderStampPng(star, { ...linear, colormap, convolution: 'box' }),
    ];
    for (const v of variants) expect(Buffer.from(v).equals(Buffer.from(base))).toBe(false);
  });
});
