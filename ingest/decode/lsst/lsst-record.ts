/**
 * One LSST alert record (as avsc decodes an Avro datum, or as DuckDB reads a parquet row) → `LsstAlert`
 * (docs/surveys.md, "LSST alerts"), through the plan of its writer schema. A record that cannot be an alert
 * gives a rejection reason, never an exception. Longs stay BigInt.
 */

import { TT_MINUS_TAI_S, ttMinusUtcSeconds } from '../../../compute/sso/ephemeris/index.js';
import { isValidNight, jdToNight, MJD_OFFSET } from '../../../compute/time/index.js';
import type { ColumnValue, LsstAlert, LsstColumns, LsstRow } from '../../../data/index.js';
import { type PlanPart, planOf } from './lsst-plan.js';

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
 * Maps one decoded alert record to an LsstAlert.
 * @param record the alert record: avsc's value of the writer schema (longs as BigInt), or a DuckDB row (JS values).
 * @param columns the catalogue of the record's writer schema, from lsstColumnsFromAvroSchema or
 *   lsstColumnsFromParquetSchema (it identifies the schema's mapping).
 * @param schemaVersion `lsst.vM_m` when the writer schema names it; null: the record's `lsst_schema_version`
 *   (Fink), else the version the schema's fields show.
 * @returns the alert, or the reason the record is rejected: no alert id (`diaSourceId`, `alertId` before 8.0), no
 *   `diaSource`, no finite `midpointMjdTai` (of years 1900-2999), `ra` or `dec`, or a diaObjectId that is not an exact integer.
 *   The diaObjectId is `diaSource.diaObjectId` (0 for a Solar System source); the diaObject record's own copy is
 *   never read (DOUBLE in Rubin's parquet sample). An all-null diaObject, ssSource or orbit is absent.
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
  const idField = plan.idField ?? 'diaSourceId';
  const diaSourceId = exactId(rec[idField]);
  if (diaSourceId === null) return { ok: false, reason: `LSST alert without ${idField}` };
  const diaSource = asFields(rec.diaSource);
  if (diaSource === null) return { ok: false, reason: `LSST alert ${diaSourceId} without diaSource` };
  const { midpointMjdTai, ra, dec } = diaSource;
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
  const objectIdValue = diaSource.diaObjectId ?? 0n;
  const diaObjectId = exactId(objectIdValue);
  if (diaObjectId === null)
    return { ok: false, reason: `LSST alert ${diaSourceId}: diaSource.diaObjectId is not an exact integer` };

  let object: Record<string, ColumnValue> | null = null;
  if (presentSection(rec.diaObject) !== null) {
    object = rowOf(rec, plan.parts.object, plan.templates.object);
    if ('r:diaObjectId' in object) object['r:diaObjectId'] = diaObjectId;
  }
  let sso: Record<string, ColumnValue> | null = null;
  if (presentSection(rec.ssSource) !== null) {
    sso = rowOf(rec, plan.parts.sso, plan.templates.sso);
    if ('r:diaSourceId' in sso) sso['r:diaSourceId'] = diaSourceId;
    if ('r:ssObjectId' in sso)
      sso['r:ssObjectId'] = exactId(sso['r:ssObjectId']) ?? exactId(diaSource.ssObjectId);
  }
  const orbitSection = plan.parts.orbit[0]?.section ?? null;
  const orbit =
    orbitSection !== null && presentSection(rec[orbitSection]) !== null
      ? rowOf(rec, plan.parts.orbit, plan.templates.orbit)
      : null;
  const recordVersion = typeof rec.lsst_schema_version === 'string' ? rec.lsst_schema_version : null;
  return {
    ok: true,
    alert: {
      diaSourceId,
      diaObjectId,
      midpointMjdTai,
      night,
      schemaVersion: schemaVersion ?? recordVersion ?? plan.inferredVersion,
      source: rowOf(rec, plan.parts.source, plan.templates.source),
      object,
      history: listRows(rec, plan.parts.history, plan.templates.history),
      forced: listRows(rec, plan.parts.forced, plan.templates.forced),
      sso,
      orbit,
      stamps: {
        science: bytesOf(rec.cutoutScience),
        template: bytesOf(rec.cutoutTemplate),
        difference: bytesOf(rec.cutoutDifference),
      },
      columns,
    },
  };
}
