/**
 * A published LSST store of two real nights, made by the LSST ingestion path: the 25 Rubin alerts of the parquet
 * sample (dayObs 2025-12-31) and Fink's 7 transferred alerts (Avro, 2026-03-05), both in test/data/lsst/, and the
 * LSST application on it. Tests compute their expected values from these files, never from the store.
 */
import fs from 'node:fs';
import type { Hono } from 'hono';
import type { StoreLayout } from '../../data/index.js';
import { ingestFiles } from '../../ingest/index.js';
import { createLsstApp } from '../../serve/app.js';
import { LsstStoreReader } from '../../serve/lsst-store-reader.js';
import { DEFAULT_SETTINGS, type ServeSettings } from '../../serve/settings.js';
import { avscLsstRecords } from './lsst-avro-records.js';
import type { LsstFixtureApp } from './lsst-fixture-store.js';
import { LSST_SAMPLE_FILE } from './lsst-fixture-store.js';
import { testLog } from './store.js';
import { storeFromTemplate } from './store-templates.js';
import { testDataPath } from './test-data.js';

/** Fink's LSST data transfer: 7 alerts (schema 10.0 + Fink's sections). */
export const LSST_FINK_FILE = ['lsst', 'part-2-918301.avro'] as const;

/**
 * The two-night store in a new temp directory: a copy of the run's template (ingested once per run,
 * store-templates.ts). The caller removes it.
 */
export function lsstTwoNightStore(): Promise<StoreLayout> {
  return storeFromTemplate('lsst-two-nights', 'skyalert-lsst2-', async (building) => {
    const summary = await ingestFiles(
      building,
      [testDataPath(...LSST_SAMPLE_FILE), testDataPath(...LSST_FINK_FILE)],
      { ingesterId: 'two-nights', log: testLog, publish: true },
    );
    if (summary.staged !== 32 || summary.published.length !== 2)
      throw new Error(`the two LSST samples did not ingest whole: ${JSON.stringify(summary)}`);
  });
}

/** Opens the LSST application on a new copy of the two-night store ({@link lsstTwoNightStore}). */
export async function openLsstTwoNightApp(
  settings: ServeSettings = DEFAULT_SETTINGS,
): Promise<LsstFixtureApp> {
  const layout = await lsstTwoNightStore();
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

/** A Gaia DR3 name Fink's transferred alerts carry, with its diaObject's latest source carrying it. */
export interface GaiaNamedObject {
  readonly id: string;
  readonly name: string;
  readonly ra: unknown;
  readonly dec: unknown;
  readonly otype: unknown;
}

/** The Gaia DR3 names Fink's transferred alerts carry: each diaObject's latest source with one, read by avsc. */
export async function gaiaNamedObjects(): Promise<GaiaNamedObject[]> {
  const latest = new Map<
    string,
    { mjd: number; row: Record<string, unknown>; xm: Record<string, unknown> }
  >();
  for (const r of await avscLsstRecords(testDataPath(...LSST_FINK_FILE))) {
    const src = r.diaSource as Record<string, unknown>;
    const xm = r.xm as Record<string, unknown>;
    const id = String(src.diaObjectId);
    const mjd = Number(src.midpointMjdTai);
    if (xm.gaiadr3_DR3Name === null || id === '0') continue;
    if ((latest.get(id)?.mjd ?? -Infinity) < mjd) latest.set(id, { mjd, row: src, xm });
  }
  return [...latest.entries()].map(([id, { row, xm }]) => ({
    id,
    name: String(xm.gaiadr3_DR3Name),
    ra: row.ra,
    dec: row.dec,
    otype: xm.simbad_otype,
  }));
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
