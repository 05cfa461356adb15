/**
 * What the server keeps per published part (serve/part-memo.ts): the roid = 3 alerts by ssnamenr (serve/sso-alerts.ts)
 * and the flagged anomalies (serve/api/anomaly.ts). Their answers must equal one query over every part's files,
 * as the server ran before it kept them (the SQL here is the test's own reading of the parquet files).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findAnomalousAlerts, findFlaggedAlertsOfPart, findSsoAlerts } from '../../data/queries/index.js';
import { PartMemo } from '../../serve/part-memo.js';
import { ssoAlertsOf } from '../../serve/sso-alerts.js';
import { allPartFiles, realStore, type ServedStore, ssoStore, storeRows } from '../support/serve-stores.js';

describe('the roid = 3 alerts kept per part', () => {
  let store: ServedStore;
  beforeAll(async () => {
    store = await ssoStore();
  }, 300_000);
  afterAll(() => store?.close());

  it('find, for each name and for a list of names, the alerts one query over every ssnamenr index finds', async () => {
    const files = allPartFiles(store, 'idx_ssnamenr.parquet');
    const names = (
      await storeRows(
        store,
        `SELECT DISTINCT i_ssnamenr FROM read_parquet(${files}) WHERE d_roid = 3 ORDER BY 1 LIMIT 12`,
      )
    ).map((r) => String(r.i_ssnamenr));
    expect(names.length).toBeGreaterThan(5);
    const catalog = store.reader.current();
    for (const asked of [...names.map((n) => [n]), names.slice(0, 4), ['no-such-name']]) {
      const quoted = asked.map((n) => `'${n.replaceAll("'", "''")}'`).join(', ');
      const expected = await storeRows(
        store,
        `SELECT CAST(i_candid AS VARCHAR) AS candid, i_jd FROM read_parquet(${files})
         WHERE i_ssnamenr IN (${quoted}) AND d_roid = 3 ORDER BY i_jd DESC, i_candid DESC`,
      );
      const found = await findSsoAlerts(catalog, asked, 100_000, ssoAlertsOf(store.reader, catalog));
      expect(found.map((r) => String(r.candid))).toEqual(expected.map((r) => r.candid));
      const limited = await findSsoAlerts(catalog, asked, 2, ssoAlertsOf(store.reader, catalog));
      expect(limited.map((r) => String(r.candid))).toEqual(expected.slice(0, 2).map((r) => r.candid));
    }
  });
});

describe('the flagged anomalies kept per part', () => {
  let store: ServedStore;
  beforeAll(async () => {
    store = await realStore();
  }, 300_000);
  afterAll(() => store?.close());

  it('are, in any window, the flagged alerts of one query over every alerts file', async () => {
    const files = allPartFiles(store, 'alerts.parquet');
    // the flag as the reference defines it: per night, the lowest-score alert of the 10 lowest-scoring objects
    const flagged = await storeRows(
      store,
      `WITH scored AS (
         SELECT i_objectId, i_candid, i_jd, night, d_anomaly_score FROM read_parquet(${files}, union_by_name = true)
         WHERE d_anomaly_score IS NOT NULL AND NOT isnan(d_anomaly_score)
         QUALIFY row_number() OVER (PARTITION BY night, i_objectId ORDER BY d_anomaly_score, i_candid) = 1)
       SELECT i_objectId, CAST(i_candid AS VARCHAR) AS candid, i_jd FROM scored
       QUALIFY row_number() OVER (PARTITION BY night ORDER BY d_anomaly_score, i_candid) <= 10
       ORDER BY i_jd DESC, i_objectId DESC`,
    );
    expect(flagged.length).toBeGreaterThan(5);
    const reader = store.reader;
    const catalog = reader.current();
    const query = (sql: string, params: Parameters<typeof reader.query>[1]) => reader.query(sql, params);
    let computed = 0;
    const memo = new PartMemo((part) => {
      computed++;
      return findFlaggedAlertsOfPart(query, reader.layout, part);
    });
    const jds = flagged.map((r) => r.i_jd as number);
    const [oldest, newest] = [Math.min(...jds), Math.max(...jds)];
    const windows: [number, number, number][] = [
      [oldest - 10, newest + 10, 1000],
      [oldest - 10, newest + 10, 3],
      [oldest, newest, 1000], // the newest one excluded (stop is excluded)
      [jds[jds.length - 1] + 1e-6, jds[0] + 1, 4],
    ];
    for (const [startJd, stopJd, limit] of windows) {
      const expected = flagged.filter((r) => (r.i_jd as number) >= startJd && (r.i_jd as number) < stopJd);
      const found = await findAnomalousAlerts(query, reader.layout, catalog, startJd, stopJd, limit, (part) =>
        memo.get(catalog, part),
      );
      expect(found.map((r) => String(r.candid))).toEqual(expected.slice(0, limit).map((r) => r.candid));
    }
    // each part read once, whatever the windows
    expect(computed).toBeLessThanOrEqual(catalog.parts.length);
  });
});
