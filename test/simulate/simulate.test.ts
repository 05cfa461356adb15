/**
 * End to end: `runSimulate` writes Avro files and MPCORB.DAT; the files decode with the ingest decoder, are
 * byte-identical for a seed, and hold alerts whose fields, stamps, histories, asteroid positions and Fink scores
 * are consistent with one another.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFitsImage } from '../../compute/fits/index.js';
import { type CatalogueRecord, parseMpcorbCatalogueLine } from '../../compute/sso/catalogue/index.js';
import { computeEphemerides } from '../../compute/sso/ephemeris/index.js';
import { ztfSsnamenr } from '../../compute/sso/index.js';
import { jdToNight } from '../../compute/time/index.js';
import type { Alert, ColumnValue } from '../../data/index.js';
import { ALERT_COLUMNS } from '../../data/index.js';
import { AlertDecoder } from '../../ingest/decode/index.js';
import { runSimulate } from '../../ingest/simulate/index.js';
import { testLog } from '../support/store.js';

const NIGHTS = 3;
const PER_NIGHT = 300;
const OPTIONS = {
  nights: NIGHTS,
  alertsPerNight: PER_NIGHT,
  seed: 5,
  startNight: '2024-03-10',
  log: testLog,
};

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'skyalert-sim-'));
const dirA = path.join(tmp, 'a');
const dirB = path.join(tmp, 'b');
const dirC = path.join(tmp, 'c');

function listFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => fs.statSync(path.join(dir, f)).isFile())
    .sort();
}

const col = (name: string): number => ALERT_COLUMNS.findIndex((c) => c.name === name);
const value = (a: Alert, name: string): ColumnValue => a.values[col(name)];

/** EG-host list of fink-utils (docs/references.md#eg-host-list). */
const EG_HOSTS = new Set(
  'Unknown,Candidate_SN*,SN,Transient,Fail,Fail 504,galaxy,Galaxy,EmG,Seyfert,Seyfert_1,Seyfert_2,BlueCompG,StarburstG,LSB_G,HII_G,High_z_G,GinPair,GinGroup,BClG,GinCl,PartofG,Compact_Gr_G,IG,PairG,GroupG,ClG,SuperClG,Void,SN*_Candidate'.split(
    ',',
  ),
);

/** Local re-implementation of Fink's extract_fink_classification_ (docs/references.md#fink-classification), for this test only. */
function finkClass(a: Alert): string {
  const num = (n: string) => (value(a, n) as number | null) ?? 0;
  const cds = String(value(a, 'd:cdsxmatch'));
  const roid = num('d:roid');
  const ndethist = num('i:ndethist');
  const age = num('i:jd') - num('i:jdstarthist');
  const quality = num('i:drb') > 0.5 && num('i:classtar') > 0.4;
  const snLike =
    (num('d:snn_snia_vs_nonia') > 0.5 || num('d:snn_sn_vs_all') > 0.5) && EG_HOSTS.has(cds) && quality;
  const early = snLike && ndethist <= 20 && num('d:rf_snia_vs_nonia') > 0.5;
  const sn = snLike && age <= 90 && ndethist > 1 && roid !== 3;
  const mulens = num('d:mulens') > 0;
  const kn =
    num('d:rf_kn_vs_nonkn') > 0.5 && quality && age < 5 && roid !== 3 && ndethist < 20 && EG_HOSTS.has(cds);
  const simbad =
    !['Unknown', 'Transient', 'Fail', 'Fail 504'].includes(cds) &&
    !cds.startsWith('Fail') &&
    !cds.startsWith('Galaxy');
  let label = 'Unknown';
  if (mulens) label = 'Microlensing candidate';
  if (sn) label = 'SN candidate';
  if (early) label = 'Early SN Ia candidate';
  if (kn) label = 'Kilonova candidate';
  if (roid === 2) label = 'Solar System candidate';
  if (String(value(a, 'd:tracklet')).startsWith('TRCK_')) label = 'Tracklet';
  if (roid === 3) label = 'Solar System MPC';
  if ([mulens, sn, roid === 2, roid === 3].filter(Boolean).length > 1) label = 'Ambiguous';
  return simbad ? cds : label;
}

const alerts: Alert[] = [];
let files: string[] = [];
let progressCalls = 0;
let lastProgress: [number, number] = [0, 0];

beforeAll(async () => {
  const result = await runSimulate({
    ...OPTIONS,
    outDir: dirA,
    progress: (done, total) => {
      progressCalls++;
      lastProgress = [done, total];
    },
  });
  files = result.files;
  expect(result.alerts).toBe(NIGHTS * PER_NIGHT);
  expect(result.nights).toBe(NIGHTS);
  expect(result.asteroids).toBeGreaterThan(40);
  const decoder = new AlertDecoder();
  for (const f of files.filter((x) => x.endsWith('.avro'))) {
    for (const o of decoder.decodeMessage(fs.readFileSync(f))) {
      if (!o.ok) throw new Error(`${f}: ${o.reason}`);
      alerts.push(o.alert);
    }
  }
});

afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe('runSimulate files', () => {
  it('writes one directory per night, Avro files of at most 2,000 alerts, and MPCORB.DAT', () => {
    expect(listFiles(dirA)).toEqual([
      path.join('20240310', 'alerts-0000.avro'),
      path.join('20240311', 'alerts-0000.avro'),
      path.join('20240312', 'alerts-0000.avro'),
      'MPCORB.DAT',
    ]);
    expect(files.at(-1)).toBe(path.join(dirA, 'MPCORB.DAT'));
    expect(alerts).toHaveLength(NIGHTS * PER_NIGHT);
    expect(progressCalls).toBe(NIGHTS * PER_NIGHT);
    expect(lastProgress).toEqual([900, 900]);
  });

  it('is byte-identical for the same seed and different for another seed', async () => {
    await runSimulate({ ...OPTIONS, outDir: dirB });
    await runSimulate({ ...OPTIONS, seed: 6, outDir: dirC, nights: 1 });
    for (const f of listFiles(dirA))
      expect(fs.readFileSync(path.join(dirB, f)).equals(fs.readFileSync(path.join(dirA, f))), f).toBe(true);
    const first = path.join('20240310', 'alerts-0000.avro');
    expect(fs.readFileSync(path.join(dirC, first)).equals(fs.readFileSync(path.join(dirA, first)))).toBe(
      false,
    );
  });

  it('rolls over to a new file every maxAlertsPerFile alerts', async () => {
    const dir = path.join(tmp, 'roll');
    const r = await runSimulate({
      ...OPTIONS,
      outDir: dir,
      nights: 1,
      alertsPerNight: 120,
      maxAlertsPerFile: 50,
      codec: 'deflate',
    });
    expect(r.files.map((f) => path.basename(f))).toEqual([
      'alerts-0000.avro',
      'alerts-0001.avro',
      'alerts-0002.avro',
      'MPCORB.DAT',
    ]);
    const decoder = new AlertDecoder();
    expect(
      r.files.slice(0, 3).map((f) => decoder.decodeMessage(fs.readFileSync(f)).filter((o) => o.ok).length),
    ).toEqual([50, 50, 20]);
    // a rerun with larger files leaves no stale file behind
    const again = await runSimulate({ ...OPTIONS, outDir: dir, nights: 1, alertsPerNight: 120 });
    expect(again.files).toHaveLength(2);
    expect(fs.readdirSync(path.join(dir, '20240310'))).toEqual(['alerts-0000.avro']);
  });

  it('rejects bad options', async () => {
    await expect(
      runSimulate({ ...OPTIONS, outDir: path.join(tmp, 'x'), startNight: '2024-02-30' }),
    ).rejects.toThrow(RangeError);
    await expect(runSimulate({ ...OPTIONS, outDir: path.join(tmp, 'x'), nights: 0 })).rejects.toThrow(
      RangeError,
    );
  });
});

describe('simulated alerts', () => {
  it('have unique 64-bit candids, ZTF objectIds and valid candidate fields', () => {
    expect(new Set(alerts.map((a) => a.candid)).size).toBe(alerts.length);
    for (const a of alerts) {
      expect(a.candid).toBeGreaterThan(2_600_000_000_000_000_000n);
      expect(a.candid).toBeLessThan(2_700_000_000_000_000_000n);
      expect(a.objectId).toMatch(/^ZTF\d{2}[a-z]{7}$/);
      const hourUtc = ((a.jd - 0.5) % 1) * 24;
      expect(hourUtc).toBeGreaterThanOrEqual(3);
      expect(hourUtc).toBeLessThanOrEqual(12);
      expect(a.night).toBe(jdToNight(a.jd));
      expect([1, 2, 3]).toContain(value(a, 'i:fid'));
      const lim = value(a, 'i:diffmaglim') as number;
      expect(lim).toBeGreaterThanOrEqual(20);
      expect(lim).toBeLessThanOrEqual(20.8);
      expect(value(a, 'i:magpsf') as number).toBeLessThan(lim);
      expect(value(a, 'i:isdiffpos')).toBe('t');
      expect(value(a, 'i:ra') as number).toBeGreaterThanOrEqual(0);
      expect(value(a, 'i:dec') as number).toBeGreaterThan(-33);
      expect(value(a, 'i:jdendhist')).toBe(a.jd);
      expect(value(a, 'i:jdstarthist') as number).toBeLessThanOrEqual(a.jd);
      expect(value(a, 'i:ncovhist') as number).toBeGreaterThanOrEqual(value(a, 'i:ndethist') as number);
      expect(value(a, 'i:schemavsn')).toBe('4.02');
      expect(value(a, 'i:fink_broker_version')).toBe('4.1');
    }
    expect(alerts.some((a) => value(a, 'i:fid') === 3)).toBe(true);
    // objects with several alerts over the nights
    const perObject = new Map<string, number>();
    for (const a of alerts) perObject.set(a.objectId, (perObject.get(a.objectId) ?? 0) + 1);
    expect([...perObject.values()].filter((n) => n >= 3).length).toBeGreaterThan(30);
  });

  it('carry three gzipped 63x63 FITS stamps', () => {
    for (const a of alerts.filter((_, i) => i % 37 === 0)) {
      for (const stamp of [a.cutouts.science, a.cutouts.template, a.cutouts.difference]) {
        if (!stamp) throw new Error('missing stamp');
        const image = readFitsImage(stamp);
        expect([image.width, image.height, image.bitpix]).toEqual([63, 63, -32]);
      }
      const diff = readFitsImage(a.cutouts.difference as Uint8Array).data;
      expect(diff[31 * 63 + 31]).toBeGreaterThan(20);
    }
  });

  it('have a history of upper limits and of the earlier alerts of the same object', () => {
    const byObject = new Map<string, Alert[]>();
    for (const a of alerts) byObject.set(a.objectId, [...(byObject.get(a.objectId) ?? []), a]);
    let upperLimits = 0;
    let checked = 0;
    for (const a of alerts) {
      const earlier = (byObject.get(a.objectId) ?? []).filter((b) => b.jd < a.jd).map((b) => b.candid);
      const listed = a.history.filter((h) => h.magpsf !== null).map((h) => h.candid);
      expect(listed).toEqual(earlier);
      for (const h of a.history) {
        expect(h.jd).toBeLessThan(a.jd);
        expect(h.jd).toBeGreaterThan(a.jd - 30);
        if (h.magpsf === null) {
          upperLimits++;
          expect(h.diffmaglim).toBeGreaterThanOrEqual(20);
          expect(h.candid).toBeNull();
        }
      }
      if (earlier.length > 0) checked++;
      expect(value(a, 'd:nalerthist')).toBe(listed.length + 1);
    }
    expect(upperLimits).toBeGreaterThan(500);
    expect(checked).toBeGreaterThan(200);
  });

  it('put asteroids on the ephemerides of their MPCORB.DAT orbits (Palomar I41, within 0.5 arcsec)', () => {
    // The service's path: the catalogue reader, then the ephemerides /api/v1/sso attaches (observer I41, epoch
    // jd + 15 s, perturbed orbit). ZTF's astrometry of a point source is good to ~0.1" per axis, and the
    // reference service finds 0.2-0.4" between real detections and their ephemerides.
    const records = new Map<string, CatalogueRecord>();
    for (const line of fs.readFileSync(path.join(dirA, 'MPCORB.DAT'), 'utf8').split('\n')) {
      if (line === '') continue;
      expect(line).toHaveLength(202);
      const outcome = parseMpcorbCatalogueLine(line);
      if (outcome.kind !== 'record') throw new Error(`unreadable MPCORB line: ${JSON.stringify(outcome)}`);
      const r = outcome.record;
      records.set(r.number !== null ? String(r.number) : ztfSsnamenr(r.designation ?? ''), r);
    }
    const sso = alerts.filter((a) => value(a, 'i:ssnamenr') !== null);
    expect(sso.length / alerts.length).toBeGreaterThan(0.08);
    for (const a of sso) {
      const r = records.get(value(a, 'i:ssnamenr') as string);
      if (!r) throw new Error(`ssnamenr ${value(a, 'i:ssnamenr')} missing from MPCORB.DAT`);
      const eph = computeEphemerides(r.orbit, [a.jd], { observer: 'I41' });
      const dec = value(a, 'i:dec') as number;
      const dRa = ((value(a, 'i:ra') as number) - eph.raDeg[0]) * Math.cos((dec * Math.PI) / 180) * 3600;
      const dDec = (dec - eph.decDeg[0]) * 3600;
      expect(Math.hypot(dRa, dDec)).toBeLessThan(0.5);
      expect(value(a, 'd:roid')).toBe(3);
      expect(value(a, 'i:ssdistnr') as number).toBeLessThanOrEqual(2);
      expect(value(a, 'i:ndethist') as number).toBeLessThanOrEqual(5);
    }
    // an asteroid seen on two nights moved along its orbit and got a new objectId
    const byName = new Map<string, Alert[]>();
    for (const a of sso)
      byName.set(value(a, 'i:ssnamenr') as string, [
        ...(byName.get(value(a, 'i:ssnamenr') as string) ?? []),
        a,
      ]);
    const multi = [...byName.values()].filter((list) => new Set(list.map((a) => a.night)).size > 1);
    expect(multi.length).toBeGreaterThan(2);
    for (const list of multi) {
      const nights = new Set(list.map((a) => a.night));
      expect(new Set(list.map((a) => a.objectId)).size).toBe(nights.size);
    }
  });

  it('carry Fink scores that give every Fink class and SIMBAD labels', () => {
    const counts = new Map<string, number>();
    for (const a of alerts) counts.set(finkClass(a), (counts.get(finkClass(a)) ?? 0) + 1);
    for (const label of [
      'Early SN Ia candidate',
      'SN candidate',
      'Kilonova candidate',
      'Microlensing candidate',
      'Solar System MPC',
      'Solar System candidate',
      'Tracklet',
      'Ambiguous',
      'Unknown',
      'RRLyr',
      'EB*',
      'QSO',
    ]) {
      expect(counts.get(label) ?? 0, label).toBeGreaterThan(0);
    }
    expect((counts.get('Solar System MPC') ?? 0) / alerts.length).toBeGreaterThan(0.08);
    const tracklets = alerts.filter((a) => value(a, 'd:tracklet') !== null);
    for (const a of tracklets) expect(value(a, 'd:tracklet')).toMatch(/^TRCK_\d{8}_\d{6}_\d{2}$/);
    expect(alerts.some((a) => (value(a, 'd:mulens') as number) > 0)).toBe(true);
    expect(alerts.filter((a) => value(a, 'i:ssnamenr') === null && value(a, 'd:roid') === 3)).toHaveLength(0);
    const bogus = alerts.filter((a) => (value(a, 'i:rb') as number) < 0.55);
    expect(bogus.length).toBeGreaterThanOrEqual(NIGHTS * 9);
    for (const a of bogus) expect(value(a, 'i:drb') as number).toBeLessThan(0.3);
  });
});
