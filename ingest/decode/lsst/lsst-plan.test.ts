/**
 * The LSST schema mapping on a small schema written here in Rubin's style (namespaces, named-type references,
 * nullable unions, an enum, a logical type, a map), encoded and decoded with avsc: catalogue, version, row values,
 * exact 64-bit ids, and the dayObs rule.
 */
import avro from 'avsc';
import { describe, expect, it } from 'vitest';
import { shapeFromAvroSchema } from './field-shape.js';
import { inferLsstVersion } from './lsst-plan.js';
import { dayObsOfMjdTai } from './lsst-record.js';
import {
  decodeLsstDatum,
  LsstSchemaCache,
  lsstAvscOptions,
  lsstColumnsFromAvroSchema,
  lsstPlanFromAvroSchema,
  surveyOfAvroSchema,
} from './lsst-schema.js';

const SCHEMA = {
  type: 'record',
  name: 'alert',
  namespace: 'lsst.v9_0',
  fields: [
    { name: 'diaSourceId', type: 'long' },
    { name: 'observation_reason', type: ['null', 'string'], default: null },
    {
      name: 'diaSource',
      type: {
        type: 'record',
        name: 'diaSource',
        fields: [
          { name: 'diaSourceId', type: 'long' },
          { name: 'diaObjectId', type: ['null', 'long'] },
          { name: 'ssObjectId', type: ['null', 'long'] },
          { name: 'midpointMjdTai', type: 'double', doc: 'Mid-exposure time (MJD, TAI).' },
          { name: 'ra', type: 'double' },
          { name: 'dec', type: 'double' },
          { name: 'band', type: { type: 'enum', name: 'Band', symbols: ['u', 'g', 'r', 'i', 'z', 'y'] } },
          { name: 'psfFlux', type: ['null', 'float'] },
        ],
      },
    },
    { name: 'prvDiaSources', type: ['null', { type: 'array', items: 'diaSource' }] },
    {
      name: 'diaObject',
      type: [
        'null',
        { type: 'record', name: 'lsst.v9_0.diaObject', fields: [{ name: 'diaObjectId', type: 'long' }] },
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
            { name: 'diaSourceId', type: ['null', 'long'] },
            { name: 'phaseAngle', type: ['null', 'float'] },
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
            { name: 'epoch', type: { type: 'long', logicalType: 'timestamp-micros' } },
          ],
        },
      ],
    },
    { name: 'cutoutScience', type: ['null', 'bytes'] },
    { name: 'extra', type: ['null', { type: 'map', values: 'string' }] },
  ],
};
const TEXT = JSON.stringify(SCHEMA);

/** Above 2^53: a JS number cannot hold them. */
const SOURCE_ID = 2n ** 60n + 3n;
const SS_OBJECT_ID = 2n ** 55n + 1n;

const names = (cols: readonly { name: string }[]): string[] => cols.map((c) => c.name);

describe('LSST plan of a writer schema', () => {
  it('names, types and docs of the columns, with the version from the namespace', () => {
    const columns = lsstColumnsFromAvroSchema(TEXT);
    const diaSource = [
      'diaSourceId',
      'diaObjectId',
      'ssObjectId',
      'midpointMjdTai',
      'ra',
      'dec',
      'band',
      'psfFlux',
    ];
    expect(names(columns.source)).toEqual([...diaSource, 'observation_reason'].map((n) => `r:${n}`));
    expect(names(columns.history)).toEqual(diaSource.map((n) => `r:${n}`));
    expect(names(columns.object)).toEqual(['r:diaObjectId', 'r:observation_reason']);
    expect(names(columns.sso)).toEqual(['r:ssObjectId', 'r:diaSourceId', 'r:phaseAngle', 'r:mpcDesignation']);
    expect(names(columns.orbit)).toEqual(['r:mpcDesignation', 'r:epoch']);
    expect(columns.forced).toEqual([]);
    const type = (name: string) => columns.source.find((c) => c.name === name)?.type;
    expect(type('r:band')).toBe('string');
    expect(type('r:psfFlux')).toBe('float');
    expect(type('r:diaObjectId')).toBe('long');
    expect(columns.orbit[1].type).toBe('long');
    expect(columns.source[3].doc).toBe('Mid-exposure time (MJD, TAI).');
    expect(lsstPlanFromAvroSchema(TEXT).version).toBe('lsst.v9_0');
    expect(inferLsstVersion(shapeFromAvroSchema(JSON.parse(TEXT)) ?? { name: '', fields: [] })).toBe(
      'lsst.v9_0',
    );
  });

  it('is one object per schema, by text and by parsed object', () => {
    expect(lsstColumnsFromAvroSchema(TEXT)).toBe(lsstColumnsFromAvroSchema(TEXT));
    const parsed = JSON.parse(TEXT);
    expect(lsstColumnsFromAvroSchema(parsed)).toBe(lsstColumnsFromAvroSchema(parsed));
  });

  it('decodes a datum to an alert with exact longs, shared ids and the stamps', () => {
    const type = avro.Type.forSchema(SCHEMA as avro.Schema, lsstAvscOptions());
    const diaSource = {
      diaSourceId: SOURCE_ID,
      diaObjectId: null,
      ssObjectId: SS_OBJECT_ID,
      midpointMjdTai: 61105.093643486834,
      ra: 150.1,
      dec: -2.5,
      band: 'i',
      psfFlux: 1234.5,
    };
    const bytes = type.toBuffer({
      diaSourceId: SOURCE_ID,
      observation_reason: 'ddf',
      diaSource,
      prvDiaSources: [{ ...diaSource, diaSourceId: 7n, psfFlux: null }],
      diaObject: null,
      ssSource: { ssObjectId: SS_OBJECT_ID, diaSourceId: SOURCE_ID, phaseAngle: 12.5 },
      MPCORB: { mpcDesignation: '2004 JQ12', epoch: 2n ** 62n },
      cutoutScience: Buffer.from('SIMPLE  =                    T'),
      extra: { a: 'b' },
    });
    const read = decodeLsstDatum(new LsstSchemaCache().get(TEXT), bytes, 0);
    expect(read.next).toBe(bytes.length);
    if (!read.outcome.ok) throw new Error(read.outcome.reason);
    const a = read.outcome.alert;
    expect(a.diaSourceId).toBe(SOURCE_ID);
    expect(a.diaObjectId).toBe(0n);
    expect(a.object).toBeNull();
    expect(a.schemaVersion).toBe('lsst.v9_0');
    expect(a.night).toBe(20260305);
    expect(a.source['r:diaSourceId']).toBe(SOURCE_ID);
    expect(a.source['r:band']).toBe('i');
    expect(a.source['r:observation_reason']).toBe('ddf');
    expect(a.history).toEqual([
      {
        ...Object.fromEntries(Object.entries(diaSource).map(([k, v]) => [`r:${k}`, v])),
        'r:diaSourceId': 7n,
        'r:psfFlux': null,
      },
    ]);
    expect(a.sso).toEqual({
      'r:ssObjectId': SS_OBJECT_ID,
      'r:diaSourceId': SOURCE_ID,
      'r:phaseAngle': 12.5,
      'r:mpcDesignation': '2004 JQ12',
    });
    expect(a.orbit).toEqual({ 'r:mpcDesignation': '2004 JQ12', 'r:epoch': 2n ** 62n });
    expect(Buffer.from(a.stamps.science ?? []).toString('latin1')).toMatch(/^SIMPLE/);
    expect(a.stamps.template).toBeNull();
    expect(decodeLsstDatum(new LsstSchemaCache().get(TEXT), bytes.subarray(0, 20), 0).outcome.ok).toBe(false);
  });
});

describe('dayObsOfMjdTai', () => {
  // 2026-03-06 12:00:00 UTC is MJD 61105.5 UTC, i.e. MJD 61105.5 + 37 s in TAI: dayObs changes there
  const noonTai = 61105.5 + 37 / 86_400;
  it('is the date at UTC−12 h, with TAI − UTC = 37 s', () => {
    expect(dayObsOfMjdTai(noonTai)).toBe(20260306);
    expect(dayObsOfMjdTai(noonTai - 1e-6)).toBe(20260305);
    expect(dayObsOfMjdTai(61105.5)).toBe(20260305);
    expect(dayObsOfMjdTai(61105.093643486834)).toBe(20260305);
  });
});

describe('surveyOfAvroSchema', () => {
  it('tells LSST schemas (lsst.v* names, a diaSource field) from others', () => {
    expect(surveyOfAvroSchema(JSON.parse(TEXT))).toBe('lsst');
    expect(surveyOfAvroSchema({ type: 'record', name: 'lsst.v7_0.alert', fields: [] })).toBe('lsst');
    expect(
      surveyOfAvroSchema({
        type: 'record',
        name: 'topLevelRecord.value',
        fields: [{ name: 'diaSource', type: 'string' }],
      }),
    ).toBe('lsst');
    expect(
      surveyOfAvroSchema({
        type: 'record',
        name: 'alert',
        namespace: 'ztf',
        fields: [{ name: 'candidate', type: 'string' }],
      }),
    ).toBe('ztf');
    expect(surveyOfAvroSchema('string')).toBeNull();
  });
});
