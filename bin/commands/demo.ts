/**
 * `skyalert demo`: the quick start. Simulates 30 nights (≥ 20,000 alerts including asteroids), ingests them
 * through the production path (decode → stage → publish), loads the simulated asteroids' MPCORB.DAT as the orbit
 * catalogue, builds the SSOFT tables, and serves the store. A store already built with the same settings is
 * reused, so a restart is immediate.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';
import { readCatalog } from '../../data/catalog.js';
import { buildSsoft } from '../../data/jobs/ssoft-build.js';
import { SSOFT_FLAVORS } from '../../data/ssoft-columns.js';
import { StoreLayout } from '../../data/store-layout.js';
import { loadOrbitFiles } from '../../ingest/orbits/load-orbits.js';
import { ingestFiles } from '../../ingest/run-files.js';
import { runSimulate } from '../../ingest/simulate/index.js';
import { startServer } from '../../serve/server.js';
import { parsePort } from './serve.js';
import { currentVersion } from './ssoft.js';

/** Settings of the demo data set. */
export const DEMO = { nights: 30, alertsPerNight: 720, seed: 42, startNight: '2024-03-01' } as const;
/**
 * Fewest detections of an asteroid in the demo's SSOFT: 30 nights give each simulated asteroid 10 to 40
 * detections, fewer than the production threshold of 50 (a month of survey is short for phase curves).
 */
export const DEMO_SSOFT_MIN_DETECTIONS = 10;

export interface DemoArgs {
  port?: string;
  store?: string;
}

/**
 * Builds the demo store in `layout.root` unless a store built with the same settings is there (then returns at
 * once). Also used by the portal's browser tests and benchmarks.
 */
export async function buildDemoStore(layout: StoreLayout, log: Logger): Promise<void> {
  const marker = path.join(layout.root, 'demo.json');
  const wanted = JSON.stringify({ ...DEMO, ssoftMinDetections: DEMO_SSOFT_MIN_DETECTIONS });
  const built =
    fs.existsSync(marker) && fs.readFileSync(marker, 'utf8') === wanted && readCatalog(layout).version > 0;
  if (built) return;
  fs.rmSync(layout.root, { recursive: true, force: true });
  fs.mkdirSync(layout.root, { recursive: true });
  const input = path.join(layout.root, 'demo-input');
  console.log(`demo: simulating ${DEMO.nights} nights x ${DEMO.alertsPerNight} alerts into ${input}`);
  await runSimulate({ outDir: input, ...DEMO, log });
  console.log('demo: ingesting and publishing');
  const summary = await ingestFiles(layout, [input], {
    ingesterId: 'demo',
    log,
    publish: true,
    compact: true,
  });
  console.log(
    `demo: ${summary.staged} alerts staged, ${summary.quarantined} quarantined, ${summary.nights.length} nights published`,
  );
  const orbits = await loadOrbitFiles(layout, [path.join(input, 'MPCORB.DAT')], log);
  const version = currentVersion();
  const ssoft = await buildSsoft(layout, {
    version,
    flavors: SSOFT_FLAVORS,
    minDetections: DEMO_SSOFT_MIN_DETECTIONS,
    log,
  });
  console.log(
    `demo: ${orbits.objects} asteroid orbits loaded; SSOFT ${version} built for ${ssoft.objects} asteroids`,
  );
  fs.writeFileSync(marker, wanted);
}

export async function runDemo(args: DemoArgs, log: Logger): Promise<number> {
  const port = parsePort(args.port ?? process.env.PORT, 8080);
  const layout = new StoreLayout(path.resolve(args.store ?? 'skyalert-demo'));
  await buildDemoStore(layout, log);
  const server = await startServer(layout, { port, log });
  console.log(
    `\nSky-alert demo is up: ${server.url}/ (portal), ${server.url}/api/v1/ (API)  (store ${layout.root})`,
  );
  console.log(`  try: curl '${server.url}/api/v1/objects?objectId=<an objectId>'\n`);
  await new Promise<void>((resolve) => {
    const stop = (): void => {
      server.close().then(resolve, resolve);
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  return 0;
}
