/**
 * LSST object blocks (data/lsst-object-blocks.ts), the one read path of one diaObject's rows and of cones: on a
 * store of simulated LSST alerts with a compacted part and nightly parts (diaObjects spread over several parts),
 * the rows of `objects`, `sources` and `fp` read from the blocks equal, for every diaObject, an independent DuckDB
 * reading of the catalog's parquet files (every column, each key once: the alert's row over a history row, then
 * the newest part; newest first), cones equal a DuckDB reading of the last alerts, and the API answers from them.
 * A store published before the blocks is refused at start, with the command that migrates it; after that command
 * it answers as its parquet files say.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPublish } from '../../bin/commands/publish.js';
import { separationDeg } from '../../compute/sky/index.js';
import {
  LSST_BLOCK_FILES,
  LSST_PART_FILES,
  LSST_SKY_INDEX_FILE,
  readCatalog,
  sqlPathLiteral,
  writeCatalog,
} from '../../data/index.js';
import { FIRST_MJD_KEY, readLastAlertsInBand, readRowsOfObjects } from '../../data/queries/lsst/index.js';
import { ingestFiles } from '../../ingest/index.js';
import { compactStore, publishLsstNight } from '../../ingest/publish/index.js';
import { runSimulateLsst } from '../../ingest/simulate/index.js';
import { createLsstApp } from '../../serve/app.js';
import { LsstStoreReader } from '../../serve/lsst-store-reader.js';
import { StoreFormatError } from '../../serve/store-reader.js';
import { tempStore, testLog } from '../support/store.js';

const NIGHTS = [20260226, 20260227, 20260228, 20260301, 20260302];
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'skyalert-lsst-blocks-'));
const layout = tempStore('skyalert-lsst-blocks-store-');
const TABLES = {
  objects: { key: 'r:diaObjectId', timed: false },
  sources: { key: 'r:diaSourceId', timed: true },
  fp: { key: 'r:diaForcedSourceId', timed: true },
} as const;
type Table = keyof typeof TABLES;

let reader: LsstStoreReader;
let duck: DuckDBInstance;
/** Per table, the expected rows of each diaObject (by its id in decimal), from the parquet files. */
const expected = new Map<Table, Map<string, Record<string, unknown>[]>>();

/** The files of `table` in the catalog's parts, oldest part first, as a DuckDB list. */
function fileList(table: Table): string {
  const files = readCatalog(layout)
    .parts.map((p) => path.join(layout.partDir(p.id), LSST_PART_FILES[table]))
    .filter((f) => fs.existsSync(f));
  return `[${files.map(sqlPathLiteral).join(', ')}]`;
}

/** Rows of a DuckDB query of the test's own. */
async function duckRows(sql: string): Promise<Record<string, unknown>[]> {
  const conn = await duck.connect();
  try {
    return (await conn.runAndReadAll(sql)).getRowObjectsJS();
  } finally {
    conn.closeSync();
  }
}

/** The rows of `table` in the catalog's parts, each key once, by diaObjectId, newest first: read by DuckDB. */
async function readExpected(table: Table): Promise<Map<string, Record<string, unknown>[]>> {
  const list = fileList(table);
  const { key, timed } = TABLES[table];
  const alertFirst = table === 'sources' ? '"v:alert" DESC NULLS LAST, ' : '';
  const order = timed ? `"r:midpointMjdTai" DESC, "${key}" DESC` : '"r:diaObjectId"';
  const rows = await duckRows(`
    SELECT * EXCLUDE (filename) FROM read_parquet(${list}, union_by_name = true, filename = true)
    QUALIFY row_number() OVER (PARTITION BY "${key}" ORDER BY ${alertFirst}list_position(${list}, filename) DESC) = 1
    ORDER BY ${order}`);
  const byObject = new Map<string, Record<string, unknown>[]>();
  for (const row of rows) {
    const oid = String(row['r:diaObjectId']);
    byObject.set(oid, [...(byObject.get(oid) ?? []), row]);
  }
  return byObject;
}

/**
 * Per diaObject, its last alert's source row (`sourceNames`; the latest alert, the newest part's on equal
 * times), its record's `objectNames` (the newest part's) and its first detection time: read by DuckDB.
 */
async function readLastAlerts(
  sourceNames: readonly string[],
  objectNames: readonly string[],
): Promise<Record<string, unknown>[]> {
  const [sources, objects] = [fileList('sources'), fileList('objects')];
  const q = (names: readonly string[], from: string) => names.map((n) => `${from}."${n}"`).join(', ');
  return duckRows(`
    WITH src AS (
      SELECT *, list_position(${sources}, filename) AS rank
      FROM read_parquet(${sources}, union_by_name = true, filename = true)),
    last AS (
      SELECT * FROM src WHERE "v:alert"
      QUALIFY row_number() OVER (PARTITION BY "r:diaObjectId" ORDER BY "r:midpointMjdTai" DESC, rank DESC) = 1),
    first AS (SELECT "r:diaObjectId", min("r:midpointMjdTai") AS first FROM src GROUP BY 1),
    obj AS (
      SELECT * FROM read_parquet(${objects}, union_by_name = true, filename = true)
      QUALIFY row_number() OVER (PARTITION BY "r:diaObjectId" ORDER BY list_position(${objects}, filename) DESC) = 1)
    SELECT ${q(sourceNames, 'last')}, ${q(objectNames, 'obj')}, first.first AS "${FIRST_MJD_KEY}"
    FROM last JOIN first USING ("r:diaObjectId") LEFT JOIN obj USING ("r:diaObjectId")`);
}

beforeAll(async () => {
  const sim = await runSimulateLsst({
    nights: NIGHTS.length,
    alertsPerNight: 120,
    seed: 33,
    startNight: NIGHTS[0],
    outDir: tmp,
    log: testLog,
  });
  expect(sim.files.length).toBeGreaterThan(0);
  await ingestFiles(layout, [tmp], { ingesterId: 'test', log: testLog, publish: false });
  for (const night of NIGHTS) await publishLsstNight(layout, night, testLog);
  // February's three nights merged (March holds the two latest nights), then a merged night published again
  await compactStore(layout, testLog, { recentNightsKept: 2 });
  await publishLsstNight(layout, NIGHTS[1], testLog);
  duck = await DuckDBInstance.create(':memory:');
  for (const table of Object.keys(TABLES) as Table[]) expected.set(table, await readExpected(table));
  reader = await LsstStoreReader.open(layout, testLog);
}, 400_000);

afterAll(() => {
  reader?.close();
  duck?.closeSync();
  fs.rmSync(tmp, { recursive: true, force: true });
  fs.rmSync(layout.root, { recursive: true, force: true });
});

describe('LSST object blocks', () => {
  it('are written for every part of the catalog, merged and nightly', () => {
    const catalog = readCatalog(layout);
    expect(catalog.parts.map((p) => p.nights)).toEqual([
      [NIGHTS[0], NIGHTS[2]],
      [NIGHTS[1]],
      [NIGHTS[3]],
      [NIGHTS[4]],
    ]);
    for (const part of catalog.parts)
      for (const file of Object.values(LSST_BLOCK_FILES))
        expect(fs.existsSync(path.join(layout.partDir(part.id), file)), `${part.id} ${file}`).toBe(true);
    expect(reader.snapshot().blocks).not.toBeNull();
  });

  it('give every diaObject the rows of the parquet files, in their order, for each table', () => {
    const { blocks, tables } = reader.snapshot();
    if (!blocks) throw new Error('the reader holds no object blocks');
    const objects = [...(expected.get('sources')?.keys() ?? [])];
    const spanning = objects.filter((oid) => blocks.find(oid).length > 1);
    expect(objects.length).toBeGreaterThan(50);
    expect(spanning.length).toBeGreaterThan(5);
    for (const table of Object.keys(TABLES) as Table[]) {
      const byObject = expected.get(table) ?? new Map();
      for (const oid of objects) {
        const got = readRowsOfObjects(blocks, table, tables[table], TABLES[table].key, [BigInt(oid)], null);
        expect(got, `${table} of ${oid}`).toEqual(byObject.get(oid) ?? []);
      }
    }
  });

  it('answer a list of ids, a column selection and one exposure time through the API', async () => {
    const app = createLsstApp(reader, testLog);
    const byObject = expected.get('sources') ?? new Map();
    const [a, b] = [...byObject.keys()].filter((oid) => (byObject.get(oid)?.length ?? 0) > 2);
    const rows = await (
      await app.request(`/api/v1/sources?diaObjectId=${a},${b}&columns=r:diaSourceId,r:midpointMjdTai`)
    ).json();
    const want = [...byObject.get(a), ...byObject.get(b)]
      .sort((x, y) => (y['r:midpointMjdTai'] as number) - (x['r:midpointMjdTai'] as number))
      .map((r) => ({
        'r:diaSourceId': Number(r['r:diaSourceId']),
        'r:midpointMjdTai': r['r:midpointMjdTai'],
      }));
    expect(rows).toEqual(want);
    const one = byObject.get(a)[1];
    const at = await (
      await app.request(
        `/api/v1/sources?diaObjectId=${a}&columns=r:diaSourceId&midpointMjdTai=${one['r:midpointMjdTai']}`,
      )
    ).json();
    expect(at).toEqual([{ 'r:diaSourceId': Number(one['r:diaSourceId']) }]);
  });

  it('give the cones of the parquet files: the last alert, first detection and record of each diaObject', async () => {
    const { blocks, tables } = reader.snapshot();
    if (!blocks) throw new Error('the reader holds no object blocks');
    const sourceNames = tables.sources.columns.map((c) => c.name);
    const objectNames = tables.objects.columns.map((c) => c.name).filter((n) => !sourceNames.includes(n));
    const byId = (rows: Record<string, unknown>[]) =>
      [...rows].sort((a, b) => ((a['r:diaSourceId'] as bigint) < (b['r:diaSourceId'] as bigint) ? -1 : 1));
    const all = await readLastAlerts(sourceNames, objectNames);
    const centres = [...(expected.get('sources')?.values() ?? [])].slice(0, 6).map((rows) => rows[0]);
    let found = 0;
    for (const [i, centre] of centres.entries()) {
      const decDeg = centre['r:dec'] as number;
      const radiusDeg = 10;
      const band = {
        cone: { raDeg: centre['r:ra'] as number, decDeg, radiusDeg },
        decMinDeg: decDeg - radiusDeg,
        decMaxDeg: decDeg + radiusDeg,
        // every other cone within a window of first detections
        firstMjdMin: i % 2 ? (centre['r:midpointMjdTai'] as number) - 1.5 : Number.NEGATIVE_INFINITY,
        firstMjdMax: Number.POSITIVE_INFINITY,
      };
      const want = all.filter((r) => (r[FIRST_MJD_KEY] as number) >= band.firstMjdMin);
      const got = readLastAlertsInBand(
        blocks,
        tables.sources,
        tables.objects,
        sourceNames,
        objectNames,
        band,
      );
      // the blocks leave out candidates none of whose alerts can be in the cone: the cone's rows are the same
      const inCone = (rows: Record<string, unknown>[]) =>
        byId(
          rows.filter(
            (r) =>
              separationDeg(band.cone.raDeg, decDeg, r['r:ra'] as number, r['r:dec'] as number) <= radiusDeg,
          ),
        );
      expect(inCone(got), `cone ${i}`).toEqual(inCone(want));
      found += inCone(want).length;
    }
    expect(found).toBeGreaterThan(10);
  });
});

describe('an LSST catalog version whose object index cannot be loaded', () => {
  it('answers 503 with the reason on the routes that read blocks, until a good version is published', async () => {
    const before = readCatalog(layout);
    const [oid] = [...(expected.get('sources')?.keys() ?? [])];
    const { 'r:ra': ra, 'r:dec': dec } = expected.get('sources')?.get(oid)?.[0] ?? {};
    const urls = [
      `/api/v1/objects?diaObjectId=${oid}`,
      `/api/v1/sources?diaObjectId=${oid}&output-format=csv`,
      `/api/v1/fp?diaObjectId=${oid}`,
      `/api/v1/conesearch?ra=${ra}&dec=${dec}&radius=5`,
    ];
    const app = createLsstApp(reader, testLog);
    for (const url of urls) expect((await app.request(url)).status, url).toBe(200);
    writeCatalog(layout, { ...before, version: before.version + 1, objectIndex: 'index/missing.parquet' });
    await reader.refresh();
    expect(reader.current().version).toBe(before.version + 1);
    for (const url of urls) {
      const res = await app.request(url);
      expect(res.status, url).toBe(503);
      expect(await res.json()).toEqual({
        status: 'error',
        text: expect.stringMatching(
          /object blocks of catalog version \d+ could not be loaded.*--all --force/,
        ),
      });
    }
    writeCatalog(layout, { ...before, version: before.version + 2 });
    await reader.refresh();
    for (const url of urls) expect((await app.request(url)).status, url).toBe(200);
  });
});

describe('an LSST reader opened without its object blocks (a heavy-request thread)', () => {
  it('describes every table, holds no blocks, and answers 503 saying so on the routes that read them', async () => {
    const light = await LsstStoreReader.open(layout, testLog, { objectBlocks: false });
    try {
      const snap = light.snapshot();
      expect(snap.catalog.version).toBe(reader.current().version);
      expect(Object.keys(snap.tables).sort()).toEqual(Object.keys(reader.snapshot().tables).sort());
      expect(snap.blocks).toBeNull();
      const [oid] = [...(expected.get('objects')?.keys() ?? [])];
      const res = await createLsstApp(light, testLog).request(`/api/v1/objects?diaObjectId=${oid}`);
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({
        status: 'error',
        text: expect.stringContaining('heavy-request thread'),
      });
    } finally {
      light.close();
    }
  });
});

describe('an LSST store published before the object blocks', () => {
  it('is refused at start, saying how to migrate, and answers as its parquet files once migrated', async () => {
    // the parts as written before the blocks: no blocks files, no sky index, a catalog without object index
    const before = readCatalog(layout);
    for (const part of before.parts)
      for (const file of [...Object.values(LSST_BLOCK_FILES), LSST_SKY_INDEX_FILE])
        fs.rmSync(path.join(layout.partDir(part.id), file), { force: true });
    writeCatalog(layout, { ...before, version: before.version + 1, objectIndex: null });
    const refused =
      /part\(s\) \(nights \d+-\d+\) have no LSST object blocks.*publish --store DIR --all --force/s;
    await expect(LsstStoreReader.open(layout, testLog)).rejects.toThrow(StoreFormatError);
    await expect(LsstStoreReader.open(layout, testLog)).rejects.toThrow(refused);
    // the server in use keeps its version (it refuses the new one: logged)
    await reader.refresh().catch((err: unknown) => expect(err).toBeInstanceOf(StoreFormatError));
    expect(reader.current().version).toBe(before.version);
    // `publish --all` alone leaves published nights as they are: it does not migrate
    expect(await runPublish({ store: layout.root, all: true }, testLog)).toBe(0);
    await expect(LsstStoreReader.open(layout, testLog)).rejects.toThrow(refused);
    // the command the message names rewrites every part
    expect(await runPublish({ store: layout.root, all: true, force: true }, testLog)).toBe(0);
    const migrated = readCatalog(layout);
    expect(new Set(migrated.parts.flatMap((p) => p.nights))).toEqual(new Set(NIGHTS));
    const fresh = await LsstStoreReader.open(layout, testLog);
    try {
      const { blocks, tables } = fresh.snapshot();
      if (!blocks) throw new Error('the migrated store holds no object blocks');
      for (const table of Object.keys(TABLES) as Table[]) {
        const byObject = await readExpected(table);
        expect(byObject.size).toBeGreaterThan(50);
        for (const [oid, rows] of byObject)
          expect(
            readRowsOfObjects(blocks, table, tables[table], TABLES[table].key, [BigInt(oid)], null),
            `${table} of ${oid}`,
          ).toEqual(rows);
      }
      const app = createLsstApp(fresh, testLog);
      const [oid, rows] = [...(await readExpected('sources'))][0];
      const answer = await (
        await app.request(`/api/v1/sources?diaObjectId=${oid}&columns=r:diaSourceId`)
      ).json();
      expect(answer).toEqual(rows.map((r) => ({ 'r:diaSourceId': Number(r['r:diaSourceId']) })));
    } finally {
      fresh.close();
    }
  }, 400_000);
});
