/**
 * One LSST alert record (as avsc decodes an Avro datum, or as DuckDB reads a parquet row) → `LsstAlert`
 * (docs/surveys.md, "LSST alerts"), through the plan of its writer schema. A record that cannot be an alert
 * gives a rejection reason, never an exception. Longs stay BigInt.
 */

import { TT_MINUS_TAI_S, ttMinusUtcSeconds } from '../../../compute/sso/ephemeris/index.js';
import { isValidNight, jdToNight, MJD_OFFSET } from '../../../compute/time/index.js';
import type { ColumnValue, LsstAlert, LsstColumns, LsstRow } from '../../../data/index.js';
import { type LsstPlan, type PlanPart, planOf } from './lsst-plan.js';

/** One decoded LSST record: an alert, or the reason it was rejected. */
export type LsstDecodeOutcome =
  | { readonly ok: true; readonly alert: LsstAlert }
  | { readonly ok: false; readonly reason: string };

/** Days Rubin's dayObs lags UTC (12 h): a night at Cerro Pachón falls within one date at UTC−12 h. */
const DAY_OBS_OFFSET_DAYS = 0.5;
const SECONDS_PER_DAY = 86_400;

/**
 * Rubin's dayObs of an exposure: the calendar date (YYYYMMDD) at UTC−12 h of its midpoint.
 * @param mjdTai MJD (TAI) of the exposure midpoint.
 * @returns the night as the integer YYYYMMDD.
 * Reference: docs/surveys.md (the night of an LSST alert is Rubin's dayObs: the observing day rolls over at
 * 12:00 UTC, noon at UTC−12 h, so one Chilean night is one date); TAI − UTC from IERS Bulletin C (37 s since 2017).
 */
export function dayObsOfMjdTai(mjdTai: number): number {
  const jdTai = mjdTai + MJD_OFFSET;
  const taiMinusUtcS = ttMinusUtcSeconds(jdTai) - TT_MINUS_TAI_S;
  return jdToNight(jdTai - taiMinusUtcS / SECONDS_PER_DAY - DAY_OBS_OFFSET_DAYS);
}

type Fields = Readonly<Record<string, unknown>>;

function asFields(v: unknown): Fields | null {
  return v !== null && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Uint8Array)
    ? (v as Fields)
    : null;
}

/** A section that holds something: Fink's transfers write an absent diaObject (or ssSource) as all-null fields. */
function presentSection(v: unknown): Fields | null {
  const fields = asFields(v);
  if (fields === null) return null;
  for (const value of Object.values(fields)) if (value !== null && value !== undefined) return fields;
  return null;
}

function columnValue(v: unknown): ColumnValue {
  switch (typeof v) {
    case 'string':
    case 'number':
    case 'bigint':
    case 'boolean':
      return v;
    default:
      return null;
  }
}

function bytesOf(v: unknown): Uint8Array | null {
  return v instanceof Uint8Array ? v : null;
}

/**
 * The row of a table from the parts of its plan, each read from its section of `record` (or `record` itself),
 * filled into a copy of the table's all-null template.
 */
function rowOf(
  record: Fields,
  parts: readonly PlanPart[],
  template: Readonly<Record<string, null>>,
  self = false,
): Record<string, ColumnValue> {
  const row: Record<string, ColumnValue> = { ...template };
  for (const part of parts) {
    const section = self || part.section === null ? record : asFields(record[part.section]);
    if (section === null) continue;
    for (const [field, column] of part.pairs) row[column] = columnValue(section[field]);
  }
  return row;
}

/** The rows of a list section (`prvDiaSources`, `prvDiaForcedSources`); null entries are skipped. */
function listRows(
  record: Fields,
  parts: readonly PlanPart[],
  template: Readonly<Record<string, null>>,
): LsstRow[] {
  if (parts.length === 0) return [];
  const list = record[parts[0].section ?? ''];
  if (!Array.isArray(list)) return [];
  const rows: LsstRow[] = [];
  for (const item of list) {
    const fields = asFields(item);
    if (fields !== null) rows.push(rowOf(fields, parts, template, true));
  }
  return rows;
}

/** A 64-bit id: a BigInt, or a number only when it is an exact integer below 2^53; else null. */
function exactId(v: unknown): bigint | null {
  if (typeof v === 'bigint') return v;
  return typeof v === 'number' && Number.isSafeInteger(v) ? BigInt(v) : null;
}

const isFiniteNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/**
 * What a reader of one LSST alert record gives, before it is checked: the raw values the alert's identity needs
 * and the tables' rows. Made from a generic record here (lsstAlertFromRecord) or by the generated reader
 * (lsst-reader.ts); lsstAlertFromParts checks it and makes the alert, the same way for both.
 */
export interface LsstRecordParts {
  /** The root id field's value (`diaSourceId`; `alertId` before 8.0); undefined when the schema has none. */
  readonly id: unknown;
  /** Whether the record holds a diaSource record. */
  readonly hasDiaSource: boolean;
  /** diaSource's midpointMjdTai, ra, dec, diaObjectId and ssObjectId as read (undefined when absent). */
  readonly midpointMjdTai: unknown;
  readonly ra: unknown;
  readonly dec: unknown;
  readonly diaObjectId: unknown;
  readonly ssObjectId: unknown;
  /** The root `lsst_schema_version` (Fink's transfers). */
  readonly version: unknown;
  readonly source: Record<string, ColumnValue>;
  /** The rows of sections present (not null, not all-null); null when absent. */
  readonly object: Record<string, ColumnValue> | null;
  readonly sso: Record<string, ColumnValue> | null;
  readonly orbit: Record<string, ColumnValue> | null;
  readonly history: readonly LsstRow[];
  readonly forced: readonly LsstRow[];
  /** The root cutout fields' values. */
  readonly science: unknown;
  readonly template: unknown;
  readonly difference: unknown;
}

/**
 * Maps one decoded alert record to an LsstAlert.
 * @param record the alert record: avsc's value of the writer schema (longs as BigInt), or a DuckDB row (JS values).
 * @param columns the catalogue of the record's writer schema, from lsstColumnsFromAvroSchema or
 *   lsstColumnsFromParquetSchema (it identifies the schema's mapping).
 * @param schemaVersion `lsst.vM_m` when the writer schema names it; null: the record's `lsst_schema_version`
 *   (Fink), else the version the schema's fields show.
 * @returns the alert, or the reason the record is rejected (lsstAlertFromParts).
 */
export function lsstAlertFromRecord(
  record: unknown,
  columns: LsstColumns,
  schemaVersion: string | null,
): LsstDecodeOutcome {
  const plan = planOf(columns);
  if (plan === undefined)
    return { ok: false, reason: 'column catalogue not built from a writer schema (lsstColumnsFrom…)' };
  const rec = asFields(record);
  if (rec === null) return { ok: false, reason: 'LSST alert is not a record' };
  const diaSource = asFields(rec.diaSource);
  const orbitSection = plan.parts.orbit[0]?.section ?? null;
  const parts: LsstRecordParts = {
    id: rec[plan.idField ?? 'diaSourceId'],
    hasDiaSource: diaSource !== null,
    midpointMjdTai: diaSource?.midpointMjdTai,
    ra: diaSource?.ra,
    dec: diaSource?.dec,
    diaObjectId: diaSource?.diaObjectId,
    ssObjectId: diaSource?.ssObjectId,
    version: rec.lsst_schema_version,
    source: rowOf(rec, plan.parts.source, plan.templates.source),
    object: presentSection(rec.diaObject) ? rowOf(rec, plan.parts.object, plan.templates.object) : null,
    sso: presentSection(rec.ssSource) ? rowOf(rec, plan.parts.sso, plan.templates.sso) : null,
    orbit:
      orbitSection !== null && presentSection(rec[orbitSection])
        ? rowOf(rec, plan.parts.orbit, plan.templates.orbit)
        : null,
    history: listRows(rec, plan.parts.history, plan.templates.history),
    forced: listRows(rec, plan.parts.forced, plan.templates.forced),
    science: rec.cutoutScience,
    template: rec.cutoutTemplate,
    difference: rec.cutoutDifference,
  };
  return lsstAlertFromParts(parts, plan, schemaVersion);
}

/**
 * Checks a record's parts and makes its LsstAlert (the rows of `parts` are taken, not copied).
 * @param plan the plan of the record's writer schema; @param schemaVersion as for lsstAlertFromRecord.
 * @returns the alert, or the reason the record is rejected: no alert id (`diaSourceId`, `alertId` before 8.0), no
 *   `diaSource`, no finite `midpointMjdTai` (of years 1900-2999), `ra` or `dec`, or a diaObjectId that is not an exact integer.
 *   The diaObjectId is `diaSource.diaObjectId` (0 for a Solar System source); the diaObject record's own copy is
 *   never read (DOUBLE in Rubin's parquet sample). An all-null diaObject, ssSource or orbit is absent.
 */
export function lsstAlertFromParts(
  parts: LsstRecordParts,
  plan: LsstPlan,
  schemaVersion: string | null,
): LsstDecodeOutcome {
  const idField = plan.idField ?? 'diaSourceId';
  const diaSourceId = exactId(parts.id);
  if (diaSourceId === null) return { ok: false, reason: `LSST alert without ${idField}` };
  if (!parts.hasDiaSource) return { ok: false, reason: `LSST alert ${diaSourceId} without diaSource` };
  const { midpointMjdTai, ra, dec } = parts;
  if (!isFiniteNumber(midpointMjdTai))
    return {
      ok: false,
      reason: `LSST alert ${diaSourceId}: diaSource.midpointMjdTai is not a finite number`,
    };
  if (!isFiniteNumber(ra) || !isFiniteNumber(dec))
    return { ok: false, reason: `LSST alert ${diaSourceId}: diaSource ra/dec are not finite numbers` };
  const night = dayObsOfMjdTai(midpointMjdTai);
  if (!isValidNight(night))
    return {
      ok: false,
      reason: `LSST alert ${diaSourceId}: diaSource.midpointMjdTai ${midpointMjdTai} is not an MJD of years 1900-2999`,
    };
  const diaObjectId = exactId(parts.diaObjectId ?? 0n);
  if (diaObjectId === null)
    return { ok: false, reason: `LSST alert ${diaSourceId}: diaSource.diaObjectId is not an exact integer` };
  const { object, sso } = parts;
  if (object !== null && 'r:diaObjectId' in object) object['r:diaObjectId'] = diaObjectId;
  if (sso !== null) {
    if ('r:diaSourceId' in sso) sso['r:diaSourceId'] = diaSourceId;
    if ('r:ssObjectId' in sso)
      sso['r:ssObjectId'] = exactId(sso['r:ssObjectId']) ?? exactId(parts.ssObjectId);
  }
  const recordVersion = typeof parts.version === 'string' ? parts.version : null;
  return {
    ok: true,
    alert: {
      diaSourceId,
      diaObjectId,
      midpointMjdTai,
      night,
      schemaVersion: schemaVersion ?? recordVersion ?? plan.inferredVersion,
      source: parts.source,
      object,
      history: parts.history,
      forced: parts.forced,
      sso,
      orbit: parts.orbit,
      stamps: {
        science: bytesOf(parts.science),
        template: bytesOf(parts.template),
        difference: bytesOf(parts.difference),
      },
      columns: plan.columns,
    },
  };
}
