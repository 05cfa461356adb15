/**
 * `/api/v1/sso` on a simulated store whose orbit catalogue is not loaded: objects are still found by the
 * `ssnamenr` their alerts carry (no ephemerides then, said in a header), and the stamps come back as arrays.
 */
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partFilePath } from '../../data/index.js';
import { type ServedStore, simulatedStore } from '../support/serve-stores.js';

type Row = Record<string, unknown>;

describe('/api/v1/sso without an orbit catalogue', () => {
  let store: ServedStore;
  let ssnamenr: string;
  let count: number;
  beforeAll(async () => {
    store = await simulatedStore();
    const files = store.reader
      .current()
      .parts.map((p) => `'${partFilePath(store.layout, p.id, 'alerts')}'`)
      .join(',');
    const db = await DuckDBInstance.create(':memory:');
    const conn = await db.connect();
    const [top] = (
      await conn.runAndReadAll(
        `SELECT i_ssnamenr AS s, count(*)::INT AS n FROM read_parquet([${files}]) WHERE d_roid = 3
         GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 1`,
      )
    ).getRowObjectsJS();
    conn.closeSync();
    db.closeSync();
    ssnamenr = String(top.s);
    count = Number(top.n);
  });
  afterAll(() => store?.close());

  it('finds the alerts by the ssnamenr they carry, without ephemerides, and says why', async () => {
    const res = await store.app.request(`/api/v1/sso?n_or_d=${ssnamenr}&withEphem=true`);
    expect(res.status).toBe(200);
    const rows = (await res.json()) as Row[];
    expect(rows).toHaveLength(count);
    expect(rows.every((r) => r['i:ssnamenr'] === ssnamenr && !('Dobs' in r))).toBe(true);
    expect(res.headers.get('x-skyalert-notes')).toMatch(/no orbit in the catalogue/);
  });

  it('adds the stamps of each alert as 63x63 arrays of the chosen kind', async () => {
    const res = await store.app.request(
      `/api/v1/sso?n_or_d=${ssnamenr}&withcutouts=true&cutout-kind=Difference&columns=i:jd`,
    );
    const rows = (await res.json()) as Row[];
    expect(rows).toHaveLength(count);
    for (const row of rows) {
      const stamp = row['b:cutoutDifference_stampData'] as number[][];
      expect(stamp).toHaveLength(63);
      expect(stamp[0]).toHaveLength(63);
      expect(typeof row['i:candid']).toBe('number');
      expect('b:cutoutScience_stampData' in row).toBe(false);
    }
  });
});
