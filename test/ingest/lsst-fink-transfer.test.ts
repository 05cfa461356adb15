/**
 * Fink's LSST data transfer (7 real alerts, schema lsst.v10_0 + Fink's sections; test/data/README.md §11) read by
 * readLsstAvroFile, checked record by record against avsc's plain generic decoding of the same container (its
 * BlockDecoder with a BigInt long type, not our mapping).
 */
import fs from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LsstAlert } from '../../data/index.js';
import { lsstColumnsFromAvroSchema } from '../../ingest/decode/index.js';
import { readLsstAvroFile } from '../../ingest/sources/index.js';
import { avscLsstRecords } from '../support/lsst-avro-records.js';
import { testDataPath } from '../support/test-data.js';

type Rec = Record<string, unknown>;

const FILE = testDataPath('lsst', 'part-2-918301.avro');

async function ourAlerts(file: string): Promise<LsstAlert[]> {
  const alerts: LsstAlert[] = [];
  for await (const ev of readLsstAvroFile(file, { batchSize: 3 })) {
    if (ev.kind !== 'items') throw new Error(`unexpected ${ev.kind}: ${ev.reason}`);
    for (const item of ev.items) {
      if (!item.outcome.ok) throw new Error(item.outcome.reason);
      alerts.push(item.outcome.alert);
    }
  }
  return alerts;
}

/** The date (YYYYMMDD) at UTC−12 h of an MJD TAI (TAI − UTC = 37 s in 2026). */
function dayObs(mjdTai: number): number {
  const iso = new Date((mjdTai - 40587) * 86_400_000 - 37_000 - 12 * 3_600_000).toISOString();
  return Number(iso.slice(0, 10).replaceAll('-', ''));
}

describe('Fink LSST transfer (Avro container)', () => {
  let recs: Rec[];
  let alerts: LsstAlert[];
  beforeAll(async () => {
    recs = await avscLsstRecords(FILE);
    alerts = await ourAlerts(FILE);
  });

  it('decodes all 7 alerts, in file order, with the exact 64-bit ids', () => {
    expect(recs).toHaveLength(7);
    expect(alerts).toHaveLength(7);
    alerts.forEach((a, i) => {
      const r = recs[i];
      const src = r.diaSource as Rec;
      expect(typeof a.diaSourceId).toBe('bigint');
      expect(a.diaSourceId).toBe(r.diaSourceId);
      expect(a.diaObjectId).toBe(src.diaObjectId);
      expect(a.source['r:diaSourceId']).toBe(src.diaSourceId);
      expect(a.midpointMjdTai).toBe(src.midpointMjdTai);
      expect(a.source['r:psfFlux']).toBe(src.psfFlux);
      expect(a.source['r:band']).toBe(src.band);
      expect(a.schemaVersion).toBe(r.lsst_schema_version);
      expect(a.night).toBe(dayObs(src.midpointMjdTai as number));
    });
    expect(alerts.map((a) => a.diaSourceId)).toContain(170094456272322680n);
  });

  it('maps every diaSource field to its r: column, and xm / clf to f:xm_* / f:clf_*', () => {
    alerts.forEach((a, i) => {
      const r = recs[i];
      for (const [k, v] of Object.entries(r.diaSource as Rec)) expect(a.source[`r:${k}`], k).toBe(v);
      for (const [k, v] of Object.entries(r.xm as Rec)) expect(a.source[`f:xm_${k}`], k).toBe(v);
      for (const [k, v] of Object.entries(r.clf as Rec)) expect(a.source[`f:clf_${k}`], k).toBe(v);
      expect(a.source['r:observation_reason']).toBe(r.observation_reason);
      expect(a.source['f:fink_broker_version']).toBe(r.fink_broker_version);
      expect(a.source['f:fink_science_version']).toBe(r.fink_science_version);
    });
    // values seen in the file (its first alert)
    expect(alerts[0].source['f:xm_gaiadr3_DR3Name']).toBe('Gaia DR3 4836968293033500160');
    expect(alerts[0].source['f:clf_cats_class']).toBe(11);
  });

  it('counts history and forced photometry as the lists hold, with their values', () => {
    alerts.forEach((a, i) => {
      const prv = (recs[i].prvDiaSources as Rec[] | null) ?? [];
      const forced = (recs[i].prvDiaForcedSources as Rec[] | null) ?? [];
      expect(a.history).toHaveLength(prv.length);
      expect(a.forced).toHaveLength(forced.length);
      if (prv.length > 0) {
        expect(a.history[7]['r:diaSourceId']).toBe(prv[7].diaSourceId);
        expect(a.history[7]['r:psfFlux']).toBe(prv[7].psfFlux);
      }
      if (forced.length > 0)
        expect(a.forced.at(-1)?.['r:diaForcedSourceId']).toBe(forced.at(-1)?.diaForcedSourceId);
    });
    expect(alerts.map((a) => a.history.length).filter((n) => n > 0)).toHaveLength(5);
  });

  it('reads the 2 Solar System alerts as no diaObject, diaObjectId 0n, with ssSource and mpc_orbits', () => {
    const sso = alerts.filter((a) => a.sso !== null);
    expect(sso.map((a) => a.sso?.['r:designation']).sort()).toEqual(['2004 JQ12', '2020 SJ88']);
    for (const a of sso) {
      const r = recs[alerts.indexOf(a)];
      const mpc = r.mpc_orbits as Rec;
      expect(a.object).toBeNull();
      expect(a.diaObjectId).toBe(0n);
      expect(a.sso?.['r:packed_primary_provisional_designation']).toBe(
        mpc.packed_primary_provisional_designation,
      );
      expect(a.sso?.['r:unpacked_primary_provisional_designation']).toBe(
        mpc.unpacked_primary_provisional_designation,
      );
      expect(a.sso?.['r:diaSourceId']).toBe(a.diaSourceId);
      for (const [k, v] of Object.entries(mpc)) expect(a.orbit?.[`r:${k}`], k).toBe(v);
    }
    for (const a of alerts.filter((x) => x.sso === null)) {
      expect(a.orbit).toBeNull();
      expect(a.object?.['r:diaObjectId']).toBe(a.diaObjectId);
      const r = recs[alerts.indexOf(a)];
      expect(a.object?.['f:firstDiaSourceMjdTaiFink']).toBe((r.misc as Rec).firstDiaSourceMjdTaiFink);
      expect(a.object?.['f:is_sso']).toBe(false);
    }
  });

  it('keeps the stamps as the bytes the file holds (FITS)', () => {
    alerts.forEach((a, i) => {
      // Buffer.equals: vitest's deep equality walks 34 kB byte by byte
      expect(Buffer.from(a.stamps.science ?? []).equals(recs[i].cutoutScience as Buffer)).toBe(true);
      expect(Buffer.from(a.stamps.difference ?? []).equals(recs[i].cutoutDifference as Buffer)).toBe(true);
      expect(a.stamps.science?.length).toBe(34_560);
      expect(
        Buffer.from(a.stamps.template ?? [])
          .subarray(0, 6)
          .toString('latin1'),
      ).toBe('SIMPLE');
    });
  });

  it('derives the catalogue from the writer schema: one shared object, types and names', () => {
    const schemaText = fs.readFileSync(
      testDataPath('lsst', 'avro_schema_ftransfer_lsst_2026-03-18_803281.json'),
      'utf8',
    );
    const columns = lsstColumnsFromAvroSchema(schemaText);
    expect(lsstColumnsFromAvroSchema(schemaText)).toBe(columns);
    expect(alerts[0].columns).toBe(alerts[6].columns);
    const schema = JSON.parse(schemaText) as { fields: { name: string; type: unknown }[] };
    const section = (name: string): { name: string; type: unknown }[] => {
      const t = schema.fields.find((f) => f.name === name)?.type as {
        fields: { name: string; type: unknown }[];
      };
      return t.fields;
    };
    const type = (table: 'source' | 'object', name: string) =>
      columns[table].find((c) => c.name === name)?.type;
    expect(columns.source.filter((c) => c.name.startsWith('r:')).map((c) => c.name)).toEqual([
      ...section('diaSource').map((f) => `r:${f.name}`),
      'r:observation_reason',
      'r:target_name',
    ]);
    expect(columns.source.filter((c) => c.name.startsWith('f:xm_'))).toHaveLength(section('xm').length);
    expect(columns.object.map((c) => c.name)).toEqual([
      ...section('diaObject').map((f) => `r:${f.name}`),
      'r:observation_reason',
      'r:target_name',
      ...section('pred').map((f) => `f:${f.name}`),
      ...section('misc').map((f) => `f:${f.name}`),
    ]);
    expect(type('source', 'r:diaSourceId')).toBe('long');
    expect(type('source', 'f:xm_gaiadr3_Plx')).toBe('float');
    expect(type('source', 'f:clf_earlySNIa_score')).toBe('double');
    expect(type('source', 'f:lsst_schema_version')).toBe('string');
    expect(type('object', 'f:is_sso')).toBe('boolean');
    expect(columns.history).toHaveLength(section('diaSource').length);
    expect(columns.orbit).toHaveLength(section('mpc_orbits').length);
  });
});
