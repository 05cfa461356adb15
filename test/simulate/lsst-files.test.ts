/**
 * `runSimulateLsst` to Avro container files: byte-identical for a seed; each file decodes with avsc against the
 * schema of its own header (an LSST namespace ending in lsst.v10_0, Rubin's record names); ids are 64-bit
 * BigInts above 2^53, unique, and consistent between alerts (history, diaObjects, forced photometry); the
 * diaObject aggregates agree with the detections; Solar System alerts have diaObjectId 0 and no diaObject.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSimulateLsst } from '../../ingest/simulate/index.js';
import { RUBIN_ALERT_FIELDS } from '../support/lsst-avro-records.js';
import { testLog } from '../support/store.js';
import { type DecodedRecord, readContainer, sub } from './lsst-support.js';

const OPTIONS = { nights: 3, alertsPerNight: 120, seed: 11, startNight: 20260305, log: testLog };
const TWO_POW_53 = 2n ** 53n;
const BANDS = ['u', 'g', 'r', 'i', 'z', 'y'];

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'skyalert-lsst-sim-'));
const dirA = path.join(tmp, 'a');
const dirB = path.join(tmp, 'b');
let files: readonly string[] = [];
let schemaTexts: string[] = [];
let alerts: DecodedRecord[] = [];

beforeAll(async () => {
  const a = await runSimulateLsst({ ...OPTIONS, outDir: dirA });
  await runSimulateLsst({ ...OPTIONS, outDir: dirB });
  files = a.files;
  for (const f of files) {
    const { schemaText, records } = await readContainer(f);
    schemaTexts.push(schemaText);
    alerts = alerts.concat(records);
  }
}, 120_000);

afterAll(() => {
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('runSimulateLsst to files', () => {
  it('writes one directory per dayObs, byte-identical for a seed', () => {
    expect(files.map((f) => path.relative(dirA, f))).toEqual([
      '20260305/alerts-0000.avro',
      '20260306/alerts-0000.avro',
      '20260307/alerts-0000.avro',
    ]);
    for (const f of files) {
      expect(fs.readFileSync(f).equals(fs.readFileSync(path.join(dirB, path.relative(dirA, f))))).toBe(true);
    }
    expect(alerts).toHaveLength(3 * 120);
  });

  it('carries an LSST schema in each header: namespace ending in lsst.v10_0, Rubin record names', () => {
    schemaTexts = [...new Set(schemaTexts)];
    expect(schemaTexts).toHaveLength(1);
    const schema = JSON.parse(schemaTexts[0]) as {
      name: string;
      namespace: string;
      fields: { name: string }[];
    };
    expect(schema.name).toBe('alert');
    expect(schema.namespace).toMatch(/(^|\.)lsst\.v10_0$/);
    expect(schema.namespace).not.toBe('lsst.v10_0');
    for (const record of ['diaSource', 'diaObject', 'diaForcedSource', 'ssSource', 'mpc_orbits']) {
      expect(schemaTexts[0]).toContain(`"name":"${record}"`);
    }
    expect(schema.fields.map((f) => f.name)).toEqual(RUBIN_ALERT_FIELDS);
  });

  it('gives every alert a unique 64-bit diaSourceId above 2^53, its diaSource id, band and time', () => {
    const ids = alerts.map((a) => a.diaSourceId);
    for (const id of ids) {
      expect(typeof id).toBe('bigint');
      expect(id as bigint).toBeGreaterThan(TWO_POW_53);
    }
    expect(new Set(ids).size).toBe(ids.length);
    for (const a of alerts) {
      const s = sub(a, 'diaSource');
      expect(s.diaSourceId).toBe(a.diaSourceId);
      expect(BANDS).toContain(s.band);
      // March 2026 nights (MJD 61104-61108), times in TAI
      expect(s.midpointMjdTai as number).toBeGreaterThan(61104.9);
      expect(s.midpointMjdTai as number).toBeLessThan(61108.5);
      expect(typeof s.visit).toBe('bigint');
      expect(String(s.visit).slice(0, 8)).toMatch(/^2026030[5-8]$/);
    }
  });

  it('sends Solar System sources with diaObjectId 0, no diaObject, an ssSource and mpc_orbits', () => {
    const sso = alerts.filter((a) => a.ssSource !== null);
    expect(sso.length).toBeGreaterThan(0);
    for (const a of sso) {
      expect(sub(a, 'diaSource').diaObjectId).toBe(0n);
      expect(a.diaObject).toBeNull();
      expect(sub(a, 'ssSource').diaSourceId).toBe(a.diaSourceId);
      expect(sub(a, 'diaSource').ssObjectId).toBe(sub(a, 'ssSource').ssObjectId);
      expect(sub(a, 'mpc_orbits').designation).toBe(sub(a, 'ssSource').designation);
    }
  });

  it('keeps the ids of diaObjects, history and forced photometry consistent over the run', () => {
    const seen = new Set<bigint>();
    const objectFirstSource = new Map<bigint, bigint>();
    const forced = new Map<bigint, string>();
    for (const a of alerts) {
      const s = sub(a, 'diaSource');
      const objectId = s.diaObjectId as bigint;
      if (a.ssSource !== null) {
        seen.add(a.diaSourceId as bigint);
        continue;
      }
      expect(objectId).toBeGreaterThan(TWO_POW_53);
      expect(sub(a, 'diaObject').diaObjectId).toBe(objectId);
      const prv = a.prvDiaSources as DecodedRecord[];
      // every earlier detection was itself an alert of this run, of the same diaObject, earlier in time
      for (const p of prv) {
        expect(seen.has(p.diaSourceId as bigint)).toBe(true);
        expect(p.diaObjectId).toBe(objectId);
        expect(p.midpointMjdTai as number).toBeLessThan(s.midpointMjdTai as number);
      }
      if (prv.length === 0) expect(sub(a, 'diaObject').nDiaSources).toBe(1);
      // the diaObject id is the id of its first detection
      const first = prv.length > 0 ? (prv[0].diaSourceId as bigint) : (a.diaSourceId as bigint);
      expect(objectFirstSource.get(objectId) ?? first).toBe(first);
      objectFirstSource.set(objectId, first);
      expect(objectId).toBe(first);
      for (const f of a.prvDiaForcedSources as DecodedRecord[]) {
        const id = f.diaForcedSourceId as bigint;
        expect(id).toBeGreaterThan(TWO_POW_53);
        expect(f.diaObjectId).toBe(objectId);
        expect(f.midpointMjdTai as number).toBeLessThan(s.midpointMjdTai as number);
        const text = JSON.stringify(f, (_k, v) => (typeof v === 'bigint' ? v.toString() : v));
        expect(forced.get(id) ?? text).toBe(text);
        forced.set(id, text);
      }
      seen.add(a.diaSourceId as bigint);
    }
    expect(forced.size).toBeGreaterThan(0);
    for (const id of forced.keys()) expect(seen.has(id)).toBe(false);
  });

  it('aggregates each diaObject from its detections: counts, weighted means, extremes', () => {
    const withHistory = alerts.filter(
      (a) => a.diaObject !== null && (a.prvDiaSources as unknown[]).length >= 2,
    );
    expect(withHistory.length).toBeGreaterThan(0);
    for (const a of withHistory) {
      const o = sub(a, 'diaObject');
      const all = [...(a.prvDiaSources as DecodedRecord[]), sub(a, 'diaSource')];
      expect(o.nDiaSources).toBe(all.length);
      expect(o.lastDiaSourceMjdTai).toBe(sub(a, 'diaSource').midpointMjdTai);
      expect(o.firstDiaSourceMjdTai).toBe(all[0].midpointMjdTai);
      for (const b of BANDS) {
        const rows = all.filter((r) => r.band === b);
        expect(o[`${b}_psfFluxNdata`]).toBe(rows.length);
        if (rows.length === 0) {
          expect(o[`${b}_psfFluxMean`]).toBeNull();
          continue;
        }
        const w = rows.map((r) => 1 / (r.psfFluxErr as number) ** 2);
        const mean =
          rows.reduce((s, r, i) => s + w[i] * (r.psfFlux as number), 0) / w.reduce((s, x) => s + x, 0);
        const flux = rows.map((r) => r.psfFlux as number);
        // float fields: 24-bit mantissa
        expect(Math.abs((o[`${b}_psfFluxMean`] as number) - mean)).toBeLessThan(
          1e-5 * Math.max(...flux.map(Math.abs)),
        );
        expect(o[`${b}_psfFluxMax`]).toBe(Math.max(...flux));
        expect(o[`${b}_psfFluxMin`]).toBe(Math.min(...flux));
      }
    }
  });
});
