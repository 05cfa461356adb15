/** Public face of compute/photometry/: ZTF DC magnitudes and fluxes. */
export {
  AB_ZERO_POINT_JY,
  dcMagnitude,
  differenceFluxMjy,
  type FluxWithError,
  fluxMjy,
  type MagWithError,
} from './ztf-flux.js';
