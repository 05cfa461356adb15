/**
 * Reads of the monthly SSOFT job on an LSST store: the published `sso` table (one row per Solar System detection:
 * diaSource + ssSource + designations) described from its files, and the light curve of every object it holds,
 * streamed one object at a time in designation order. Each detection is read once (by `r:diaSourceId`, the newest
 * part's row). Rubin renamed ssSource fields in 10.0; each value is read from the name the store holds (a value no
 * stored schema has reads as null). The object's IAU number and name are the store's own columns (`v:ssoNumber`,
 * `v:ssoName`, from the alerts' MPC orbit JSON at publication: ingest/publish/lsst-sso-identity.ts).
 */

import fs from 'node:fs';
import path from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import type { LsstSsoColumns } from '../../../compute/sso/index.js';
import type { Catalog } from '../../catalog.js';
import type { StoreLayout } from '../../store-layout.js';
import { LSST_PART_FILES, LSST_STORE_COLUMNS, type LsstPartFile } from '../../survey/index.js';
import { columnSql, hasColumn, type LsstTable, partRankSql, relationSql } from './tables.js';

/** One object's detections, oldest first, with the ssSource values the SSOFT and the bulk table use. */
export interface LsstSsoLightcurve extends LsstSsoColumns {
  /** Unpacked primary provisional designation (`2001 SB97`), else the designation the alerts carry. */
  readonly designation: string;
  /** IAU number, from any of its detections' MPC orbit JSON; null when unnumbered or unknown. */
  readonly ssoNumber: number | null;
  /** IAU name, likewise; null when unnamed or unknown. */
  readonly ssoName: string | null;
  /** ssSource heliocentric position of the object (ICRS axes; AU, or Rubin's mis-scaled unit: only its direction is used). */
  readonly helioX: Float64Array;
  readonly helioY: Float64Array;
  readonly helioZ: Float64Array;
  /** ssSource observed minus predicted position, R.A. (with cos dec) and Dec, as Rubin gives them (arcsec). */
  readonly ephOffsetRa: Float64Array;
  readonly ephOffsetDec: Float64Array;
}

/** Stored names of each value, newest schema first (8.0 and 9.0 used the longer names). */
const FIELDS = {
  packed: ['r:packed_primary_provisional_designation'],
  designation: [
    'r:unpacked_primary_provisional_designation',
    'r:designation',
    'r:packed_primary_provisional_designation',
  ],
  time: ['r:midpointMjdTai'],
  ra: ['r:ra'],
  dec: ['r:dec'],
  flux: ['r:psfFlux'],
  fluxErr: ['r:psfFluxErr'],
  band: ['r:band'],
  phase: ['r:phaseAngle'],
  topo: ['r:topoRange', 'r:topocentricDist'],
  helio: ['r:helioRange', 'r:heliocentricDist'],
  ephRa: ['r:ephRa'],
  ephDec: ['r:ephDec'],
  helioX: ['r:helio_x', 'r:heliocentricX'],
  helioY: ['r:helio_y', 'r:heliocentricY'],
  helioZ: ['r:helio_z', 'r:heliocentricZ'],
  offRa: ['r:ephOffsetRa'],
  offDec: ['r:ephOffsetDec'],
  ssoNumber: [LSST_STORE_COLUMNS.ssoNumber],
  ssoName: [LSST_STORE_COLUMNS.ssoName],
} as const;

/** The numeric values read as lists, one per detection. */
const NUMERIC_LISTS = [
  'time',
  'ra',
  'dec',
  'flux',
  'fluxErr',
  'phase',
  'topo',
  'helio',
  'ephRa',
  'ephDec',
  'helioX',
  'helioY',
  'helioZ',
  'offRa',
  'offDec',
] as const;

/** The first stored name of a value as SQL (coalescing when several are stored), or NULL. */
function valueSql(table: LsstTable, names: readonly string[], cast: string): string {
  const stored = names.filter((n) => hasColumn(table, n)).map((n) => `${columnSql(table, n)}::${cast}`);
  if (stored.length === 0) return `NULL::${cast}`;
  return stored.length === 1 ? stored[0] : `coalesce(${stored.join(', ')})`;
}

/**
 * A table of the store's published catalog version: its files (oldest part first) and their columns.
 * @returns a table without files when no part holds it.
 */
export async function describeLsstTable(
  conn: DuckDBConnection,
  layout: StoreLayout,
  catalog: Catalog,
  table: LsstPartFile,
): Promise<LsstTable> {
  const files = catalog.parts
    .map((p) => path.join(layout.partDir(p.id), LSST_PART_FILES[table]))
    .filter((f) => fs.existsSync(f));
  if (files.length === 0) return { files: [], columns: [] };
  const rows = (
    await conn.runAndReadAll(
      `DESCRIBE SELECT * EXCLUDE (filename) FROM ${relationSql({ files, columns: [] })}`,
    )
  ).getRowObjectsJS();
  return {
    files,
    columns: rows.map((r) => ({ name: String(r.column_name), sqlType: String(r.column_type) })),
  };
}

/**
 * Streams the light curve of every object of the `sso` table, objects in designation order, detections by time.
 * @returns nothing when the table has no file or no designation column.
 */
export async function* readLsstSsoLightcurves(
  conn: DuckDBConnection,
  table: LsstTable,
): AsyncGenerator<LsstSsoLightcurve> {
  if (table.files.length === 0 || !FIELDS.designation.some((n) => hasColumn(table, n))) return;
  const v = (names: readonly string[], cast = 'DOUBLE') => valueSql(table, names, cast);
  const key = `coalesce(${v(FIELDS.packed, 'VARCHAR')}, ${v(FIELDS.designation, 'VARCHAR')})`;
  const numeric = NUMERIC_LISTS.map((name) => `${v(FIELDS[name])} AS ${name}`);
  const lists = NUMERIC_LISTS.map((name) => `list(${name} ORDER BY time) AS ${name}`);
  const result = await conn.stream(
    `WITH d AS (
       SELECT ${key} AS k, ${v(FIELDS.designation, 'VARCHAR')} AS designation,
              ${v(FIELDS.ssoNumber, 'BIGINT')} AS sso_number, ${v(FIELDS.ssoName, 'VARCHAR')} AS sso_name,
              ${v(FIELDS.band, 'VARCHAR')} AS band, ${numeric.join(', ')}
       FROM ${relationSql(table)}
       QUALIFY row_number() OVER (PARTITION BY ${columnSql(table, 'r:diaSourceId')}
                                  ORDER BY ${partRankSql(table)} DESC) = 1)
     SELECT k, min(designation) AS designation, max(sso_number) AS sso_number, max(sso_name) AS sso_name,
            list(band ORDER BY time) AS band, ${lists.join(', ')}
     FROM d WHERE k IS NOT NULL GROUP BY k ORDER BY k`,
  );
  const numbers = (x: unknown) => Float64Array.from((x as (number | null)[]).map((y) => y ?? Number.NaN));
  for await (const rows of result.yieldRowObjectJs()) {
    for (const r of rows) {
      yield {
        designation: String(r.designation ?? r.k),
        ssoNumber: r.sso_number === null ? null : Number(r.sso_number),
        ssoName: r.sso_name === null ? null : String(r.sso_name),
        midpointMjdTai: numbers(r.time),
        raDeg: numbers(r.ra),
        decDeg: numbers(r.dec),
        psfFluxNJy: numbers(r.flux),
        psfFluxErrNJy: numbers(r.fluxErr),
        band: (r.band as (string | null)[]).map((b) => b ?? ''),
        phaseAngleDeg: numbers(r.phase),
        topoRangeAu: numbers(r.topo),
        helioRangeAu: numbers(r.helio),
        ephRaDeg: numbers(r.ephRa),
        ephDecDeg: numbers(r.ephDec),
        helioX: numbers(r.helioX),
        helioY: numbers(r.helioY),
        helioZ: numbers(r.helioZ),
        ephOffsetRa: numbers(r.offRa),
        ephOffsetDec: numbers(r.offDec),
      };
    }
  }
}
