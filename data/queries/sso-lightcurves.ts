/**
 * Reads of the monthly SSOFT job: how many roid = 3 detections each ZTF `ssnamenr` has, and the light curves of
 * groups of spellings (all the `ssnamenr` of one object: "8467" and "Benoitcarry"), streamed one object at a time
 * in group order so memory stays bounded by one chunk of objects. File lists come from the catalog; names travel
 * through a temporary table filled by an appender, never through SQL text.
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import type { Catalog } from '../catalog.js';
import { partFilePath } from '../catalog.js';
import { sqlPathList } from '../sql-text.js';
import type { StoreLayout } from '../store-layout.js';
import { partFileList } from './alert-refs.js';
import { ROID_KNOWN_SSO } from './sso.js';

/** Detections of one ssnamenr. */
export interface SsnamenrCount {
  readonly ssnamenr: string;
  readonly count: number;
}

/** roid = 3 detections per ssnamenr, from the ssnamenr index of every part. */
export async function countSsoDetections(
  conn: DuckDBConnection,
  layout: StoreLayout,
  catalog: Catalog,
): Promise<SsnamenrCount[]> {
  if (catalog.parts.length === 0) return [];
  const files = partFileList(layout, catalog.parts, 'ssnamenr');
  const reader = await conn.runAndReadAll(
    `SELECT i_ssnamenr AS ssnamenr, count(*)::INTEGER AS n FROM read_parquet(${files.sql})
     WHERE d_roid = ${ROID_KNOWN_SSO} AND i_ssnamenr IS NOT NULL GROUP BY i_ssnamenr ORDER BY i_ssnamenr`,
  );
  return reader.getRowObjectsJS().map((r) => ({ ssnamenr: String(r.ssnamenr), count: Number(r.n) }));
}

/** The detections of one object (all its spellings), sorted by jd. */
export interface SsoLightcurve {
  /** The group key given for the spellings. */
  readonly key: string;
  /** ssnamenr of each detection. */
  readonly ssnamenr: readonly string[];
  /** JD UTC of the exposure start. */
  readonly jd: Float64Array;
  readonly raDeg: Float64Array;
  readonly decDeg: Float64Array;
  readonly magpsf: Float64Array;
  readonly sigmapsf: Float64Array;
  readonly fid: Int32Array;
}

/**
 * Streams the light curves of the given groups: `groups` maps each ssnamenr to its object's key; detections of
 * all spellings of a key come together, objects in key order.
 */
export async function* readSsoLightcurves(
  conn: DuckDBConnection,
  layout: StoreLayout,
  catalog: Catalog,
  groups: ReadonlyMap<string, string>,
): AsyncGenerator<SsoLightcurve> {
  if (catalog.parts.length === 0 || groups.size === 0) return;
  await conn.run('CREATE OR REPLACE TEMP TABLE sso_groups (ssnamenr VARCHAR, key VARCHAR)');
  const appender = await conn.createAppender('sso_groups');
  for (const [ssnamenr, key] of groups) {
    appender.appendVarchar(ssnamenr);
    appender.appendVarchar(key);
    appender.endRow();
  }
  appender.closeSync();
  const files = sqlPathList(catalog.parts.map((p) => partFilePath(layout, p.id, 'alerts')));
  const result = await conn.stream(
    `SELECT g.key, list(a.i_ssnamenr ORDER BY a.i_jd) AS ssnamenr, list(a.i_jd ORDER BY a.i_jd) AS jd,
            list(a.i_ra ORDER BY a.i_jd) AS ra, list(a.i_dec ORDER BY a.i_jd) AS dec,
            list(a.i_magpsf::DOUBLE ORDER BY a.i_jd) AS magpsf, list(a.i_sigmapsf::DOUBLE ORDER BY a.i_jd) AS sigmapsf,
            list(a.i_fid::INTEGER ORDER BY a.i_jd) AS fid
     FROM read_parquet(${files}, union_by_name = true) a JOIN sso_groups g ON a.i_ssnamenr = g.ssnamenr
     WHERE a.d_roid = ${ROID_KNOWN_SSO}
     GROUP BY g.key ORDER BY g.key`,
  );
  const numbers = (v: unknown) => Float64Array.from((v as (number | null)[]).map((x) => x ?? Number.NaN));
  for await (const rows of result.yieldRowObjectJs()) {
    for (const r of rows) {
      yield {
        key: String(r.key),
        ssnamenr: (r.ssnamenr as string[]).map(String),
        jd: numbers(r.jd),
        raDeg: numbers(r.ra),
        decDeg: numbers(r.dec),
        magpsf: numbers(r.magpsf),
        sigmapsf: numbers(r.sigmapsf),
        fid: Int32Array.from((r.fid as (number | null)[]).map((x) => x ?? 0)),
      };
    }
  }
}
