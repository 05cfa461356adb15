/**
 * `npm run bench -- sso-cutouts`: the cost of `withcutouts` on `/api/v1/sso` per alert (issue "Solar System":
 * ≤ 5 ms per alert). On the demo store (simulated asteroids whose alerts carry their three stamps), the asteroid
 * with the most alerts is requested with and without `withcutouts=true` (in-process, no HTTP), interleaved; the
 * figure is the difference of the medians divided by the number of alerts answered.
 *
 * Options: --runs N (default 15), --kind Science|Template|Difference (default Science).
 */
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pino from 'pino';
import { buildDemoStore } from '../bin/commands/demo.js';
import { StoreLayout } from '../data/index.js';
import { createApp } from '../serve/app.js';
import { StoreReader } from '../serve/store-reader.js';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '15' },
    kind: { type: 'string', default: 'Science' },
  },
});
const runs = Number(values.runs);
const log = pino({ level: 'error' });
const layout = new StoreLayout(path.join(os.tmpdir(), 'skyalert-portal-demo'));
await buildDemoStore(layout, log);
const reader = await StoreReader.open(layout, log);
const app = createApp(reader, log);

function median(values: readonly number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

/** The known asteroid with the most alerts among the latest ones of the store. */
async function busiestAsteroid(): Promise<string> {
  const res = await app.request('/api/v1/latests?class=Solar%20System%20MPC&n=1000');
  const rows = (await res.json()) as Record<string, unknown>[];
  const counts = new Map<string, number>();
  for (const r of rows) {
    const name = r['i:ssnamenr'];
    if (typeof name === 'string' && name !== '') counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  const best = [...counts].sort((a, b) => b[1] - a[1])[0];
  if (!best) throw new Error('the demo store answered no Solar System MPC alert');
  return best[0];
}

async function timed(url: string): Promise<{ ms: number; rows: Record<string, unknown>[] }> {
  const started = performance.now();
  const res = await app.request(url);
  const rows = (await res.json()) as Record<string, unknown>[];
  if (res.status !== 200) throw new Error(`${url}: HTTP ${res.status} ${JSON.stringify(rows)}`);
  return { ms: performance.now() - started, rows };
}

try {
  const name = await busiestAsteroid();
  const plainUrl = `/api/v1/sso?n_or_d=${encodeURIComponent(name)}`;
  const cutoutUrl = `${plainUrl}&withcutouts=true&cutout-kind=${values.kind}`;
  const field = `b:cutout${values.kind}_stampData`;
  await timed(plainUrl);
  await timed(cutoutUrl);
  const plain: number[] = [];
  const withCutouts: number[] = [];
  let alerts = 0;
  let stamps = 0;
  for (let i = 0; i < runs; i++) {
    plain.push((await timed(plainUrl)).ms);
    const answer = await timed(cutoutUrl);
    withCutouts.push(answer.ms);
    alerts = answer.rows.length;
    stamps = answer.rows.filter((r) => Array.isArray(r[field])).length;
  }
  const perAlertMs = (median(withCutouts) - median(plain)) / Math.max(alerts, 1);
  console.log(
    JSON.stringify(
      {
        machine: `${os.platform()} ${os.arch()}, node ${process.version}, load ${os.loadavg()[0].toFixed(1)}`,
        object: name,
        alerts,
        alertsWithStamp: stamps,
        plainP50Ms: median(plain),
        withCutoutsP50Ms: median(withCutouts),
        cutoutMsPerAlert: perAlertMs,
        target: 5,
      },
      null,
      2,
    ),
  );
} finally {
  reader.close();
}
