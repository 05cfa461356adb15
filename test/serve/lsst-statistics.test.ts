/**
 * LSST `/api/v1/statistics` on a store of two real nights (the 25 Rubin alerts of the parquet sample and Fink's 7
 * transferred alerts, test/data/lsst/), adapted from Fink's LSST statistics tests
 * (fink-object-api apps/routes/v1/lsst/statistics/test.py: the rows of a year, the 22 columns of a night, two
 * named columns). Every expected count is computed here from the input files (DuckDB on the parquet, avsc on the
 * Avro container), with Fink's definitions minus its bugs (fink-lsst-api.md §4.4, §7.25).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { avscLsstRecords } from '../support/lsst-avro-records.js';
import { type LsstFixtureApp, lsstSampleSql } from '../support/lsst-fixture-store.js';
import { LSST_FINK_FILE, openLsstTwoNightApp, postJson } from '../support/lsst-two-night-store.js';
import { sql } from '../support/sql.js';
import { parseCsv } from '../support/table-readers.js';
import { testDataPath } from '../support/test-data.js';

const FINK_FILE = testDataPath(...LSST_FINK_FILE);
const FLAGS = ['glint_trail', 'isDipole', 'pixelFlags_cr', 'pixelFlags_saturated', 'pixelFlags_streak'];
const BANDS = ['u', 'g', 'r', 'i', 'z', 'y'];
const VERSIONS = ['fink_broker_version', 'fink_science_version', 'lsst_schema_version'];

/** One input alert, as the test reads it from the files. */
interface InputAlert {
  night: string;
  band: string;
  diaObjectId: string;
  mjdTai: number;
  flags: Record<string, boolean>;
  isSso: boolean;
  isFirst: boolean;
  isCataloged: boolean;
  inTns: boolean;
  versions: Record<string, string | null>;
}

/** Rubin's dayObs (YYYYMMDD at UTC−12 h) of an MJD TAI (TAI − UTC = 37 s in 2026). */
function dayObs(mjdTai: number): string {
  return new Date((mjdTai - 40587) * 86_400_000 - 37_000 - 12 * 3_600_000)
    .toISOString()
    .slice(0, 10)
    .replaceAll('-', '');
}

async function rubinAlerts(): Promise<InputAlert[]> {
  const rows = await sql(`
    SELECT diaSource.band AS band, CAST(diaSource.diaObjectId AS VARCHAR) AS oid,
      diaSource.midpointMjdTai AS mjd, ssSource IS NOT NULL AS sso, lsst_schema_version,
      coalesce(diaObject.nDiaSources = 1, false) AS first,
      ${FLAGS.map((f) => `coalesce(diaSource.${f}, false) AS ${f}`).join(', ')}
    FROM ${lsstSampleSql()}`);
  return rows.map((r) => ({
    night: dayObs(Number(r.mjd)),
    band: String(r.band),
    diaObjectId: String(r.oid),
    mjdTai: Number(r.mjd),
    flags: Object.fromEntries(FLAGS.map((f) => [f, r[f] === true])),
    isSso: r.sso === true,
    // raw Rubin alerts: first when the diaObject has one diaSource; no cross-match, no Fink prediction
    isFirst: r.first === true,
    isCataloged: false,
    inTns: false,
    // Rubin's sample carries lsst_schema_version but not Fink's versions
    versions: Object.fromEntries(VERSIONS.map((v) => [v, (r[v] as string | undefined) ?? null])),
  }));
}

async function finkAlerts(): Promise<InputAlert[]> {
  return (await avscLsstRecords(FINK_FILE)).map((r) => {
    const src = r.diaSource as Record<string, unknown>;
    const pred = r.pred as Record<string, unknown>;
    return {
      night: dayObs(Number(src.midpointMjdTai)),
      band: String(src.band),
      diaObjectId: String(src.diaObjectId),
      mjdTai: Number(src.midpointMjdTai),
      flags: Object.fromEntries(FLAGS.map((f) => [f, src[f] === true])),
      isSso: pred.is_sso === true,
      isFirst: pred.is_first === true,
      isCataloged: pred.is_cataloged === true,
      inTns: typeof (r.xm as Record<string, unknown>).tns_fullname === 'string',
      versions: Object.fromEntries(VERSIONS.map((v) => [v, (r[v] as string | null) ?? null])),
    };
  });
}

/** The expected row of a night: Fink's counters without its bugs, and the versions of its earliest alert. */
function expectedRow(alerts: readonly InputAlert[]): Record<string, unknown> {
  const first = [...alerts].sort((a, b) => a.mjdTai - b.mjdTai)[0];
  return {
    'f:alerts': alerts.length,
    ...Object.fromEntries(BANDS.map((b) => [`f:alerts_${b}`, alerts.filter((a) => a.band === b).length])),
    'f:objects': new Set(alerts.map((a) => a.diaObjectId).filter((id) => id !== '0')).size,
    'f:is_sso': alerts.filter((a) => a.isSso).length,
    'f:is_first': alerts.filter((a) => a.isFirst).length,
    'f:is_cataloged': alerts.filter((a) => a.isCataloged).length,
    'f:in_tns': alerts.filter((a) => a.inTns).length,
    ...Object.fromEntries(FLAGS.map((f) => [`f:${f}`, alerts.filter((a) => a.flags[f]).length])),
    'f:visits': new Set(alerts.map((a) => a.mjdTai)).size,
    ...Object.fromEntries(VERSIONS.map((v) => [`f:${v}`, first.versions[v]])),
  };
}

let fx: LsstFixtureApp;
let byNight: Map<string, InputAlert[]>;

beforeAll(async () => {
  fx = await openLsstTwoNightApp();
  byNight = new Map();
  for (const a of [...(await rubinAlerts()), ...(await finkAlerts())])
    byNight.set(a.night, [...(byNight.get(a.night) ?? []), a]);
}, 120_000);
afterAll(() => fx?.close());

const post = (body: Record<string, unknown>) => postJson(fx.app, '/api/v1/statistics', body);

describe('LSST statistics', () => {
  it('test_stats: one row per night, ascending, with every counter computed from the files', async () => {
    const nights = [...byNight.keys()].sort();
    expect(nights).toHaveLength(2);
    const res = await post({ date: '' });
    expect(res.status).toBe(200);
    const rows = (await res.json()) as Record<string, unknown>[];
    expect(rows.map((r) => r['f:night'])).toEqual(nights);
    rows.forEach((row, i) => {
      expect(row).toMatchObject(expectedRow(byNight.get(nights[i])!));
    });
    // the Fink night carries Fink's versions
    expect(rows.some((r) => r['f:fink_broker_version'] === '4.1')).toBe(true);
  });

  it('test_a_day: one night gives one row of 22 columns with f:night and its alert count', async () => {
    for (const [night, alerts] of byNight) {
      const rows = (await (await post({ date: night })).json()) as Record<string, unknown>[];
      expect(rows).toHaveLength(1);
      expect(Object.keys(rows[0])).toHaveLength(22);
      expect(rows[0]['f:night']).toBe(night);
      expect(rows[0]['f:alerts']).toBe(alerts.length);
    }
  });

  it('selects nights by year, month or day prefix; a prefix without night gives []', async () => {
    for (const night of byNight.keys())
      for (const prefix of [night.slice(0, 4), night.slice(0, 6)]) {
        const rows = (await (await post({ date: prefix })).json()) as Record<string, unknown>[];
        const expected = [...byNight.keys()].filter((n) => n.startsWith(prefix)).sort();
        expect(rows.map((r) => r['f:night'])).toEqual(expected);
      }
    expect(await (await post({ date: '1999' })).json()).toEqual([]);
  });

  it('test_cols: f:night,f:alerts gives exactly those two columns, in csv too; unknown names are ignored', async () => {
    const rows = (await (await post({ date: '', columns: 'f:night,f:alerts,nope' })).json()) as object[];
    expect(rows.map((r) => Object.keys(r))).toEqual(rows.map(() => ['f:night', 'f:alerts']));
    const res = await post({ date: '', columns: 'f:alerts', 'output-format': 'csv' });
    const table = parseCsv(await res.text());
    expect(table[0]).toEqual(['f:night', 'f:alerts']);
    const nights = [...byNight.keys()].sort();
    expect(table.slice(1).filter((r) => r.length > 1)).toEqual(
      nights.map((n) => [n, String(byNight.get(n)!.length)]),
    );
  });

  it('answers a bare GET with its arguments, and bad or missing dates with a 400 JSON error', async () => {
    const listing = await fx.app.request('/api/v1/statistics');
    expect(listing.status).toBe(200);
    expect(JSON.stringify(await listing.json())).toContain('date');
    for (const body of [{ date: '2026-01' }, { columns: 'f:alerts' }, { date: '20260101', bogus: 1 }]) {
      const res = await post(body);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ status: 'error' });
    }
  });
});
