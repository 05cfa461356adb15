import avro from 'avsc';
import { describe, expect, it } from 'vitest';
import { ALERT_COLUMNS } from '../../data/index.js';
import { normalizeRecord } from './normalize.js';

const column = (storage: string): number => ALERT_COLUMNS.findIndex((c) => c.storage === storage);

/** An alert schema whose candidate has `fields` in this order (avsc builds one record class per schema). */
function alertType(candidateFields: readonly [name: string, type: string][]): avro.Type {
  return avro.Type.forSchema({
    type: 'record',
    name: 'alert',
    fields: [
      { name: 'objectId', type: 'string' },
      {
        name: 'candidate',
        type: {
          type: 'record',
          name: 'candidate',
          fields: candidateFields.map(([name, type]) => ({ name, type: ['null', type] })),
        },
      },
      { name: 'cdsxmatch', type: ['null', 'string'] },
    ],
  } as avro.Schema);
}

const VALUES = { jd: 2458814.6358, ra: 56.1, dec: 20.2, fid: 2, magpsf: 18.25, ssnamenr: 'null' };
const FIELDS: [string, string][] = [
  ['jd', 'double'],
  ['ra', 'double'],
  ['dec', 'double'],
  ['fid', 'int'],
  ['magpsf', 'float'],
  ['ssnamenr', 'string'],
];

describe('normalizeRecord', () => {
  it('reads records of avsc classes (any field order) as it reads plain objects', () => {
    const plain = {
      objectId: 'ZTF19acihgng',
      candid: 1060135832015015001n,
      candidate: { ...VALUES },
      cdsxmatch: 'EB*',
    };
    const expected = normalizeRecord(plain);
    if (!expected.ok) throw new Error(expected.reason);
    expect(expected.alert.values[column('i_fid')]).toBe(2);
    expect(expected.alert.values[column('d_cdsxmatch')]).toBe('EB*');
    for (const order of [FIELDS, [...FIELDS].reverse()]) {
      const type = alertType(order);
      const record = type.fromBuffer(
        type.toBuffer({ objectId: plain.objectId, candidate: { ...VALUES }, cdsxmatch: plain.cdsxmatch }),
      ) as Record<string, unknown>;
      // the candid comes from the record here (the schema has none): the same values otherwise
      record.candid = plain.candid;
      expect(Object.getPrototypeOf(record)).not.toBe(Object.prototype);
      // twice: the second read goes through the class's cached plan
      for (let k = 0; k < 2; k++) {
        const got = normalizeRecord(record);
        if (!got.ok) throw new Error(got.reason);
        expect(got.alert.values).toEqual(expected.alert.values);
      }
    }
  });

  it('leaves a column absent from the record null, and rejects a wrong-typed ra', () => {
    const type = alertType(FIELDS.filter(([name]) => name !== 'magpsf'));
    const record = type.fromBuffer(
      type.toBuffer({ objectId: 'ZTF18aaaaaaa', candidate: { ...VALUES }, cdsxmatch: null }),
    ) as Record<string, unknown>;
    record.candid = 1n;
    const got = normalizeRecord(record);
    if (!got.ok) throw new Error(got.reason);
    expect(got.alert.values[column('i_magpsf')]).toBeNull();
    expect(got.alert.values[column('i_ssnamenr')]).toBeNull();
    const bad = normalizeRecord({ objectId: 'ZTF18aaaaaaa', candid: 1n, candidate: { ...VALUES, ra: 'x' } });
    expect(bad.ok).toBe(false);
  });

  it('rejects an objectId longer than a sky blocks record holds (23 bytes; ZTF ids have 12 characters)', () => {
    const of = (objectId: string) => normalizeRecord({ objectId, candid: 1n, candidate: { ...VALUES } });
    expect(of('Z'.repeat(23)).ok).toBe(true);
    expect(of('Z'.repeat(24))).toEqual({
      ok: false,
      reason: `missing or invalid objectId (${JSON.stringify('Z'.repeat(24))})`,
    });
  });

  it('flattens the map and record fields of later Fink alerts as the Fink API does', () => {
    const got = normalizeRecord({
      objectId: 'ZTF25acldfsf',
      candid: 1n,
      candidate: { ...VALUES },
      mangrove: { HyperLEDA_name: 'NGC5674', '2MASS_name': '14335228+0527298', lum_dist: '112.44' },
      blazar_stats: { m0: -1, m1: 0.25, m2: -1 },
      lc_features_g: { mean: 18.5, weighted_mean: Number.NaN, median: null, stetson_K: 0.75 },
      lc_features_r: null,
      is_transient: true,
      slsn_score: 0.125,
    });
    if (!got.ok) throw new Error(got.reason);
    const v = (storage: string) => got.alert.values[column(storage)];
    expect(v('d_mangrove_HyperLEDA_name')).toBe('NGC5674');
    expect(v('d_mangrove_2MASS_name')).toBe('14335228+0527298');
    expect(v('d_mangrove_lum_dist')).toBe('112.44');
    expect(v('d_mangrove_ang_dist')).toBeNull();
    expect(v('d_blazar_stats_m1')).toBe(0.25);
    expect(v('d_blazar_stats_m0')).toBe(-1);
    expect(v('d_blazar_stats_instantness_low')).toBeNull();
    expect(JSON.parse(v('d_lc_features_g') as string)).toEqual([18.5, null, null, 0.75]);
    expect(v('d_lc_features_r')).toBeNull();
    expect(v('d_is_transient')).toBe(true);
    expect(v('d_slsn_score')).toBe(0.125);
    // an alert without them: null
    const raw = normalizeRecord({ objectId: 'ZTF18aaaaaaa', candid: 2n, candidate: { ...VALUES } });
    if (!raw.ok) throw new Error(raw.reason);
    for (const c of ['d_mangrove_2MASS_name', 'd_blazar_stats_m0', 'd_lc_features_g', 'd_is_transient'])
      expect(raw.alert.values[column(c)], c).toBeNull();
  });
});
