/**
 * Lookups in the store's orbit catalogue for the server: a user's query string (`n_or_d` item) → the object
 * (identity, ZTF ssnamenr spellings, orbit), and ZTF ssnamenr values → identities (for the `sso_name` and
 * `sso_number` columns). Exact key matches only (docs/references.md#sso-name-resolution). Point lookups and small batches read the
 * catalogue's lookup files (data/lookup-file.ts; well under a millisecond per name at 1.5 M objects); large
 * batches and prefix completion query the parquet files through DuckDB. A catalogue written before the lookup
 * files existed is refused (OrbitCatalogueFormatError): loading orbit files again writes them. SQL text is
 * constant apart from the store-built catalogue paths; values travel as parameters.
 */
import { listValue } from '@duckdb/node-api';
import {
  cleanSsnamenr,
  queryKeys,
  type SsoIdentity,
  type SsoKind,
  ztfSsnamenrSpellings,
} from '../../compute/sso/catalogue/index.js';
import type { Orbit } from '../../compute/sso/index.js';
import { compareUtf8, readLookupFile } from '../lookup-file.js';
import { decodeNameIds, decodeOrbitRow, type OrbitCatalogueFiles } from '../orbit-catalogue.js';
import { sqlPathLiteral } from '../sql-text.js';
import type { QueryFn } from './objects.js';

/** An object found in the catalogue. */
export interface ResolvedSso extends SsoIdentity {
  /** Catalogue id: "8467", "2010 JO69", "10P", "C/2020 V2". */
  readonly id: string;
  /** Every ZTF `ssnamenr` under which its alerts may be stored ("624188", "2002MA6", "2002MA06"). */
  readonly ztfSsnamenr: string[];
  readonly orbit: Orbit;
  /** Catalogue format and file the orbit came from. */
  readonly source: string;
  readonly sourceFile: string;
}

/**
 * Batches up to this many values are answered from the lookup files, larger ones by one DuckDB scan: at 1.5 M
 * objects a value costs ~0.4 ms in the lookup files (a key block and an orbit block), a scan 0.25-0.6 s whatever
 * the batch (docs/benchmarks.md, "Orbit catalogue").
 */
const LOOKUP_BATCH_MAX = 500;

/** An orbit catalogue written before the lookup files existed (2026-11-22): this server does not read it. */
export class OrbitCatalogueFormatError extends Error {
  constructor(file: string) {
    super(
      `The orbit catalogue has no lookup file ${file} (written before lookup files existed): load the orbit ` +
        'files again (skyalert orbits load --store DIR FILE...), which writes them (docs/store.md, "Orbit catalogue").',
    );
    this.name = 'OrbitCatalogueFormatError';
  }
}

/** `readLookupFile`, refusing a catalogue without the file. @throws OrbitCatalogueFormatError */
function readLookups(file: string, keys: readonly string[]): Map<string, unknown> {
  const found = readLookupFile(file, keys);
  if (found === null) throw new OrbitCatalogueFormatError(file);
  return found;
}

const ORBITS_SQL = (orbits: string) =>
  `SELECT * FROM read_parquet(${orbits}) WHERE id IN (SELECT unnest($1::VARCHAR[]))`;

const IDENTIFY_SQL = (orbits: string, names: string) => `
  WITH hits AS (
    SELECT key, id FROM read_parquet(${names})
    WHERE key IN (SELECT unnest($1::VARCHAR[])) AND NOT packed)
  SELECT h.key, o.id, o.kind, o.number, o.name, o.designation
  FROM hits h JOIN read_parquet(${orbits}) o ON o.id = h.id
  WHERE o.id IN (SELECT id FROM hits)
  ORDER BY h.key, o.id`;

const PREFIX_SQL = (names: string) => `
  SELECT DISTINCT id FROM read_parquet(${names})
  WHERE key >= $1 AND key < $3 AND NOT packed AND starts_with(key, $1)
  ORDER BY id LIMIT $2::BIGINT`;

/** Above every key that starts with the prefix (byte order): the range lets the sort by key prune row groups. */
const PREFIX_END = '\u{10FFFF}';

function nullable<T>(v: unknown, f: (x: unknown) => T): T | null {
  return v === null || v === undefined ? null : f(v);
}

function identityOf(row: Record<string, unknown>): SsoIdentity & { id: string } {
  return {
    id: String(row.id),
    kind: row.kind as SsoKind,
    number: nullable(row.number, Number),
    name: nullable(row.name, String),
    designation: nullable(row.designation, String),
  };
}

/** The smallest of some ids in UTF-8 byte order (DuckDB's VARCHAR order, as `min(id)`); null when none. */
function smallestId(ids: readonly (string | null)[]): string | null {
  let best: string | null = null;
  for (const id of ids) if (id !== null && (best === null || compareUtf8(id, best) < 0)) best = id;
  return best;
}

/** Catalogue rows by id from `orbits.lookup`. @throws OrbitCatalogueFormatError */
function lookupRows(
  files: OrbitCatalogueFiles,
  ids: readonly string[],
): Map<string, Record<string, unknown>> {
  const found = readLookups(files.orbitLookup, ids);
  return new Map([...found].map(([id, value]) => [id, decodeOrbitRow(value)]));
}

/**
 * For each key, the smallest id it names among its entries of the given packing (null when none).
 * @throws OrbitCatalogueFormatError
 */
function lookupIds(
  files: OrbitCatalogueFiles,
  wanted: readonly { key: string; packed: boolean }[],
): (string | null)[] {
  const found = readLookups(
    files.nameLookup,
    wanted.map((w) => w.key),
  );
  return wanted.map((w) => {
    const value = found.get(w.key);
    const ids = value === undefined ? [] : decodeNameIds(value).filter((e) => e.packed === w.packed);
    return smallestId(ids.map((e) => e.id));
  });
}

function toResolved(row: Record<string, unknown>): ResolvedSso {
  const identity = identityOf(row);
  const hMag = nullable(row.h_mag, Number);
  const gSlope = nullable(row.g_slope, Number);
  return {
    ...identity,
    ztfSsnamenr: ztfSsnamenrSpellings(identity),
    orbit: {
      elements: {
        qAu: Number(row.q_au),
        e: Number(row.e),
        inclDeg: Number(row.incl_deg),
        nodeDeg: Number(row.node_deg),
        periDeg: Number(row.peri_deg),
        perihelionJdTt: Number(row.perihelion_jd_tt),
        epochJdTt: Number(row.epoch_jd_tt),
      },
      magnitude:
        identity.kind === 'comet' ? { kind: 'comet', hMag, gSlope } : { kind: 'asteroid', hMag, gSlope },
    },
    source: String(row.source),
    sourceFile: String(row.source_file),
  };
}

/**
 * Resolves one user query: an IAU number (string or JSON integer), a name (case-insensitive), a provisional
 * designation with or without its space, an MPC packed form, a comet designation ("10P", "C/2020 V2",
 * "C/2020V2"), or a ZTF spelling ("2002MA06"). Blanks anywhere are ignored.
 * @returns the object, or null when no key matches exactly (the endpoint answers 400) or the text is empty.
 *   When a key names several objects (two catalogue ids for one object), the smallest id wins.
 * @throws OrbitCatalogueFormatError for a catalogue without lookup files.
 */
export function resolveSso(files: OrbitCatalogueFiles, input: string | number): ResolvedSso | null {
  const keys = queryKeys(input);
  if (!keys) return null;
  const id = smallestId(
    lookupIds(files, [
      { key: keys.folded, packed: false },
      { key: keys.exact, packed: true },
    ]),
  );
  if (id === null) return null;
  const row = lookupRows(files, [id]).get(id);
  return row === undefined ? null : toResolved(row);
}

/**
 * Identifies ZTF `ssnamenr` values (cleaned by the §4.3 rule, then matched case-insensitively).
 * @returns a map from each given ssnamenr that names a catalogue object to that object's identity; values that
 *   match nothing are absent.
 * @throws OrbitCatalogueFormatError for a catalogue without lookup files (a batch of at most LOOKUP_BATCH_MAX).
 */
export async function identifySsnamenr(
  query: QueryFn,
  files: OrbitCatalogueFiles,
  ssnamenrs: readonly string[],
): Promise<Map<string, SsoIdentity & { id: string }>> {
  const byKey = new Map<string, string[]>();
  for (const s of new Set(ssnamenrs)) {
    const key = cleanSsnamenr(s).toLowerCase();
    if (key === '') continue;
    byKey.set(key, [...(byKey.get(key) ?? []), s]);
  }
  const out = new Map<string, SsoIdentity & { id: string }>();
  if (byKey.size === 0) return out;
  const keys = [...byKey.keys()];
  if (keys.length <= LOOKUP_BATCH_MAX) {
    const ids = lookupIds(
      files,
      keys.map((key) => ({ key, packed: false })),
    );
    const rowsById = lookupRows(
      files,
      ids.filter((id) => id !== null),
    );
    for (const [i, key] of keys.entries()) {
      const id = ids[i];
      const row = id === null ? undefined : rowsById.get(id);
      if (row !== undefined) for (const s of byKey.get(key) ?? []) out.set(s, identityOf(row));
    }
    return out;
  }
  const rows = await query(IDENTIFY_SQL(sqlPathLiteral(files.orbits), sqlPathLiteral(files.names)), [
    listValue([...byKey.keys()]),
  ]);
  for (const row of rows) {
    for (const s of byKey.get(String(row.key)) ?? []) if (!out.has(s)) out.set(s, identityOf(row));
  }
  return out;
}

/**
 * The catalogue entries of many objects by catalogue id (as `identifySsnamenr` returns them).
 * @returns id → object; ids the catalogue does not hold are absent.
 * @throws OrbitCatalogueFormatError for a catalogue without lookup files (a batch of at most LOOKUP_BATCH_MAX).
 */
export async function readOrbitsByIds(
  query: QueryFn,
  files: OrbitCatalogueFiles,
  ids: readonly string[],
): Promise<Map<string, ResolvedSso>> {
  if (ids.length === 0) return new Map();
  const unique = [...new Set(ids)];
  if (unique.length <= LOOKUP_BATCH_MAX)
    return new Map([...lookupRows(files, unique)].map(([id, row]) => [id, toResolved(row)]));
  const rows = await query(ORBITS_SQL(sqlPathLiteral(files.orbits)), [listValue([...new Set(ids)])]);
  return new Map(rows.map((row) => [String(row.id), toResolved(row)]));
}

/**
 * Catalogue ids of the objects one of whose folded keys (number, name, designation, ZTF spelling) starts with the
 * query's folded form, in id order: completion of a partial name ("julien" finds Julienpeloton).
 * @returns at most `limit` ids; none for an empty query.
 */
export async function findSsoIdsByPrefix(
  query: QueryFn,
  files: OrbitCatalogueFiles,
  input: string,
  limit: number,
): Promise<string[]> {
  const keys = queryKeys(input);
  if (!keys) return [];
  const rows = await query(PREFIX_SQL(sqlPathLiteral(files.names)), [
    keys.folded,
    limit,
    `${keys.folded}${PREFIX_END}`,
  ]);
  return rows.map((r) => String(r.id));
}
