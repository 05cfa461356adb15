import { describe, expect, it } from 'vitest';
import { ALERT_V_FIELDS, answerColumns, COLOUR_V_FIELDS, toApiAlertRows } from './alert-rows.js';
import { ALL_COLUMNS, parseColumnSelection } from './args/table-args.js';

/** Two g/r alerts of one object, 0.1 d apart, in storage names (values of ZTF19acihgng's position). */
const STORED = [
  {
    i_objectId: 'ZTF19acihgng',
    i_candid: 1060135832015015002n,
    i_jd: 2458814.7,
    i_jdstarthist: 2458781.6433681,
    i_ra: 289.8937586,
    i_dec: 61.8469285,
    i_fid: 2,
    i_magpsf: 18.5,
    i_sigmapsf: 0.1,
    classification: 'SN candidate',
  },
  {
    i_objectId: 'ZTF19acihgng',
    i_candid: 1060135832015015001n,
    i_jd: 2458814.6,
    i_jdstarthist: 2458781.6433681,
    i_ra: 289.8937586,
    i_dec: 61.8469285,
    i_fid: 1,
    i_magpsf: 18.0,
    i_sigmapsf: 0.1,
    classification: null,
  },
];

describe('toApiAlertRows', () => {
  it('renames stored columns and adds the per-alert v: fields in full mode', () => {
    const [row, other] = toApiAlertRows(STORED, { selection: ALL_COLUMNS, colour: false });
    expect(row['i:candid']).toBe(1060135832015015002n);
    expect(row['v:classification']).toBe('SN candidate');
    expect(other['v:classification']).toBe('Unknown');
    expect(row['v:constellation']).toBe('Draco');
    expect(row['v:lapse']).toBeCloseTo(2458814.7 - 2458781.6433681, 9);
    expect(row).not.toHaveProperty('classification');
    expect(row).not.toHaveProperty('v:g-r');
  });
  it('adds the colour fields per object when asked: g − r = 18.0 − 18.5 within 0.3 d', () => {
    const rows = toApiAlertRows(STORED, { selection: ALL_COLUMNS, colour: true });
    for (const f of COLOUR_V_FIELDS) expect(rows[0]).toHaveProperty(f);
    expect(rows.map((r) => r['v:g-r'])).toEqual([-0.5, -0.5]);
  });
  it('keeps only the selected fields, in selection order, with endpoint extras when named', () => {
    const selection = parseColumnSelection('v:separation_degree,i:jd,v:lapse', [
      ...ALERT_V_FIELDS,
      'v:separation_degree',
    ]);
    const rows = toApiAlertRows(STORED, {
      selection,
      colour: true,
      extra: () => ({ 'v:separation_degree': 0.5 }),
    });
    expect(rows[0]).toEqual({
      'i:jd': 2458814.7,
      'v:lapse': expect.closeTo(33.0566319, 6),
      'v:separation_degree': 0.5,
    });
  });
  it('names the columns of an empty answer', () => {
    expect(answerColumns(parseColumnSelection('i:ra', []), ALERT_V_FIELDS)).toEqual(['i:ra']);
    const all = answerColumns(ALL_COLUMNS, ['v:lapse']);
    expect(all[0]).toBe('i:objectId');
    expect(all.at(-1)).toBe('v:lapse');
  });
});
