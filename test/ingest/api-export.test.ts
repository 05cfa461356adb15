/**
 * Tables exported from the reference service's API (flat `i:`/`d:` columns) ingest like alerts: real detections
 * of asteroids from the 9,519-row export of 30 asteroids (its first 20 nights, re-exported as parquet to keep the
 * test short), and some of them as a json export (64-bit candids kept exact).
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partFilePath, readCatalog } from '../../data/index.js';
import { publishNights } from '../../ingest/publish/index.js';
import { expandInputs, ingestFiles } from '../../ingest/run-files.js';
import { sql } from '../support/sql.js';
import { tempStore, testLog } from '../support/store.js';
import { testDataPath } from '../support/test-data.js';

const MPC_EXAMPLE = () => testDataPath('sso', 'fink-fat_mpc_example_30sso.parquet');

/** The rows of the export's first `nights` observing nights (night = floor(jd - 0.5)). */
function firstNights(nights: number, extra = 'true'): string {
  return `SELECT * FROM read_parquet('${MPC_EXAMPLE()}') WHERE ${extra} AND floor("i:jd" - 0.5) <= (
    SELECT max(n) FROM (SELECT DISTINCT floor("i:jd" - 0.5) AS n FROM read_parquet('${MPC_EXAMPLE()}')
    WHERE ${extra} ORDER BY n LIMIT ${nights}))`;
}

describe('ingesting an API export (parquet)', () => {
  const layout = tempStore();
  const input = path.join(layout.root, 'export.parquet');
  beforeAll(async () => {
    await sql(`COPY (${firstNights(20)}) TO '${input}' (FORMAT parquet)`);
  });
  afterAll(() => fs.rmSync(layout.root, { recursive: true, force: true }));

  it('stages every detection once and publishes them with their values', async () => {
    const [count] = await sql(`SELECT count(*)::INT AS n FROM read_parquet('${input}')`);
    expect(count.n).toBeGreaterThan(100);
    const summary = await ingestFiles(layout, [input], { ingesterId: 'api', log: testLog });
    expect(summary.read).toBe(count.n);
    expect(summary.staged).toBe(count.n);
    expect(summary.quarantined).toBe(0);
    await publishNights(layout, summary.nights, testLog);
    const files = readCatalog(layout)
      .parts.map((p) => `'${partFilePath(layout, p.id, 'alerts')}'`)
      .join(',');
    const [ours] = await sql(
      `SELECT count(*)::INT AS n, count(DISTINCT i_ssnamenr)::INT AS sso, min(d_roid)::INT AS roidMin,
              max(d_roid)::INT AS roidMax, sum(i_candid)::HUGEINT::VARCHAR AS candidSum,
              sum(i_magpsf) AS magSum
       FROM read_parquet([${files}])`,
    );
    const [theirs] = await sql(
      `SELECT count(*)::INT AS n, count(DISTINCT "i:ssnamenr")::INT AS sso,
              sum("i:candid")::HUGEINT::VARCHAR AS candidSum, sum("i:magpsf") AS magSum
       FROM read_parquet('${input}')`,
    );
    expect(ours.n).toBe(theirs.n);
    expect(ours.sso).toBe(theirs.sso);
    expect(ours.roidMin).toBe(3);
    expect(ours.roidMax).toBe(3);
    expect(ours.candidSum).toBe(theirs.candidSum);
    // magpsf is a 32-bit float in the ZTF schema; the export holds it widened to 64 bits
    expect(ours.magSum as number).toBeCloseTo(theirs.magSum as number, 4);
    const [one] = await sql(
      `SELECT i_ssnamenr, i_jd, i_fid, i_ra FROM read_parquet([${files}]) WHERE i_candid = (
         SELECT "i:candid" FROM read_parquet('${input}') ORDER BY "i:candid" LIMIT 1)`,
    );
    const [src] = await sql(
      `SELECT "i:ssnamenr"::VARCHAR AS s, "i:jd" AS jd, "i:fid"::INT AS fid, "i:ra" AS ra
       FROM read_parquet('${input}') ORDER BY "i:candid" LIMIT 1`,
    );
    expect(one).toEqual({ i_ssnamenr: src.s, i_jd: src.jd, i_fid: src.fid, i_ra: src.ra });
  });
});

describe('ingesting an API export (json records)', () => {
  const layout = tempStore();
  const dir = fs.mkdtempSync(path.join(layout.root, 'export-'));
  const json = path.join(dir, 'sso-5168.json');
  beforeAll(async () => {
    await sql(`COPY (${firstNights(10, '"i:ssnamenr" = 5168')}) TO '${json}' (FORMAT json, ARRAY true)`);
  });
  afterAll(() => fs.rmSync(layout.root, { recursive: true, force: true }));

  it('reads the json array with exact 64-bit candids', async () => {
    const summary = await ingestFiles(layout, [json], { ingesterId: 'api', log: testLog });
    const [expected] = await sql(
      `SELECT count(*)::INT AS n, sum("i:candid")::HUGEINT::VARCHAR AS candidSum
       FROM (${firstNights(10, '"i:ssnamenr" = 5168')})`,
    );
    expect(summary.staged).toBe(expected.n);
    expect(summary.quarantined).toBe(0);
    await publishNights(layout, summary.nights, testLog);
    const files = readCatalog(layout)
      .parts.map((p) => `'${partFilePath(layout, p.id, 'alerts')}'`)
      .join(',');
    const [ours] = await sql(
      `SELECT sum(i_candid)::HUGEINT::VARCHAR AS candidSum, min(i_ssnamenr) AS lo, max(i_ssnamenr) AS hi
       FROM read_parquet([${files}])`,
    );
    expect(ours).toEqual({ candidSum: expected.candidSum, lo: '5168', hi: '5168' });
  });

  it('takes a json file only when it is named, not from a directory walk', () => {
    expect(expandInputs([dir])).toEqual([]);
    expect(expandInputs([json])).toEqual([json]);
  });
});
