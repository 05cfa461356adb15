/**
 * `skyalert compact` on an LSST store: the nightly parts of simulated LSST alerts are merged into one part in
 * which every diaSource, diaObject, forced source and Solar System detection of the input is found exactly once
 * (ids read from the Avro files with avsc, independently of the ingestion path), sorted by diaObjectId, with a sky
 * index of every alert row; the catalog switches to it, the API answers the same rows as before, and a night
 * published again is taken out of the merged part rather than lost with it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Catalog,
  LSST_PART_FILES,
  LSST_SKY_INDEX_FILE,
  type LsstPartFile,
  readCatalog,
  sqlPathLiteral,
} from '../../data/index.js';
import { ingestFiles } from '../../ingest/index.js';
import { compactStore, publishLsstNight } from '../../ingest/publish/index.js';
import { runSimulateLsst } from '../../ingest/simulate/index.js';
import { createLsstApp } from '../../serve/app.js';
import { LsstStoreReader } from '../../serve/lsst-store-reader.js';
import { type DecodedRecord, readContainer, sub } from '../simulate/lsst-support.js';
import { tempStore, testLog } from '../support/store.js';

const NIGHTS = [20260305, 20260306, 20260307, 20260308];
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'skyalert-lsst-compact-'));
const layout = tempStore('skyalert-lsst-compact-store-');

/** Ids of the input, by table, read from the Avro files. */
const expected: Record<Exclude<LsstPartFile, 'cutouts'>, Set<bigint>> = {
  sources: new Set(),
  objects: new Set(),
  fp: new Set(),
  sso: new Set(),
};
let alertCount = 0;
let nightly: Catalog;
let compacted: Catalog;
let duck: DuckDBInstance;

async function ids(file: string, column: string): Promise<bigint[]> {
  const conn = await duck.connect();
  try {
    const reader = await conn.runAndReadAll(
      `SELECT "${column}" AS id FROM read_parquet(${sqlPathLiteral(file)})`,
    );
    return reader.getRowObjectsJS().map((r) => r.id as bigint);
  } finally {
    conn.closeSync();
  }
}

const isObject = (id: unknown): id is bigint => typeof id === 'bigint' && id !== 0n;

beforeAll(async () => {
  const sim = await runSimulateLsst({
    nights: NIGHTS.length,
    alertsPerNight: 150,
    seed: 21,
    startNight: NIGHTS[0],
    outDir: tmp,
    log: testLog,
  });
  for (const f of sim.files) {
    for (const a of (await readContainer(f)).records as DecodedRecord[]) {
      alertCount++;
      const source = sub(a, 'diaSource');
      if (a.ssSource) expected.sso.add(source.diaSourceId as bigint);
      if (!isObject(source.diaObjectId)) continue;
      expected.sources.add(source.diaSourceId as bigint);
      expected.objects.add(source.diaObjectId);
      for (const h of (a.prvDiaSources as DecodedRecord[] | null) ?? [])
        if (isObject(h.diaObjectId)) expected.sources.add(h.diaSourceId as bigint);
      for (const f of (a.prvDiaForcedSources as DecodedRecord[] | null) ?? [])
        expected.fp.add(f.diaForcedSourceId as bigint);
    }
  }
  // staged, then each night published as `skyalert publish` does it: one nightly part each
  await ingestFiles(layout, [tmp], { ingesterId: 'test', log: testLog, publish: false });
  for (const night of NIGHTS) await publishLsstNight(layout, night, testLog);
  nightly = readCatalog(layout);
  duck = await DuckDBInstance.create(':memory:');
}, 400_000);

afterAll(() => {
  duck?.closeSync();
  fs.rmSync(tmp, { recursive: true, force: true });
  fs.rmSync(layout.root, { recursive: true, force: true });
});

describe('LSST compaction', () => {
  it('merges the nightly parts into one part holding every row of the input exactly once', async () => {
    expect(nightly.parts.map((p) => p.nights)).toEqual(NIGHTS.map((n) => [n]));
    expect(expected.fp.size).toBeGreaterThan(0);
    expect(expected.sso.size).toBeGreaterThan(0);
    const result = await compactStore(layout, testLog, { recentNightsKept: 0 });
    expect(result).toMatchObject({ mergedParts: NIGHTS.length, createdParts: 1 });
    compacted = readCatalog(layout);
    expect(compacted.version).toBe(nightly.version + 1);
    expect(compacted.parts).toHaveLength(1);
    const [part] = compacted.parts;
    expect(part.nights).toEqual(NIGHTS);
    expect(part.rows.alerts).toBe(alertCount);
    // the stamps stay in the nightly parts' files, which the merged part names
    expect(part.cutouts.map((c) => c.part)).toEqual(nightly.parts.map((p) => p.id));
    const keys = {
      sources: 'r:diaSourceId',
      objects: 'r:diaObjectId',
      fp: 'r:diaForcedSourceId',
      sso: 'r:diaSourceId',
    };
    for (const [table, key] of Object.entries(keys) as [keyof typeof expected, string][]) {
      const got = await ids(path.join(layout.partDir(part.id), LSST_PART_FILES[table]), key);
      expect(got.length, table).toBe(expected[table].size);
      expect(new Set(got), table).toEqual(expected[table]);
      expect(part.lsstRows?.[table], table).toBe(got.length);
    }
  }, 120_000);

  it('sorts the merged sources by diaObjectId and indexes every alert row by pixel', async () => {
    const dir = layout.partDir(compacted.parts[0].id);
    const objectIds = await ids(path.join(dir, LSST_PART_FILES.sources), 'r:diaObjectId');
    expect(objectIds).toEqual([...objectIds].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const pixels = await ids(path.join(dir, LSST_SKY_INDEX_FILE), 'v:hpix29');
    expect(pixels).toEqual([...pixels].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const alerts = alertCount - expected.sso.size;
    expect(pixels).toHaveLength(alerts);
  });

  it('serves the same sources, objects and forced photometry of an object as the nightly parts did', async () => {
    const objectId = [...expected.objects][7];
    const answers = async (catalogVersion: Catalog) => {
      fs.writeFileSync(layout.currentPointer, String(catalogVersion.version));
      const reader = await LsstStoreReader.open(layout, testLog);
      try {
        const app = createLsstApp(reader, testLog);
        const out: unknown[] = [];
        for (const route of ['objects', 'sources', 'fp'])
          out.push(await (await app.request(`/api/v1/${route}?diaObjectId=${objectId}`)).json());
        return out;
      } finally {
        reader.close();
      }
    };
    const before = await answers(nightly);
    const after = await answers(compacted);
    expect((before[1] as unknown[]).length).toBeGreaterThan(1);
    expect(after).toEqual(before);
  }, 60_000);

  it('takes a night published again out of the merged part, keeping the other nights', async () => {
    fs.writeFileSync(layout.currentPointer, String(compacted.version));
    await publishLsstNight(layout, NIGHTS[1], testLog);
    const now = readCatalog(layout);
    expect(now.parts.map((p) => p.nights)).toEqual([[NIGHTS[0], NIGHTS[2], NIGHTS[3]], [NIGHTS[1]]]);
    const sources = new Set<bigint>();
    for (const p of now.parts)
      for (const id of await ids(path.join(layout.partDir(p.id), LSST_PART_FILES.sources), 'r:diaSourceId'))
        sources.add(id);
    expect(sources).toEqual(expected.sources);
  }, 60_000);
});
