/**
 * A published LSST store of real Rubin alerts (Spark-written parquet, schema 10.0), made by the LSST ingestion path
 * itself (decode → stage → publish), and the LSST application on it. The tests' expected values come from their
 * own DuckDB queries on the sample file (`lsstSampleSql`), never from this store.
 *
 * Exact ids come from `diaSource.diaObjectId` (the parquet's `diaObject.diaObjectId` is a DOUBLE that lost digits).
 * The sample's `prvDiaForcedSources` are all empty, so `fp.parquet` holds no row.
 */
import fs from 'node:fs';
import type { Hono } from 'hono';
import { type Catalog, readCatalog, type StoreLayout, sqlPathLiteral } from '../../data/index.js';
import { ingestFiles } from '../../ingest/index.js';
import { createLsstApp } from '../../serve/app.js';
import { LsstStoreReader } from '../../serve/lsst-store-reader.js';
import { testLog } from './store.js';
import { storeFromTemplate } from './store-templates.js';
import { testDataPath } from './test-data.js';

/** The 25 real Rubin alerts (schema 10.0) of test/data/lsst/. */
export const LSST_SAMPLE_FILE = ['lsst', 'rubin_sample_data_10_0.parquet'] as const;

/**
 * Ingests the sample into `layout` (an empty directory) with the LSST ingestion path (`skyalert ingest`: decode,
 * stage, publish) and returns the catalog it published.
 */
export async function writeLsstFixtureStore(layout: StoreLayout): Promise<Catalog> {
  const summary = await ingestFiles(layout, [testDataPath(...LSST_SAMPLE_FILE)], {
    ingesterId: 'fixture',
    log: testLog,
    publish: true,
  });
  if (summary.staged !== 25 || summary.published.length !== 1)
    throw new Error(`the LSST sample did not ingest whole: ${JSON.stringify(summary)}`);
  return readCatalog(layout);
}

/** The LSST application on a fresh fixture store, and what closes it. */
export interface LsstFixtureApp {
  readonly app: Hono;
  readonly layout: StoreLayout;
  readonly reader: LsstStoreReader;
  close(): void;
}

/**
 * A fixture store of this test file in a new temp directory: a copy of the run's template (ingested once per run,
 * store-templates.ts).
 */
export async function lsstFixtureStore(prefix = 'skyalert-lsst-'): Promise<StoreLayout> {
  return storeFromTemplate('lsst-fixture', prefix, async (layout) => {
    await writeLsstFixtureStore(layout);
  });
}

/** Opens the LSST application on a fresh fixture store ({@link lsstFixtureStore}). */
export async function openLsstFixtureApp(): Promise<LsstFixtureApp> {
  const layout = await lsstFixtureStore();
  const reader = await LsstStoreReader.open(layout, testLog);
  return {
    app: createLsstApp(reader, testLog),
    layout,
    reader,
    close: () => {
      reader.close();
      fs.rmSync(layout.root, { recursive: true, force: true });
    },
  };
}

/** The sample parquet as a SQL literal, for the tests' independent queries. */
export function lsstSampleSql(): string {
  return sqlPathLiteral(testDataPath(...LSST_SAMPLE_FILE));
}
