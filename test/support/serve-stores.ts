/**
 * Stores for endpoint tests: one from the real alerts of test/data (raw ZTF and Fink-enriched), one of the raw ZTF
 * alerts alone (also used by the compaction tests), one from a
 * small simulation (3 nights × 300 alerts: many classes, tracklets, asteroids). Each is published like production
 * (publishNights), built once per test run and copied into a fresh temp directory for each test file
 * (store-templates.ts), and opened with a StoreReader and the app.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Hono } from 'hono';
import type { StoreLayout } from '../../data/index.js';
import { buildSsoft } from '../../data/jobs/index.js';
import { ingestFiles } from '../../ingest/index.js';
import { loadOrbitFiles } from '../../ingest/orbits/index.js';
import { publishNights } from '../../ingest/publish/index.js';
import { publishNight } from '../../ingest/publish/publish-night.js';
import { runSimulate } from '../../ingest/simulate/index.js';
import { createApp } from '../../serve/app.js';
import { StoreReader } from '../../serve/store-reader.js';
import { sql } from './sql.js';
import { testLog } from './store.js';
import { storeFromTemplate } from './store-templates.js';
import { testDataPath } from './test-data.js';

/** A published store opened for serving; `close` removes it. */
export interface ServedStore {
  readonly layout: StoreLayout;
  readonly reader: StoreReader;
  readonly app: Hono;
  close(): void;
}

/** Options of the simulated store (the defaults are what the endpoint tests assert on). */
export const SIM_OPTIONS = { nights: 3, alertsPerNight: 300, seed: 7, startNight: '2024-03-10' } as const;

async function open(layout: StoreLayout): Promise<ServedStore> {
  const reader = await StoreReader.open(layout, testLog);
  const app = createApp(reader, testLog);
  return {
    layout,
    reader,
    app,
    close: () => {
      reader.close();
      fs.rmSync(layout.root, { recursive: true, force: true });
    },
  };
}

async function buildReal(layout: StoreLayout): Promise<void> {
  const inputs = [testDataPath('ztf_raw_avro'), testDataPath('ztf_enriched')];
  const s = await ingestFiles(layout, inputs, { ingesterId: 't', log: testLog });
  await publishNights(layout, s.nights, testLog);
}

async function buildRaw(layout: StoreLayout): Promise<void> {
  const s = await ingestFiles(layout, [testDataPath('ztf_raw_avro')], { ingesterId: 't', log: testLog });
  for (const night of s.nights) await publishNight(layout, night, testLog);
}

async function buildSimulated(layout: StoreLayout): Promise<void> {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'skyalert-serve-simfiles-'));
  try {
    await runSimulate({ ...SIM_OPTIONS, outDir, log: testLog });
    const s = await ingestFiles(layout, [outDir], { ingesterId: 't', log: testLog });
    await publishNights(layout, s.nights, testLog);
  } finally {
    fs.rmSync(outDir, { recursive: true, force: true });
  }
}

/**
 * The Solar System store: the first {@link SSO_OPTIONS}.nights nights of the API export of 30 asteroids
 * (test/data/sso/fink-fat_mpc_example_30sso.parquet) and the three Fink alerts of (8467) Benoitcarry, the JPL
 * orbit tables as the orbit catalogue, and the SSOFT tables (all flavours, with the bulk table) of version
 * {@link SSO_OPTIONS}.version built by the monthly job with at least {@link SSO_OPTIONS}.minDetections detections.
 */
export const SSO_OPTIONS = { nights: 40, version: '2025.01', minDetections: 12 } as const;

/** The asteroid detections of the SSO store (a parquet file of the export's rows) are written here. */
const SSO_INPUT = 'sso-input.parquet';

async function buildSso(layout: StoreLayout): Promise<void> {
  const exported = testDataPath('sso', 'fink-fat_mpc_example_30sso.parquet');
  const input = path.join(layout.root, SSO_INPUT);
  await sql(
    `COPY (SELECT * FROM read_parquet('${exported}') WHERE floor("i:jd" - 0.5) IN (
       SELECT DISTINCT floor("i:jd" - 0.5) AS n FROM read_parquet('${exported}') ORDER BY n LIMIT ${SSO_OPTIONS.nights}))
     TO '${input}' (FORMAT parquet)`,
  );
  const fu = testDataPath('ztf_enriched', 'fink-utils');
  const benoitcarry = fs
    .readdirSync(fu)
    .filter((f) => f.startsWith('sso8467_'))
    .map((f) => path.join(fu, f));
  const s = await ingestFiles(layout, [input, ...benoitcarry], { ingesterId: 't', log: testLog });
  await publishNights(layout, s.nights, testLog);
  await loadOrbitFiles(
    layout,
    [
      testDataPath('orbits', 'jpl_sbdb_asteroids_kstars.json'),
      testDataPath('orbits', 'jpl_sbdb_comets_kstars.json'),
    ],
    testLog,
  );
  await buildSsoft(layout, {
    version: SSO_OPTIONS.version,
    flavors: ['HG', 'HG1G2', 'SHG1G2'],
    minDetections: SSO_OPTIONS.minDetections,
    log: testLog,
  });
}

/** A store of real asteroid detections with its orbit catalogue and SSOFT tables, served (this file's copy). */
export async function ssoStore(): Promise<ServedStore & { readonly input: string }> {
  const store = await open(await storeFromTemplate('sso', 'skyalert-serve-sso-', buildSso));
  return { ...store, input: path.join(store.layout.root, SSO_INPUT) };
}

/** This file's own copy of the store of the real raw and enriched alerts of test/data (not opened). */
export async function realStoreLayout(prefix = 'skyalert-serve-real-'): Promise<StoreLayout> {
  return storeFromTemplate('real', prefix, buildReal);
}

/**
 * This file's own copy of the store of the real raw alerts of test/data (ztf_raw_avro), each night published by
 * publishNight, not opened.
 */
export async function rawStoreLayout(prefix = 'skyalert-test-raw-'): Promise<StoreLayout> {
  return storeFromTemplate('raw', prefix, buildRaw);
}

/** A store of the real raw and enriched alerts of test/data, served by the full app (this file's own copy). */
export async function realStore(): Promise<ServedStore> {
  return open(await realStoreLayout());
}

/** A store of simulated alerts ({@link SIM_OPTIONS}), served by the full app (this file's own copy). */
export async function simulatedStore(): Promise<ServedStore> {
  return open(await storeFromTemplate('sim', 'skyalert-serve-sim-', buildSimulated));
}

/** Reads rows of the store's parquet with SQL (test oracle), through the store's own reader. */
export async function storeRows(store: ServedStore, sql: string): Promise<Record<string, unknown>[]> {
  return store.reader.query(sql, []);
}

/** SQL list literal of one part file of every published part (test oracle). */
export function allPartFiles(store: ServedStore, file: string): string {
  const files = store.reader.current().parts.map((p) => `'${path.join(store.layout.partDir(p.id), file)}'`);
  return `[${files.join(', ')}]`;
}

/** An answer of the app: status, the response, and its body parsed as JSON (null when it is not JSON). */
export interface Answer {
  readonly status: number;
  readonly res: Response;
  readonly body: unknown;
}

/**
 * Calls an endpoint: GET with `args` as the query string, or POST with `args` as a JSON body.
 *
 * @param path e.g. `/api/v1/explorer`.
 */
export async function call(
  app: Hono,
  path: string,
  args: Record<string, string | number | boolean>,
  method: 'GET' | 'POST' = 'POST',
): Promise<Answer> {
  const res =
    method === 'GET'
      ? await app.request(
          `${path}?${new URLSearchParams(Object.entries(args).map(([k, v]) => [k, String(v)])).toString()}`,
        )
      : await app.request(path, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(args),
        });
  const text = await res.clone().text();
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    body = null;
  }
  return { status: res.status, res, body };
}

export { separationDeg } from './sky-oracle.js';

/** Values a fuzzer sends for any argument: random text and numbers, and a few hostile strings. */
const HOSTILE = [
  "' OR '1'='1",
  "'; DROP TABLE alerts; --",
  '../../etc/passwd',
  '%00',
  '\u0000',
  'NaN',
  'Infinity',
  '-1e309',
  '1e309',
  '99999999999999999999999',
  '2021-02-30',
  ' ',
  '*',
  ',,,',
  'i:ra,i:dec) FROM x; --',
];

/**
 * Sends `runs` requests with random values for the given argument names (GET and POST, JSON values of every
 * type) and returns the answers whose status is 5xx, with their arguments (expected: none).
 */
export async function fuzzFor5xx(
  app: Hono,
  path: string,
  names: readonly string[],
  runs = 150,
): Promise<{ args: unknown; status: number; body: string }[]> {
  const fc = await import('fast-check');
  const value = fc.oneof(
    fc.string({ maxLength: 30 }),
    fc.constantFrom(...HOSTILE),
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(fc.integer(), { maxLength: 3 }),
  );
  const argsArb = fc.dictionary(fc.constantFrom(...names), value, { minKeys: 1, maxKeys: names.length });
  const samples = fc.sample(fc.tuple(argsArb, fc.boolean()), { numRuns: runs, seed: 20240310 });
  const failures: { args: unknown; status: number; body: string }[] = [];
  for (const [args, asGet] of samples) {
    const res = asGet
      ? await app.request(
          `${path}?${new URLSearchParams(Object.entries(args).map(([k, v]) => [k, String(v)])).toString()}`,
        )
      : await app.request(path, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(args),
        });
    if (res.status >= 500) failures.push({ args, status: res.status, body: await res.text() });
    else if (res.status >= 400) {
      const body = (await res.json()) as { status?: string };
      if (body.status !== 'error') failures.push({ args, status: res.status, body: JSON.stringify(body) });
    }
  }
  return failures;
}
