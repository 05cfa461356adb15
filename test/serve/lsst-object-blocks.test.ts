/**
 * LSST object blocks (data/lsst-object-blocks.ts): on a store of simulated LSST alerts with a compacted part and
 * nightly parts (diaObjects spread over several parts), the rows of `objects`, `sources` and `fp` read from the
 * blocks equal, for every diaObject, an independent DuckDB reading of the catalog's parquet files (every column,
 * each key once: the alert's row over a history row, then the newest part; newest first), and the API answers
 * from them.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { separationDeg } from '../../compute/sky/index.js';
import { LSST_BLOCK_FILES, LSST_PART_FILES, readCatalog, sqlPathLiteral } from '../../data/index.js';
import {
  FIRST_MJD_KEY,
  readLastAlertsInBand,
  readLastAlertsInBandFromBlocks,
  readRowsOfObjectsFromBlocks,
} from '../../data/queries/lsst/index.js';
import { ingestFiles } from '../../ingest/index.js';
import { compactStore, publishLsstNight } from '../../ingest/publish/index.js';
import { runSimulateLsst } from '../../ingest/simulate/index.js';
import { createLsstApp } from '../../serve/app.js';
import { LsstStoreReader } from '../../serve/lsst-store-reader.js';
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

/** The rows of `table` in the catalog's parts, each key once, by diaObjectId, newest first: read by DuckDB. */
async function readExpected(table: Table): Promise<Map<string, Record<string, unknown>[]>> {
  const files = readCatalog(layout)
    .parts.map((p) => path.join(layout.partDir(p.id), LSST_PART_FILES[table]))
    .filter((f) => fs.existsSync(f));
  const list = `[${files.map(sqlPathLiteral).join(', ')}]`;
  const { key, timed } = TABLES[table];
  const alertFirst = table === 'sources' ? '"v:alert" DESC NULLS LAST, ' : '';
  const order = timed ? `"r:midpointMjdTai" DESC, "${key}" DESC` : '"r:diaObjectId"';
  const conn = await duck.connect();
  try {
    const rows = (
      await conn.runAndReadAll(`
        SELECT * EXCLUDE (filename) FROM read_parquet(${list}, union_by_name = true, filename = true)
        QUALIFY row_number() OVER (PARTITION BY "${key}" ORDER BY ${alertFirst}list_position(${list}, filename) DESC) = 1
        ORDER BY ${order}`)
    ).getRowObjectsJS();
    const byObject = new Map<string, Record<string, unknown>[]>();
    for (const row of rows) {
      const oid = String(row['r:diaObjectId']);
      byObject.set(oid, [...(byObject.get(oid) ?? []), row]);
    }
    return byObject;
  } finally {
    conn.closeSync();
  }
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
        const got = readRowsOfObjectsFromBlocks(
          blocks,
          table,
          tables[table],
          TABLES[table].key,
          [BigInt(oid)],
          null,
        );
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
    const query = (sql: string, params: Parameters<typeof reader.query>[1]) => reader.query(sql, params);
    const sourceNames = tables.sources.columns.map((c) => c.name);
    const objectNames = tables.objects.columns.map((c) => c.name).filter((n) => !sourceNames.includes(n));
    const byId = (rows: Record<string, unknown>[]) =>
      [...rows].sort((a, b) => ((a['r:diaSourceId'] as bigint) < (b['r:diaSourceId'] as bigint) ? -1 : 1));
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
      const want = await readLastAlertsInBand(
        query,
        tables.sources,
        tables.objects,
        sourceNames,
        objectNames,
        band,
      );
      const got = await readLastAlertsInBandFromBlocks(
        query,
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
      expect(inCone(got ?? []), `cone ${i}`).toEqual(inCone(want));
      expect((got ?? []).length).toBeLessThanOrEqual(want.length);
      found += inCone(want).length;
      expect(want.every((r) => typeof r[FIRST_MJD_KEY] === 'number')).toBe(true);
    }
    expect(found).toBeGreaterThan(10);
  });
});
