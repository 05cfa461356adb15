import { describe, expect, it } from 'vitest';
import { alertVFieldsOfRow } from '../compute/derived/index.js';
import { drawAlertValues, Prng } from '../test/support/alert-row-values.js';
import { FLOAT32_FIELDS } from './alert-json.js';
import { decodeAlertRow, encodeAlertRow } from './alert-row-codec.js';
import { alertRowJsonTextView } from './alert-row-json.js';
import { ALERT_COLUMNS, EARLIER_ROW_COLUMNS } from './columns.js';
import { encodeJsonFields } from './json-text.js';

/** The definition: the API row of the decoded document, then its `v:` fields, written as the encoders write rows. */
function apiRowText(row: Uint8Array, classification: string | null): string {
  const stored = decodeAlertRow(row);
  const api = Object.fromEntries(ALERT_COLUMNS.map((c) => [c.name, stored[c.storage]]));
  return encodeJsonFields({ ...api, ...alertVFieldsOfRow(api, classification) }, FLOAT32_FIELDS);
}

const CLASSES = [null, 'SN candidate', 'Solar System MPC', 'Early SN Ia candidate'];

describe('the JSON text of a row document', () => {
  it('is the text the encoders write for the decoded API row, on drawn and edge values', () => {
    const rng = new Prng(42);
    for (let n = 0; n < 2000; n++) {
      const values = drawAlertValues(rng, n % 3 === 0 ? 2 : 10);
      const row = encodeAlertRow(values);
      const classification = CLASSES[n % CLASSES.length];
      const stored = decodeAlertRow(row);
      // a truncated document before a text leaves nothing of itself in it
      if (n % 7 === 0) expect(() => alertRowJsonTextView(row.subarray(0, row.length >> 1), null)).toThrow();
      const text = alertRowJsonTextView(row, classification);
      expect(Buffer.from(text.json).toString('utf8')).toBe(apiRowText(row, classification));
      expect(text.fid).toBe(stored.i_fid === null ? null : Number(stored.i_fid));
      expect(Object.is(text.magpsf, stored.i_magpsf)).toBe(true);
      expect(Object.is(text.sigmapsf, stored.i_sigmapsf)).toBe(true);
    }
  });

  it('parses as the JSON of the row, one key per column then the v: fields', () => {
    const values = drawAlertValues(new Prng(7), 1000);
    const text = alertRowJsonTextView(encodeAlertRow(values), 'SN candidate');
    const parsed = JSON.parse(`{${Buffer.from(text.json).toString('utf8')}}`);
    const keys = Object.keys(parsed);
    expect(keys.slice(0, ALERT_COLUMNS.length)).toEqual(ALERT_COLUMNS.map((c) => c.name));
    expect(parsed['v:classification']).toBe('SN candidate');
  });

  it('refuses a truncated document', () => {
    const row = encodeAlertRow(drawAlertValues(new Prng(3), 1000));
    for (const cut of [0, 1, 10, Math.floor(row.length / 2), row.length - 1]) {
      expect(() => alertRowJsonTextView(row.subarray(0, cut), null)).toThrow(RangeError);
    }
  });

  it('writes the later Fink fields null for a document written before them, as its decoding reads it', () => {
    const values = drawAlertValues(new Prng(11), 1000).map((v, i) => (i < EARLIER_ROW_COLUMNS ? v : null));
    // the later columns are null: one branch byte each, cut off to give the earlier document
    const earlier = encodeAlertRow(values).subarray(0, EARLIER_ROW_COLUMNS - ALERT_COLUMNS.length);
    const text = alertRowJsonTextView(earlier, 'SN candidate');
    expect(Buffer.from(text.json).toString('utf8')).toBe(apiRowText(earlier, 'SN candidate'));
    const parsed = JSON.parse(`{${Buffer.from(text.json).toString('utf8')}}`);
    for (const c of ALERT_COLUMNS.slice(EARLIER_ROW_COLUMNS)) expect(parsed[c.name], c.name).toBeNull();
  });
});
