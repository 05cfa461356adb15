/**
 * `/metrics` (Prometheus text format): request counters and latency histograms move with the requests and are
 * labelled by route pattern (a path matching no route adds no label), the catalog gauges give the version and
 * publication read from the store's own files, the store probe's gauges appear, and the process metrics
 * (event-loop delay, memory) are there.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../serve/app.js';
import { ServerMetrics } from '../../serve/metrics.js';
import { realStore, type ServedStore } from '../support/serve-stores.js';
import { testLog } from '../support/store.js';

/** One sample of an exposition: metric name, labels, value. */
interface Sample {
  readonly name: string;
  readonly labels: Record<string, string>;
  readonly value: number;
}

/** Parses the Prometheus text format 0.0.4 (samples only; label values without escaped quotes). */
function parseExposition(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m) throw new Error(`not an exposition line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, k, v] of (m[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="([^"]*)"/g)) labels[k] = v;
    samples.push({ name: m[1], labels, value: Number(m[3]) });
  }
  return samples;
}

function value(samples: Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  return samples.find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    ?.value;
}

describe('/metrics', () => {
  let store: ServedStore;
  beforeAll(async () => {
    store = await realStore();
  });
  afterAll(() => store?.close());

  async function scrape(app = store.app): Promise<Sample[]> {
    const res = await app.request('/metrics');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return parseExposition(await res.text());
  }

  it('counts requests by route pattern and status, and times them', async () => {
    const before = await scrape();
    const objects = { method: 'GET', route: '/api/v1/objects', status: '200' };
    const bad = { method: 'GET', route: '/api/v1/objects', status: '400' };
    const n0 = value(before, 'skyalert_http_requests_total', objects) ?? 0;
    const bad0 = value(before, 'skyalert_http_requests_total', bad) ?? 0;
    for (const id of ['ZTF19acihgng', 'ZTF18aabcdef', 'ZTF19acihgng'])
      expect((await store.app.request(`/api/v1/objects?objectId=${id}`)).status).toBe(200);
    expect((await store.app.request('/api/v1/objects?objectId=ZTF1&withupperlim=maybe')).status).toBe(400);
    expect((await store.app.request('/api/v1/docs/no-such-file.js')).status).toBe(404);
    const after = await scrape();
    expect(value(after, 'skyalert_http_requests_total', objects)).toBe(n0 + 3);
    expect(value(after, 'skyalert_http_requests_total', bad)).toBe(bad0 + 1);
    // a parameterised route is labelled by its pattern, not by the path asked
    expect(
      value(after, 'skyalert_http_requests_total', { route: '/api/v1/docs/:name', status: '404' }),
    ).toBeGreaterThan(0);
    const count = (s: Sample[]) =>
      value(s, 'skyalert_http_request_duration_seconds_count', { route: '/api/v1/objects' }) ?? 0;
    expect(count(after) - count(before)).toBe(4);
    const inf = value(after, 'skyalert_http_request_duration_seconds_bucket', {
      route: '/api/v1/objects',
      le: '+Inf',
    });
    expect(inf).toBe(count(after));
    expect(
      value(after, 'skyalert_http_request_duration_seconds_sum', { route: '/api/v1/objects' }),
    ).toBeGreaterThan(0);
  });

  it('labels never carry a raw path: unknown paths count as one "unmatched" route', async () => {
    const paths = ['/api/v1/nope-1', '/api/v1/nope-2?x=1', '/vo/nope', '/api/v1/objects/extra/segments'];
    for (const p of paths) expect((await store.app.request(p)).status, p).toBe(404);
    // a portal page (503 here: the portal is not built in a test run) is counted under the portal's route
    await store.app.request('/no/such/page');
    const samples = await scrape();
    const routes = new Set(
      samples.filter((s) => s.name === 'skyalert_http_requests_total').map((s) => s.labels.route),
    );
    expect(
      value(samples, 'skyalert_http_requests_total', { route: 'unmatched', status: '404' }),
    ).toBeGreaterThanOrEqual(paths.length);
    // every label is a route pattern registered in the app, or `unmatched`
    const registered = new Set(store.app.routes.map((r) => r.path));
    for (const route of routes) expect(route === 'unmatched' || registered.has(route), route).toBe(true);
    expect(routes.has('/*')).toBe(true);
  });

  it('gives the catalog served, read independently from the store files', async () => {
    const version = Number(fs.readFileSync(path.join(store.layout.root, 'catalog', 'CURRENT'), 'utf8'));
    const file = path.join(store.layout.root, 'catalog', `v${String(version).padStart(10, '0')}.json`);
    const catalog = JSON.parse(fs.readFileSync(file, 'utf8')) as {
      parts: unknown[];
      publishedAt: string;
      lastPublication: { startedAt: string; durationSeconds: number };
    };
    const samples = await scrape();
    expect(value(samples, 'skyalert_catalog_version')).toBe(version);
    expect(value(samples, 'skyalert_catalog_parts')).toBe(catalog.parts.length);
    const ageSeconds = (Date.now() - Date.parse(catalog.publishedAt)) / 1000;
    expect(value(samples, 'skyalert_catalog_age_seconds')).toBeGreaterThan(ageSeconds - 60);
    expect(value(samples, 'skyalert_catalog_age_seconds')).toBeLessThanOrEqual(ageSeconds + 1);
    expect(value(samples, 'skyalert_last_publication_timestamp_seconds')).toBe(
      Date.parse(catalog.lastPublication.startedAt) / 1000,
    );
    expect(value(samples, 'skyalert_last_publication_duration_seconds')).toBe(
      catalog.lastPublication.durationSeconds,
    );
  });

  it('exports the process metrics: event-loop delay and memory', async () => {
    const samples = await scrape();
    expect(value(samples, 'process_resident_memory_bytes')).toBeGreaterThan(10 * 2 ** 20);
    expect(value(samples, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    expect(value(samples, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
  });

  it("exports the store probe's nights not published and quarantine by reason", async () => {
    let calls = 0;
    const metrics = new ServerMetrics(store.reader, () => {
      calls++;
      return {
        unpublishedNights: 3,
        quarantined: [
          { reason: 'truncated Avro record N of N in block', messages: 5 },
          { reason: 'missing candidate record', messages: 2 },
        ],
      };
    });
    const app = createApp(store.reader, testLog, undefined, metrics);
    const samples = await scrape(app);
    expect(value(samples, 'skyalert_nights_unpublished')).toBe(3);
    expect(
      value(samples, 'skyalert_quarantined_messages', { reason: 'truncated Avro record N of N in block' }),
    ).toBe(5);
    expect(value(samples, 'skyalert_quarantined_messages', { reason: 'missing candidate record' })).toBe(2);
    await scrape(app);
    expect(calls).toBe(1); // the probe's result is reused within its time to live
  });

  it('answers, with NaN for the store gauges, when the probe fails', async () => {
    const metrics = new ServerMetrics(store.reader, () => {
      throw new Error('EACCES: quarantine not readable');
    });
    const samples = await scrape(createApp(store.reader, testLog, undefined, metrics));
    expect(value(samples, 'skyalert_nights_unpublished')).toBeNaN();
    expect(samples.some((s) => s.name === 'skyalert_quarantined_messages')).toBe(false);
    expect(value(samples, 'skyalert_catalog_version')).toBe(store.reader.current().version);
  });
});
