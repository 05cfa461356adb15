import { describe, expect, it } from 'vitest';
import { quoteIntegerFields, quoteLargeIntegers } from './exact-json.js';

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

describe('Rubin ids in JSON', () => {
  it('keeps every digit of integers of 16 digits or more, whatever the field, and nothing else', () => {
    const text =
      '[{"r:diaObjectId":169738309211783177,"r:visit": 2025052100123 ,"r:ra":53.123456789012,' +
      '"r:psfFlux":-2497.5,"r:ssObjectId":-1234567890123456789,"s":"\\": 1234567890123456789,"}]';
    const rows = JSON.parse(quoteLargeIntegers(text)) as Record<string, unknown>[];
    expect(rows[0]['r:diaObjectId']).toBe('169738309211783177');
    expect(rows[0]['r:ssObjectId']).toBe('-1234567890123456789');
    expect(rows[0]['r:visit']).toBe(2025052100123);
    expect(rows[0]['r:ra']).toBe(53.123456789012);
    expect(rows[0]['r:psfFlux']).toBe(-2497.5);
    expect(rows[0].s).toBe('": 1234567890123456789,');
  });
});
