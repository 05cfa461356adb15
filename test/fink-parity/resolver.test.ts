/**
 * Adapted from Fink's resolver route tests: fink-object-api `apps/routes/v1/ztf/resolver/test.py` at commit
 * 17051cac1ed6b8adaf3d14c60cf013d5b7fbebd2 (Apache-2.0, AstroLab Software). Every Fink test function is an `it`
 * of the same name and meaning; names, ids and counts come from our test data, read here independently of the
 * server (the TNS CSV by csv-parse, the Avro alerts by avsc, the asteroid export and the JPL table by DuckDB and
 * JSON.parse). Where Fink's assertion needs its live service (SIMBAD, a 170,000-object TNS table) the comment says
 * what is tested instead. The store: one night of Fink alerts (fink-client sample part 2, 2021-11-22), two nights
 * of the 30-asteroid export, the fink-utils alert sample of 2022-08-04 (Gaia DR3 names in `DR3Name`), the JPL
 * asteroid table as orbit catalogue, the TNS sample as TNS table.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestFiles } from '../../ingest/index.js';
import { loadOrbitFiles } from '../../ingest/orbits/index.js';
import { publishNights } from '../../ingest/publish/index.js';
import { loadTns } from '../../ingest/tns/index.js';
import { createApp } from '../../serve/app.js';
import { TNS_MATCH_RADIUS_ARCSEC } from '../../serve/resolver/index.js';
import { StoreReader } from '../../serve/store-reader.js';
import { readAvroRecords } from '../support/input-alerts.js';
import { sesameXml } from '../support/sesame.js';
import { sql } from '../support/sql.js';
import { tempStore, testLog } from '../support/store.js';
import { parseCsv, parseVotable, readParquet } from '../support/table-readers.js';
import { testDataPath } from '../support/test-data.js';

type Row = Record<string, unknown>;

const TNS_CSV = () => testDataPath('tns', 'tns_public_objects_sample.csv');
const ALERTS = () =>
  testDataPath(
    'ztf_enriched',
    'fink-client_sample_2021-11-22',
    'part-00002-0f70696a-f8dd-40ab-89e7-e7f64c104e25-c000.avro',
  );
const SSO_EXPORT = () => testDataPath('sso', 'fink-fat_mpc_example_30sso.parquet');
const JPL = () => testDataPath('orbits', 'jpl_sbdb_asteroids_kstars.json');
const GAIA_NAMED = () => testDataPath('ztf_enriched', 'fink-utils', 'alert_samples_2022-08-04.parquet');

/** The TNS CSV as TNS writes it: the export-date line, then the header. */
function readTnsCsv(file: string): Row[] {
  return parse(fs.readFileSync(file), { columns: true, from_line: 2 }) as Row[];
}
const fullname = (r: Row) => `${r.name_prefix} ${r.name}`;

/** The alerts of an Avro file, read by avsc (test/support/input-alerts.ts). */
async function readAvro(file: string): Promise<{ objectId: string; candidate: Row; cdsxmatch: unknown }[]> {
  return (await readAvroRecords(file)).map((a) => ({
    objectId: String(a.objectId),
    candidate: a.candidate as Row,
    cdsxmatch: a.cdsxmatch,
  }));
}

/**
 * The served quality cut (rb ≥ 0.55, nbad = 0, filters g and r), as test/support/input-alerts.ts states it; this
 * file's integers are Avro longs (exact decimal text here).
 */
const isServed = (c: Row) =>
  Number(c.nbad ?? 0) === 0 && Number(c.rb ?? 1) >= 0.55 && Number(c.fid ?? 1) !== 3;

/** A Sesame answer of the shape CDS sends (Mrk 2), for the stub upstream. */
const SESAME_XML = (name: string) =>
  sesameXml({
    name,
    oid: 1512307,
    otype: 'Sy1',
    raDeg: 28.7242,
    decDeg: 37.05219,
    oname: 'Mrk 2',
    extraXml: [
      '    <jpos>01:54:53.80 +37:03:07.8</jpos>',
      '    <refPos>2020yCat.1350....0G</refPos>',
      '    <errRAmas>0.0206</errRAmas><errDEmas>0.0206</errDEmas>',
      '    <MType>SBa</MType>',
      '    <nrefs>102</nrefs>',
    ].join('\n'),
  });

describe('Fink resolver tests (apps/routes/v1/ztf/resolver/test.py)', () => {
  const layout = tempStore('skyalert-fink-resolver-');
  const bigLayout = tempStore('skyalert-fink-resolver-big-');
  let reader: StoreReader;
  let bigReader: StoreReader;
  let app: Hono;
  let bigApp: Hono;
  let unconfigured: Hono;
  let upstream: http.Server;
  const upstreamAsked: string[] = [];
  let tns: Row[];
  let alerts: { objectId: string; candidate: Row; cdsxmatch: unknown }[];
  /** The asteroid of the test: its number, its JPL name, an objectId of one of its alerts. */
  let asteroid: { number: number; name: string; objectId: string; ssnamenrs: string[] };

  beforeAll(async () => {
    tns = readTnsCsv(TNS_CSV());
    alerts = await readAvro(ALERTS());
    // two nights of the asteroid export, and the first of its asteroids the JPL table names
    const sso = path.join(layout.root, 'sso.parquet');
    await sql(
      `COPY (SELECT * FROM read_parquet('${SSO_EXPORT()}') WHERE floor("i:jd" - 0.5) IN (
         SELECT DISTINCT floor("i:jd" - 0.5) AS n FROM read_parquet('${SSO_EXPORT()}') ORDER BY n LIMIT 2))
       TO '${sso}' (FORMAT parquet)`,
    );
    const jpl = JSON.parse(fs.readFileSync(JPL(), 'utf8')) as { data: string[][] };
    const named = new Map<number, string>();
    for (const row of jpl.data) {
      const m = /^\s*(\d+)\s+([A-Za-z][^(]*?)\s*(\(|$)/.exec(row[0]);
      if (m) named.set(Number(m[1]), m[2]);
    }
    const seen = await sql(
      `SELECT "i:ssnamenr"::VARCHAR AS s, min("i:objectId") AS o FROM read_parquet('${sso}') GROUP BY 1 ORDER BY 1`,
    );
    const pick = seen.find((r) => /^\d+$/.test(String(r.s)) && named.has(Number(r.s)));
    if (!pick) throw new Error('no asteroid of the export is named in the JPL table');
    const number = Number(pick.s);
    asteroid = {
      number,
      name: named.get(number) as string,
      objectId: String(pick.o),
      ssnamenrs: seen.filter((r) => String(r.s) === String(number)).map((r) => String(r.s)),
    };

    const s = await ingestFiles(layout, [ALERTS(), sso, GAIA_NAMED()], { ingesterId: 't', log: testLog });
    await publishNights(layout, s.nights, testLog);
    await loadOrbitFiles(layout, [JPL()], testLog);
    await loadTns(layout, TNS_CSV(), testLog);

    // a TNS table of more than 10,000 objects: the sample and 10,000 numbered names (Fink's table holds ~170,000)
    const big = path.join(bigLayout.root, 'tns_big.csv');
    const lines = fs.readFileSync(TNS_CSV(), 'utf8').trimEnd().split('\n');
    for (let i = 0; i < 10_000; i += 1)
      lines.push(`"${300_000 + i}","AT","2099x${String(i).padStart(5, '0')}"`);
    fs.writeFileSync(big, `${lines.join('\n')}\n`);
    await loadTns(bigLayout, big, testLog);

    upstream = http.createServer((req, res) => {
      const name = decodeURIComponent((req.url ?? '').replace(/^.*\?/, ''));
      upstreamAsked.push(name);
      res.writeHead(200, { 'content-type': 'text/xml' });
      res.end(SESAME_XML(name));
    });
    await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
    const port = (upstream.address() as AddressInfo).port;
    reader = await StoreReader.open(layout, testLog);
    bigReader = await StoreReader.open(bigLayout, testLog);
    const settings = { simbadUrl: `http://127.0.0.1:${port}/sesame/-oxp/~S?{name}`, writeTokens: [] };
    app = createApp(reader, testLog, settings);
    bigApp = createApp(bigReader, testLog, settings);
    unconfigured = createApp(reader, testLog);
  }, 300_000);

  afterAll(() => {
    reader?.close();
    bigReader?.close();
    upstream?.close();
    fs.rmSync(layout.root, { recursive: true, force: true });
    fs.rmSync(bigLayout.root, { recursive: true, force: true });
  });

  /** Fink's `resolver()` helper: POST the payload as JSON, expect 200, read the JSON records. */
  async function resolver(
    on: Hono,
    args: { resolver: string; name: string; nmax?: number; reverse?: boolean; offline?: boolean | string },
  ): Promise<Row[]> {
    const payload: Row = { resolver: args.resolver, name: args.name, 'output-format': 'json' };
    if (args.reverse !== undefined) payload.reverse = true;
    if (args.nmax !== undefined) payload.nmax = args.nmax;
    if (args.offline !== undefined) payload.offline = args.offline;
    const res = await on.request('/api/v1/resolver', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(payload),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as Row[];
  }

  it('test_tns_fulltable', async () => {
    // Fink: name "" with nmax 100000 gives more than the default 10,000 limitation of its table scan
    const pdf = await resolver(bigApp, { resolver: 'tns', name: '', nmax: 100_000 });
    expect(pdf.length).toBeGreaterThan(0);
    expect(pdf.length).toBeGreaterThan(10_000);
    expect(pdf).toHaveLength(tns.length + 10_000);
  });

  it('test_tns_resolver', async () => {
    // Fink: "SN 2023" finds 10 (its default nmax) of its thousands of 2023 supernovae. Our sample holds 3 objects:
    // the prefix "SN 20" finds every supernova of the file
    const expected = tns
      .filter((r) => fullname(r).toLowerCase().startsWith('sn 20'))
      .map(fullname)
      .sort();
    expect(expected.length).toBeGreaterThan(1);
    const pdf = await resolver(app, { resolver: 'tns', name: 'SN 20' });
    expect(pdf.length).toBeGreaterThan(0);
    expect(pdf.map((r) => r['d:fullname']).sort()).toEqual(expected);
    for (const col of ['d:declination', 'd:fullname', 'd:internalname', 'd:ra', 'd:type', 'd:redshift'])
      expect(Object.keys(pdf[0]), col).toContain(col);
    const sn = tns.find((r) => fullname(r) === pdf[0]['d:fullname']) as Row;
    expect(pdf[0]['d:ra']).toBe(Number(sn.ra));
    expect(pdf[0]['d:declination']).toBe(Number(sn.declination));
    expect(pdf[0]['d:type']).toBe(sn.type);
    expect(pdf[0]['d:redshift']).toBe(Number(sn.redshift));
    expect(pdf[0]['d:internalname']).toBe(sn.internal_names);
  });

  it('test_tns_lower_case', async () => {
    const expected = tns.filter((r) => fullname(r).toLowerCase().startsWith('sn 20')).length;
    const pdf = await resolver(app, { resolver: 'tns', name: 'sn 20' });
    expect(pdf.length).toBeGreaterThan(0);
    expect(pdf).toHaveLength(expected);
  });

  it('test_reverse_tns_resolver', async () => {
    // Fink: ZTF23aaaahln is SN 2023Q. Ours: the sample's object whose internal names list a ZTF id
    const withZtf = tns.find((r) => /ZTF18abquxjv/.test(String(r.internal_names))) as Row;
    const pdf = await resolver(app, { resolver: 'tns', name: 'ZTF18abquxjv', reverse: true });
    expect(pdf.length).toBeGreaterThan(0);
    expect(pdf).toHaveLength(1);
    expect(pdf[0]['d:fullname']).toBe(fullname(withZtf));
  });

  it('test_nmax', async () => {
    // Fink: "SN 2023" with nmax 20 gives 20. Ours: the 10,000 numbered "AT 2099..." names, nmax 20
    const pdf = await resolver(bigApp, { resolver: 'tns', name: 'AT 2099', nmax: 20 });
    expect(pdf.length).toBeGreaterThan(0);
    expect(pdf).toHaveLength(20);
    // and the default nmax is 10, as Fink
    expect(await resolver(bigApp, { resolver: 'tns', name: 'AT 2099' })).toHaveLength(10);
  });

  it('test_simbad_resolver', async () => {
    // Fink asks SIMBAD itself (Sesame at CDS). Tests cannot reach it: the name goes to the upstream the operator
    // configured, here a local stub answering as Sesame does; the records are its <Resolver> elements
    const pdf = await resolver(app, { resolver: 'simbad', name: 'Markarian 2' });
    expect(upstreamAsked).toContain('Markarian 2');
    expect(pdf.length).toBeGreaterThan(0);
    expect(pdf).toHaveLength(1);
    for (const col of [
      'name',
      'oid',
      'oname',
      'otype',
      'jpos',
      'jradeg',
      'jdedeg',
      'refPos',
      'MType',
      'nrefs',
    ])
      expect(Object.keys(pdf[0]), col).toContain(col);
    expect(pdf[0]).toMatchObject({
      oname: 'Mrk 2',
      otype: 'Sy1',
      jradeg: 28.7242,
      jdedeg: 37.05219,
      nrefs: 102,
    });
  });

  it('test_reverse_simbad_resolver', async () => {
    // Fink: ZTF18aabfjoi has 5 alerts, cross-matched to GinGroup. Ours: the object of the Avro file with the most
    // served alerts, offline from the alerts' d:cdsxmatch
    const served = alerts.filter((a) => isServed(a.candidate));
    const count = new Map<string, number>();
    for (const a of served) count.set(a.objectId, (count.get(a.objectId) ?? 0) + 1);
    const [objectId, n] = [...count].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0];
    const pdf = await resolver(app, { resolver: 'simbad', name: objectId, reverse: true });
    expect(pdf.length).toBeGreaterThan(0);
    expect(pdf).toHaveLength(Math.min(n, 10));
    const input = served.find((a) => a.objectId === objectId);
    expect(pdf[0]['d:cdsxmatch']).toBe(input?.cdsxmatch);
    expect(Object.keys(pdf[0]).sort()).toEqual([
      'd:cdsxmatch',
      'i:candid',
      'i:dec',
      'i:jd',
      'i:objectId',
      'i:ra',
    ]);
  });

  it('test_ssodnet_resolver', async () => {
    // Fink: 624188 is stored under 4 ssnamenr, "2002MA06" among them. Ours: the asteroid's number gives the
    // ssnamenr its alerts in the export carry
    const pdf = await resolver(app, { resolver: 'ssodnet', name: String(asteroid.number) });
    expect(pdf.length).toBeGreaterThan(0);
    expect(pdf).toHaveLength(asteroid.ssnamenrs.length);
    expect(pdf.map((r) => r['i:ssnamenr'])).toEqual(expect.arrayContaining(asteroid.ssnamenrs));
    expect(pdf[0]).toMatchObject({ 'i:number': asteroid.number, 'i:name': asteroid.name });
  });

  it('test_ssodnet_lower_case', async () => {
    // Fink: "julienpeloton" finds Julienpeloton. Ours: the asteroid's JPL name in lower case
    const pdf = await resolver(app, { resolver: 'ssodnet', name: asteroid.name.toLowerCase() });
    expect(pdf.length).toBeGreaterThan(0);
    expect(pdf).toHaveLength(1);
    expect(pdf.map((r) => r['i:name'])).toContain(asteroid.name);
  });

  it('test_reverse_ssodnet_resolver', async () => {
    // Fink: ZTF23aabccya is (33803) Julienpeloton. Ours: an objectId of one of the asteroid's alerts
    const pdf = await resolver(app, { resolver: 'ssodnet', name: asteroid.objectId, reverse: true });
    expect(pdf.length).toBeGreaterThan(0);
    expect(pdf.map((r) => r['i:name'])).toContain(asteroid.name);
    expect(pdf.map((r) => r['i:number'])).toContain(asteroid.number);
  });

  // Beyond Fink's file: the offline and configured paths, and bad input

  it('reverse tns by position: an object at the TNS position is found without its internal name', async () => {
    const sn = tns.find((r) => /ZTF18abquxjv/.test(String(r.internal_names))) as Row;
    const alert = alerts.find((a) => a.objectId === 'ZTF18abquxjv' && isServed(a.candidate)) as {
      candidate: Row;
    };
    const rad = Math.PI / 180;
    const [ra1, de1, ra2, de2] = [
      Number(sn.ra),
      Number(sn.declination),
      Number(alert.candidate.ra),
      Number(alert.candidate.dec),
    ].map((x) => x * rad);
    const sepArcsec =
      ((2 *
        Math.asin(
          Math.sqrt(
            Math.sin((de2 - de1) / 2) ** 2 + Math.cos(de1) * Math.cos(de2) * Math.sin((ra2 - ra1) / 2) ** 2,
          ),
        )) /
        rad) *
      3600;
    expect(sepArcsec).toBeLessThan(TNS_MATCH_RADIUS_ARCSEC);
    // the same table without the survey names: a second load replaces the first whole
    const blanked = path.join(layout.root, 'tns_blanked.csv');
    const text = fs.readFileSync(TNS_CSV(), 'utf8').replaceAll('"ZTF18abquxjv"', '""');
    expect(text).not.toContain('ZTF18abquxjv');
    fs.writeFileSync(blanked, text);
    const summary = await loadTns(layout, blanked, testLog);
    expect(summary).toMatchObject({ rowsRead: tns.length, rowsSkipped: 0, storedObjects: tns.length });
    const pdf = await resolver(app, { resolver: 'tns', name: 'ZTF18abquxjv', reverse: true });
    expect(pdf.map((r) => r['d:fullname'])).toEqual([fullname(sn)]);
    expect(pdf[0]['d:internalname']).toBeNull();
    await loadTns(layout, TNS_CSV(), testLog);
  });

  it("resolves a SIMBAD name the alerts' cross-match fields carry, without any upstream", async () => {
    const named = await sql(
      `SELECT DR3Name AS name, objectId, cdsxmatch, candidate.ra AS ra, candidate.dec AS dec
       FROM read_parquet('${GAIA_NAMED()}')
       WHERE DR3Name LIKE 'Gaia DR3 %' AND candidate.rb >= 0.55 AND candidate.nbad = 0 AND candidate.fid <> 3
       ORDER BY objectId LIMIT 1`,
    );
    expect(named).toHaveLength(1);
    const { name, objectId, cdsxmatch, ra, dec } = named[0];
    const asked = upstreamAsked.length;
    // any case and spacing, or the bare Gaia source_id (the prefix is optional)
    const spellings = [
      `  ${String(name).toLowerCase().replace(' ', '  ')}`,
      String(name).replace('Gaia DR3 ', ''),
    ];
    for (const [on, spelling] of [app, unconfigured].flatMap((a) => spellings.map((n) => [a, n] as const))) {
      const pdf = await resolver(on, { resolver: 'simbad', name: spelling });
      expect(pdf).toHaveLength(1);
      expect(pdf[0]).toMatchObject({
        oname: name,
        otype: cdsxmatch,
        'i:objectId': objectId,
        'v:xmatch_field': 'd:DR3Name',
      });
      expect(pdf[0].jradeg).toBeCloseTo(Number(ra), 9);
      expect(pdf[0].jdedeg).toBeCloseTo(Number(dec), 9);
    }
    expect(upstreamAsked).toHaveLength(asked);
    // Fink's no-counterpart value ('nan' in the sample's DR3Name) names no object: without Sesame, a 400
    const unmatched = await sql(
      `SELECT count(*) AS n FROM read_parquet('${GAIA_NAMED()}') WHERE DR3Name = 'nan'`,
    );
    expect(Number(unmatched[0].n)).toBeGreaterThan(0);
    const res = await unconfigured.request('/api/v1/resolver', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ resolver: 'simbad', name: 'NaN' }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ status: 'error' });
    // offline=true (ours): the carried names only, [] for any other, Sesame configured or not and never asked
    for (const on of [app, unconfigured]) {
      const only = await resolver(on, { resolver: 'simbad', name: spellings[1], offline: true });
      expect(only).toEqual(await resolver(on, { resolver: 'simbad', name: spellings[1] }));
      for (const other of ['NaN', 'Markarian 2'])
        expect(await resolver(on, { resolver: 'simbad', name: other, offline: 'true' })).toEqual([]);
    }
    expect(upstreamAsked).toHaveLength(asked);
  });

  it('answers in every output format (csv, parquet, votable) the rows of the JSON answer', async () => {
    for (const body of [
      { resolver: 'tns', name: '', nmax: 100 },
      { resolver: 'ssodnet', name: asteroid.objectId, reverse: true },
    ]) {
      const json = await resolver(app, body);
      const ask = (format: string) =>
        app.request('/api/v1/resolver', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ ...body, 'output-format': format }),
        });
      const csv = await ask('csv');
      expect(csv.status).toBe(200);
      const table = parseCsv(await csv.text());
      expect(table[0]).toEqual(Object.keys(json[0]));
      expect(table).toHaveLength(json.length + 1);
      const parquet = await ask('parquet');
      expect(parquet.status).toBe(200);
      const read = await readParquet(new Uint8Array(await parquet.arrayBuffer()));
      expect(read.rows).toHaveLength(json.length);
      expect(read.columns.map((c) => c.name)).toEqual(Object.keys(json[0]));
      const votable = await ask('votable');
      expect(votable.status).toBe(200);
      const vo = parseVotable(await votable.text());
      expect(vo.rows).toHaveLength(json.length);
    }
  });

  it("loads Fink's parquet form of the TNS table as the CSV", async () => {
    const other = tempStore('skyalert-fink-resolver-parquet-');
    try {
      const summary = await loadTns(other, testDataPath('tns', 'tns_raw.parquet'), testLog);
      expect(summary).toMatchObject({ rowsRead: tns.length, rowsSkipped: 0, storedObjects: tns.length });
      const otherReader = await StoreReader.open(other, testLog);
      try {
        const pdf = await resolver(createApp(otherReader, testLog), { resolver: 'tns', name: '', nmax: 100 });
        expect(pdf.map((r) => r['d:fullname']).sort()).toEqual(tns.map(fullname).sort());
        const fromCsv = await resolver(app, { resolver: 'tns', name: '', nmax: 100 });
        expect(pdf).toEqual(fromCsv);
      } finally {
        otherReader.close();
      }
    } finally {
      fs.rmSync(other.root, { recursive: true, force: true });
    }
  });

  it('completes a partial Solar System name when nmax > 1, and only exactly when nmax = 1', async () => {
    const prefix = asteroid.name.slice(0, 4).toLowerCase();
    const many = await resolver(app, { resolver: 'ssodnet', name: prefix, nmax: 50 });
    expect(many.map((r) => r['i:name'])).toContain(asteroid.name);
    const exact = await resolver(app, { resolver: 'ssodnet', name: prefix, nmax: 1 });
    expect(exact.map((r) => r['i:name'])).not.toContain(asteroid.name);
    expect(await resolver(app, { resolver: 'ssodnet', name: 'no such asteroid' })).toEqual([]);
  });

  it('answers 400 for simbad names when no upstream is configured, and for a store without a TNS table', async () => {
    const post = (on: Hono, body: Row) =>
      on.request('/api/v1/resolver', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const asked = upstreamAsked.length;
    const res = await post(unconfigured, { resolver: 'simbad', name: 'Markarian 2' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { text: string }).text).toContain('SKYALERT_SIMBAD_URL');
    expect(upstreamAsked).toHaveLength(asked);
    // reverse is offline: it answers without an upstream
    const reverse = await post(unconfigured, { resolver: 'simbad', name: asteroid.objectId, reverse: true });
    expect(reverse.status).toBe(200);
    const empty = tempStore('skyalert-fink-resolver-empty-');
    const emptyReader = await StoreReader.open(empty, testLog);
    try {
      const noTns = await post(createApp(emptyReader, testLog), { resolver: 'tns', name: 'SN 2018lzf' });
      expect(noTns.status).toBe(400);
      expect(((await noTns.json()) as { text: string }).text).toContain('skyalert tns load');
    } finally {
      emptyReader.close();
      fs.rmSync(empty.root, { recursive: true, force: true });
    }
  });

  it.each([
    [{ resolver: 'ned', name: 'M31' }, '`resolver`'],
    [{ resolver: 'tns', name: 'SN 2018lzf', nmax: 0 }, '`nmax`'],
    [{ resolver: 'tns', name: 'SN 2018lzf', reverse: 'maybe' }, '`reverse`'],
    [{ resolver: 'simbad', name: "ZTF18'; DROP", reverse: true }, 'objectId'],
    [{ resolver: 'ssodnet', name: '' }, '`name`'],
    [{ resolver: 'tns', name: 'x'.repeat(200) }, '`name`'],
  ])('answers 400 to %j', async (body, where) => {
    const res = await app.request('/api/v1/resolver', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(400);
    const answer = (await res.json()) as { status: string; text: string };
    expect(answer.status).toBe('error');
    expect(answer.text).toContain(where);
  });
});
