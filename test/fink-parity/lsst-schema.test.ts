/**
 * Fink's LSST schema route test (fink-object-api apps/routes/v1/lsst/schema/test.py @ 17051ca, Apache-2.0,
 * `check_schema_endpoint`) on the store of the 25 real Rubin alerts: every key of the first row of each
 * endpoint's answer is a field of the `r:`/`f:` families the schema lists for it (`v:separation_degree` aside, as
 * in Fink). Fink's ids, position and night are replaced by ones of our data (the night: the dayObs of the
 * chosen alert, read from the sample); `tags` is covered by test/serve/lsst-tags.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayObsOf } from '../support/lsst-alerts.js';
import { type LsstFixtureApp, lsstSampleSql, openLsstFixtureApp } from '../support/lsst-fixture-store.js';
import { sql } from '../support/sql.js';

let fx: LsstFixtureApp;
let OID: string;
let RA: number;
let DEC: number;
let NIGHT: string;

beforeAll(async () => {
  fx = await openLsstFixtureApp();
  const [r] =
    await sql(`SELECT CAST(diaSource.diaObjectId AS VARCHAR) AS id, diaSource.ra AS ra, diaSource.dec AS dec,
      diaSource.midpointMjdTai AS mjd
    FROM ${lsstSampleSql()} WHERE len(prvDiaSources) > 0 LIMIT 1`);
  OID = String(r.id);
  RA = r.ra as number;
  DEC = r.dec as number;
  NIGHT = String(dayObsOf(Number(r.mjd)));
}, 60_000);
afterAll(() => fx?.close());

async function post(path: string, body: Record<string, unknown>): Promise<Response> {
  return fx.app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** The full names (prefix + key) of the families whose name contains `r:` or `f:` (Fink's get_fields_from_schema). */
function fieldsFromSchema(schema: Record<string, Record<string, unknown>>): Set<string> {
  const out = new Set<string>();
  for (const prefix of ['r:', 'f:'])
    for (const [family, fields] of Object.entries(schema))
      if (family.includes(prefix)) for (const k of Object.keys(fields)) out.add(prefix + k);
  return out;
}

describe('fink-parity: LSST schema (schema/test.py)', () => {
  it('check_schema_endpoint', async () => {
    const endpoints: Record<string, Record<string, unknown>> = {
      '/api/v1/sources': { diaObjectId: OID },
      '/api/v1/objects': { diaObjectId: OID },
      '/api/v1/conesearch': { ra: RA, dec: DEC, radius: 5 },
      '/api/v1/statistics': { date: NIGHT },
    };
    for (const [endpoint, payload] of Object.entries(endpoints)) {
      const rSchema = await post('/api/v1/schema', { endpoint });
      const rData = await post(endpoint, payload);
      expect(rData.status).toBe(200);
      expect(rSchema.status).toBe(200);
      const schemaFields = fieldsFromSchema(
        (await rSchema.json()) as Record<string, Record<string, unknown>>,
      );
      const data = (await rData.json()) as Record<string, unknown>[];
      expect(data.length, endpoint).toBeGreaterThan(0);
      const missing = Object.keys(data[0]).filter(
        (k) => !schemaFields.has(k) && !['f:pixel1024', 'v:separation_degree', 'r:salt'].includes(k),
      );
      expect(missing, endpoint).toEqual([]);
    }
  });
});
