/**
 * The work of the SSOFT job on one batch of objects: ephemerides of their detections (integrated together),
 * then one row per flavour and object. Pure; runs in a worker thread or in-process.
 */
import { computeEphemeridesBatch } from '../../compute/sso/ephemeris/index.js';
import type { Orbit, SsoftModel } from '../../compute/sso/index.js';
import {
  type SsoDetections,
  type SsoftIdentity,
  type SsoftRowValues,
  ssoftRow,
} from '../../compute/sso/index.js';

/** One object of a batch: who it is, its orbit and its detections. */
export interface SsoftBatchItem {
  readonly identity: SsoftIdentity;
  readonly orbit: Orbit;
  readonly detections: SsoDetections;
}

/**
 * The rows of a batch.
 * @returns for each flavour (in the order given), one row per item (in item order).
 */
export function ssoftBatchRows(
  items: readonly SsoftBatchItem[],
  flavors: readonly SsoftModel[],
  version: string,
): SsoftRowValues[][] {
  const ephemerides = computeEphemeridesBatch(
    items.map((item) => ({ orbit: item.orbit, jdUtc: item.detections.jd })),
    { detail: 'geometry' },
  );
  return flavors.map((flavor) =>
    items.map((item, i) =>
      ssoftRow(flavor, item.identity, item.detections, ephemerides[i], item.orbit.elements, version),
    ),
  );
}
