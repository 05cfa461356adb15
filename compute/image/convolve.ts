/**
 * Smoothing of stamps before display: a normalised Gaussian or box kernel, NaN-aware, edges extended. Pure.
 *
 * The reference applied astropy's Gaussian2DKernel(σ = 1 px) or Box2DKernel(width = 1), both 5 × 5 px
 * (docs/references.md#api-cutouts); a box of width 1 is the identity, so our box is 3 × 3 px, the smallest box that smooths.
 */

/** Kernels accepted by the cutout endpoint. */
export const CONVOLUTION_KERNELS = ['gauss', 'box'] as const;
export type ConvolutionKernel = (typeof CONVOLUTION_KERNELS)[number];

/** Standard deviation of the Gaussian kernel, in pixels. */
export const GAUSS_SIGMA_PX = 1;
/** Side of the Gaussian kernel, in pixels (odd; ±2σ). */
export const GAUSS_SIZE_PX = 5;
/** Side of the box kernel, in pixels (odd). */
export const BOX_SIZE_PX = 3;

/** A square kernel: `weights[dy * size + dx]`, summing to 1. */
export interface Kernel {
  /** Side in pixels, odd. */
  readonly size: number;
  readonly weights: Float64Array;
}

/**
 * The kernel of a name: Gaussian of σ = GAUSS_SIGMA_PX sampled at pixel centres on GAUSS_SIZE_PX², or a box of
 * BOX_SIZE_PX² equal weights; normalised to a sum of 1.
 * Reference: astropy.convolution Gaussian2DKernel and Box2DKernel (v6), mode 'center'.
 */
export function makeKernel(kind: ConvolutionKernel): Kernel {
  const size = kind === 'gauss' ? GAUSS_SIZE_PX : BOX_SIZE_PX;
  const half = (size - 1) / 2;
  const weights = new Float64Array(size * size);
  let sum = 0;
  for (let dy = -half; dy <= half; dy++) {
    for (let dx = -half; dx <= half; dx++) {
      const w = kind === 'gauss' ? Math.exp(-(dx * dx + dy * dy) / (2 * GAUSS_SIGMA_PX ** 2)) : 1;
      weights[(dy + half) * size + dx + half] = w;
      sum += w;
    }
  }
  for (let i = 0; i < weights.length; i++) weights[i] /= sum;
  return { size, weights };
}

/**
 * Convolves a row-major image (`data[y * width + x]`) with a named kernel.
 * Pixels past the edges take the value of the nearest edge pixel. Non-finite pixels are left out and the
 * remaining weights renormalised (astropy's nan_treatment='interpolate'), so a NaN pixel with finite
 * neighbours gets their weighted mean; a pixel whose whole footprint is non-finite stays NaN.
 * Returns a new array. Throws RangeError when data.length ≠ width × height.
 * Reference: astropy.convolution.convolve (v6), boundary='extend', nan_treatment='interpolate'.
 */
export function convolveImage(
  data: ArrayLike<number>,
  width: number,
  height: number,
  kind: ConvolutionKernel,
): Float64Array {
  if (data.length !== width * height)
    throw new RangeError(`image of ${width}×${height} needs ${width * height} pixels, got ${data.length}`);
  const { size, weights } = makeKernel(kind);
  const half = (size - 1) / 2;
  const out = new Float64Array(data.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let acc = 0;
      let wsum = 0;
      for (let dy = -half; dy <= half; dy++) {
        const yy = Math.min(height - 1, Math.max(0, y + dy));
        for (let dx = -half; dx <= half; dx++) {
          const xx = Math.min(width - 1, Math.max(0, x + dx));
          const v = data[yy * width + xx];
          if (!Number.isFinite(v)) continue;
          const w = weights[(dy + half) * size + dx + half];
          acc += w * v;
          wsum += w;
        }
      }
      out[y * width + x] = wsum > 0 ? acc / wsum : Number.NaN;
    }
  }
  return out;
}
