/**
 * Fink's LSST sso route tests (fink-object-api apps/routes/v1/lsst/sso/test.py @ 17051ca, Apache-2.0) on the
 * store of the 25 real Rubin alerts, offline: Fink's objects (J96T28C = 1996 TC28, 1984 CP) are replaced by the
 * sample's three asteroids, read from the source parquet independently; ephemerides (Miriade) are not served.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LsstFixtureApp, lsstSampleSql, openLsstFixtureApp } from '../support/lsst-fixture-store.js';
import { sql } from '../support/sql.js';

let fx: LsstFixtureApp;
let objects: { packed: string; unpacked: string }[];

beforeAll(async () => {
  fx = await openLsstFixtureApp();
  objects = (
    await sql(`SELECT mpc_orbits.packed_primary_provisional_designation AS p,
      mpc_orbits.unpacked_primary_provisional_designation AS u FROM ${lsstSampleSql()} WHERE ssSource IS NOT NULL ORDER BY p`)
  ).map((r) => ({ packed: String(r.p), unpacked: String(r.u) }));
}, 60_000);
afterAll(() => fx?.close());

async function ssosearch(n_or_d: string, extra: Record<string, unknown> = {}) {
  return fx.app.request('/api/v1/sso', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ n_or_d, ...extra }),
  });
}

async function rows(n_or_d: string): Promise<Record<string, unknown>[]> {
  const r = await ssosearch(n_or_d);
  expect(r.status).toBe(200);
  return (await r.json()) as Record<string, unknown>[];
}

describe('fink-parity: LSST sso (sso/test.py)', () => {
  it('test_sso', async () => {
    for (const o of objects) expect((await rows(o.packed)).map((r) => r['f:sso_name'])).toContain(o.unpacked);
  });

  it('test_sso_with_ephem', async () => {
    // Fink adds Miriade's columns (Phase, SDSS:g); offline there is no ephemeris service: a 400 JSON error
    const r = await ssosearch(objects[0].unpacked, { withEphem: true });
    expect(r.status).toBe(400);
    expect(((await r.json()) as { status: string }).status).toBe('error');
  });

  it('test_comet', async () => {
    expect(await rows('10P')).toEqual([]);
  });

  it('test_bad_request', async () => {
    // Fink: quaero knows no such name (400); offline, a well-formed name absent from the store finds nothing
    expect(await rows('kdflsjffld')).toEqual([]);
    expect((await ssosearch('K01S97B;DROP')).status).toBe(400);
  });

  it('test_multiple_ssos', async () => {
    const list = `${objects[0].unpacked},${objects[1].packed}`;
    const both = await rows(list);
    expect(new Set(both.map((r) => r['f:sso_name'])).size).toBe(2);
    const singles = (await rows(objects[0].unpacked)).length + (await rows(objects[1].packed)).length;
    expect(both).toHaveLength(singles);
  });
});
