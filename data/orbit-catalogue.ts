/**
 * The orbit catalogue of a store (docs/store.md, "Orbit catalogue"): which version is published, the columns
 * of its two parquet files and the values of its two lookup files. `orbits.parquet` holds one row per object
 * (identity, perihelion-form elements, magnitude law), sorted by `id`; `names.parquet` holds every name key of
 * every object (`key`, `packed`, `id`), sorted by `key`. The same content is in `names.lookup` (key → ids) and
 * `orbits.lookup` (id → row), files of `lookup-file.ts` that answer one name in well under a millisecond, where a
 * DuckDB query on the parquet files costs 10-60 ms at 1.5 M objects.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { StoreLayout } from './store-layout.js';

/** The files of one published orbit catalogue version. */
export interface OrbitCatalogueFiles {
  readonly version: number;
  readonly orbits: string;
  readonly names: string;
  /** Lookup file: folded or packed key → the ids it names (`encodeNameIds`). */
  readonly nameLookup: string;
  /** Lookup file: id → the object's row (`encodeOrbitRow`). */
  readonly orbitLookup: string;
}

/** Rows per parquet row group: a key lookup reads one group of this many rows. */
export const ORBIT_ROW_GROUP_ROWS = 10_000;

/** The DuckDB table of one catalogue row (orbits.parquet has exactly these columns, in this order). */
export const ORBIT_TABLE_COLUMNS = `
  id VARCHAR NOT NULL,            -- "8467" (number of a numbered asteroid), else the designation ("2010 JO69", "10P")
  kind VARCHAR NOT NULL,          -- 'asteroid' | 'comet'
  number INTEGER,                 -- IAU minor-planet number; null for unnumbered asteroids and comets
  name VARCHAR,
  designation VARCHAR,            -- readable provisional ("2010 JO69") or comet designation ("C/2020 V2")
  q_au DOUBLE NOT NULL,           -- perihelion distance (AU)
  e DOUBLE NOT NULL,
  incl_deg DOUBLE NOT NULL,       -- J2000 ecliptic
  node_deg DOUBLE NOT NULL,
  peri_deg DOUBLE NOT NULL,
  perihelion_jd_tt DOUBLE NOT NULL,
  epoch_jd_tt DOUBLE NOT NULL,
  h_mag DOUBLE,                   -- asteroid H (HG system) or comet total magnitude H
  g_slope DOUBLE,                 -- asteroid G, or comet G of m = H + 5 log10 Delta + 2.5 G log10 r
  source VARCHAR NOT NULL,        -- 'mpcorb' | 'cometels' | 'jpl-sbdb'
  source_file VARCHAR NOT NULL    -- base name of the loaded file
`;

/** The DuckDB table of one name key (names.parquet). */
export const NAME_TABLE_COLUMNS = `
  key VARCHAR NOT NULL,           -- folded (lower case, no blanks) or, when packed, MPC packed form as written
  packed BOOLEAN NOT NULL,
  id VARCHAR NOT NULL
`;

/** The columns of ORBIT_TABLE_COLUMNS, in order: the fields of an `orbits.lookup` value. */
export const ORBIT_COLUMN_NAMES = [
  'id',
  'kind',
  'number',
  'name',
  'designation',
  'q_au',
  'e',
  'incl_deg',
  'node_deg',
  'peri_deg',
  'perihelion_jd_tt',
  'epoch_jd_tt',
  'h_mag',
  'g_slope',
  'source',
  'source_file',
] as const;

/** One key's entry in `names.lookup`: an id it names and whether the key is an MPC packed form. */
export interface NameLookupEntry {
  readonly id: string;
  readonly packed: boolean;
}

/** Encodes the entries of one key as its `names.lookup` value, a JSON text `[[id, 0 | 1], ...]`. */
export function encodeNameIds(entries: readonly NameLookupEntry[]): string {
  return `[${entries.map((e) => `[${JSON.stringify(e.id)},${e.packed ? 1 : 0}]`).join(',')}]`;
}

/** Decodes a parsed `names.lookup` value. */
export function decodeNameIds(value: unknown): NameLookupEntry[] {
  return (value as [string, number][]).map(([id, packed]) => ({ id, packed: packed === 1 }));
}

/**
 * SQL expression of a catalogue row's `orbits.lookup` value over the ORBIT_TABLE_COLUMNS of a table: the JSON
 * array of its values in ORBIT_COLUMN_NAMES order (DuckDB writes doubles in shortest round-trip form).
 */
export const ORBIT_ROW_JSON_SQL = `json_array(${ORBIT_COLUMN_NAMES.join(', ')})::VARCHAR`;

/** Decodes a parsed `orbits.lookup` value into a row keyed by column name, as a DuckDB query of orbits.parquet gives. */
export function decodeOrbitRow(value: unknown): Record<string, unknown> {
  const values = value as unknown[];
  return Object.fromEntries(ORBIT_COLUMN_NAMES.map((c, i) => [c, values[i]]));
}

/** Files of a version directory. */
export function orbitCatalogueFiles(layout: StoreLayout, version: number): OrbitCatalogueFiles {
  const dir = layout.orbitsVersionDir(version);
  return {
    version,
    orbits: path.join(dir, 'orbits.parquet'),
    names: path.join(dir, 'names.parquet'),
    nameLookup: path.join(dir, 'names.lookup'),
    orbitLookup: path.join(dir, 'orbits.lookup'),
  };
}

/** The published orbit catalogue of a store; null when none was loaded. */
export function currentOrbitCatalogue(layout: StoreLayout): OrbitCatalogueFiles | null {
  let text: string;
  try {
    text = fs.readFileSync(layout.orbitsPointer, 'utf8').trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  const m = /^v(\d{10})$/.exec(text);
  if (!m)
    throw new Error(`unreadable orbit catalogue pointer ${layout.orbitsPointer}: ${JSON.stringify(text)}`);
  return orbitCatalogueFiles(layout, Number(m[1]));
}
