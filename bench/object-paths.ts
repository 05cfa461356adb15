/**
 * `npm run bench -- object-paths --store DIR`: per-request time of `objects` and `cutouts` (PNG) served from
 * object blocks versus through DuckDB (the path of stores without blocks), in one process on one store, the two
 * paths interleaved request by request so that a noisy machine affects both alike. In-process requests
 * (`app.request`): the figures leave out HTTP. Prints medians and p99 of each path and their ratio.
 *
 * Options: --store DIR (required), --requests N (default 500), --seed S (default 5).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import pino from 'pino';
import { StoreLayout } from '../data/store-layout.js';
import { createApp } from '../serve/app.js';
import { StoreReader } from '../serve/store-reader.js';

function percentile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: {
      store: { type: 'string' },
      requests: { type: 'string', default: '500' },
      seed: { type: 'string', default: '5' },
    },
  });
  if (!values.store) throw new Error('--store DIR is required');
  const n = Number(values.requests);
  const log = pino({ level: 'error' });
  const layout = new StoreLayout(values.store);
  const blocks = await StoreReader.open(layout, log);
  const duckdb = await StoreReader.open(layout, log, { objectBlocks: false });
  const apps = { blocks: createApp(blocks, log), duckdb: createApp(duckdb, log) };
  try {
    const index = path.join(layout.root, blocks.current().objectIndex ?? '');
    const ids = (
      await blocks.query(
        `SELECT DISTINCT objectId FROM read_parquet('${index}') USING SAMPLE reservoir(${n} ROWS) REPEATABLE (${Number(values.seed)})`,
      )
    ).map((r) => String(r.objectId));
    for (const [name, url] of [
      ['objects', (id: string) => `/api/v1/objects?objectId=${id}`],
      ['cutoutPng', (id: string) => `/api/v1/cutouts?objectId=${id}&kind=Science`],
    ] as const) {
      const ms: Record<'blocks' | 'duckdb', number[]> = { blocks: [], duckdb: [] };
      for (const id of ids) {
        for (const which of ['blocks', 'duckdb'] as const) {
          const started = performance.now();
          const res = await apps[which].request(url(id));
          await res.arrayBuffer();
          ms[which].push(performance.now() - started);
        }
      }
      const summary = (list: number[]) => {
        const sorted = [...list].sort((a, b) => a - b);
        return { p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99) };
      };
      const b = summary(ms.blocks);
      const d = summary(ms.duckdb);
      console.log(
        `${name}: ${ids.length} requests each; blocks p50 ${b.p50.toFixed(2)} ms, p99 ${b.p99.toFixed(2)} ms; ` +
          `duckdb p50 ${d.p50.toFixed(2)} ms, p99 ${d.p99.toFixed(2)} ms; p50 ratio ${(d.p50 / b.p50).toFixed(1)}`,
      );
    }
  } finally {
    blocks.close();
    duckdb.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
