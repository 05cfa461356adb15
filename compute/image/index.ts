/** Stamp images for display and download: stretches, colour maps, smoothing, PNG and ZIP writers. */
export {
  COLORMAP_SIZE,
  COLORMAPS,
  type Colormap,
  type ColormapName,
  colormapIndex,
  findColormap,
} from './colormaps.js';
export {
  BOX_SIZE_PX,
  CONVOLUTION_KERNELS,
  type ConvolutionKernel,
  convolveImage,
  GAUSS_SIGMA_PX,
  GAUSS_SIZE_PX,
} from './convolve.js';
export { encodePng, PNG_SIGNATURE, type PngColor } from './png.js';
export { type RenderOptions, renderStampPng, type StampImage } from './render.js';
export {
  ASINH_A,
  DEFAULT_PMAX_PERCENT,
  DEFAULT_PMIN_PERCENT,
  LOG_A,
  POWER_EXPONENT,
  STRETCHES,
  type Stretch,
  type StretchOptions,
  stretchPixels,
} from './stretch.js';
export { writeZip, type ZipEntry, type ZipMethod } from './zip.js';
