import { describe, expect, it } from 'vitest';
import { DERIVED_COLUMNS } from '../../data/derived-columns.js';
import { ALERT_COLUMNS } from '../../data/index.js';
import { columnsApp, columnsBody, FIELD_GROUPS, type FieldSummary } from './columns.js';

type Body = {
  fields: Record<string, Record<string, FieldSummary>>;
  endpointFields: Record<string, FieldSummary>;
};

/** The HTTP answer (the families, as /schema) with the endpoint-only fields of the catalogue beside it. */
const body = async (): Promise<Body> => ({
  fields: (await (await columnsApp().request('/')).json()) as Body['fields'],
  endpointFields: columnsBody().endpointFields,
});

describe('/api/v1/columns', () => {
  it('answers JSON with the four families of the reference at the top level, in its order', async () => {
    const res = await columnsApp().request('/');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json');
    const families = (await res.json()) as Body['fields'];
    expect(Object.keys(families)).toEqual([
      'ZTF original fields (i:)',
      'ZTF original cutouts (b:)',
      'Fink science module outputs (d:)',
      'Fink on-the-fly added values (v:)',
    ]);
  });

  it('lists every stored alert column once, without prefix, with type, doc, unit and UCD', async () => {
    const b = await body();
    const listed = Object.entries(FIELD_GROUPS).flatMap(([family, group]) =>
      Object.keys(b.fields[group]).map((name) => `${family}:${name}`),
    );
    for (const c of ALERT_COLUMNS) expect(listed).toContain(c.name);
    expect(new Set(listed).size).toBe(listed.length);
    expect(b.fields[FIELD_GROUPS.i].ra).toEqual({
      type: 'double',
      doc: expect.stringMatching(/Right Ascension/i),
      unit: 'deg',
      ucd: 'pos.eq.ra;meta.main',
    });
    expect(b.fields[FIELD_GROUPS.i].candid.type).toBe('long');
    expect(b.fields[FIELD_GROUPS.i].magpsf).toMatchObject({ type: 'float', unit: 'mag', ucd: 'phot.mag' });
    expect(b.fields[FIELD_GROUPS.d].cdsxmatch.type).toBe('string');
    expect(b.fields[FIELD_GROUPS.d].tag).toMatchObject({ type: 'string', ucd: 'meta.code.qual' });
  });

  it('lists the 11 derived fields of the reference and the three cutout stamps', async () => {
    const b = await body();
    expect(Object.keys(b.fields[FIELD_GROUPS.v])).toEqual(
      [
        'classification',
        'constellation',
        'firstdate',
        'g-r',
        'lapse',
        'lastdate',
        'rate',
        'rate(g-r)',
        'sigma(g-r)',
        'sigma(rate)',
        'sigma(rate(g-r))',
      ].sort(),
    );
    expect(b.fields[FIELD_GROUPS.v].lapse).toMatchObject({ type: 'double', unit: 'd', ucd: 'time.duration' });
    expect(b.fields[FIELD_GROUPS.v]['g-r']).toMatchObject({ unit: 'mag', ucd: 'phot.color' });
    expect(Object.keys(b.fields[FIELD_GROUPS.b])).toEqual([
      'cutoutDifference_stampData',
      'cutoutScience_stampData',
      'cutoutTemplate_stampData',
    ]);
    expect(b.fields[FIELD_GROUPS.b].cutoutScience_stampData.type).toBe('array');
  });

  it('keeps endpoint-specific fields apart in the catalogue, with their endpoints', async () => {
    const b = await body();
    expect(b.endpointFields['v:separation_degree']).toMatchObject({
      type: 'double',
      unit: 'deg',
      ucd: 'pos.angDistance',
      endpoints: ['explorer', 'conesearch', 'xmatch', 'scs'],
    });
    expect(b.endpointFields['v:jdstartgw']).toMatchObject({ unit: 'd', ucd: 'time.epoch' });
  });

  it('sorts each family by name and gives every field a doc and every derived field a UCD', async () => {
    const b = await body();
    for (const group of Object.values(b.fields)) {
      const names = Object.keys(group);
      expect(names).toEqual([...names].sort());
      for (const f of Object.values(group)) expect(f.doc.length).toBeGreaterThan(0);
    }
    for (const f of DERIVED_COLUMNS) expect(f.ucd, f.name).not.toBe('');
  });
});
