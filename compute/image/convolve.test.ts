import { describe, expect, it } from 'vitest';
import { BOX_SIZE_PX, convolveImage, GAUSS_SIZE_PX, makeKernel } from './convolve.js';

describe('makeKernel', () => {
  it('builds a 5×5 Gaussian of σ = 1 px and a 3×3 box, each summing to 1', () => {
    const g = makeKernel('gauss');
    expect(g.size).toBe(GAUSS_SIZE_PX);
    expect(g.weights.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 14);
    // centre / neighbour ratio is e^(1/2) for σ = 1
    expect(g.weights[12] / g.weights[13]).toBeCloseTo(Math.exp(0.5), 12);
    const b = makeKernel('box');
    expect(b.size).toBe(BOX_SIZE_PX);
    expect([...b.weights]).toEqual(new Array(9).fill(1 / 9));
  });
});

describe('convolveImage', () => {
  const width = 9;
  const height = 7;

  it('leaves a constant image unchanged (edges extended)', () => {
    const flat = new Float64Array(width * height).fill(4.5);
    for (const k of ['gauss', 'box'] as const) {
      for (const v of convolveImage(flat, width, height, k)) expect(v).toBeCloseTo(4.5, 12);
    }
  });

  it('turns an impulse far from the edges into the kernel', () => {
    const impulse = new Float64Array(width * height);
    impulse[3 * width + 4] = 1;
    const out = convolveImage(impulse, width, height, 'gauss');
    const g = makeKernel('gauss');
    for (let dy = -2; dy <= 2; dy++)
      for (let dx = -2; dx <= 2; dx++)
        expect(out[(3 + dy) * width + 4 + dx]).toBeCloseTo(g.weights[(dy + 2) * 5 + dx + 2], 14);
    expect(out.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
  });

  it('fills a NaN pixel from its neighbours and keeps NaN where nothing is finite', () => {
    const img = new Float64Array(width * height).fill(2);
    img[3 * width + 4] = Number.NaN;
    expect(convolveImage(img, width, height, 'box')[3 * width + 4]).toBeCloseTo(2, 12);
    const none = new Float64Array(width * height).fill(Number.NaN);
    expect(convolveImage(none, width, height, 'gauss').every(Number.isNaN)).toBe(true);
  });

  it('rejects a pixel count that does not match the size', () => {
    expect(() => convolveImage(new Float64Array(5), 2, 2, 'box')).toThrow(RangeError);
  });
});
