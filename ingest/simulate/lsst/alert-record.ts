/**
 * The Avro value of a simulated LSST alert (schema.ts) from a planned alert: the diaSource, the diaObject's
 * earlier detections and forced photometry, its aggregates, or for a Solar System source the ssSource and the
 * mpc_orbits of the object (no diaObject, diaObjectId 0), and the three stamps.
 */
import { icrsToGalactic } from '../../../compute/sky/index.js';
import { mpcOrbitsRecord } from './asteroids.js';
import { diaObjectRecord, type LsstRecordValue } from './dia-records.js';
import type { LsstPlannedAlert } from './planner.js';
import type { LsstStampRenderer } from './stamps.js';

/** Galactic latitude (deg) below which a field is tagged `galactic_plane` rather than `lowdust`. */
const LOW_DUST_MIN_LAT_DEG = 15;

/**
 * Builds the alert value.
 * @param stamps the run's stamp renderer; null leaves the cutouts null (smaller, faster alerts).
 */
export function lsstAlertRecord(a: LsstPlannedAlert, stamps: LsstStampRenderer | null): LsstRecordValue {
  const { visit } = a.measurement;
  const t = visit.midpointMjdTai;
  const src = a.source;
  let prvDiaSources: LsstRecordValue[] | null = null;
  let prvDiaForcedSources: LsstRecordValue[] | null = null;
  let diaObject: LsstRecordValue | null = null;
  if (src && src.diaObjectId !== null) {
    prvDiaSources = src.history.filter((r) => (r.midpointMjdTai as number) < t);
    prvDiaForcedSources = src.forced.filter((r) => (r.midpointMjdTai as number) < t);
    diaObject = diaObjectRecord(
      src.diaObjectId,
      [...prvDiaSources, a.diaSource],
      prvDiaForcedSources,
      src.firstMjdTai,
      a.diaSource.timeProcessedMjdTai as number,
    );
  }
  const cutouts = stamps?.render(a.measurement, a.diaSourceId) ?? null;
  const b = icrsToGalactic(visit.field.raDeg, visit.field.decDeg).latDeg;
  return {
    diaSourceId: a.diaSourceId,
    observation_reason: visit.reason,
    target_name: Math.abs(b) >= LOW_DUST_MIN_LAT_DEG ? 'lowdust' : 'galactic_plane',
    diaSource: a.diaSource,
    prvDiaSources,
    prvDiaForcedSources,
    diaObject,
    ssSource: a.sso ? { diaSourceId: a.diaSourceId, ...a.sso.ssSource } : null,
    mpc_orbits: a.sso ? mpcOrbitsRecord(a.sso.asteroid, a.sso.asteroidIndex) : null,
    cutoutDifference: cutouts ? Buffer.from(cutouts.difference) : null,
    cutoutScience: cutouts ? Buffer.from(cutouts.science) : null,
    cutoutTemplate: cutouts ? Buffer.from(cutouts.template) : null,
  };
}
