/**
 * Fink's `/api/v1/classes` answer, checked against ours. fink-object-api has no test.py for this route: this
 * checks the shape that `apps/routes/v1/ztf/classes/api.py` at commit 17051ca (astrolabsoftware, Apache-2.0)
 * builds — three keys in its order, each a list sorted case-insensitively (Python `sorted(key=str.lower)`), TNS
 * types prefixed `(TNS) ` and SIMBAD labels `(SIMBAD) ` — with Fink's own lists: `assets/fink_types.csv` and
 * `assets/tns_types.csv` (copied unchanged into test/data/fink-object-api_assets/), and the 315 SIMBAD labels
 * of fink-utils `get_simbad_labels("old_and_new")` (its doctest count). Our one deliberate difference: the
 * Fink group also lists `Unknown` (docs/api.md).
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { classesApp } from '../../serve/api/classes.js';
import { testDataPath } from '../support/test-data.js';

const FINK_KEYS = [
  'Fink classifiers',
  'Cross-match with TNS',
  'Cross-match with SIMBAD (see http://simbad.u-strasbg.fr/simbad/sim-display?data=otypes)',
];

/** Python's `sorted(names, key=lambda s: s.lower())`: stable, by the lower-cased text's code points. */
function pythonSortedLower(names: readonly string[]): string[] {
  return [...names].sort((a, b) => {
    const x = a.toLowerCase();
    const y = b.toLowerCase();
    return x < y ? -1 : x > y ? 1 : 0;
  });
}

/** One name per line, as pandas reads Fink's header-less CSV assets. */
const csvNames = (file: string): string[] =>
  fs
    .readFileSync(testDataPath(`fink-object-api_assets/${file}`), 'utf8')
    .split('\n')
    .filter((line) => line !== '');

async function classes(method: 'GET' | 'POST' = 'GET'): Promise<Record<string, unknown>> {
  const res = await classesApp().request('/', method === 'GET' ? {} : { method: 'POST' });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  return (await res.json()) as Record<string, unknown>;
}

describe('Fink classes/api.py', () => {
  it('answers the three groups of Fink, in its order, at the top level', async () => {
    const body = await classes();
    expect(Object.keys(body)).toEqual(FINK_KEYS);
    for (const key of FINK_KEYS) expect(Array.isArray(body[key]), key).toBe(true);
  });

  it('lists the Fink classes of assets/fink_types.csv (and Unknown), sorted as Fink sorts them', async () => {
    const fink = csvNames('fink_types.csv');
    expect(fink).toHaveLength(11);
    const body = await classes();
    expect(body[FINK_KEYS[0]]).toEqual(pythonSortedLower([...fink, 'Unknown']));
  });

  it('lists the TNS types of assets/tns_types.csv, prefixed and sorted as Fink does', async () => {
    const tns = csvNames('tns_types.csv');
    expect(tns).toHaveLength(43);
    const body = await classes();
    expect(body[FINK_KEYS[1]]).toEqual(pythonSortedLower(tns).map((t) => `(TNS) ${t}`));
  });

  it('lists the 315 SIMBAD labels of fink-utils, prefixed and sorted as Fink does', async () => {
    const simbad = (await classes())[FINK_KEYS[2]] as string[];
    expect(simbad).toHaveLength(315);
    expect(simbad.every((s) => s.startsWith('(SIMBAD) '))).toBe(true);
    expect(simbad).toEqual(pythonSortedLower(simbad));
    // both spellings of fink-utils' conversion table (its doctest)
    expect(simbad).toContain('(SIMBAD) Candidate_YSO');
    expect(simbad).toContain('(SIMBAD) YSO_Candidate');
  });

  it('answers POST as GET (Fink answers GET; our POST is the same body)', async () => {
    expect(await classes('POST')).toEqual(await classes('GET'));
  });
});
