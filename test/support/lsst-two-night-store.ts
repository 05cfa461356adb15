/**
 * A published LSST store of two real nights, made by the LSST ingestion path: the 25 Rubin alerts of the parquet
 * sample (dayObs 2025-12-31) and Fink's 7 transferred alerts (Avro, 2026-03-05), both in test/data/lsst/, and the
 * LSST application on it. Tests compute their expected values from these files, never from the store.
 */
import fs from 'node:fs';
import type { Hono } from 'hono';
import { ingestFiles } from '../../ingest/index.js';
import { createLsstApp } from '../../serve/app.js';
import { LsstStoreReader } from '../../serve/lsst-store-reader.js';
import { DEFAULT_SETTINGS, type ServeSettings } from '../../serve/settings.js';
import type { LsstFixtureApp } from './lsst-fixture-store.js';
import { LSST_SAMPLE_FILE } from './lsst-fixture-store.js';
import { testLog } from './store.js';
import { storeFromTemplate } from './store-templates.js';
import { testDataPath } from './test-data.js';

/** Fink's LSST data transfer: 7 alerts (schema 10.0 + Fink's sections). */
export const LSST_FINK_FILE = ['lsst', 'part-2-918301.avro'] as const;

/**
 * Opens the LSST application on a two-night store in a new temp directory: a copy of the run's template
 * (ingested once per run, store-templates.ts).
 */
export async function openLsstTwoNightApp(
  settings: ServeSettings = DEFAULT_SETTINGS,
): Promise<LsstFixtureApp> {
  const layout = await storeFromTemplate('lsst-two-nights', 'skyalert-lsst2-', async (building) => {
    const summary = await ingestFiles(
      building,
      [testDataPath(...LSST_SAMPLE_FILE), testDataPath(...LSST_FINK_FILE)],
      { ingesterId: 'two-nights', log: testLog, publish: true },
    );
    if (summary.staged !== 32 || summary.published.length !== 2)
      throw new Error(`the two LSST samples did not ingest whole: ${JSON.stringify(summary)}`);
  });
  const reader = await LsstStoreReader.open(layout, testLog);
  return {
    app: createLsstApp(reader, testLog, undefined, settings),
    layout,
    reader,
    close: () => {
      reader.close();
      fs.rmSync(layout.root, { recursive: true, force: true });
    },
  };
}

/** A POST with a JSON body to `app`. */
export function postJson(app: Hono, path: string, body: Record<string, unknown>): Promise<Response> {
  return Promise.resolve(
    app.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
  );
}
