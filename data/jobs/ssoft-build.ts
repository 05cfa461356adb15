/**
 * The monthly SSOFT job: for every known Solar System object with at least `minDetections` roid = 3 detections
 * in the published store (all its ZTF spellings together, as the orbit catalogue identifies them), compute
 * ephemerides at its epochs (observer I41, perturbed propagation), fit HG, HG1G2 and sHG1G2, and write one table
 * per flavour `ssoft/ssoft_<FLAVOR>_<YYYY.MM>.parquet`, atomically; with sHG1G2, also the bulk table of the same
 * light curves, ephemerides, fits and residuals `ssoft/ssobulk_<YYYY.MM>.parquet` (ssobulk-writer.ts). Objects without an orbit in the catalogue
 * cannot be reduced (no distances): they are counted and left out, as the reference leaves out objects without
 * ephemerides. Progress is logged as rate lines; the summary says what was built.
 * Reference: docs/references.md#ssoft-build; issue "Solar System" §5.
 */
import { type DuckDBConnection, DuckDBInstance, type DuckDBValue } from '@duckdb/node-api';
import type { Logger } from 'pino';
import { type Catalog, readCatalog } from '../catalog.js';
import { currentOrbitCatalogue } from '../orbit-catalogue.js';
import {
  countSsoDetections,
  identifySsnamenr,
  type ResolvedSso,
  readOrbitsByIds,
  readSsoLightcurves,
  type SsoLightcurve,
} from '../queries/index.js';
import type { SsoftFlavor } from '../ssoft-columns.js';
import type { StoreLayout } from '../store-layout.js';
import { SsobulkTableWriter } from './ssobulk-writer.js';
import type { SsoftBatchItem, SsoftBatchResult } from './ssoft-batch.js';
import { SSOFT_MIN_DETECTIONS } from './ssoft-defaults.js';
import { SsoftPool } from './ssoft-pool.js';
import { SsoftTableWriter } from './ssoft-writer.js';

/** Objects per batch: their ephemerides are integrated together, in one worker. */
const EPHEMERIS_BATCH = 32;
/** Seconds between two progress lines. */
const PROGRESS_EVERY_S = 5;

export interface SsoftBuildOptions {
  /** Table version YYYY.MM. */
  readonly version: string;
  readonly flavors: readonly SsoftFlavor[];
  readonly minDetections?: number;
  readonly log: Logger;
}

export interface SsoftBuildSummary {
  /** Objects with enough detections and an orbit: one row each per flavour. */
  readonly objects: number;
  /** Objects with enough detections but no orbit in the catalogue (left out). */
  readonly withoutOrbit: number;
  /** Distinct objects seen with fewer than minDetections detections. */
  readonly tooFewDetections: number;
  /** Successful fits (fit code 0) per flavour. */
  readonly fitted: Readonly<Record<string, number>>;
  readonly files: readonly string[];
  readonly seconds: number;
  readonly objectsPerSecond: number;
}

/** One object of the table: its catalogue entry and the spelling its row is listed under. */
interface TableObject {
  readonly sso: ResolvedSso;
  readonly ssnamenr: string;
}

function queryOn(conn: DuckDBConnection) {
  return async (sql: string, params: DuckDBValue[]) =>
    (await conn.runAndReadAll(sql, params)).getRowObjectsJS() as Record<string, unknown>[];
}

/** Groups the store's ssnamenr spellings by catalogue object and keeps those with enough detections. */
async function selectObjects(
  conn: DuckDBConnection,
  layout: StoreLayout,
  catalog: Catalog,
  minDetections: number,
): Promise<{
  objects: Map<string, TableObject>;
  groups: Map<string, string>;
  withoutOrbit: number;
  tooFew: number;
}> {
  const counts = await countSsoDetections(conn, layout, catalog);
  const files = currentOrbitCatalogue(layout);
  const query = queryOn(conn);
  const identified = files
    ? await identifySsnamenr(
        query,
        files,
        counts.map((c) => c.ssnamenr),
      )
    : new Map();
  const totals = new Map<string, { total: number; best: string; bestCount: number }>();
  let withoutOrbit = 0;
  let tooFew = 0;
  for (const { ssnamenr, count } of counts) {
    const id = identified.get(ssnamenr)?.id;
    if (id === undefined) {
      if (count >= minDetections) withoutOrbit++;
      else tooFew++;
      continue;
    }
    const t = totals.get(id) ?? { total: 0, best: ssnamenr, bestCount: 0 };
    t.total += count;
    if (count > t.bestCount) Object.assign(t, { best: ssnamenr, bestCount: count });
    totals.set(id, t);
  }
  const kept = [...totals].filter(([, t]) => t.total >= minDetections);
  tooFew += totals.size - kept.length;
  const orbits = files
    ? await readOrbitsByIds(
        query,
        files,
        kept.map(([id]) => id),
      )
    : new Map();
  const objects = new Map<string, TableObject>();
  for (const [id, t] of kept) {
    const sso = orbits.get(id);
    if (sso) objects.set(id, { sso, ssnamenr: t.best });
  }
  const groups = new Map<string, string>();
  for (const { ssnamenr } of counts) {
    const id = identified.get(ssnamenr)?.id;
    if (id !== undefined && objects.has(id)) groups.set(ssnamenr, id);
  }
  return { objects, groups, withoutOrbit, tooFew };
}

/** Builds the SSOFT tables of the store for one version. */
export async function buildSsoft(
  layout: StoreLayout,
  options: SsoftBuildOptions,
): Promise<SsoftBuildSummary> {
  const { log, version, flavors } = options;
  const started = performance.now();
  const instance = await DuckDBInstance.create(':memory:', { memory_limit: '512MB', threads: '2' });
  const conn = await instance.connect();
  // the light curves stream on `conn` while the tables are appended on their own connection
  const writeConn = await instance.connect();
  try {
    // one catalog version for the whole build: the counts and the light curves come from the same parts
    const catalog = readCatalog(layout);
    const { objects, groups, withoutOrbit, tooFew } = await selectObjects(
      conn,
      layout,
      catalog,
      options.minDetections ?? SSOFT_MIN_DETECTIONS,
    );
    log.info({ objects: objects.size, withoutOrbit, version, flavors }, 'ssoft build started');
    const writers = await Promise.all(flavors.map((f) => SsoftTableWriter.open(writeConn, f)));
    const bulkWriter = flavors.includes('SHG1G2') ? await SsobulkTableWriter.open(writeConn) : null;
    const fitted: Record<string, number> = Object.fromEntries(flavors.map((f) => [f, 0]));
    const pool = new SsoftPool(flavors, version);
    let done = 0;
    let lastReport = performance.now();
    const collect = ({ rows, bulk }: SsoftBatchResult) => {
      for (const row of bulk) bulkWriter?.append(row);
      rows.forEach((flavorRows, f) => {
        for (const row of flavorRows) {
          if (row.fit === 0) fitted[flavors[f]]++;
          writers[f].append(row);
        }
      });
      done += rows[0]?.length ?? 0;
      if ((performance.now() - lastReport) / 1000 >= PROGRESS_EVERY_S) {
        lastReport = performance.now();
        const seconds = (lastReport - started) / 1000;
        log.info({ done, of: objects.size, perSecond: Math.round(done / seconds) }, 'ssoft build progress');
      }
    };
    const inFlight = new Set<Promise<void>>();
    const submit = async (batch: SsoLightcurve[]) => {
      const items: SsoftBatchItem[] = batch.map((lc) => {
        const { sso, ssnamenr } = objects.get(lc.key) as TableObject;
        return {
          identity: { ssnamenr, ssoName: sso.name ?? sso.designation, ssoNumber: sso.number },
          orbit: sso.orbit,
          detections: lc,
        };
      });
      const job: Promise<void> = pool.run(items).then(collect);
      inFlight.add(job);
      void job.finally(() => inFlight.delete(job)).catch(() => undefined);
      while (pool.isBusy) await Promise.race(inFlight);
    };
    try {
      let batch: SsoLightcurve[] = [];
      for await (const lc of readSsoLightcurves(conn, layout, catalog, groups)) {
        batch.push(lc);
        if (batch.length >= EPHEMERIS_BATCH) {
          await submit(batch);
          batch = [];
        }
      }
      if (batch.length > 0) await submit(batch);
      await Promise.all(inFlight);
    } finally {
      await pool.close();
    }
    const files: string[] = [];
    for (const writer of writers) files.push(await writer.finish(layout, version));
    if (bulkWriter) files.push(await bulkWriter.finish(layout, version));
    const seconds = (performance.now() - started) / 1000;
    return {
      objects: objects.size,
      withoutOrbit,
      tooFewDetections: tooFew,
      fitted,
      files,
      seconds,
      objectsPerSecond: seconds > 0 ? objects.size / seconds : 0,
    };
  } finally {
    writeConn.closeSync();
    conn.closeSync();
    instance.closeSync();
  }
}
