/**
 * Turns a decoded alert record (ZTF 3.2/3.3/4.02, raw or Fink-enriched, from Avro or Spark parquet) into an
 * Alert of the catalogue, or a reason why it cannot be one. Pure: no I/O.
 */

import { jdToNight } from '../../compute/time/index.js';
import type {
  Alert,
  AvroScalar,
  ColumnSource,
  ColumnValue,
  Cutouts,
  HistoryPoint,
} from '../../data/index.js';
import { ALERT_COLUMNS, CANDIDATE_FIELD_NAMES, SKY_MAX_ID_BYTES } from '../../data/index.js';

/** Largest ssdistnr (arcsec) for which a raw alert is associated with its known SSO (roid = 3). */
export const ROID_MAX_SSDISTNR_ARCSEC = 5;

type Rec = Record<string, unknown>;

function isRecord(v: unknown): v is Rec {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Uint8Array);
}

/** Converts a field value to the catalogue type; undefined when the value has the wrong type. */
function coerce(value: unknown, type: AvroScalar): ColumnValue | undefined {
  if (value === null || value === undefined) return null;
  switch (type) {
    case 'string':
      if (typeof value === 'string') return value;
      if (typeof value === 'number' || typeof value === 'bigint') return String(value);
      return undefined;
    case 'int': {
      // a 32-bit integer (Avro int); a value out of its range is a wrong type
      const n = typeof value === 'bigint' ? Number(value) : value;
      return typeof n === 'number' && (n | 0) === n ? n : undefined;
    }
    case 'long':
      if (typeof value === 'bigint') return value;
      if (typeof value === 'number' && Number.isInteger(value)) return BigInt(value);
      return undefined;
    case 'float':
    case 'double':
      if (typeof value === 'number') return value;
      if (typeof value === 'bigint') return Number(value);
      return undefined;
    case 'boolean':
      return typeof value === 'boolean' ? value : undefined;
  }
}

function toNum(v: unknown): number | null {
  if (typeof v === 'number') return v;
  if (typeof v === 'bigint') return Number(v);
  return null;
}

/** Fields of `prv_candidates` entries that ingestion reads (HistoryPoint); the others are skipped unread. */
export const HISTORY_FIELDS: ReadonlySet<string> = new Set([
  'jd',
  'fid',
  'magpsf',
  'sigmapsf',
  'diffmaglim',
  'magnr',
  'sigmagnr',
  'isdiffpos',
  'distnr',
  'rb',
  'nbad',
  'candid',
]);

/** A 32-bit integer, or null (a history entry's filter or flag count that is not one is not kept). */
function toInt32(v: unknown): number | null {
  const n = toNum(v);
  return n !== null && (n | 0) === n ? n : null;
}

function toBytes(v: unknown): Uint8Array | null {
  if (v instanceof Uint8Array) return v;
  return null;
}

/**
 * A `prv_candidates` entry as the alert reader decodes it (ingest/decode/alert-reader.ts): the kept fields, in
 * {@link HISTORY_FIELDS} order, with their raw values. Normalisation converts it in place into a history point.
 */
export class HistoryEntry {
  constructor(
    public jd: unknown,
    public fid: unknown,
    public magpsf: unknown,
    public sigmapsf: unknown,
    public diffmaglim: unknown,
    public magnr: unknown,
    public sigmagnr: unknown,
    public isdiffpos: unknown,
    public distnr: unknown,
    public rb: unknown,
    public nbad: unknown,
    public candid: unknown,
  ) {}
}

/**
 * The history point of a decoded `prv_candidates` entry. An entry of the alert reader ({@link HistoryEntry}) is
 * converted in place and becomes the point, so that each of an alert's ~30 entries costs one object, not two;
 * another record (avsc's, maybe with every field) gives a new point.
 */
function historyPoint(p: Rec): HistoryPoint | null {
  const jd = toNum(p.jd);
  if (jd === null || !Number.isFinite(jd)) return null;
  const candid = p.candid;
  const point: Rec = p instanceof HistoryEntry ? p : {};
  point.jd = jd;
  point.fid = toInt32(p.fid);
  point.magpsf = toNum(p.magpsf);
  point.sigmapsf = toNum(p.sigmapsf);
  point.diffmaglim = toNum(p.diffmaglim);
  point.magnr = toNum(p.magnr);
  point.sigmagnr = toNum(p.sigmagnr);
  point.isdiffpos = typeof p.isdiffpos === 'string' ? p.isdiffpos : null;
  point.distnr = toNum(p.distnr);
  point.rb = toNum(p.rb);
  point.nbad = toInt32(p.nbad);
  point.candid = typeof candid === 'bigint' ? candid : typeof candid === 'number' ? BigInt(candid) : null;
  return point as unknown as HistoryPoint;
}

/**
 * Where each catalogue column is read from in a decoded record (precomputed once): a field of the record or of
 * its candidate, and for a column flattened from a map or record field (`mangrove`, `lc_features_g`), how.
 */
export const COLUMN_SOURCES: readonly {
  field: string;
  inCandidate: boolean;
  type: AvroScalar;
  from: ColumnSource | undefined;
}[] = ALERT_COLUMNS.map((col) => {
  const field = col.from?.field ?? col.storage.slice(2);
  return {
    field,
    inCandidate: col.family === 'i' && CANDIDATE_FIELD_NAMES.has(field),
    type: col.type,
    from: col.from,
  };
});

/**
 * Columns read from the same field as an earlier column (the entries of one map), with that earlier column: a
 * reader that stores a field's value once (alert-reader.ts, at the first column) gets it copied to the others.
 */
const SHARED_SOURCES: readonly (readonly [column: number, first: number])[] = COLUMN_SOURCES.flatMap(
  ({ field, inCandidate }, i) => {
    const first = COLUMN_SOURCES.findIndex((s) => s.field === field && s.inCandidate === inCandidate);
    return first < i ? [[i, first] as const] : [];
  },
);

/**
 * The value of a flattened column from the raw value of its field: the map entry (null when absent), or the JSON
 * text of the record's values in field order (non-finite numbers and non-numbers as null; a text, as Fink's API
 * exports carry it, kept). Anything else is null.
 */
function flattenedValue(from: ColumnSource, raw: unknown): unknown {
  if (from.kind === 'record-values' && typeof raw === 'string') return raw;
  if (!isRecord(raw)) return null;
  if (from.kind === 'map-entry') return Object.hasOwn(raw, from.key) ? raw[from.key] : null;
  return JSON.stringify(
    Object.values(raw).map((v) => (typeof v === 'number' && Number.isFinite(v) ? v : null)),
  );
}

/**
 * Where each catalogue column's value is in `Object.values` of the record or of its candidate (-1: absent), for
 * records built by one class: avsc gives every record of a schema the same fields in the same order, so a plan
 * per pair of classes replaces ~150 lookups by name (megamorphic across the two records) per alert by indexing.
 * Plain objects (parquet rows) may differ in their keys from one row to the next and are read by name.
 */
const PLANS = new WeakMap<object, WeakMap<object, Int16Array>>();

function planOf(record: Rec, candidate: Rec): Int16Array | null {
  const recordClass = Object.getPrototypeOf(record) as object | null;
  const candidateClass = Object.getPrototypeOf(candidate) as object | null;
  if (recordClass === null || candidateClass === null) return null;
  if (recordClass === Object.prototype || candidateClass === Object.prototype) return null;
  let byCandidate = PLANS.get(recordClass);
  if (byCandidate === undefined) {
    byCandidate = new WeakMap();
    PLANS.set(recordClass, byCandidate);
  }
  let plan = byCandidate.get(candidateClass);
  if (plan === undefined) {
    const recordKeys = Object.keys(record);
    const candidateKeys = Object.keys(candidate);
    plan = Int16Array.from(COLUMN_SOURCES, ({ field, inCandidate }) =>
      (inCandidate ? candidateKeys : recordKeys).indexOf(field),
    );
    byCandidate.set(candidateClass, plan);
  }
  return plan;
}

/** The result of normalising one record. */
export type NormalizeResult = { ok: true; alert: Alert } | { ok: false; reason: string };

/** An objectId: ZTF's are 12 characters; a sky blocks record holds at most SKY_MAX_ID_BYTES (data/sky-blocks.ts). */
const OBJECT_ID_PATTERN = new RegExp(`^[A-Za-z0-9_\\-.+]{1,${SKY_MAX_ID_BYTES}}$`);

/**
 * What normalisation reads of a decoded alert record: built from a record object ({@link normalizeRecord}) or
 * straight from the record's bytes (alert-reader.ts). Values are as avsc decodes them (BigInt longs, byte views).
 */
export interface RecordParts {
  readonly objectId: unknown;
  /** The record's candid, or its candidate's when the record has none. */
  readonly candid: unknown;
  /** The candidate's jd. */
  readonly jd: unknown;
  /**
   * The value of each catalogue column where {@link COLUMN_SOURCES} says (undefined: absent; candid unused). A
   * fresh array that normalisation takes over: the alert's values are written into it.
   */
  readonly columns: unknown[];
  /** Whether the record has a `roid` field (raw ZTF alerts have none: it is derived). */
  readonly hasRoid: boolean;
  /** `stampData` of the science, template and difference cutouts (null or undefined when absent). */
  readonly science: unknown;
  readonly template: unknown;
  readonly difference: unknown;
  /** The `prv_candidates` entries (records), or null. */
  readonly history: readonly unknown[] | null;
}

function stampData(record: Rec, key: string): unknown {
  const c = record[key];
  return isRecord(c) ? c.stampData : null;
}

/**
 * Normalises one decoded record. Rejects a record without a usable objectId, candid or jd, or whose field has a
 * type the catalogue cannot hold for a required field. Optional fields of an unexpected type (e.g. the
 * struct-valued `mulens` of 2021 Fink parquet) become null. `ssnamenr` "null" becomes null. Raw ZTF alerts
 * (no `roid`) get roid = 3 when ZTF associated a known SSO within ROID_MAX_SSDISTNR_ARCSEC.
 */
export function normalizeRecord(record: unknown): NormalizeResult {
  if (!isRecord(record)) return { ok: false, reason: 'record is not an Avro record' };
  const candidate = record.candidate;
  if (!isRecord(candidate)) return { ok: false, reason: 'missing candidate record' };
  const columns: unknown[] = new Array(COLUMN_SOURCES.length);
  const plan = planOf(record, candidate);
  if (plan) {
    const recordValues = Object.values(record);
    const candidateValues = Object.values(candidate);
    for (let i = 0; i < COLUMN_SOURCES.length; i++) {
      const at = plan[i];
      if (at >= 0) columns[i] = COLUMN_SOURCES[i].inCandidate ? candidateValues[at] : recordValues[at];
    }
  } else {
    for (let i = 0; i < COLUMN_SOURCES.length; i++) {
      const { field, inCandidate } = COLUMN_SOURCES[i];
      columns[i] = inCandidate ? candidate[field] : record[field];
    }
  }
  return normalizeParts({
    objectId: record.objectId,
    candid: record.candid ?? candidate.candid,
    jd: candidate.jd,
    columns,
    hasRoid: record.roid !== undefined,
    science: stampData(record, 'cutoutScience'),
    template: stampData(record, 'cutoutTemplate'),
    difference: stampData(record, 'cutoutDifference'),
    history: Array.isArray(record.prv_candidates) ? record.prv_candidates : null,
  });
}

/** Normalises the parts of a record that has a candidate record (see {@link normalizeRecord}). */
export function normalizeParts(parts: RecordParts): NormalizeResult {
  const objectId = parts.objectId;
  if (typeof objectId !== 'string' || !OBJECT_ID_PATTERN.test(objectId)) {
    return {
      ok: false,
      reason: `missing or invalid objectId (${JSON.stringify(String(objectId)).slice(0, 80)})`,
    };
  }
  const candid = coerce(parts.candid, 'long');
  if (typeof candid !== 'bigint')
    return { ok: false, reason: 'missing or invalid candid (must be a 64-bit integer)' };
  const jd = parts.jd;
  if (typeof jd !== 'number' || !Number.isFinite(jd) || jd < 2400000 || jd > 2600000) {
    return { ok: false, reason: `missing or invalid candidate.jd (${String(jd)})` };
  }

  // the values replace the raw values in the same array (one array per alert, not two)
  const columns = parts.columns;
  const values = columns as ColumnValue[];
  for (const [i, first] of SHARED_SOURCES) columns[i] = columns[first];
  for (let i = 0; i < COLUMN_SOURCES.length; i++) {
    const { field, type, from } = COLUMN_SOURCES[i];
    const raw =
      field === 'candid' ? candid : from === undefined ? columns[i] : flattenedValue(from, columns[i]);
    const v = coerce(raw, type);
    if (v === undefined) {
      if (field === 'ra' || field === 'dec' || field === 'fid') {
        return { ok: false, reason: `field candidate.${field} has a wrong type (${typeof raw})` };
      }
      values[i] = null;
    } else values[i] = v;
  }
  const ra = values[ALERT_INDEX.ra];
  const dec = values[ALERT_INDEX.dec];
  if (typeof ra !== 'number' || typeof dec !== 'number' || ra < 0 || ra >= 360 || dec < -90 || dec > 90) {
    return { ok: false, reason: `missing or out-of-range ra/dec (${String(ra)}, ${String(dec)})` };
  }
  if (values[ALERT_INDEX.ssnamenr] === 'null' || values[ALERT_INDEX.ssnamenr] === 'None') {
    values[ALERT_INDEX.ssnamenr] = null;
  }
  if (!parts.hasRoid) values[ALERT_INDEX.roid] = deriveRoid(values);

  const cutouts: Cutouts = {
    science: toBytes(parts.science),
    template: toBytes(parts.template),
    difference: toBytes(parts.difference),
  };
  const history: HistoryPoint[] = [];
  if (parts.history) {
    for (const p of parts.history) {
      if (!isRecord(p)) continue;
      const h = historyPoint(p);
      if (h) history.push(h);
    }
  }
  return { ok: true, alert: { objectId, candid, jd, night: jdToNight(jd), values, cutouts, history } };
}

function indexOf(storage: string): number {
  const i = ALERT_COLUMNS.findIndex((c) => c.storage === storage);
  if (i < 0) throw new Error(`column ${storage} missing from the catalogue`);
  return i;
}

/** Positions in Alert.values of the fields the ingest path reads. */
export const ALERT_INDEX = {
  objectId: indexOf('i_objectId'),
  candid: indexOf('i_candid'),
  jd: indexOf('i_jd'),
  ra: indexOf('i_ra'),
  dec: indexOf('i_dec'),
  fid: indexOf('i_fid'),
  magpsf: indexOf('i_magpsf'),
  rb: indexOf('i_rb'),
  nbad: indexOf('i_nbad'),
  ssnamenr: indexOf('i_ssnamenr'),
  ssdistnr: indexOf('i_ssdistnr'),
  roid: indexOf('d_roid'),
} as const;

/** roid of a raw alert: 3 when ZTF associated a known SSO within ROID_MAX_SSDISTNR_ARCSEC, else null (unknown). */
function deriveRoid(values: readonly ColumnValue[]): number | null {
  const name = values[ALERT_INDEX.ssnamenr];
  const dist = values[ALERT_INDEX.ssdistnr];
  if (typeof name === 'string' && typeof dist === 'number' && dist >= 0 && dist <= ROID_MAX_SSDISTNR_ARCSEC)
    return 3;
  return null;
}
