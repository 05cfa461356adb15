/**
 * The generated LSST reader (ingest/decode/lsst/lsst-reader.ts) against avsc's generic decoding: every record of
 * Fink's real LSST transfer (test/data/lsst), of the simulator's output (`skyalert.lsst.v10_0`), and of a schema
 * written here with the shapes Rubin's versions use (an `alertId` root, sections as nullable records in either
 * union order, lists of nullable items, an enum, a logical-type long, a map, a fixed), decoded both ways and
 * compared field by field, row by row (test/support/lsst-both-ways.ts); a shape the generator does not take is
 * decoded by avsc.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import avro from 'avsc';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { LsstSchemaCache, lsstAvscOptions } from '../../ingest/decode/lsst/index.js';
import { encodeContainer, runSimulateLsst } from '../../ingest/simulate/index.js';
import { decodeBothWays, expectBothWaysEqual } from '../support/lsst-both-ways.js';
import { testDataPath } from '../support/test-data.js';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'lsst-reader-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe('generated LSST reader = avsc generic decoding', () => {
  it("every alert of Fink's LSST transfer (7 real alerts, 303-391 prvDiaSources)", () => {
    const both = decodeBothWays(fs.readFileSync(testDataPath('lsst', 'part-2-918301.avro')));
    expect(both.schema.reader, 'the generator takes Fink’s transfer schema').not.toBeNull();
    expect(expectBothWaysEqual(both, 'part-2-918301.avro')).toBe(7);
    const rows = both.generated.reduce((n, o) => n + (o.ok ? o.alert.history.length : 0), 0);
    expect(rows, '5 diaObjects with 303-391 prvDiaSources each').toBeGreaterThan(5 * 300);
  });

  it("every alert of the simulator's output (skyalert.lsst.v10_0)", async () => {
    const out = path.join(tmp, 'sim');
    const sim = await runSimulateLsst({
      outDir: out,
      nights: 3,
      alertsPerNight: 150,
      seed: 11,
      startNight: 20260301,
      maxAlertsPerFile: 100,
      log: pino({ level: 'silent' }),
    });
    let alerts = 0;
    let history = 0;
    let forced = 0;
    let sso = 0;
    for (const file of sim.files) {
      const both = decodeBothWays(fs.readFileSync(file));
      expect(both.schema.reader, 'the generator takes the simulator schema').not.toBeNull();
      alerts += expectBothWaysEqual(both, path.basename(file));
      for (const o of both.generated) {
        if (!o.ok) continue;
        history += o.alert.history.length;
        forced += o.alert.forced.length;
        if (o.alert.sso) sso++;
      }
    }
    expect(alerts).toBe(sim.alerts);
    // the comparison saw every section: histories, forced photometry, Solar System sources
    expect(history).toBeGreaterThan(0);
    expect(forced).toBeGreaterThan(0);
    expect(sso).toBe(sim.solarSystemAlerts);
    expect(sso).toBeGreaterThan(0);
  });

  const diaSource = {
    type: 'record',
    name: 'diaSource',
    fields: [
      { name: 'diaSourceId', type: 'long' },
      { name: 'diaObjectId', type: ['null', 'long'] },
      { name: 'ssObjectId', type: ['long', 'null'] },
      { name: 'midpointMjdTai', type: ['null', 'double'] },
      { name: 'ra', type: ['null', 'double'] },
      { name: 'dec', type: 'double' },
      { name: 'band', type: { type: 'enum', name: 'Band', symbols: ['u', 'g', 'r', 'i', 'z', 'y'] } },
      { name: 'psfFlux', type: ['null', 'float'] },
      { name: 'flag', type: 'boolean' },
      { name: 'nSat', type: 'int' },
      { name: 'time', type: { type: 'long', logicalType: 'timestamp-micros' } },
      { name: 'extra', type: { type: 'map', values: 'string' } },
      { name: 'hash', type: { type: 'fixed', name: 'Hash', size: 4 } },
      { name: 'mask', type: ['null', 'bytes'] },
    ],
  };
  const SCHEMA = {
    type: 'record',
    name: 'alert',
    namespace: 'lsst.v7_1',
    fields: [
      { name: 'alertId', type: 'long' },
      { name: 'diaSource', type: diaSource },
      { name: 'prvDiaSources', type: ['null', { type: 'array', items: ['null', 'diaSource'] }] },
      {
        name: 'prvDiaForcedSources',
        type: {
          type: 'array',
          items: {
            type: 'record',
            name: 'diaForcedSource',
            fields: [
              { name: 'diaForcedSourceId', type: 'long' },
              { name: 'psfFlux', type: ['float', 'null'] },
            ],
          },
        },
      },
      {
        name: 'diaObject',
        type: [
          {
            type: 'record',
            name: 'diaObject',
            fields: [
              { name: 'diaObjectId', type: ['null', 'long'] },
              { name: 'nDiaSources', type: ['null', 'int'] },
            ],
          },
          'null',
        ],
      },
      {
        name: 'ssSource',
        type: [
          'null',
          {
            type: 'record',
            name: 'ssSource',
            fields: [
              { name: 'ssObjectId', type: ['null', 'long'] },
              { name: 'phaseAngle', type: ['null', 'float'] },
              { name: 'tags', type: ['null', { type: 'array', items: 'string' }] },
            ],
          },
        ],
      },
      {
        name: 'MPCORB',
        type: [
          'null',
          {
            type: 'record',
            name: 'MPCORB',
            fields: [
              { name: 'mpcDesignation', type: ['null', 'string'] },
              { name: 'epoch', type: ['null', { type: 'long', logicalType: 'timestamp-micros' }] },
            ],
          },
        ],
      },
      { name: 'lsst_schema_version', type: ['null', 'string'] },
      { name: 'cutoutDifference', type: ['null', 'bytes'] },
      { name: 'cutoutScience', type: 'bytes' },
    ],
  };
  const BIG = 2n ** 60n + 5n;
  const source = (id: bigint, extra: Record<string, unknown> = {}) => ({
    diaSourceId: id,
    diaObjectId: BIG + 1n,
    ssObjectId: null,
    midpointMjdTai: 61105.25,
    ra: 150.5,
    dec: -2.25,
    band: 'z',
    psfFlux: 12.5,
    flag: true,
    nSat: -3,
    time: 2n ** 62n,
    extra: { a: 'b' },
    hash: Buffer.from([1, 2, 3, 4]),
    mask: null,
    ...extra,
  });
  const alert = (id: bigint, extra: Record<string, unknown> = {}) => ({
    alertId: id,
    diaSource: source(id),
    prvDiaSources: [source(1n), null, source(2n, { psfFlux: null, ra: 10 })],
    prvDiaForcedSources: [{ diaForcedSourceId: 9n, psfFlux: null }],
    diaObject: { diaObjectId: null, nDiaSources: 3 },
    ssSource: null,
    MPCORB: null,
    lsst_schema_version: null,
    cutoutDifference: null,
    cutoutScience: Buffer.from('SIMPLE'),
    ...extra,
  });
  const RECORDS = [
    alert(BIG),
    // all-null sections are absent; an asteroid with an orbit; no history
    alert(BIG + 2n, {
      diaObject: { diaObjectId: null, nDiaSources: null },
      ssSource: { ssObjectId: BIG + 3n, phaseAngle: 4.5, tags: [] },
      MPCORB: { mpcDesignation: '2004 JQ12', epoch: null },
      prvDiaSources: null,
      lsst_schema_version: 'lsst.v7_1',
      cutoutDifference: Buffer.from([0, 1, 2]),
    }),
    alert(BIG + 4n, { ssSource: { ssObjectId: null, phaseAngle: null, tags: null }, diaObject: null }),
    // rejected both ways, for the same reasons
    alert(BIG + 5n, { diaSource: source(BIG + 5n, { ra: null }) }),
    alert(BIG + 6n, { diaSource: source(BIG + 6n, { midpointMjdTai: 1e9 }) }),
    alert(BIG + 7n, { diaSource: source(BIG + 7n, { midpointMjdTai: null }) }),
  ];

  it('every record of a schema with the shapes of Rubin’s versions, rejections included', () => {
    const type = avro.Type.forSchema(SCHEMA as avro.Schema, lsstAvscOptions());
    const both = decodeBothWays(encodeContainer(RECORDS, type, { blockRecords: 4 }));
    expect(both.schema.reader).not.toBeNull();
    expect(expectBothWaysEqual(both, 'written here')).toBe(3);
    expect(both.generic.filter((o) => !o.ok)).toHaveLength(3);
    const first = both.generated[0];
    if (!first.ok) throw new Error(first.reason);
    expect(first.alert.diaSourceId).toBe(BIG);
    expect(first.alert.history.map((r) => r['r:diaSourceId'])).toEqual([1n, 2n]);
    expect(first.alert.source['r:time']).toBe(2n ** 62n);
  });

  it('a shape the generator does not take (a section of two record types) is decoded by avsc', () => {
    const odd = {
      ...SCHEMA,
      fields: SCHEMA.fields.map((f) =>
        f.name === 'diaObject'
          ? {
              name: 'diaObject',
              type: ['null', { type: 'record', name: 'other', fields: [] }, (f.type as unknown[])[0]],
            }
          : f,
      ),
    };
    const text = JSON.stringify(odd);
    const compiled = new LsstSchemaCache().get(text);
    expect(compiled.reader).toBeNull();
    const type = avro.Type.forSchema(odd as avro.Schema, lsstAvscOptions());
    const records = RECORDS.slice(0, 3).map((r) => ({ ...r, diaObject: null }));
    const both = decodeBothWays(encodeContainer(records, type));
    expect(expectBothWaysEqual(both, 'fallback')).toBe(3);
  });
});
