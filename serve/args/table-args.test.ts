import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../errors.js';
import { ALL_COLUMNS, countArg, parseColumnSelection, withoutEmptyArgs } from './table-args.js';

describe('countArg', () => {
  const schema = z.object({ n: countArg(1000) });
  it('reads whole numbers as JSON numbers or text', () => {
    expect(schema.parse({ n: 10 }).n).toBe(10);
    expect(schema.parse({ n: ' 1000 ' }).n).toBe(1000);
  });
  it.each([0, 1001, 1.5, -1, '1e2', '10;', '', 'ten', Number.NaN])('rejects %j naming the range', (n) => {
    const r = schema.safeParse({ n });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0].message).toMatch(/whole number from 1 to 1,000/);
  });
});

describe('parseColumnSelection', () => {
  it('means every column when absent, empty or *', () => {
    expect(parseColumnSelection(undefined, [])).toBe(ALL_COLUMNS);
    expect(parseColumnSelection(' , ', [])).toBe(ALL_COLUMNS);
    expect(parseColumnSelection('i:ra,*', [])).toBe(ALL_COLUMNS);
  });
  it('keeps catalogue columns in catalogue order, then the named v: fields, and ignores the rest', () => {
    const s = parseColumnSelection('v:lapse, i:magpsf,i:objectId,nope,v:unknown,i:objectId', ['v:lapse']);
    expect(s.names).toEqual(['i:objectId', 'i:magpsf', 'v:lapse']);
    expect(s.stored).toEqual(['i_objectId', 'i_magpsf']);
  });
  it('never lets a name reach SQL unless the catalogue knows it', () => {
    const s = parseColumnSelection('i:ra"; DROP TABLE x; --,i:dec', []);
    expect(s.stored).toEqual(['i_dec']);
  });
  it('answers 400 when no name is known', () => {
    expect(() => parseColumnSelection('a,b', [])).toThrow(ApiError);
    expect(() => parseColumnSelection('v:lapse', [])).toThrow(
      /None of the requested columns exists \(v:lapse\)/,
    );
  });
});

describe('withoutEmptyArgs', () => {
  it('drops arguments sent empty, except those kept', () => {
    expect(withoutEmptyArgs({ a: '', b: ' ', c: 'x', d: 0, color: '' }, ['color'])).toEqual({
      c: 'x',
      d: 0,
      color: '',
    });
  });
});
