/**
 * `skyalert orbits load` end to end on temporary stores: the real orbit files of test/data/orbits, name
 * resolution through the server's lookups, merge/replace semantics, gzip input and rejected lines.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { type DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoreLayout } from '../../data/index.js';
import { currentOrbitCatalogue, type OrbitCatalogueFiles } from '../../data/orbit-catalogue.js';
import { identifySsnamenr, resolveSso } from '../../data/queries/index.js';
import type { QueryFn } from '../../data/queries/objects.js';
import { loadOrbitFiles } from '../../ingest/orbits/index.js';
import { PROJECT_ROOT } from '../support/project-root.js';
import { tempStore, testLog } from '../support/store.js';
import { testDataPath } from '../support/test-data.js';
import { MPCORB_HEADER, mpcorbLine, writeLines } from './orbit-fixtures.js';

const ORBIT_FILES = [
  'jpl_sbdb_asteroids_kstars.json',
  'jpl_sbdb_comets_kstars.json',
  'skyfield_CometEls.txt',
  'skyfield_MPCORB.excerpt.DAT',
].map((f) => testDataPath('orbits', f));

function runCli(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(PROJECT_ROOT, 'bin', 'skyalert.ts'), ...args],
    {
      cwd: PROJECT_ROOT,
      encoding: 'utf8',
      env: { ...process.env, SKYALERT_LOG_LEVEL: 'error' },
      timeout: 120_000,
    },
  );
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

let db: DuckDBInstance;
let conn: DuckDBConnection;
const query: QueryFn = async (sql, params) => (await conn.runAndReadAll(sql, params)).getRowObjectsJS();
const stores: StoreLayout[] = [];

function catalogue(layout: StoreLayout): OrbitCatalogueFiles {
  const files = currentOrbitCatalogue(layout);
  if (!files) throw new Error('no orbit catalogue published');
  return files;
}

beforeAll(async () => {
  db = await DuckDBInstance.create(':memory:');
  conn = await db.connect();
});
afterAll(() => {
  conn.closeSync();
  db.closeSync();
  for (const s of stores) fs.rmSync(s.root, { recursive: true, force: true });
});

function newStore(): StoreLayout {
  const s = tempStore('skyalert-orbits-');
  stores.push(s);
  return s;
}

describe('skyalert orbits load (real files of test/data/orbits)', () => {
  const layout = newStore();
  let stdout = '';

  beforeAll(() => {
    const r = runCli('orbits', 'load', '--store', layout.root, ...ORBIT_FILES);
    if (r.status !== 0) throw new Error(`orbits load failed (${r.status}): ${r.stderr}`);
    stdout = r.stdout;
  }, 120_000);

  it('prints a summary with per-file counts and the rejected line', () => {
    expect(stdout).toContain(
      'jpl_sbdb_asteroids_kstars.json (jpl-asteroids): 7099 read, 7098 orbits, 1 rejected',
    );
    expect(stdout).toContain('jpl_sbdb_comets_kstars.json (jpl-comets): 3768 read, 3768 orbits, 0 rejected');
    expect(stdout).toContain('skyfield_MPCORB.excerpt.DAT (mpcorb): 4 read, 4 orbits, 0 rejected');
    expect(stdout).toContain(
      'rejected jpl_sbdb_asteroids_kstars.json:4234: (2002 PD153): missing or non-elliptic elements',
    );
    // 7,098 + 3,768 records; (1)-(4) and the three CometEls comets are also in the JPL tables
    expect(stdout).toMatch(
      /loaded 7098 asteroids, 3768 comets \(0 replaced\); 1 rejected; catalogue v1: 10866 objects/,
    );
    expect(fs.readFileSync(layout.orbitsPointer, 'utf8')).toBe('v0000000001\n');
    expect(fs.readdirSync(layout.orbitsDir).sort()).toEqual(['CURRENT', 'v0000000001']);
  });

  it('resolves numbers, names, designations, packed and comet forms', async () => {
    const files = catalogue(layout);
    for (const q of ['1', 1, 'Ceres', 'CERES', '00001', 'A801 AA', 'A801AA']) {
      const ceres = resolveSso(files, q);
      expect(ceres).toMatchObject({
        id: '1',
        number: 1,
        name: 'Ceres',
        designation: 'A801 AA',
        source: 'mpcorb',
      });
    }
    // the later MPCORB line replaced the JPL orbit of Ceres in the same load; the JPL designation stayed
    const ceres = resolveSso(files, 'ceres');
    expect(ceres?.orbit.elements.epochJdTt).toBe(2459000.5);
    expect(ceres?.ztfSsnamenr).toEqual(['1', 'Ceres', 'A801AA']);
    const tempel2 = resolveSso(files, '10P');
    expect(tempel2).toMatchObject({ kind: 'comet', number: null, name: 'Tempel 2', ztfSsnamenr: ['10P'] });
    expect(tempel2?.orbit.elements.qAu).toBe(1.42157541610954);
    expect(tempel2?.orbit.magnitude).toEqual({ kind: 'comet', hMag: 14.1, gSlope: null });
    for (const q of ['C/2020 V2', 'C/2020V2', 'c/2020v2', 'CK20V020']) {
      expect(resolveSso(files, q)?.id).toBe('C/2020 V2');
    }
    const haleBopp = resolveSso(files, 'C/1995 O1');
    expect(haleBopp).toMatchObject({ name: 'Hale-Bopp', source: 'cometels', ztfSsnamenr: ['C/1995O1'] });
    expect(haleBopp?.orbit.magnitude).toEqual({ kind: 'comet', hMag: -2, gSlope: 4 });
    expect(resolveSso(files, '73P-B')?.name).toBe('Schwassmann-Wachmann 3');
    for (const q of ['kdflsjffld', 'Cere', '0000', '', '1P/', 'K10J69O']) {
      expect(resolveSso(files, q)).toBeNull();
    }
  });
});

describe('merging loads, gzip and rejected lines', () => {
  it('keeps other objects, replaces the same object, and a numbered designation retires its unnumbered row', async () => {
    const layout = newStore();
    const dir = layout.root;
    const first = writeLines(path.join(dir, 'first.DAT'), [
      ...MPCORB_HEADER,
      mpcorbLine(8467, 'Benoitcarry', 13.7),
      mpcorbLine(84673, '2001 AB1'),
      mpcorbLine(4429, 'Rubin'),
      mpcorbLine(6821, 'Rubincam'),
      mpcorbLine(null, '2010 JO69', 17.1),
      mpcorbLine(null, '2002 MA6'),
    ]);
    const s1 = await loadOrbitFiles(layout, [first], testLog);
    expect(s1).toMatchObject({
      loaded: { asteroid: 6, comet: 0 },
      replaced: 0,
      objects: 6,
      rejected: 0,
      version: 1,
    });
    const v1 = catalogue(layout);
    expect(resolveSso(v1, '2010JO69')?.orbit.magnitude.hMag).toBe(17.1);
    expect(resolveSso(v1, '8467')?.name).toBe('Benoitcarry');
    expect(resolveSso(v1, 'Rubin')?.number).toBe(4429);
    expect(resolveSso(v1, 'rubincam')?.number).toBe(6821);
    expect(resolveSso(v1, '84673')?.number).toBe(84673);
    expect(resolveSso(v1, '846')).toBeNull();

    const second = writeLines(path.join(dir, 'second.DAT.gz'), [
      mpcorbLine(8467, 'Benoitcarry', 13.9),
      mpcorbLine(624188, '2002 MA6', 18.2),
      mpcorbLine(700000, '2010 JO69', 17.0),
    ]);
    const s2 = await loadOrbitFiles(layout, [second], testLog);
    expect(s2).toMatchObject({ loaded: { asteroid: 3 }, replaced: 1, objects: 6, version: 2 });
    const v2 = catalogue(layout);
    expect(v2.version).toBe(2);
    expect(resolveSso(v2, 'Benoitcarry')?.orbit.magnitude.hMag).toBe(13.9);
    expect(resolveSso(v2, 'Rubin')?.number).toBe(4429);
    for (const q of ['2010 JO69', '2010JO69', 'K10J69O', '700000']) {
      expect(resolveSso(v2, q)?.id).toBe('700000');
    }
    for (const q of ['2002MA6', '2002MA06', '2002 MA6', '624188']) {
      const ma6 = resolveSso(v2, q);
      expect(ma6?.id).toBe('624188');
      expect(ma6?.ztfSsnamenr).toEqual(['624188', '2002MA6', '2002MA06']);
    }
    // the previous version stays for readers still using it; older ones go
    expect(fs.readdirSync(layout.orbitsDir).sort()).toEqual(['CURRENT', 'v0000000001', 'v0000000002']);
    await loadOrbitFiles(layout, [second], testLog);
    expect(fs.readdirSync(layout.orbitsDir).sort()).toEqual(['CURRENT', 'v0000000002', 'v0000000003']);

    const names = await identifySsnamenr(query, catalogue(layout), [
      '8467',
      'Benoitcarry',
      '2002MA06',
      '2002MA6',
      '624188',
      'Rubincam',
      '2010JO69',
      'unknown',
    ]);
    expect(
      Object.fromEntries([...names].map(([k, v]) => [k, `${v.number} ${v.name ?? v.designation}`])),
    ).toEqual({
      '8467': '8467 Benoitcarry',
      Benoitcarry: '8467 Benoitcarry',
      '2002MA06': '624188 2002 MA6',
      '2002MA6': '624188 2002 MA6',
      '624188': '624188 2002 MA6',
      Rubincam: '6821 Rubincam',
      '2010JO69': '700000 2010 JO69',
    });
  });

  it('counts and reports bad lines without stopping, and publishes nothing for an unknown format', async () => {
    const layout = newStore();
    const good = mpcorbLine(8467, 'Benoitcarry');
    const badE = `${good.slice(0, 70)}0.07x5571${good.slice(79)}`;
    const file = writeLines(path.join(layout.root, 'bad.DAT'), [
      ...MPCORB_HEADER,
      good,
      badE,
      good.slice(0, 90),
      'this is not an orbit',
      mpcorbLine(4429, 'Rubin'),
    ]);
    const s = await loadOrbitFiles(layout, [file], testLog);
    expect(s.files).toEqual([{ file: 'bad.DAT', format: 'mpcorb', read: 5, records: 2, rejected: 3 }]);
    expect(s.rejectedExamples).toEqual([
      { file: 'bad.DAT', line: 9, reason: 'bad e in columns 71-79: "0.07x5571"' },
      { file: 'bad.DAT', line: 10, reason: 'line too short (90 columns)' },
      { file: 'bad.DAT', line: 11, reason: 'not an orbit line' },
    ]);
    expect(s.objects).toBe(2);

    const other = newStore();
    const junk = writeLines(path.join(other.root, 'junk.txt'), ['hello', 'world']);
    const r = runCli('orbits', 'load', '--store', other.root, junk);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('junk.txt: no MPCORB.DAT or CometEls.txt orbit line in the first 200 lines');
    expect(currentOrbitCatalogue(other)).toBeNull();
    expect(runCli('orbits', 'load', '--store', other.root).status).toBe(2);
  }, 60_000);
});
