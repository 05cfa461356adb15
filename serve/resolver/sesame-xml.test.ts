/** Reading Sesame's XML answer: one record per <Resolver>, attributes and first child texts, numbers typed. */
import { describe, expect, it } from 'vitest';
import { readSesameResolvers } from './sesame-xml.js';

describe('readSesameResolvers', () => {
  it('answers each Resolver element as a record, and none for an unknown name', () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<Sesame><Target option="SV"><name>M 31</name>
  <Resolver name="S=Simbad"><otype>G</otype><jradeg>10.684708</jradeg><jdedeg>41.268750</jdedeg>
    <oname>M  31</oname><alias>NAME Andromeda</alias><alias>M 31</alias><nrefs>12000</nrefs>
    <INFO>*** nested <b>text</b> ignored</INFO></Resolver>
  <Resolver name="V=VizieR"><jradeg>10.68</jradeg></Resolver>
</Target></Sesame>`;
    const records = readSesameResolvers(xml);
    expect(records).toHaveLength(2);
    expect(records[0]).toMatchObject({
      name: 'S=Simbad',
      otype: 'G',
      jradeg: 10.684708,
      jdedeg: 41.26875,
      oname: 'M  31',
      alias: 'NAME Andromeda',
      nrefs: 12000,
    });
    expect(records[0]).not.toHaveProperty('b');
    expect(records[1]).toEqual({ name: 'V=VizieR', jradeg: 10.68 });
    expect(
      readSesameResolvers('<Sesame><Target><name>nothing</name><INFO>not found</INFO></Target></Sesame>'),
    ).toEqual([]);
  });

  it('throws on text that is not XML', () => {
    expect(() => readSesameResolvers('<html><body>Bad gateway')).toThrow();
  });
});
