import { describe, expect, it } from 'vitest';
import {
  BASE_FIELDS,
  columnsFromParam,
  defaultColumns,
  orderedColumns,
  requestFields,
  SEPARATION_FIELD,
} from './result-columns.js';

describe('result columns', () => {
  it('reads the columns= URL parameter, dropping unknown names, null when nothing is left', () => {
    expect(columnsFromParam('i:magpsf, v:classification,x:nope,i:magpsf')).toEqual([
      'i:magpsf',
      'v:classification',
    ]);
    expect(columnsFromParam('x:nope')).toBeNull();
    expect(columnsFromParam(null)).toBeNull();
  });

  it('shows the chosen columns in the table order, and asks the API only for them and the base fields', () => {
    expect(orderedColumns(['i:dec', 'v:classification']).map((c) => c.field)).toEqual([
      'v:classification',
      'i:dec',
    ]);
    expect(requestFields(['v:classification', SEPARATION_FIELD])).toEqual([
      ...BASE_FIELDS,
      'v:classification',
    ]);
  });

  it('adds the separation to cones, the Solar System name to SSO searches', () => {
    expect(defaultColumns('conesearch')).toContain(SEPARATION_FIELD);
    expect(defaultColumns('objectid')).not.toContain(SEPARATION_FIELD);
    expect(defaultColumns('sso')).toContain('i:ssnamenr');
  });
});
