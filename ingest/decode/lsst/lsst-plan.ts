/**
 * The LSST column catalogue and record mapping of one writer schema (docs/surveys.md, "LSST alerts"): which field
 * of which section of the alert record becomes which API column of which table, with Fink's LSST prefixes (`r:`
 * Rubin fields, `f:` Fink values). One plan per schema, cached; the catalogue (`LsstColumns`) is the plan's public
 * part and identifies it (compare by identity). References: lsst/alert_packet
 * python/lsst/alert/packet/schema/<M>/<m>/ (Rubin's records, 7.0-11.0); fink-broker fink_broker/rubin/science.py
 * (Fink's `xm`, `clf`, `pred`, `misc` and the `f:` names it stores them under).
 */
import {
  type AvroFieldType,
  type AvroScalar,
  LSST_ROW_TABLES,
  type LsstColumn,
  type LsstColumns,
  type LsstRowTable,
} from '../../../data/index.js';
import type { FieldShape, NamedShape, RootShape } from './field-shape.js';

/** The values of one part of a table's row: the fields of one section of the alert record. */
export interface PlanPart {
  /** The root field holding the section (a record, or an array of records for `history`/`forced`); null: the root. */
  readonly section: string | null;
  /** Field of the section → API column name. */
  readonly pairs: readonly (readonly [field: string, column: string])[];
}

/** How to read the alerts of one writer schema. */
export interface LsstPlan {
  readonly columns: LsstColumns;
  /** `lsst.vM_m` from the schema's name; null when the schema does not name it (Fink's transfers, parquet). */
  readonly version: string | null;
  /** The version the schema's fields show, for schemas that do not name it (the earliest consistent one). */
  readonly inferredVersion: string;
  /** The root field of the alert's id: `diaSourceId` (8.0 on), `alertId` (before 8.0); null when absent. */
  readonly idField: string | null;
  /** Each table's parts, in order (a column given by an earlier part is not taken again). */
  readonly parts: Readonly<Record<LsstRowTable, readonly PlanPart[]>>;
  /** Each table's row with every column null, to copy (rowTemplate). */
  readonly templates: Readonly<Record<LsstRowTable, Readonly<Record<string, null>>>>;
}

/**
 * A row with every column null. Built by JSON.parse, which makes an object of fast properties, so that copying it
 * (`{ ...template }`) and filling the copy is ~2x faster than adding ~100 properties to an empty object one by one
 * (those turn into a dictionary; measured with Node 20).
 */
function rowTemplate(columns: readonly LsstColumn[]): Readonly<Record<string, null>> {
  return JSON.parse(JSON.stringify(Object.fromEntries(columns.map((c) => [c.name, null])))) as Record<
    string,
    null
  >;
}

/** Thrown for a writer schema that is not an LSST alert schema (no `diaSource` record). */
export class LsstSchemaError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LsstSchemaError';
  }
}

/** Root fields copied into the source and object rows as `r:` columns (8.0 on). */
const ROOT_RUBIN_FIELDS = ['observation_reason', 'target_name'] as const;
/** Root fields Fink adds, copied into the source row as `f:` columns. */
const ROOT_FINK_FIELDS = ['fink_broker_version', 'fink_science_version', 'lsst_schema_version'] as const;
/**
 * Fields of the orbit record that name the Solar System object, copied into the `sso` row after the ssSource
 * fields: a name ssSource has is not taken again, so `r:designation` is ssSource's own from 10.0 on (packed,
 * `K01S97B`, in Rubin's parquet sample; unpacked in Fink's transfers); before 10.0, MPCORB's `mpcDesignation`.
 */
const DESIGNATION_FIELDS = [
  'packed_primary_provisional_designation',
  'unpacked_primary_provisional_designation',
  'designation',
  'mpcDesignation',
] as const;
/** The orbit section: `mpc_orbits` from 10.0, `MPCORB` in 8.0 and 9.0. */
const ORBIT_SECTIONS = ['mpc_orbits', 'MPCORB'] as const;

/**
 * 64-bit ids the sections share: their value is taken from one place (lsst-record.ts), and their type is long
 * whatever the writer made of them (the Rubin parquet sample stores `diaObject.diaObjectId` and
 * `ssSource.diaSourceId` as DOUBLE, which loses digits above 2^53).
 */
export const SHARED_IDS: Readonly<Partial<Record<LsstRowTable, readonly string[]>>> = {
  object: ['r:diaObjectId'],
  sso: ['r:diaSourceId', 'r:ssObjectId'],
};

/** The field of `root` named `name`, if it is a record (or an array of records with `array`). */
function sectionFields(root: RootShape, name: string, array = false): readonly NamedShape[] | null {
  const field = root.fields.find((f) => f.name === name);
  let shape: FieldShape | undefined = field?.shape;
  if (array) shape = shape?.kind === 'array' ? shape.items : undefined;
  return shape?.kind === 'record' ? shape.fields : null;
}

/** One value per table, made by `make`. */
function perTable<T>(make: (table: LsstRowTable) => T): Record<LsstRowTable, T> {
  return Object.fromEntries(LSST_ROW_TABLES.map((t) => [t, make(t)])) as Record<LsstRowTable, T>;
}

/** Builds the columns and parts of the tables. */
class PlanBuilder {
  readonly columns = perTable((): LsstColumn[] => []);
  readonly parts = perTable((): PlanPart[] => []);

  /** Adds the scalar fields among `fields` (all, or those named in `only`) to `table` as `prefix` + name. */
  add(
    table: LsstRowTable,
    section: string | null,
    fields: readonly NamedShape[] | null,
    prefix: string,
    only?: readonly string[],
  ): void {
    if (fields === null) return;
    const taken = new Set(this.columns[table].map((c) => c.name));
    const pairs: [string, string][] = [];
    for (const f of fields) {
      if (f.shape.kind !== 'scalar' || (only && !only.includes(f.name))) continue;
      const name = prefix + f.name;
      if (taken.has(name)) continue;
      taken.add(name);
      const type: AvroScalar = SHARED_IDS[table]?.includes(name) ? 'long' : f.shape.type;
      const avroType = f.avroType === null || type !== f.shape.type ? type : (f.avroType as AvroFieldType);
      this.columns[table].push({ name, type, doc: f.doc, avroType });
      pairs.push([f.name, name]);
    }
    if (pairs.length > 0) this.parts[table].push({ section, pairs });
  }
}

/** `lsst.vM_m` from a schema's full name (`lsst.v10_0.alert`); null when it names no LSST version. */
export function versionFromName(name: string): string | null {
  const match = /^lsst\.v(\d+)_(\d+)(\.|$)/.exec(name);
  return match ? `lsst.v${match[1]}_${match[2]}` : null;
}

/**
 * The earliest LSST schema version consistent with the fields of an alert schema that does not name its version
 * (a parquet file without `lsst_schema_version`): 11.0 differs from 10.0 only by nullability, 7.x versions by a
 * few fields of diaSource and diaForcedSource. Reference: lsst/alert_packet schema/<M>/<m>/ (7.0-11.0).
 */
export function inferLsstVersion(root: RootShape): string {
  const has = (name: string): boolean => root.fields.some((f) => f.name === name);
  const source = new Set((sectionFields(root, 'diaSource') ?? []).map((f) => f.name));
  if (has('mpc_orbits')) return 'lsst.v10_0';
  if (has('MPCORB') || has('observation_reason') || has('ssSource'))
    return source.has('time_processed') ? 'lsst.v8_0' : 'lsst.v9_0';
  if (source.has('pixelFlags_nodataCenter')) return 'lsst.v7_4';
  if (source.has('is_negative')) return 'lsst.v7_3';
  if (source.has('dipoleFitAttempted')) return 'lsst.v7_2';
  const forced = sectionFields(root, 'prvDiaForcedSources', true) ?? [];
  return forced.some((f) => f.name === 'ra') ? 'lsst.v7_1' : 'lsst.v7_0';
}

/** Plans by catalogue: `lsstAlertFromRecord` finds the mapping of the catalogue it is given. */
const PLANS = new WeakMap<LsstColumns, LsstPlan>();

/** The plan of a catalogue built here; undefined for one built elsewhere. */
export function planOf(columns: LsstColumns): LsstPlan | undefined {
  return PLANS.get(columns);
}

/**
 * The plan of an alert schema's shape.
 * @throws LsstSchemaError when the schema has no `diaSource` record (not an LSST alert schema).
 */
export function planFromShape(root: RootShape): LsstPlan {
  const diaSource = sectionFields(root, 'diaSource');
  if (diaSource === null) throw new LsstSchemaError('not an LSST alert schema: no diaSource record');
  const b = new PlanBuilder();
  const rootRubin = root.fields.filter((f) => (ROOT_RUBIN_FIELDS as readonly string[]).includes(f.name));
  b.add('source', 'diaSource', diaSource, 'r:');
  b.add('source', null, rootRubin, 'r:');
  b.add('source', 'xm', sectionFields(root, 'xm'), 'f:xm_');
  b.add('source', 'clf', sectionFields(root, 'clf'), 'f:clf_');
  b.add('source', null, root.fields, 'f:', ROOT_FINK_FIELDS);
  b.add('object', 'diaObject', sectionFields(root, 'diaObject'), 'r:');
  b.add('object', null, rootRubin, 'r:');
  b.add('object', 'pred', sectionFields(root, 'pred'), 'f:');
  b.add('object', 'misc', sectionFields(root, 'misc'), 'f:');
  b.add('history', 'prvDiaSources', sectionFields(root, 'prvDiaSources', true), 'r:');
  b.add('forced', 'prvDiaForcedSources', sectionFields(root, 'prvDiaForcedSources', true), 'r:');
  const orbitSection = ORBIT_SECTIONS.find((s) => sectionFields(root, s) !== null) ?? null;
  const orbit = orbitSection ? sectionFields(root, orbitSection) : null;
  b.add('sso', 'ssSource', sectionFields(root, 'ssSource'), 'r:');
  b.add('sso', orbitSection, orbit, 'r:', DESIGNATION_FIELDS);
  b.add('orbit', orbitSection, orbit, 'r:');
  const idField = ['diaSourceId', 'alertId'].find((n) => root.fields.some((f) => f.name === n)) ?? null;
  const plan: LsstPlan = {
    columns: b.columns,
    version: versionFromName(root.name),
    inferredVersion: inferLsstVersion(root),
    idField,
    parts: b.parts,
    templates: perTable((t) => rowTemplate(b.columns[t])),
  };
  PLANS.set(plan.columns, plan);
  return plan;
}
