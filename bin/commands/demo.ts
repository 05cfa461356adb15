/**
 * `skyalert demo`: the quick start. Simulates 30 nights (≥ 20,000 alerts including asteroids), ingests them
 * through the production path (decode → stage → publish), and serves the store. A store already built with the
 * same settings is reused, so a restart is immediate.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';
import { readCatalog } from '../../data/catalog.js';
import { StoreLayout } from '../../data/store-layout.js';
import { compactStore } from '../../ingest/publish/compact.js';
import { ingestFiles } from '../../ingest/run-files.js';
import { runSimulate } from '../../ingest/simulate/index.js';
import { startServer } from '../../serve/server.js';
import { parsePort } from './serve.js';

/** Settings of the demo data set. */
export const DEMO = { nights: 30, alertsPerNight: 720, seed: 42, startNight: '2024-03-01' } as const;

export interface DemoArgs {
  port?: string;
  store?: string;
}

export async function runDemo(args: DemoArgs, log: Logger): Promise<number> {
  const port = parsePort(args.port ?? process.env.PORT, 8080);
  const layout = new StoreLayout(path.resolve(args.store ?? 'skyalert-demo'));
  const marker = path.join(layout.root, 'demo.json');
  const wanted = JSON.stringify(DEMO);
  const built =
    fs.existsSync(marker) && fs.readFileSync(marker, 'utf8') === wanted && readCatalog(layout).version > 0;
  if (!built) {
    fs.rmSync(layout.root, { recursive: true, force: true });
    fs.mkdirSync(layout.root, { recursive: true });
    const input = path.join(layout.root, 'demo-input');
    console.log(`demo: simulating ${DEMO.nights} nights x ${DEMO.alertsPerNight} alerts into ${input}`);
    await runSimulate({ outDir: input, ...DEMO, log });
    console.log('demo: ingesting and publishing');
    const summary = await ingestFiles(layout, [input], { ingesterId: 'demo', log, publish: true });
    await compactStore(layout, log);
    console.log(
      `demo: ${summary.staged} alerts staged, ${summary.quarantined} quarantined, ${summary.nights.length} nights published`,
    );
    fs.writeFileSync(marker, wanted);
  }
  const server = await startServer(layout, { port, log });
  console.log(`\nSky-alert demo is up: ${server.url}/api/v1/  (store ${layout.root})`);
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
