import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  allPartFiles,
  call,
  fuzzFor5xx,
  realStore,
  type ServedStore,
  simulatedStore,
  storeRows,
} from '../support/serve-stores.js';

type Row = Record<string, unknown>;
const PATH = '/api/v1/random';
const objectsOf = (rows: unknown) => [...new Set((rows as Row[]).map((r) => r['i:objectId'] as string))];

describe('/api/v1/random on simulated alerts', () => {
  let store: ServedStore;
  let alertsPerObject: Map<string, number>;
  beforeAll(async () => {
    store = await simulatedStore();
    const counts = await storeRows(
      store,
      `SELECT i_objectId, count(*)::INT AS n FROM read_parquet(${allPartFiles(store, 'alerts.parquet')}) GROUP BY 1`,
    );
    alertsPerObject = new Map(counts.map((r) => [r.i_objectId as string, r.n as number]));
  });
  afterAll(() => store?.close());

  it('never answers 5xx to fuzzed arguments, and every 4xx is a JSON error', async () => {
    expect(await fuzzFor5xx(store.app, PATH, ['n', 'class', 'seed', 'columns', 'output-format'])).toEqual([]);
  });

  it('returns every alert of n distinct objects (reference test_multiple_objects)', async () => {
    const { status, body } = await call(store.app, PATH, { n: 3, seed: 1 });
    expect(status).toBe(200);
    const ids = objectsOf(body);
    expect(ids).toHaveLength(3);
    for (const id of ids) {
      const rows = (body as Row[]).filter((r) => r['i:objectId'] === id);
      expect(rows).toHaveLength(alertsPerObject.get(id) ?? -1);
      const jds = rows.map((r) => r['i:jd'] as number);
      expect([...jds].sort((a, b) => b - a)).toEqual(jds);
    }
    expect((body as Row[])[0]).toHaveProperty('v:g-r');
    expect((body as Row[])[0]).toHaveProperty('v:classification');
  });

  it('draws the same objects for the same seed and others for another seed (reference test_seed)', async () => {
    const a = objectsOf((await call(store.app, PATH, { n: 5, seed: 54859 })).body);
    const b = objectsOf((await call(store.app, PATH, { n: '5', seed: '54859' }, 'GET')).body);
    const c = objectsOf((await call(store.app, PATH, { n: 5, seed: 54860 })).body);
    expect(b).toEqual(a);
    expect(c).not.toEqual(a);
  });

  it('returns the seed it drew with, which reproduces the draw', async () => {
    const first = await call(store.app, PATH, { n: 4 });
    const seed = first.res.headers.get('x-random-seed');
    expect(seed).toMatch(/^\d+$/);
    const again = await call(store.app, PATH, { n: 4, seed: seed ?? '' });
    expect(objectsOf(again.body)).toEqual(objectsOf(first.body));
  });

  it('draws only objects with an alert of the class (reference test_class)', async () => {
    const classOf = await storeRows(
      store,
      `SELECT DISTINCT i_objectId FROM read_parquet(${allPartFiles(store, 'idx_class.parquet')})
       WHERE classification = 'Solar System MPC'`,
    );
    const members = new Set(classOf.map((r) => r.i_objectId));
    const ids = objectsOf((await call(store.app, PATH, { n: 3, class: 'Solar System MPC', seed: 3 })).body);
    expect(ids).toHaveLength(3);
    expect(ids.every((id) => members.has(id))).toBe(true);
  });

  it('answers [] for a class without alerts or a TNS class', async () => {
    for (const cls of ['(SIMBAD) Blazar', '(TNS) SN Ia']) {
      const { status, body } = await call(store.app, PATH, { n: 3, class: cls });
      expect(status).toBe(200);
      expect(body).toEqual([]);
    }
  });

  it('restricts columns (reference test_column_selection)', async () => {
    const rows = (await call(store.app, PATH, { n: 1, seed: 9, columns: 'i:jd,i:magpsf' })).body as Row[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => Object.keys(r).join() === 'i:jd,i:magpsf')).toBe(true);
  });

  it.each([
    [{}, /`n`/],
    [{ n: 0 }, /`n`.*from 1 to 100/],
    [{ n: 101 }, /`n`.*from 1 to 100/],
    [{ n: 2, seed: 'abc' }, /`seed`/],
    [{ n: 2, seed: '1e5' }, /`seed`/],
    [{ n: 2, class: 'Nope' }, /Unknown class/],
    [{ n: 2, columns: 'x:y' }, /None of the requested columns/],
  ])('rejects %j with a 400 JSON error', async (args, pattern) => {
    const { status, body } = await call(store.app, PATH, args);
    expect(status).toBe(400);
    expect((body as { text: string }).text).toMatch(pattern);
  });
});

describe('/api/v1/random on the real alerts', () => {
  let store: ServedStore;
  beforeAll(async () => {
    store = await realStore();
  });
  afterAll(() => store?.close());

  it('draws real objects with their real alerts (reference test_single_object)', async () => {
    const rows = (await call(store.app, PATH, { n: 1, seed: 42 })).body as Row[];
    expect(rows.length).toBeGreaterThan(0);
    const id = rows[0]['i:objectId'] as string;
    const oracle = await storeRows(
      store,
      `SELECT i_candid FROM read_parquet(${allPartFiles(store, 'alerts.parquet')})
       WHERE i_objectId = '${id}' ORDER BY i_jd DESC`,
    );
    expect(rows.map((r) => r['i:candid'])).toEqual(oracle.map((r) => Number(r.i_candid)));
  });
});
