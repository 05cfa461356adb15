/**
 * Backfills of many small nights: the real export of 30 asteroids (Fink API format; its first 25 nights, ~3
 * months, to keep the test short). Publication records the staged-content version it published per night, so
 * `publish --all` publishes only nights staged since (by any process), and small nights are published whole months
 * at a time: one part and one catalog switch per group, serving the same rows as the input file.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runPublish } from '../../bin/commands/publish.js';
import type { StoreLayout } from '../../data/index.js';
import { type Catalog, readCatalog } from '../../data/index.js';
import { ingestFiles } from '../../ingest/index.js';
import {
  GROUP_NIGHTS,
  planPublicationGroups,
  publishNights,
  unpublishedNights,
} from '../../ingest/publish/index.js';
import { type PublishResult, publishNight } from '../../ingest/publish/publish-night.js';
import { createApp } from '../../serve/app.js';
import { StoreReader } from '../../serve/store-reader.js';
import { sql } from '../support/sql.js';
import { tempStore, testLog } from '../support/store.js';
import { testDataPath } from '../support/test-data.js';

const MPC_EXAMPLE = () => testDataPath('sso', 'fink-fat_mpc_example_30sso.parquet');
/** Nights of the export taken (night = UTC date of jd, as YYYYMMDD). */
const NIGHTS = 25;
const NIGHT_OF_JD = `strftime(to_timestamp(("i:jd" - 2440587.5) * 86400), '%Y%m%d')::INT`;

/** The export's rows of its first NIGHTS nights where `where` holds, with their night. */
function rows(where = 'true'): string {
  return `SELECT * FROM (SELECT *, ${NIGHT_OF_JD} AS night FROM read_parquet('${MPC_EXAMPLE()}'))
    WHERE (${where}) AND night <= (SELECT max(night) FROM (SELECT DISTINCT ${NIGHT_OF_JD} AS night
      FROM read_parquet('${MPC_EXAMPLE()}') ORDER BY night LIMIT ${NIGHTS}))`;
}

/** Writes the export's rows where `where` holds as an API export parquet file; returns its path. */
async function exportFile(dir: string, name: string, where = 'true'): Promise<string> {
  const file = path.join(dir, name);
  await sql(`COPY (SELECT * EXCLUDE (night) FROM (${rows(where)})) TO '${file}' (FORMAT parquet)`);
  return file;
}

/** Distinct nights of the input rows where `where` holds, in order. */
async function inputNights(where = 'true'): Promise<number[]> {
  const found = await sql(`SELECT DISTINCT night FROM (${rows(where)}) ORDER BY night`);
  return found.map((r) => Number(r.night));
}

const stores: StoreLayout[] = [];
function store(): StoreLayout {
  const layout = tempStore();
  stores.push(layout);
  return layout;
}
afterAll(() => {
  for (const s of stores) fs.rmSync(s.root, { recursive: true, force: true });
});

/** Runs `skyalert publish --all` on a store; returns what it printed. */
async function publishAllCommand(layout: StoreLayout): Promise<string> {
  const printed: string[] = [];
  const spy = vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => {
    printed.push(args.join(' '));
  });
  try {
    expect(await runPublish({ store: layout.root, all: true }, testLog)).toBe(0);
  } finally {
    spy.mockRestore();
  }
  return printed.join('\n');
}

describe('publication of what is staged and not published', () => {
  const layout = store();
  let even: string;
  let odd: string;
  beforeAll(async () => {
    even = await exportFile(layout.root, 'even.parquet', '"i:candid" % 2 = 0');
    odd = await exportFile(layout.root, 'odd.parquet', '"i:candid" % 2 = 1');
  });

  it('publishes nothing with publish --all after an ingestion, and says so', async () => {
    const s = await ingestFiles(layout, [even], { ingesterId: 'a', log: testLog, publish: true });
    expect(s.nights).toEqual(await inputNights('"i:candid" % 2 = 0'));
    expect(s.published).toEqual(s.nights);
    const version = readCatalog(layout).version;
    expect(unpublishedNights(layout)).toEqual([]);
    expect(await publishAllCommand(layout)).toBe(
      `publish: nothing to publish (${s.nights.length} nights staged, all already published; --force publishes them again)`,
    );
    expect(readCatalog(layout).version).toBe(version);
  });

  it('sees the same alerts staged again as unchanged, and new alerts of a night as a change', async () => {
    const again = await ingestFiles(layout, [even], { ingesterId: 'a', log: testLog });
    expect(again.staged).toBe(0);
    expect(again.duplicates).toBe(again.read);
    expect(unpublishedNights(layout)).toEqual([]);
    // the other half of the alerts: new ones in nights already published, and nights never seen
    const more = await ingestFiles(layout, [odd], { ingesterId: 'a', log: testLog });
    const oddNights = await inputNights('"i:candid" % 2 = 1');
    expect(more.staged).toBe(more.read);
    expect(unpublishedNights(layout)).toEqual(oddNights);
    const evenNights = await inputNights('"i:candid" % 2 = 0');
    expect(oddNights.some((n) => evenNights.includes(n))).toBe(true);
    const version = readCatalog(layout).version;
    const printed = await publishAllCommand(layout);
    const unchanged = (await inputNights()).length - oddNights.length;
    expect(printed).toMatch(
      new RegExp(
        `^publish: ${oddNights.length} nights, \\d+ alerts published in .* \\(${unchanged} unchanged`,
      ),
    );
    expect(readCatalog(layout).version).toBeGreaterThan(version);
    expect(unpublishedNights(layout)).toEqual([]);
    const [input] = await sql(`SELECT count(*)::INT AS n FROM (${rows()})`);
    const raw = Object.values(readCatalog(layout).statistics).reduce((t, s) => t + (s['basic:raw'] ?? 0), 0);
    expect(raw).toBe(input.n);
  });
});

/** A detection as served or as read from the input file. */
interface Detection {
  readonly candid: string;
  readonly objectId: string;
  readonly jd: number;
  readonly fid: number;
  readonly magpsf: number;
  readonly raDeg: number;
  readonly decDeg: number;
}

/** The detections served for `objectIds` by `/api/v1/objects`, sorted by candid. */
async function servedRows(layout: StoreLayout, objectIds: readonly string[]): Promise<Detection[]> {
  const reader = await StoreReader.open(layout, testLog);
  const app: Hono = createApp(reader, testLog);
  try {
    const out: Detection[] = [];
    for (let i = 0; i < objectIds.length; i += 200) {
      const ids = objectIds.slice(i, i + 200).join(',');
      const res = await app.request(`/api/v1/objects?objectId=${ids}`);
      expect(res.status).toBe(200);
      // candids are 64-bit: read as text
      const text = (await res.text()).replace(/"i:candid":(\d+)/g, '"i:candid":"$1"');
      for (const r of JSON.parse(text) as Record<string, unknown>[])
        out.push({
          candid: String(r['i:candid']),
          objectId: String(r['i:objectId']),
          jd: Number(r['i:jd']),
          fid: Number(r['i:fid']),
          magpsf: Number(r['i:magpsf']),
          raDeg: Number(r['i:ra']),
          decDeg: Number(r['i:dec']),
        });
    }
    return out.sort((a, b) => a.candid.localeCompare(b.candid));
  } finally {
    reader.close();
  }
}

/** The detections of an input file, read independently (DuckDB on the parquet file), sorted by candid. */
async function inputDetections(file: string): Promise<Detection[]> {
  return (
    await sql(
      `SELECT "i:candid"::VARCHAR AS candid, "i:objectId" AS objectId, "i:jd" AS jd, "i:fid"::INT AS fid,
              "i:magpsf" AS magpsf, "i:ra" AS raDeg, "i:dec" AS decDeg FROM read_parquet('${file}')`,
    )
  )
    .map((r) => r as unknown as Detection)
    .sort((a, b) => a.candid.localeCompare(b.candid));
}

/** Checks served detections against the input's: same alerts, same values (magpsf is a 32-bit float in ZTF). */
function expectSameDetections(served: readonly Detection[], input: readonly Detection[]): void {
  expect(served.map((d) => [d.candid, d.objectId, d.fid])).toEqual(
    input.map((d) => [d.candid, d.objectId, d.fid]),
  );
  for (let i = 0; i < input.length; i++) {
    expect(served[i].jd).toBe(input[i].jd);
    expect(Math.fround(served[i].magpsf)).toBe(Math.fround(input[i].magpsf));
    // 1e-9 deg = 4 µas
    expect(served[i].raDeg).toBeCloseTo(input[i].raDeg, 9);
    expect(served[i].decDeg).toBeCloseTo(input[i].decDeg, 9);
  }
}

describe('a backfill of many small nights', () => {
  const grouped = store();
  const single = store();
  let nights: number[];
  let input: string;
  let published: PublishResult[];

  beforeAll(async () => {
    input = await exportFile(grouped.root, 'export.parquet');
    for (const layout of [grouped, single])
      nights = (await ingestFiles(layout, [input], { ingesterId: 'b', log: testLog })).nights;
    published = (await publishNights(grouped, nights, testLog)).published;
  });

  it('publishes whole months of small nights together, in one part and one catalog switch per group', async () => {
    expect(nights).toEqual(await inputNights());
    const versions: Catalog[] = [];
    expect(published.map((r) => r.night)).toEqual(nights);
    const months = [...new Set(nights.map((n) => Math.floor(n / 100)))];
    expect(months.length).toBeGreaterThan(1);
    const catalog = readCatalog(grouped);
    for (let v = 1; v <= catalog.version; v++)
      versions.push(JSON.parse(fs.readFileSync(grouped.catalogFile(v), 'utf8')) as Catalog);
    // the 25 nights (a few tens of alerts each, no stamps) are one group: one switch adding them all at once
    expect(nights.length).toBeLessThanOrEqual(GROUP_NIGHTS);
    expect(versions.length).toBe(1);
    expect(Object.keys(versions[0].statistics).map(Number).sort()).toEqual(nights);
    expect(catalog.parts.length).toBe(1);
    expect(catalog.parts[0].nights).toEqual(nights);
  });

  it('splits a backfill into groups of whole months of at most GROUP_NIGHTS nights', () => {
    const groups = planPublicationGroups(grouped, nights);
    expect(groups).toEqual([nights]);
    // with room for fewer nights per group, whole months are never split (they are far below GROUP_BYTES)
    const monthNights = (month: number) => nights.filter((n) => Math.floor(n / 100) === month);
    const smaller = planPublicationGroups(grouped, nights, 12);
    expect(smaller.length).toBeGreaterThan(1);
    expect(smaller.flat()).toEqual(nights);
    for (const group of smaller) {
      const groupMonths = [...new Set(group.map((n) => Math.floor(n / 100)))];
      expect(group).toEqual(groupMonths.flatMap(monthNights));
      expect(group.length <= 12 || groupMonths.length === 1).toBe(true);
    }
  });

  it('serves the rows of the input file, as publishing the nights one by one does', async () => {
    // one at a time: the nights of the last two months (7 of the 25 nights, across a year boundary; ~0.35 s of
    // fixed cost per publication)
    const months = [...new Set(nights.map((n) => Math.floor(n / 100)))].slice(-2);
    const singly = nights.filter((n) => months.includes(Math.floor(n / 100)));
    expect(singly.length).toBeGreaterThan(1);
    expect(singly.length).toBeLessThan(nights.length);
    for (const night of singly) await publishNight(single, night, testLog);
    expect(readCatalog(single).version).toBe(singly.length);
    const expected = await inputDetections(input);
    const objectIds = [...new Set(expected.map((r) => r.objectId))].sort();
    expectSameDetections(await servedRows(grouped, objectIds), expected);
    // the night of an input row: the UTC date of its jd, as YYYYMMDD
    const nightOf = (jd: number) =>
      Number(new Date((jd - 2440587.5) * 86_400_000).toISOString().slice(0, 10).replaceAll('-', ''));
    const expectedSingly = expected.filter((d) => singly.includes(nightOf(d.jd)));
    expect(expectedSingly.length).toBeGreaterThan(0);
    expectSameDetections(await servedRows(single, objectIds), expectedSingly);
    // the statistics rows count the input's alerts per night
    const perNight = await sql(`SELECT night, count(*)::INT AS n FROM (${rows()}) GROUP BY night`);
    for (const [layout, published] of [
      [grouped, nights],
      [single, singly],
    ] as const) {
      const stats = readCatalog(layout).statistics;
      expect(Object.keys(stats).map(Number).sort()).toEqual(published);
      for (const { night, n } of perNight)
        if (published.includes(Number(night))) expect(stats[String(night)]['basic:raw']).toBe(n);
    }
  }); // publishes the 422 nights one at a time (~40 s alone, more beside the Kafka group)
});

/** Per night of a store's staging: whether the night has its own file and whether its rows are shared (marker). */
function stagingKinds(layout: StoreLayout, nights: readonly number[], ingester: string) {
  return nights.map((night) => ({
    night,
    own: fs.existsSync(layout.stagingFile(night, ingester)),
    shared: fs.existsSync(path.join(layout.stagingNightDir(night), `${ingester}.shared`)),
    version: fs.existsSync(path.join(layout.stagingNightDir(night), `${ingester}.version`)),
  }));
}

describe('staging of a backfill of small nights', () => {
  it("stages small nights in one file per month, their rows with their night, each night's version beside", async () => {
    const layout = store();
    const input = await exportFile(layout.root, 'export.parquet');
    const { nights } = await ingestFiles(layout, [input], { ingesterId: 'm', log: testLog });
    const months = [...new Set(nights.map((n) => Math.floor(n / 100)))];
    for (const kind of stagingKinds(layout, nights, 'm'))
      expect(kind).toEqual({ night: kind.night, own: false, shared: true, version: true });
    const perNight = await sql(
      `SELECT night, count(*)::INT AS n FROM (${rows()}) GROUP BY night ORDER BY night`,
    );
    const staged: { night: number; n: number }[] = [];
    for (const month of months) {
      const file = layout.stagingMonthFile(month, 'm');
      staged.push(
        ...(
          await sql(
            `ATTACH '${file}' AS s (READ_ONLY); SELECT night, count(*)::INT AS n FROM s.alerts GROUP BY night ORDER BY night`,
          )
        ).map((r) => ({ night: Number(r.night), n: Number(r.n) })),
      );
    }
    expect(staged).toEqual(perNight.map((r) => ({ night: Number(r.night), n: Number(r.n) })));
  });

  it('gives a night that fills its first batch a file of its own, beside the shared ones, and serves every row', async () => {
    const layout = store();
    const input = await exportFile(layout.root, 'export.parquet');
    // batches of 40 alerts: nights with at least 5 of their alerts in the batch they start in get their own file
    const s = await ingestFiles(layout, [input], {
      ingesterId: 'x',
      log: testLog,
      publish: true,
      batchSize: 40,
    });
    const kinds = stagingKinds(layout, s.nights, 'x');
    expect(kinds.every((k) => k.own !== k.shared && k.version)).toBe(true);
    expect(kinds.some((k) => k.own)).toBe(true);
    expect(kinds.some((k) => k.shared)).toBe(true);
    expect(s.published).toEqual(s.nights);
    expect(unpublishedNights(layout)).toEqual([]);
    const expected = await inputDetections(input);
    expectSameDetections(
      await servedRows(layout, [...new Set(expected.map((r) => r.objectId))].sort()),
      expected,
    );
    // staged again (its files reopened): duplicates only, nothing to publish
    const again = await ingestFiles(layout, [input], { ingesterId: 'x', log: testLog, batchSize: 40 });
    expect(again.duplicates).toBe(again.read);
    expect(stagingKinds(layout, s.nights, 'x')).toEqual(kinds);
    expect(unpublishedNights(layout)).toEqual([]);
  });
});
