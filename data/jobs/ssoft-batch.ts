/**
 * The work of the SSOFT job on one batch of objects: ephemerides of their detections (integrated together),
 * then one row per flavour and object, and, when sHG1G2 is fitted, each object's bulk row (its light curve,
 * ephemerides, sHG1G2 row and residuals: the `/api/v1/ssobulk` table). Pure; runs in a worker thread or in-process.
 */
import { computeEphemeridesBatch } from '../../compute/sso/ephemeris/index.js';
import type { Orbit } from '../../compute/sso/index.js';
import {
  type SsobulkRow,
  type SsoDetections,
  type SsoftIdentity,
  type SsoftRowValues,
  ssobulkRow,
  ssoftRow,
} from '../../compute/sso/index.js';
import type { PhaseFlavor } from '../../compute/sso/phase/index.js';

/** One object of a batch: who it is, its orbit and its detections. */
export interface SsoftBatchItem {
  readonly identity: SsoftIdentity;
  readonly orbit: Orbit;
  readonly detections: SsoDetections;
}

/** What a batch gives. */
export interface SsoftBatchResult {
  /** For each flavour (in the order given), one row per item (in item order). */
  readonly rows: SsoftRowValues[][];
  /** One bulk row per item (in item order) when the flavours include SHG1G2, else none. */
  readonly bulk: SsobulkRow[];
}

/** The rows of a batch. */
export function ssoftBatchRows(
  items: readonly SsoftBatchItem[],
  flavors: readonly PhaseFlavor[],
  version: string,
): SsoftBatchResult {
  const ephemerides = computeEphemeridesBatch(
    items.map((item) => ({ orbit: item.orbit, jdUtc: item.detections.jd })),
    { detail: 'geometry' },
  );
  const rows = flavors.map((flavor) =>
    items.map((item, i) =>
      ssoftRow(flavor, item.identity, item.detections, ephemerides[i], item.orbit.elements, version),
    ),
  );
  const shg1g2 = rows[flavors.indexOf('SHG1G2')];
  const bulk = shg1g2 ? items.map((item, i) => ssobulkRow(item.detections, ephemerides[i], shg1g2[i])) : [];
  return { rows, bulk };
}
