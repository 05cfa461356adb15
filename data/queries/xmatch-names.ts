/**
 * Objects whose alerts carry a name in a cross-match field: the catalogue names science modules wrote (ZTF: Gaia
 * DR3 `d:DR3Name` "Gaia DR3 6867221083571072000", 3HSP `d:x3hsp`, 4LAC `d:x4lac`; LSST: data/queries/lsst/
 * xmatch-names.ts). Behind `/api/v1/resolver` with `resolver=simbad`, answered without any upstream, for both
 * surveys through {@link findByXmatchName}. A name matches case-insensitively with blanks collapsed, and without
 * the catalogue prefix of its field ("gaia dr3 6867221083571072000" and "6867221083571072000" name the same
 * source). A scan of every part's alerts (no index holds these fields): fine for a fallback, tens of ms per
 * million alerts. SQL text is constant apart from the store-built file list and our own column names and
 * prefixes; the name travels as a parameter.
 */
import type { Catalog } from '../catalog.js';
import type { StoreLayout } from '../store-layout.js';
import { partFileList } from './alert-refs.js';
import type { QueryFn } from './objects.js';

/** A field of the alerts holding catalogue names. */
export interface XmatchNameField {
  /** Its API name (`d:DR3Name`, `f:xm_gaiadr3_DR3Name`). */
  readonly field: string;
  /**
   * The catalogue prefix of its names as SIMBAD writes them, as optional leading words in order (['2MASS', 'J']
   * for "2MASS J00424433+4116074"), each ignored in a name asked and in the stored one; [] for none. Letters,
   * digits and blanks only.
   */
  readonly prefix: readonly string[];
}

/** Gaia DR3 source names as Fink's cross-match writes them: "Gaia DR3 <source_id>". */
export const GAIA_DR3_PREFIX: readonly string[] = ['Gaia DR3'];

/** ZTF storage columns holding catalogue names, with their API names and prefixes. */
export const XMATCH_NAME_FIELDS: Readonly<Record<string, XmatchNameField>> = {
  d_DR3Name: { field: 'd:DR3Name', prefix: GAIA_DR3_PREFIX },
  d_x3hsp: { field: 'd:x3hsp', prefix: [] },
  d_x4lac: { field: 'd:x4lac', prefix: [] },
};

/** One object a name resolved to: its latest alert carrying the name. */
export interface XmatchNamedObject {
  /** The object's id (ZTF objectId as text; LSST diaObjectId as bigint). */
  readonly objectId: unknown;
  /** The name as the alert carries it. */
  readonly oname: string;
  /** The API name of the field that carries it. */
  readonly field: string;
  /** The alert's SIMBAD class; null when it has none. */
  readonly otype: string | null;
  /** The alert's position, ICRS (deg). */
  readonly raDeg: number;
  readonly decDeg: number;
}

/** What {@link findByXmatchName} searches: SQL our code writes (identifiers and store-built paths only). */
export interface XmatchNameSearch {
  /** The relation of the alerts (a `read_parquet` of the store's files). */
  readonly relationSql: string;
  /** The name fields the relation holds, each with its column as a SQL identifier. */
  readonly fields: readonly (XmatchNameField & { readonly columnSql: string })[];
  /** The object id, its SIMBAD class, right ascension and declination (deg) of an alert, as SQL expressions. */
  readonly objectIdSql: string;
  readonly otypeSql: string;
  readonly raSql: string;
  readonly decSql: string;
  /** The order of an object's alerts, latest first (SQL ORDER BY items). */
  readonly latestFirstSql: string;
  /** Which alerts may answer (SQL condition); TRUE for all. */
  readonly whereSql: string;
}

const PREFIX_TEXT = /^[A-Za-z0-9 ]+$/;
/** Values Fink writes where a cross-match found no counterpart (its defaults, pandas' 'nan'; folded): no name. */
const NO_COUNTERPART = new Set(['unknown', 'fail', 'none', 'nan']);

/** The regular expression of a prefix's optional words at the start of a folded name, each blank after optional. */
function prefixPattern(prefix: readonly string[]): string {
  const words = prefix.map((w) => {
    if (!PREFIX_TEXT.test(w)) throw new Error(`not a catalogue prefix: ${JSON.stringify(w)}`);
    return `(?:${w.toLowerCase()} ?)?`;
  });
  return `^${words.join('')}`;
}

/**
 * The key a name is compared by in a field: blanks collapsed and trimmed, lower case, the field's prefix removed.
 * Mirrors {@link nameKeySql}.
 */
export function xmatchNameKey(name: string, prefix: readonly string[]): string {
  const folded = name.replace(/\s+/g, ' ').trim().toLowerCase();
  return prefix.length === 0 ? folded : folded.replace(new RegExp(prefixPattern(prefix)), '');
}

/** {@link xmatchNameKey} of a column, in SQL. */
function nameKeySql(columnSql: string, prefix: readonly string[]): string {
  const folded = `lower(trim(regexp_replace(${columnSql}, '\\s+', ' ', 'g')))`;
  return prefix.length === 0 ? folded : `regexp_replace(${folded}, '${prefixPattern(prefix)}', '')`;
}

/**
 * The latest alert of each object one of whose alerts carries `name` in a name field of `search`.
 * @param limit most objects.
 * @returns one row per object, in object id order; [] when the name is blank or no field is held.
 */
export async function findByXmatchName(
  query: QueryFn,
  search: XmatchNameSearch,
  name: string,
  limit: number,
): Promise<XmatchNamedObject[]> {
  // a name that is only a prefix ("Gaia DR3"), or Fink's "no counterpart", names nothing: its key is null
  const keys = search.fields.map((f) => {
    const key = xmatchNameKey(name, f.prefix);
    return key === '' || NO_COUNTERPART.has(key) ? null : key;
  });
  if (keys.every((k) => k === null)) return [];
  const matches = search.fields.map((f, i) => `${nameKeySql(f.columnSql, f.prefix)} = $${i + 1}`);
  const sql = `
    SELECT ${search.objectIdSql} AS "objectId", ${search.otypeSql} AS "otype",
      ${search.raSql} AS "raDeg", ${search.decSql} AS "decDeg",
      CASE ${matches.map((m, i) => `WHEN ${m} THEN ${search.fields[i].columnSql}`).join(' ')} END AS "oname",
      CASE ${matches.map((m, i) => `WHEN ${m} THEN ${i}`).join(' ')} END AS "fieldIndex"
    FROM ${search.relationSql}
    WHERE (${matches.join(' OR ')}) AND (${search.whereSql})
    QUALIFY row_number() OVER (PARTITION BY ${search.objectIdSql} ORDER BY ${search.latestFirstSql}) = 1
    ORDER BY ${search.objectIdSql} LIMIT $${keys.length + 1}::BIGINT`;
  const rows = await query(sql, [...keys, limit]);
  return rows.map((r) => ({
    objectId: r.objectId,
    oname: String(r.oname),
    field: search.fields[Number(r.fieldIndex)].field,
    otype: r.otype === null || r.otype === undefined ? null : String(r.otype),
    raDeg: Number(r.raDeg),
    decDeg: Number(r.decDeg),
  }));
}

/** The latest ZTF alert of each object one of whose alerts carries `name` in a cross-match name field. */
export async function findObjectsByXmatchName(
  query: QueryFn,
  layout: StoreLayout,
  catalog: Catalog,
  name: string,
  limit: number,
): Promise<XmatchNamedObject[]> {
  if (catalog.parts.length === 0) return [];
  const files = partFileList(layout, catalog.parts, 'alerts');
  return findByXmatchName(
    query,
    {
      relationSql: `read_parquet(${files.sql})`,
      fields: Object.entries(XMATCH_NAME_FIELDS).map(([column, f]) => ({ ...f, columnSql: column })),
      objectIdSql: 'i_objectId',
      otypeSql: 'd_cdsxmatch',
      raSql: 'i_ra',
      decSql: 'i_dec',
      latestFirstSql: 'i_jd DESC, i_candid DESC',
      whereSql: 'TRUE',
    },
    name,
    limit,
  );
}
