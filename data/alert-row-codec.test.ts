import { describe, expect, it } from 'vitest';
import { drawAlertValues, Prng } from '../test/support/alert-row-values.js';
import {
  ALERT_ROW_TYPE,
  alertRowCandid,
  decodeAlertRow,
  encodeAlertRow,
  expandStoredRows,
  ROW_DOC_COLUMN,
} from './alert-row-codec.js';
import type { ColumnValue } from './column-types.js';
import { ALERT_COLUMNS, EARLIER_ROW_COLUMNS } from './columns.js';

describe('alert row documents', () => {
  it('round-trip every catalogue value exactly, 64-bit integers included', () => {
    const values: ColumnValue[] = ALERT_COLUMNS.map((c, i) => {
      if (i % 7 === 0) return null;
      switch (c.type) {
        case 'long':
          return 1060135832015015002n + BigInt(i);
        case 'int':
          return i;
        case 'float':
          return Math.fround(i + 0.59);
        case 'double':
          return 2458814.6358 + i;
        case 'boolean':
          return i % 2 === 0;
        default:
          return `v${i}`;
      }
    });
    const row = decodeAlertRow(encodeAlertRow(values));
    ALERT_COLUMNS.forEach((c, i) => {
      expect(row[c.storage]).toEqual(values[i]);
    });
  });

  it('reads a document written before the later Fink fields with them null, and refuses a truncated one', () => {
    const values: ColumnValue[] = ALERT_COLUMNS.map((c, i) => (c.type === 'string' ? `v${i}` : null));
    const full = encodeAlertRow(values);
    // the same document in the earlier catalogue: the later columns' bytes (one null branch each) cut off
    const later = ALERT_COLUMNS.length - EARLIER_ROW_COLUMNS;
    const nulls = ALERT_COLUMNS.map((_, i) => (i < EARLIER_ROW_COLUMNS ? values[i] : null));
    const earlier = encodeAlertRow(nulls).subarray(0, -later);
    const row = decodeAlertRow(earlier);
    ALERT_COLUMNS.forEach((c, i) => {
      expect(row[c.storage], c.name).toEqual(i < EARLIER_ROW_COLUMNS ? values[i] : null);
    });
    expect(() => decodeAlertRow(full.subarray(0, full.length - 1))).toThrow();
    expect(() => decodeAlertRow(earlier.subarray(0, earlier.length - 1))).toThrow();
  });

  it('reads the candid of a document without decoding it, as the full decoding does', () => {
    const candids = [1060135832015015002n, 0n, 1n, -1n, 2n ** 63n - 1n, -(2n ** 63n), 123456789n, null];
    for (const [k, candid] of candids.entries()) {
      const values: ColumnValue[] = ALERT_COLUMNS.map((c) =>
        c.storage === 'i_candid'
          ? candid
          : c.storage === 'i_objectId'
            ? k % 2
              ? null
              : `ZTF2${'x'.repeat(k * 20)}`
            : null,
      );
      const doc = encodeAlertRow(values);
      expect(alertRowCandid(doc)).toBe(decodeAlertRow(doc).i_candid);
      expect(alertRowCandid(doc)).toBe(candid);
    }
    expect(() => alertRowCandid(new Uint8Array([2, 10, 65]))).toThrow(RangeError);
  });

  it('expands rows that carry a document and keeps their other columns', () => {
    const values = ALERT_COLUMNS.map((c) => (c.storage === 'i_objectId' ? 'ZTF19acihgng' : null));
    const [row] = expandStoredRows([
      { [ROW_DOC_COLUMN]: encodeAlertRow(values), classification: 'SN candidate' },
    ]);
    expect(row.i_objectId).toBe('ZTF19acihgng');
    expect(row.classification).toBe('SN candidate');
    expect(ROW_DOC_COLUMN in row).toBe(false);
  });
});

describe('the row-document encoder', () => {
  it('writes the bytes avsc writes for the same record, on drawn and edge values', () => {
    const rng = new Prng(20261126);
    for (let n = 0; n < 2000; n++) {
      const values = drawAlertValues(rng, n % 2 === 0 ? 8 : 2);
      const record = Object.fromEntries(ALERT_COLUMNS.map((c, i) => [c.storage, values[i]]));
      const expected = ALERT_ROW_TYPE.toBuffer(record);
      expect(encodeAlertRow(values).equals(expected)).toBe(true);
    }
  });

  it('refuses a value its column cannot hold', () => {
    const at = (type: string) => ALERT_COLUMNS.findIndex((c) => c.type === type);
    const cases: [number, ColumnValue][] = [
      [at('int'), 2 ** 31],
      [at('int'), 1.5],
      [at('int'), 'x'],
      [at('long'), 2n ** 63n],
      [at('long'), 0.5],
      [at('float'), 1n],
      [at('double'), 'x'],
      [at('string'), 3],
      [at('boolean'), 1],
    ];
    for (const [i, v] of cases) {
      const values: ColumnValue[] = ALERT_COLUMNS.map(() => null);
      values[i] = v;
      expect(() => encodeAlertRow(values), `${ALERT_COLUMNS[i].storage} = ${String(v)}`).toThrow(
        ALERT_COLUMNS[i].storage,
      );
    }
  });
});
