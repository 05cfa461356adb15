import { describe, expect, it } from 'vitest';
import { quoteIntegerFields } from './exact-json.js';

describe('64-bit alert ids in JSON', () => {
  it('keeps every digit of i:candid (2644487500517010001 is not a double)', () => {
    const text = '[{"i:candid":2644487500517010001,"i:jd":2460398.98751042},{"i:candid": 12 }]';
    expect(Number('2644487500517010001').toString()).not.toBe('2644487500517010001');
    const rows = JSON.parse(quoteIntegerFields(text)) as Record<string, unknown>[];
    expect(rows[0]['i:candid']).toBe('2644487500517010001');
    expect(rows[0]['i:jd']).toBe(2460398.98751042);
    expect(rows[1]['i:candid']).toBe('12');
  });

  it('leaves nulls, strings and other fields alone', () => {
    const text = '[{"i:candid":null,"x":"\\"i:candid\\":5"}]';
    expect(JSON.parse(quoteIntegerFields(text))).toEqual([{ 'i:candid': null, x: '"i:candid":5' }]);
  });
});
