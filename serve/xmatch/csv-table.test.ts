import { describe, expect, it } from 'vitest';
import { CsvError, MAX_CSV_RECORD_CHARS, parseCsv } from './csv-table.js';

describe('parseCsv', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks, a BOM and CRLF line ends', () => {
    const text =
      '\uFEFFRA,Dec,ID,note\r\n' +
      '10.5,-20.25,"a,b","say ""hi"""\r\n' +
      '11,21,"two\r\nlines",x\r\n' +
      '\r\n' +
      '12, 22 ,  c  ,"  kept  "\r\n';
    const t = parseCsv(text, 10);
    expect(t.columns).toEqual(['RA', 'Dec', 'ID', 'note']);
    expect(t.rows).toEqual([
      ['10.5', '-20.25', 'a,b', 'say "hi"'],
      ['11', '21', 'two\nlines', 'x'],
      ['12', '22', 'c', '  kept  '],
    ]);
    // each row named by the line it starts on: the blank line 5 is skipped
    expect(t.where).toEqual(['line 2', 'line 3', 'line 6']);
  });

  it('reads LF and CR line ends, and a last line without a line end', () => {
    expect(parseCsv('a,b\n1,2\r3,4', 10).rows).toEqual([
      ['1', '2'],
      ['3', '4'],
    ]);
  });

  it('keeps a quote inside an unquoted field as a character', () => {
    expect(parseCsv('ID,RA\n5"N,10\n', 10).rows).toEqual([['5"N', '10']]);
  });

  it('reads one row past the limit, no more', () => {
    const text = `a\n${'1\n'.repeat(50)}`;
    expect(parseCsv(text, 10).rows).toHaveLength(11);
    expect(parseCsv(text, 50).rows).toHaveLength(50);
  });

  it('refuses an empty text, an unclosed quote, a field-count mismatch and an over-long record', () => {
    const fails = (text: string): string => {
      try {
        parseCsv(text, 10);
      } catch (err) {
        expect(err).toBeInstanceOf(CsvError);
        return (err as Error).message;
      }
      throw new Error(`accepted ${JSON.stringify(text.slice(0, 40))}`);
    };
    expect(fails('')).toMatch(/empty/);
    expect(fails(' \r\n\r\n')).toMatch(/empty/);
    expect(fails('a,b\n1,"2\n3,4\n')).toMatch(/Quote Not Closed/);
    expect(fails('a,b\n1,2\n"x\ny",2,3\n')).toBe('line 3: 3 fields where the header (line 1) has 2');
    expect(fails(`a,b\n1,${'x'.repeat(MAX_CSV_RECORD_CHARS + 1)}\n`)).toMatch(/Max Record Size.*line 2/);
  });
});
