/**
 * LSST `/api/v1/resolver` on a store of the 25 real Rubin alerts and Fink's 7 transferred alerts (test/data/lsst/),
 * Fink having no test for this route (fink-lsst-api.md §3.7): each resolver, forward and reverse, checked against
 * the input files read here (DuckDB on the parquet, avsc on the Avro container, csv-parse on the TNS sample), with
 * exact 64-bit ids; SIMBAD names through a local stand-in for the operator's Sesame service.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runTns } from '../../bin/commands/tns.js';
import { avscLsstRecords } from '../support/lsst-avro-records.js';
import { type LsstFixtureApp, lsstSampleSql } from '../support/lsst-fixture-store.js';
import {
  gaiaNamedObjects,
  LSST_FINK_FILE,
  openLsstTwoNightApp,
  postJson,
} from '../support/lsst-two-night-store.js';
import { sql } from '../support/sql.js';
import { testLog } from '../support/store.js';
import { parseCsv } from '../support/table-readers.js';
import { testDataPath } from '../support/test-data.js';

const SESAME_XML = `<?xml version="1.0" encoding="UTF-8"?>
<Sesame><Target option="S"><name>M 31</name>
  <Resolver name="S=Simbad"><otype>G</otype><jradeg>10.684708</jradeg><jdedeg>41.268750</jdedeg>
    <oname>M  31</oname></Resolver></Target></Sesame>`;

let fx: LsstFixtureApp;
let sesame: http.Server;
const asked: string[] = [];

beforeAll(async () => {
  sesame = http.createServer((req, res) => {
    asked.push(decodeURIComponent(req.url ?? ''));
    res.writeHead(200, { 'content-type': 'text/xml' }).end(SESAME_XML);
  });
  await new Promise<void>((resolve) => sesame.listen(0, '127.0.0.1', resolve));
  const { port } = sesame.address() as AddressInfo;
  fx = await openLsstTwoNightApp({ simbadUrl: `http://127.0.0.1:${port}/sesame?{name}`, writeTokens: [] });
}, 120_000);
afterAll(async () => {
  fx?.close();
  await new Promise((resolve) => sesame?.close(resolve));
});

const post = (body: Record<string, unknown>) => postJson(fx.app, '/api/v1/resolver', body);

/** The bare integers of `field` in a JSON text, as written (never through a JS number). */
function idsIn(text: string, field: string): string[] {
  return [...text.matchAll(new RegExp(`"${field}":(-?\\d+)[,}]`, 'g'))].map((m) => m[1]);
}

/** The Solar System detections of the Rubin sample: exact ids and designations. */
async function sampleSso(): Promise<Record<string, string>[]> {
  const rows = await sql(`
    SELECT CAST(diaSource.diaSourceId AS VARCHAR) AS sid, CAST(diaSource.ssObjectId AS VARCHAR) AS ssid,
      mpc_orbits.packed_primary_provisional_designation AS packed,
      mpc_orbits.unpacked_primary_provisional_designation AS unpacked
    FROM ${lsstSampleSql()} WHERE ssSource IS NOT NULL ORDER BY sid`);
  return rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, String(v)])));
}

describe('LSST resolver: ssodnet', () => {
  it('resolves each packed or unpacked designation (any case) to its detection, with f:sso_name', async () => {
    const sso = await sampleSso();
    expect(sso).toHaveLength(3);
    for (const s of sso)
      for (const name of [s.packed, s.unpacked.toLowerCase()]) {
        const res = await post({ resolver: 'ssodnet', name_or_id: name });
        expect(res.status).toBe(200);
        const text = await res.text();
        expect(idsIn(text, 'r:diaSourceId')).toEqual([s.sid]);
        expect(idsIn(text, 'r:ssObjectId')).toEqual([s.ssid]);
        expect(JSON.parse(text)).toEqual([
          expect.objectContaining({
            'r:packed_primary_provisional_designation': s.packed,
            'f:sso_name': s.unpacked,
          }),
        ]);
      }
    expect(await (await post({ resolver: 'ssodnet', name_or_id: 'K99Z99Z' })).json()).toEqual([]);
  });

  it('reverses an exact ssObjectId (text or bare JSON number) into its designations and diaSourceIds', async () => {
    for (const s of await sampleSso()) {
      for (const body of [
        `{"resolver":"ssodnet","reverse":true,"name_or_id":"${s.ssid}"}`,
        `{"resolver":"ssodnet","reverse":true,"name_or_id":${s.ssid}}`,
      ]) {
        const res = await fx.app.request('/api/v1/resolver', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        });
        const text = await res.text();
        expect(res.status).toBe(200);
        expect(idsIn(text, 'r:diaSourceId')).toEqual([s.sid]);
        expect(idsIn(text, 'r:ssObjectId')).toEqual([s.ssid]);
        expect(JSON.parse(text)[0]).toMatchObject({
          'r:packed_primary_provisional_designation': s.packed,
          'r:unpacked_primary_provisional_designation': s.unpacked,
        });
      }
    }
    // a neighbouring id and text that is no id name nothing
    const [first] = await sampleSso();
    const next = String(BigInt(first.ssid) + 1n);
    expect(await (await post({ resolver: 'ssodnet', reverse: true, name_or_id: next })).json()).toEqual([]);
    expect(await (await post({ resolver: 'ssodnet', reverse: true, name_or_id: 'K01S97B' })).json()).toEqual(
      [],
    );
  });
});

describe('LSST resolver: simbad', () => {
  it("reverses a diaObjectId into its record's cross-match label and position, exactly", async () => {
    const truth = await sql(`
      SELECT CAST(diaSource.diaObjectId AS VARCHAR) AS id, diaObject.ra AS ra, diaObject.dec AS dec
      FROM ${lsstSampleSql()} WHERE diaSource.diaObjectId <> 0 ORDER BY id LIMIT 3`);
    const fink = (await avscLsstRecords(testDataPath(...LSST_FINK_FILE)))[0];
    const finkObject = fink.diaObject as Record<string, unknown>;
    const cases = [
      ...truth.map((t) => ({ id: String(t.id), ra: t.ra, dec: t.dec, label: null })),
      {
        id: String((fink.diaSource as Record<string, unknown>).diaObjectId),
        ra: finkObject.ra,
        dec: finkObject.dec,
        label: (fink.pred as Record<string, unknown>).main_label_crossmatch ?? null,
      },
    ];
    for (const t of cases) {
      const res = await post({ resolver: 'simbad', reverse: 'True', name_or_id: t.id });
      const text = await res.text();
      expect(idsIn(text, 'r:diaObjectId')).toEqual([t.id]);
      expect(JSON.parse(text)).toEqual([
        {
          'r:diaObjectId': expect.anything(),
          'f:main_label_crossmatch': t.label,
          'r:ra': t.ra,
          'r:dec': t.dec,
        },
      ]);
    }
  });

  it("sends a name to the operator's Sesame service and answers its records; none configured is a 400", async () => {
    const res = await post({ resolver: 'simbad', name_or_id: 'M 31' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([
      { name: 'S=Simbad', otype: 'G', jradeg: 10.684708, jdedeg: 41.26875, oname: 'M  31' },
    ]);
    expect(asked.at(-1)).toBe('/sesame?M 31');
    const offline = await openLsstTwoNightApp();
    try {
      const refused = await postJson(offline.app, '/api/v1/resolver', {
        resolver: 'simbad',
        name_or_id: 'M 31',
      });
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({
        status: 'error',
        text: expect.stringContaining('SIMBAD'),
      });
    } finally {
      offline.close();
    }
  }, 120_000);
});

describe('LSST resolver: simbad names the alerts carry (offline)', () => {
  it('resolves a Gaia DR3 name of a source to its diaObject, in any case, with or without its prefix', async () => {
    const named = await gaiaNamedObjects();
    expect(named.length).toBeGreaterThanOrEqual(5);
    const offline = await openLsstTwoNightApp();
    try {
      const before = asked.length;
      for (const t of named) {
        const sourceId = t.name.replace(/^Gaia DR3 /, '');
        expect(sourceId).toMatch(/^\d+$/);
        for (const [app, name] of [
          [fx.app, t.name],
          [fx.app, `  gaia  DR3 ${sourceId} `],
          [fx.app, sourceId],
          [offline.app, t.name.toUpperCase()],
        ] as const) {
          const res = await postJson(app, '/api/v1/resolver', { resolver: 'simbad', name_or_id: name });
          expect(res.status, name).toBe(200);
          const text = await res.text();
          expect(idsIn(text, 'r:diaObjectId')).toEqual([t.id]);
          expect(JSON.parse(text)).toEqual([
            {
              name: name.trim(),
              oname: t.name,
              otype: t.otype,
              jradeg: t.ra,
              jdedeg: t.dec,
              'r:diaObjectId': expect.anything(),
              'v:xmatch_field': 'f:xm_gaiadr3_DR3Name',
            },
          ]);
        }
      }
      // every name answered offline: the Sesame service was never asked
      expect(asked).toHaveLength(before);
    } finally {
      offline.close();
    }
  }, 120_000);

  it('sends a name no source carries (another Gaia release, a bare prefix) to Sesame; without one, a 400', async () => {
    const [t] = await gaiaNamedObjects();
    const dr2 = t.name.replace('DR3', 'DR2');
    const offline = await openLsstTwoNightApp();
    try {
      for (const name of [dr2, 'Gaia DR3', `${t.name}1`]) {
        const res = await post({ resolver: 'simbad', name_or_id: name });
        expect(res.status, name).toBe(200);
        expect(await res.json()).toEqual([expect.objectContaining({ name: 'S=Simbad', oname: 'M  31' })]);
        expect(asked.at(-1)).toBe(`/sesame?${name}`);
        const refused = await postJson(offline.app, '/api/v1/resolver', {
          resolver: 'simbad',
          name_or_id: name,
        });
        expect(refused.status, name).toBe(400);
        expect(await refused.json()).toEqual({
          status: 'error',
          text: expect.stringContaining('SKYALERT_SIMBAD_URL'),
        });
      }
    } finally {
      offline.close();
    }
  }, 120_000);

  it('with offline=true answers the names the sources carry, and [] for any other, never asking Sesame', async () => {
    const [t] = await gaiaNamedObjects();
    const offline = await openLsstTwoNightApp();
    try {
      const before = asked.length;
      for (const app of [fx.app, offline.app]) {
        // a carried name: the same rows as without the argument
        const plain = await postJson(app, '/api/v1/resolver', { resolver: 'simbad', name_or_id: t.name });
        const only = await postJson(app, '/api/v1/resolver', {
          resolver: 'simbad',
          name_or_id: t.name,
          offline: true,
        });
        expect([plain.status, only.status]).toEqual([200, 200]);
        expect(await only.text()).toBe(await plain.text());
        // a name no source carries: [] with or without a Sesame service (not its records, not a 400)
        for (const name of [t.name.replace('DR3', 'DR2'), 'M 31']) {
          const res = await postJson(app, '/api/v1/resolver', {
            resolver: 'simbad',
            name_or_id: name,
            offline: 'true',
          });
          expect(res.status, name).toBe(200);
          expect(await res.json()).toEqual([]);
        }
      }
      expect(asked).toHaveLength(before);
    } finally {
      offline.close();
    }
  }, 120_000);
});

describe('LSST resolver: tns', () => {
  const CSV = testDataPath('tns', 'tns_public_objects_sample.csv');
  const tns = () => parse(fs.readFileSync(CSV), { columns: true, from_line: 2 }) as Record<string, string>[];

  it('reverses a diaObjectId into the TNS names its sources carry (none in these alerts)', async () => {
    const fink = await avscLsstRecords(testDataPath(...LSST_FINK_FILE));
    for (const r of fink) {
      const id = String((r.diaSource as Record<string, unknown>).diaObjectId);
      const names = fink
        .filter((o) => String((o.diaSource as Record<string, unknown>).diaObjectId) === id)
        .map((o) => (o.xm as Record<string, unknown>).tns_fullname)
        .filter((n) => n !== null);
      const rows = (await (
        await post({ resolver: 'tns', reverse: true, name_or_id: id })
      ).json()) as object[];
      expect(rows.map((row) => (row as Record<string, unknown>)['f:xm_tns_fullname'])).toEqual(names);
    }
  });

  it('without a TNS table, a forward search is a 400; with one, names resolve by prefix in Fink LSST fields', async () => {
    const missing = await post({ resolver: 'tns', name_or_id: 'SN 2018lzf' });
    expect(missing.status).toBe(400);
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    expect(await runTns({ store: fx.layout.root }, ['load', CSV], testLog)).toBe(0);
    vi.restoreAllMocks();
    for (const t of tns()) {
      const fullname = `${t.name_prefix} ${t.name}`;
      const rows = (await (
        await post({ resolver: 'tns', name_or_id: fullname.toLowerCase() })
      ).json()) as Record<string, unknown>[];
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        'f:fullname': fullname,
        'f:ra': Number(t.ra),
        'f:declination': Number(t.declination),
        'f:type': t.type === '' ? null : t.type, // an empty CSV cell is a null
      });
    }
    const all = (await (await post({ resolver: 'tns', name_or_id: '', nmax: 2 })).json()) as object[];
    expect(all).toHaveLength(Math.min(2, tns().length));
    const csv = parseCsv(
      await (await post({ resolver: 'tns', name_or_id: '', 'output-format': 'csv' })).text(),
    );
    expect(csv[0]).toEqual([
      'f:fullname',
      'f:internalname',
      'f:ra',
      'f:declination',
      'f:type',
      'f:redshift',
      'f:discoverydate',
    ]);
  });
});

describe('LSST resolver: arguments', () => {
  it('answers bad input with a 400 JSON error and a bare GET with the argument list', async () => {
    for (const body of [
      { resolver: 'ned', name_or_id: 'M 31' },
      { resolver: 'ssodnet' },
      { resolver: 'ssodnet', name_or_id: '' },
      { resolver: 'ssodnet', name_or_id: 'K01S97B', nmax: 0 },
      { resolver: 'ssodnet', name_or_id: 'K01S97B', reverse: 'maybe' },
      { resolver: 'ssodnet', name: 'K01S97B' },
    ]) {
      const res = await post(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.json()).toMatchObject({ status: 'error' });
    }
    const listing = await fx.app.request('/api/v1/resolver');
    expect(JSON.stringify(await listing.json())).toContain('name_or_id');
  });
});
