/**
 * `skyalert ssocand load` on the real fink-fat outputs of test/data/fink_fat (test/data/README.md): counts and
 * values of the stored tables, idempotent reload, merge by ssoCandId, ids given to orbits that have none, and
 * inputs refused with the store unchanged.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ssoCandId } from '../../compute/sso/sso-cand-id.js';
import type { StoreLayout } from '../../data/index.js';
import { sqlPathLiteral } from '../../data/index.js';
import { SsoCandInputError } from '../../ingest/ssocand/batch-tables.js';
import { loadSsoCand } from '../../ingest/ssocand/index.js';
import { sql } from '../support/sql.js';
import { tempStore, testLog } from '../support/store.js';
import { testDataPath } from '../support/test-data.js';

const BROKER_SET = () => testDataPath('fink_fat', 'fink-broker_fink_fat_example');
const CLI_SET = () => testDataPath('fink_fat', 'fink-fat_cli_test_20200505');

const table = (file: string) => `read_parquet(${sqlPathLiteral(file)})`;

describe('skyalert ssocand load', () => {
  let layout: StoreLayout;
  let scratch: string;
  beforeEach(() => {
    layout = tempStore('skyalert-ssocand-');
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'skyalert-ssocand-in-'));
  });
  afterEach(() => {
    fs.rmSync(layout.root, { recursive: true, force: true });
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  it('stores the Fink broker example set: 605 orbits, 3,728 detections, renamed columns', async () => {
    const s = await loadSsoCand(layout, [BROKER_SET()], testLog);
    expect(s).toMatchObject({ orbitsRead: 605, detectionsRead: 3728, orbitsAdded: 605, idsAssigned: 0 });
    expect(s).toMatchObject({ storedOrbits: 605, storedDetections: 3728, detectionsUnlinked: 0 });
    const orbit = await sql(
      `SELECT * FROM ${table(layout.ssocandOrbitsFile)} WHERE ssoCandId = 'FF2022aaaaaaa'`,
    );
    // values of the source file (fink-broker datasim/fink_fat_example/orbital.parquet), copied exactly
    expect(orbit).toEqual([
      {
        ssoCandId: 'FF2022aaaaaaa',
        ref_epoch: 2458792.850893341,
        a: 2.4499827768328144,
        e: 0.213075687477623,
        i: 6.1387341092081,
        long_node: 21.6597663455029,
        arg_peric: 354.0275602664178,
        mean_anomaly: 16.7669021344432,
        rms_a: 0.425638,
        rms_e: 0.0303193,
        rms_i: 3.12008,
        rms_long_node: 6.07718,
        rms_arg_peric: 30.8638,
        rms_mean_anomaly: 16.4321,
        chi_reduced: 1.2749999364217122,
      },
    ]);
    const first = await sql(`SELECT * FROM ${table(layout.ssocandLightcurvesFile)} LIMIT 1`);
    expect(first).toEqual([
      {
        ra: 29.1853006,
        dec: 18.807126,
        jd: 2458789.6376736,
        nid: 1035,
        fid: 2,
        magpsf: 19.384495,
        sigmapsf: 0.16251272,
        candid: 1035137672515015000n,
        objectId: 'ZTF19acmdutq',
        assoc_tag: 'I',
        ssoCandId: 'FF2022aaaaabx',
      },
    ]);
  });

  it('sorts detections by jd and orbits by ssoCandId', async () => {
    await loadSsoCand(layout, [BROKER_SET()], testLog);
    const lc = await sql(`SELECT jd FROM ${table(layout.ssocandLightcurvesFile)}`);
    const jds = lc.map((r) => r.jd as number);
    expect(jds).toEqual([...jds].sort((a, b) => a - b));
    const orbits = await sql(`SELECT ssoCandId FROM ${table(layout.ssocandOrbitsFile)}`);
    const ids = orbits.map((r) => String(r.ssoCandId));
    expect(ids).toEqual([...ids].sort());
  });

  it('stores the fink-fat CLI test set (66 orbits, 422 detections) from the two files given one by one', async () => {
    const s = await loadSsoCand(
      layout,
      [path.join(CLI_SET(), 'orbital.parquet'), path.join(CLI_SET(), 'trajectory_orb.parquet')],
      testLog,
    );
    expect(s).toMatchObject({ storedOrbits: 66, storedDetections: 422 });
    const perId = await sql(
      `SELECT count(*)::INTEGER AS n FROM ${table(layout.ssocandLightcurvesFile)} WHERE ssoCandId = 'FF20200505aaaaaaa'`,
    );
    const source = await sql(
      `SELECT count(*)::INTEGER AS n FROM ${table(path.join(CLI_SET(), 'trajectory_orb.parquet'))} WHERE ssoCandId = 'FF20200505aaaaaaa'`,
    );
    expect(perId[0].n).toBe(source[0].n);
    expect(perId[0].n).toBeGreaterThan(0);
  });

  it('is idempotent: loading the same set again replaces it with the same rows', async () => {
    await loadSsoCand(layout, [CLI_SET()], testLog);
    const before = await sql(`SELECT * FROM ${table(layout.ssocandLightcurvesFile)}`);
    const s = await loadSsoCand(layout, [CLI_SET()], testLog);
    expect(s).toMatchObject({ orbitsAdded: 0, orbitsReplaced: 66, trajectoriesReplaced: 66 });
    expect(s).toMatchObject({ storedOrbits: 66, storedDetections: 422 });
    expect(await sql(`SELECT * FROM ${table(layout.ssocandLightcurvesFile)}`)).toEqual(before);
  });

  it('merges sets by ssoCandId, a newer orbit and trajectory replacing the stored ones', async () => {
    await loadSsoCand(layout, [BROKER_SET()], testLog);
    const merged = await loadSsoCand(layout, [CLI_SET()], testLog);
    expect(merged).toMatchObject({ orbitsAdded: 66, storedOrbits: 671, storedDetections: 4150 });
    // a newer fit of one candidate, with one detection less
    const id = 'FF20200505aaaaaaa';
    const orbitFile = path.join(scratch, 'orbital.parquet');
    const trajFile = path.join(scratch, 'trajectory_orb.parquet');
    await sql(`COPY (SELECT * REPLACE (a + 1 AS a) FROM ${table(path.join(CLI_SET(), 'orbital.parquet'))}
               WHERE ssoCandId = '${id}') TO ${sqlPathLiteral(orbitFile)} (FORMAT parquet)`);
    await sql(`COPY (SELECT * FROM ${table(path.join(CLI_SET(), 'trajectory_orb.parquet'))}
               WHERE ssoCandId = '${id}' ORDER BY jd OFFSET 1) TO ${sqlPathLiteral(trajFile)} (FORMAT parquet)`);
    const s = await loadSsoCand(layout, [scratch], testLog);
    expect(s).toMatchObject({ orbitsReplaced: 1, orbitsAdded: 0, trajectoriesReplaced: 1 });
    expect(s.storedOrbits).toBe(671);
    expect(s.storedDetections).toBe(4149);
    const [stored] = await sql(`SELECT a FROM ${table(layout.ssocandOrbitsFile)} WHERE ssoCandId = '${id}'`);
    const [source] = await sql(
      `SELECT a FROM ${table(path.join(CLI_SET(), 'orbital.parquet'))} WHERE ssoCandId = '${id}'`,
    );
    expect(stored.a).toBeCloseTo((source.a as number) + 1, 12);
  });

  it('gives ids to orbits without one, counting from the stored orbits, and links their detections', async () => {
    await loadSsoCand(layout, [CLI_SET()], testLog);
    // three candidates of the broker set, as fink-fat writes them before naming: trajectory_id, no ssoCandId
    const ids = ['FF2022aaaaaab', 'FF2022aaaaaaa', 'FF2022aaaaaac'];
    const idList = ids.map((i) => `'${i}'`).join(', ');
    const tid = `CASE ssoCandId ${ids.map((i, n) => `WHEN '${i}' THEN ${n + 10}`).join(' ')} END`;
    await sql(`COPY (SELECT * EXCLUDE (ssoCandId, __index_level_0__), ${tid} AS trajectory_id
               FROM ${table(path.join(BROKER_SET(), 'orbital.parquet'))} WHERE ssoCandId IN (${idList}))
               TO ${sqlPathLiteral(path.join(scratch, 'orbital.parquet'))} (FORMAT parquet)`);
    await sql(`COPY (SELECT * EXCLUDE (ssoCandId, __index_level_0__), ${tid} AS trajectory_id
               FROM ${table(path.join(BROKER_SET(), 'trajectory_orb.parquet'))} WHERE ssoCandId IN (${idList}))
               TO ${sqlPathLiteral(path.join(scratch, 'trajectory_orb.parquet'))} (FORMAT parquet)`);
    const s = await loadSsoCand(layout, [scratch], testLog);
    expect(s).toMatchObject({ idsAssigned: 3, orbitsAdded: 3, storedOrbits: 69, detectionsUnlinked: 0 });
    // sorted by ref_epoch (aaaaaaa, aaaaaab, aaaaaac) and numbered from the 66 stored orbits (sso-science §5.4)
    const orbits = await sql(`SELECT ssoCandId, ref_epoch, a FROM ${table(layout.ssocandOrbitsFile)}
                              WHERE ssoCandId LIKE 'FF2019%' ORDER BY ref_epoch`);
    const sources =
      await sql(`SELECT ssoCandId, ref_epoch, a FROM ${table(path.join(BROKER_SET(), 'orbital.parquet'))}
                               WHERE ssoCandId IN (${idList}) ORDER BY ref_epoch`);
    expect(orbits.map((o) => o.a)).toEqual(sources.map((o) => o.a));
    expect(orbits.map((o) => o.ssoCandId)).toEqual(
      sources.map((o, n) => ssoCandId(66 + n, o.ref_epoch as number)),
    );
    expect(orbits[0].ssoCandId).toBe('FF20191105aaaaaco');
    for (const [n, o] of orbits.entries()) {
      const [linked] = await sql(`SELECT count(*)::INTEGER AS n FROM ${table(layout.ssocandLightcurvesFile)}
                                  WHERE ssoCandId = '${o.ssoCandId}'`);
      const [source] =
        await sql(`SELECT count(*)::INTEGER AS n FROM ${table(path.join(BROKER_SET(), 'trajectory_orb.parquet'))}
                                  WHERE ssoCandId = '${sources[n].ssoCandId}'`);
      expect(linked.n).toBe(source.n);
      expect(linked.n).toBeGreaterThan(0);
    }
  });

  it('refuses unusable inputs and leaves the store unchanged', async () => {
    await loadSsoCand(layout, [CLI_SET()], testLog);
    const before = fs.readFileSync(layout.ssocandOrbitsFile);
    const missingColumn = path.join(scratch, 'no-a.parquet');
    await sql(`COPY (SELECT * EXCLUDE (a) FROM ${table(path.join(CLI_SET(), 'orbital.parquet'))})
               TO ${sqlPathLiteral(missingColumn)} (FORMAT parquet)`);
    const badId = path.join(scratch, 'bad-id.parquet');
    await sql(`COPY (SELECT * REPLACE ('12' AS ssoCandId) FROM ${table(path.join(CLI_SET(), 'orbital.parquet'))})
               TO ${sqlPathLiteral(badId)} (FORMAT parquet)`);
    const other = path.join(scratch, 'other.parquet');
    await sql(`COPY (SELECT 1 AS x) TO ${sqlPathLiteral(other)} (FORMAT parquet)`);
    const empty = fs.mkdtempSync(path.join(scratch, 'empty-'));
    const cases: [string, RegExp][] = [
      [path.join(scratch, 'absent'), /does not exist/],
      [empty, /holds neither orbital.parquet nor trajectory_orb.parquet/],
      [missingColumn, /has no column "a"/],
      [badId, /ssoCandId "12", not of the form/],
      [other, /neither a fink-fat orbit file/],
    ];
    for (const [input, message] of cases) {
      const error = await loadSsoCand(layout, [input], testLog).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SsoCandInputError);
      expect((error as Error).message).toMatch(message);
    }
    expect(fs.readFileSync(layout.ssocandOrbitsFile).equals(before)).toBe(true);
    expect(fs.readdirSync(layout.ssocandDir).sort()).toEqual(['lightcurves.parquet', 'orbits.parquet']);
  });
});
