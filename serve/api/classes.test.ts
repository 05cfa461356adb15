import { describe, expect, it } from 'vitest';
import { FINK_CLASSES, parseClassArgument, SIMBAD_LABELS, TNS_TYPES } from '../../data/index.js';
import { CLASS_GROUPS, classesApp } from './classes.js';

type Body = Record<string, string[]>;

const ciSorted = (names: string[]) =>
  [...names].sort((a, b) =>
    a.toLowerCase() < b.toLowerCase() ? -1 : a.toLowerCase() > b.toLowerCase() ? 1 : 0,
  );

describe('/api/v1/classes', () => {
  it('answers the three groups of the reference as JSON', async () => {
    const res = await classesApp().request('/');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json');
    const body = (await res.json()) as Body;
    expect(Object.keys(body)).toEqual([CLASS_GROUPS.fink, CLASS_GROUPS.tns, CLASS_GROUPS.simbad]);
  });

  it('lists the 11 Fink classes plus Unknown, in the order of the reference', async () => {
    const body = (await (await classesApp().request('/')).json()) as Body;
    expect(body['Fink classifiers']).toEqual([
      '(CTA) Blazar high state',
      '(CTA) Blazar low state',
      'Ambiguous',
      'Early SN Ia candidate',
      'Kilonova candidate',
      'Microlensing candidate',
      'SLSN candidate',
      'SN candidate',
      'Solar System candidate',
      'Solar System MPC',
      'Tracklet',
      'Unknown',
    ]);
    expect(body['Fink classifiers']).toHaveLength(FINK_CLASSES.length + 3 + 1);
  });

  it('lists the 43 TNS types and 315 SIMBAD labels with their prefixes, sorted case-insensitively', async () => {
    const body = (await (await classesApp().request('/')).json()) as Body;
    const tns = body['Cross-match with TNS'];
    const simbad = body[CLASS_GROUPS.simbad];
    expect(tns).toHaveLength(43);
    expect(tns).toHaveLength(TNS_TYPES.length);
    expect(tns.slice(0, 3)).toEqual(['(TNS) Afterglow', '(TNS) AGN', '(TNS) CV']);
    expect(tns).toContain('(TNS) SN Ia-91bg-like');
    expect(simbad).toHaveLength(315);
    expect(simbad).toHaveLength(SIMBAD_LABELS.length);
    expect(simbad.slice(0, 2)).toEqual(['(SIMBAD) **', '(SIMBAD) **_Candidate']);
    expect(simbad.indexOf('(SIMBAD) Blue')).toBe(simbad.indexOf('(SIMBAD) blue') - 1);
    expect(simbad).not.toContain('(SIMBAD) Unknown');
    for (const list of [tns, simbad]) expect(list).toEqual(ciSorted(list));
  });

  it('lists only names that the class argument parser accepts', async () => {
    const body = (await (await classesApp().request('/')).json()) as Body;
    for (const name of Object.values(body).flat()) expect(parseClassArgument(name)).not.toBeNull();
  });

  it('answers POST like GET', async () => {
    const app = classesApp();
    const get = await (await app.request('/')).text();
    const post = await app.request('/', {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json' },
    });
    expect(post.status).toBe(200);
    expect(await post.text()).toBe(get);
  });
});
