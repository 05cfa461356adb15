import { describe, expect, it } from 'vitest';
import { parseVotable, VotableError } from './votable-table.js';

const FIELDS =
  '<FIELD name="src" datatype="char" arraysize="*"/><FIELD name=" RA " datatype="double"/><FIELD name="Dec"/>';

/** A plain VOTable 1.4 document around a TABLE's FIELDs and TABLEDATA rows. */
const doc = (rows: string, fields = FIELDS) =>
  `<?xml version="1.0"?><VOTABLE version="1.4" xmlns="http://www.ivoa.net/xml/VOTable/v1.3"><RESOURCE><TABLE>${fields}<DATA><TABLEDATA>${rows}</TABLEDATA></DATA></TABLE></RESOURCE></VOTABLE>`;

function fails(text: string): string {
  try {
    parseVotable(text, 10);
  } catch (err) {
    expect(err).toBeInstanceOf(VotableError);
    return (err as Error).message;
  }
  throw new Error(`accepted ${text.slice(0, 60)}`);
}

describe('parseVotable', () => {
  it('reads FIELD names and datatypes and TD texts, padding short rows and reading empty TDs as ""', () => {
    const t = parseVotable(doc('<TR><TD>a</TD><TD> 1.5 </TD><TD/></TR>\n<TR><TD></TD></TR>'), 10);
    expect(t.columns).toEqual(['src', 'RA', 'Dec']);
    expect(t.datatypes).toEqual(['char', 'double', 'char']);
    expect(t.rows).toEqual([
      ['a', '1.5', ''],
      ['', '', ''],
    ]);
    expect(t.where).toEqual(['row 1', 'row 2']);
  });

  it('reads a namespace-prefixed VOTable with comments, CDATA cells and entity references', () => {
    const text = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<!-- written by hand; <TABLE> in a comment is not a table -->',
      '<vot:VOTABLE xmlns:vot="http://www.ivoa.net/xml/VOTable/v1.3" version="1.4">',
      '<vot:RESOURCE><vot:TABLE name="t">',
      '<vot:FIELD name="src" datatype="char" arraysize="*"><vot:DESCRIPTION>a &lt;name&gt;</vot:DESCRIPTION></vot:FIELD>',
      '<!-- <vot:FIELD name="hidden"/> -->',
      '<vot:FIELD name="RA" datatype="double"/><vot:FIELD name="Dec" datatype="double"/>',
      '<vot:DATA><vot:TABLEDATA>',
      '<vot:TR><vot:TD><![CDATA[a<b & </TD>]]></vot:TD><vot:TD>10.5</vot:TD><vot:TD>-20</vot:TD></vot:TR>',
      '<!-- <vot:TR><vot:TD>not a row</vot:TD></vot:TR> -->',
      '<vot:TR><vot:TD>&lt;x&gt; &amp; &quot;y&quot; &#233;&#x263A;</vot:TD><vot:TD/><vot:TD></vot:TD></vot:TR>',
      '</vot:TABLEDATA></vot:DATA></vot:TABLE></vot:RESOURCE></vot:VOTABLE>',
    ].join('\n');
    const t = parseVotable(text, 10);
    expect(t.columns).toEqual(['src', 'RA', 'Dec']);
    expect(t.datatypes).toEqual(['char', 'double', 'double']);
    expect(t.rows).toEqual([
      ['a<b & </TD>', '10.5', '-20'],
      ['<x> & "y" é☺', '', ''],
    ]);
  });

  it('reads only the first TABLE, and one row past the limit', () => {
    const two = doc('<TR><TD>a</TD></TR>').replace(
      '</RESOURCE>',
      '<TABLE><FIELD name="other"/><DATA><TABLEDATA><TR><TD>b</TD></TR></TABLEDATA></DATA></TABLE></RESOURCE>',
    );
    expect(parseVotable(two, 10)).toMatchObject({ columns: ['src', 'RA', 'Dec'], rows: [['a', '', '']] });
    // nothing after the first TABLE is read, however close
    const tail = doc('<TR><TD>a</TD></TR>').replace('</TABLE>', '</TABLE><broken attr=>');
    expect(parseVotable(tail, 10).rows).toEqual([['a', '', '']]);
    const many = doc('<TR><TD>x</TD></TR>'.repeat(30));
    expect(parseVotable(many, 5).rows).toHaveLength(6);
    // the rows past the limit are not read: a malformed tail there goes unseen
    expect(parseVotable(many.replace(/<\/TABLEDATA>[\s\S]*$/, '<TR><TD>'), 5).rows).toHaveLength(6);
  });

  it('refuses malformed XML, naming the line and column', () => {
    expect(fails(doc('<TR><TD>a</TR>'))).toMatch(
      /not well-formed at line 1, column \d+: unexpected close tag/,
    );
    expect(fails('<vot:VOTABLE><vot:TABLE/></vot:VOTABLE>')).toMatch(/unbound namespace prefix/);
    expect(fails(doc('<TR><TD>&eacute;</TD></TR>'))).toMatch(/undefined entity/);
    // a document cut inside its TABLE
    expect(fails(doc('<TR><TD>a</TD></TR>').replace(/<\/TR>[\s\S]*$/, ''))).toMatch(/not well-formed/);
  });

  it('refuses a document without TABLE or FIELD, BINARY data, a nameless FIELD and a row too long', () => {
    expect(fails('<VOTABLE><RESOURCE/></VOTABLE>')).toBe('the VOTable has no TABLE element');
    expect(fails(doc('<TR><TD>a</TD></TR>', ''))).toBe('the TABLE has no FIELD element');
    expect(fails(doc('', '<FIELD datatype="double"/>'))).toBe('FIELD 1 has no name attribute');
    expect(fails(doc('<TR><TD>1</TD><TD>2</TD><TD>3</TD><TD>4</TD></TR>'))).toBe(
      'row 1 has 4 cells for 3 FIELDs',
    );
    const binary = doc('').replace(
      '<TABLEDATA></TABLEDATA>',
      '<BINARY><STREAM encoding="base64">AA==</STREAM></BINARY>',
    );
    expect(fails(binary)).toMatch(/only the TABLEDATA serialisation is read/);
  });
});
