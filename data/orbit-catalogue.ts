/**
 * The orbit catalogue of a store (docs/store.md, "Orbit catalogue"): which version is published and the columns
 * of its two parquet files. `orbits.parquet` holds one row per object (identity, perihelion-form elements,
 * magnitude law), sorted by `id`; `names.parquet` holds every name key of every object (`key`, `packed`, `id`),
 * sorted by `key` so that a lookup reads one row group.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { StoreLayout } from './store-layout.js';

/** The files of one published orbit catalogue version. */
export interface OrbitCatalogueFiles {
  readonly version: number;
  readonly orbits: string;
  readonly names: string;
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

/** Files of a version directory. */
export function orbitCatalogueFiles(layout: StoreLayout, version: number): OrbitCatalogueFiles {
  const dir = layout.orbitsVersionDir(version);
  return { version, orbits: path.join(dir, 'orbits.parquet'), names: path.join(dir, 'names.parquet') };
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
