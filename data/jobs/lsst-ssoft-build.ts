/**
 * The monthly SSOFT job on an LSST store: for every Solar System object of the published `sso` table with at
 * least `minDetections` usable detections, fit each flavour (HG, HG1G2) per Rubin band with the same fits as ZTF's
 * table (compute/sso `ssoftRow`, bands `u` … `y`), reduced with the geometry Rubin gives in each ssSource (phase
 * angle, distances, predicted position) as Fink's Rubin builder does, and write one table per flavour
 * `ssoft/ssoft_<FLAVOR>_<YYYY.MM>.parquet`; beside them, the bulk table of every object's light curve
 * `ssoft/ssobulk_<YYYY.MM>.parquet` (lsst-ssobulk-writer.ts). Objects with fewer detections are counted and left
 * out of the SSOFT, as on ZTF stores. Fits run in-process (no ephemerides to integrate). `sso_number` and `sso_name`
 * are what Fink's `rockify` (SsODNet/quaero, over the network) gives, read offline from the MPC orbit JSON the
 * alerts carry (the `sso` table's `v:ssoNumber`, `v:ssoName`): number or null, IAU name else the designation.
 * Reference: fink-science Rubin SSOFT builder (`build_the_ssoft`, nmin = 10); docs/api.md, "LSST API".
 */
import { DuckDBInstance } from '@duckdb/node-api';
import { lsstSsoObservations, ssoftRow } from '../../compute/sso/index.js';
import { LSST_PHASE_BANDS } from '../../compute/sso/phase/index.js';
import { readCatalog } from '../catalog.js';
import { describeLsstTable, readLsstSsoLightcurves } from '../queries/lsst/index.js';
import type { StoreLayout } from '../store-layout.js';
import { LsstSsobulkTableWriter } from './lsst-ssobulk-writer.js';
import type { SsoftBuildOptions, SsoftBuildSummary } from './ssoft-build.js';
import { LSST_SSOFT_MIN_DETECTIONS } from './ssoft-defaults.js';
import { SsoftTableWriter } from './ssoft-writer.js';

/** Seconds between two progress lines. */
const PROGRESS_EVERY_S = 5;

/** Builds the SSOFT tables and the bulk table of an LSST store for one version. */
export async function buildLsstSsoft(
  layout: StoreLayout,
  options: SsoftBuildOptions,
): Promise<SsoftBuildSummary> {
  const { log, version, flavors } = options;
  const minDetections = options.minDetections ?? LSST_SSOFT_MIN_DETECTIONS;
  const started = performance.now();
  const instance = await DuckDBInstance.create(':memory:', { memory_limit: '512MB', threads: '2' });
  const conn = await instance.connect();
  // the light curves stream on `conn` while the tables are appended on their own connection
  const writeConn = await instance.connect();
  try {
    const table = await describeLsstTable(conn, layout, readCatalog(layout), 'sso');
    log.info({ version, flavors, files: table.files.length }, 'ssoft build started');
    const writers = await Promise.all(flavors.map((f) => SsoftTableWriter.open(writeConn, f, 'lsst')));
    const bulk = await LsstSsobulkTableWriter.open(writeConn, version);
    const fitted: Record<string, number> = Object.fromEntries(flavors.map((f) => [f, 0]));
    let objects = 0;
    let tooFew = 0;
    let lastReport = performance.now();
    for await (const lc of readLsstSsoLightcurves(conn, table)) {
      bulk.append(lc);
      const { detections, geometry } = lsstSsoObservations(lc);
      if (detections.jd.length < minDetections) {
        tooFew++;
        continue;
      }
      // as Fink's rockify: the IAU name, else the designation; the number or null (here from the alerts' MPC JSON)
      const identity = {
        designation: lc.designation,
        ssoName: lc.ssoName ?? lc.designation,
        ssoNumber: lc.ssoNumber,
      };
      flavors.forEach((flavor, f) => {
        const row = ssoftRow(flavor, identity, detections, geometry, null, version, LSST_PHASE_BANDS);
        if (row.fit === 0) fitted[flavor]++;
        writers[f].append(row);
      });
      objects++;
      if ((performance.now() - lastReport) / 1000 >= PROGRESS_EVERY_S) {
        lastReport = performance.now();
        const seconds = (lastReport - started) / 1000;
        log.info({ done: objects, perSecond: Math.round(objects / seconds) }, 'ssoft build progress');
      }
    }
    const files: string[] = [];
    for (const writer of writers) files.push(await writer.finish(layout, version));
    files.push(await bulk.finish(layout));
    const seconds = (performance.now() - started) / 1000;
    return {
      objects,
      withoutOrbit: 0,
      tooFewDetections: tooFew,
      fitted,
      files,
      seconds,
      objectsPerSecond: seconds > 0 ? objects / seconds : 0,
    };
  } finally {
    writeConn.closeSync();
    conn.closeSync();
    instance.closeSync();
  }
}
