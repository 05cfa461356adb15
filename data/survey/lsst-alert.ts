/**
 * The Rubin/LSST alert as the decoders hand it to staging (docs/surveys.md, "LSST alerts"): the alert's sections
 * flattened into rows keyed by their API column names (`r:psfFlux`, `f:xm_simbad_otype`), whatever Rubin schema
 * version (7.0 … 11.0) or container (Avro file, Spark parquet, Confluent-framed Kafka message) it came in.
 */
import type { ColumnValue } from '../column-types.js';
import type { LsstColumns } from './lsst-columns.js';

/** One row of an LSST table: API column name (prefix `r:` Rubin field, `f:` Fink value) → value. Longs are BigInt. */
export type LsstRow = Readonly<Record<string, ColumnValue>>;

/** The three stamps of an LSST alert: FITS bytes as Rubin sends them (not gzipped), never re-encoded. */
export interface LsstStamps {
  readonly science: Uint8Array | null;
  readonly template: Uint8Array | null;
  readonly difference: Uint8Array | null;
}

/** A decoded, validated LSST alert. */
export interface LsstAlert {
  /** The alert's diaSource id (Rubin's alert id since schema 8.0; `alertId` before). */
  readonly diaSourceId: bigint;
  /** Its diaObject; 0n for a Solar System source without one. */
  readonly diaObjectId: bigint;
  /** MJD (TAI) of the exposure midpoint. */
  readonly midpointMjdTai: number;
  /** Observing night (Rubin's dayObs, YYYYMMDD): the date at UTC−12 h of the exposure midpoint. */
  readonly night: number;
  /** Writer schema version, as Fink spells it: `lsst.v10_0`. */
  readonly schemaVersion: string;
  /** `r:` diaSource fields, the root fields (`r:observation_reason`, `r:target_name`) and Fink's source values. */
  readonly source: LsstRow;
  /** `r:` diaObject fields with the root fields and Fink's object values; null without a diaObject. */
  readonly object: LsstRow | null;
  /** `r:` fields of `prvDiaSources` (earlier detections of the diaObject). */
  readonly history: readonly LsstRow[];
  /** `r:` fields of `prvDiaForcedSources`. */
  readonly forced: readonly LsstRow[];
  /** `r:` ssSource fields with the designation fields of `mpc_orbits`; null for a non-Solar-System source. */
  readonly sso: LsstRow | null;
  /** `r:` fields of `mpc_orbits` (or `MPCORB` before 10.0); null when absent. */
  readonly orbit: LsstRow | null;
  readonly stamps: LsstStamps;
  /** The column catalogue of the alert's writer schema (one shared object per schema). */
  readonly columns: LsstColumns;
}
