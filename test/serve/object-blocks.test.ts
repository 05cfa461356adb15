/**
 * Object blocks: publication writes them for every part, the server answers `objects` and `cutouts` from them
 * exactly as the DuckDB path does (the oracle: a second reader with blocks turned off), compaction and GC carry
 * them, and a store published before they existed is served through DuckDB until republication or compaction
 * gives its parts blocks.
 */
import fs from 'node:fs';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeCatalog } from '../../data/catalog.js';
import {
  decodeObjectBlock,
  encodeObjectBlock,
  OBJECT_BLOCKS_FILE,
  OBJECT_BLOCKS_INDEX_FILE,
} from '../../data/object-blocks.js';
import { SKY_BLOCKS_FILE, SKY_RECORD_BYTES } from '../../data/sky-blocks.js';
import { compactStore } from '../../ingest/publish/compact.js';
import { preparedTextsOf } from '../../ingest/publish/prepared-texts.js';
import { publishNight } from '../../ingest/publish/publish-night.js';
import { locateReferencedBlocks } from '../../serve/alert-ref-reads.js';
import { createApp } from '../../serve/app.js';
import { objectReads } from '../../serve/object-reads.js';
import { StoreReader } from '../../serve/store-reader.js';
import { allPartFiles, type ServedStore, simulatedStore, storeRows } from '../support/serve-stores.js';
import { testLog } from '../support/store.js';

const text = async (app: Hono, url: string): Promise<string> => {
  const res = await app.request(url);
  expect(res.status).toBe(200);
  return res.text();
};

describe('object blocks', () => {
  let store: ServedStore;
  let oracle: StoreReader;
  let oracleApp: Hono;
  let ids: string[];
  /** Answers of the DuckDB path, by URL, taken before any change to the store. */
  const expected = new Map<string, string>();

  const objectUrls = (): string[] => [
    ...ids.map((id) => `/api/v1/objects?objectId=${id}&withupperlim=true`),
    // full mode in JSON: the blocks' prepared texts
    ...ids.map((id) => `/api/v1/objects?objectId=${id}`),
    `/api/v1/objects?objectId=${ids.slice(0, 30).join(',')}`,
    `/api/v1/objects?objectId=${ids[1].slice(0, 7)}`,
    ...ids.slice(0, 10).map((id) => `/api/v1/objects?objectId=${id}&withcutouts=true&cutout-kind=Difference`),
    ...ids.slice(0, 10).map((id) => `/api/v1/objects?objectId=${id}&columns=i:jd,i:magpsf&output-format=csv`),
    `/api/v1/objects?objectId=${ids[0].slice(0, 6)}`,
    `/api/v1/objects?objectId=${ids.slice(0, 5).join(',')}&withupperlim=true`,
  ];
  const cutoutUrls = (): string[] =>
    ids
      .slice(0, 15)
      .flatMap((id) => [
        `/api/v1/cutouts?objectId=${id}&kind=Science&output-format=FITS`,
        `/api/v1/cutouts?objectId=${id}&candid=all&kind=Template&output-format=array`,
      ]);

  /** Paths the app's reader takes for every id. */
  async function pathsOf(reader: StoreReader): Promise<Set<string>> {
    const snap = reader.snapshot();
    const paths = new Set<string>();
    for (const id of ids) paths.add((await objectReads(reader, snap, id)).path);
    return paths;
  }

  /** Number of ids whose alerts `reader` has prepared JSON texts for. */
  async function textsServed(reader: StoreReader): Promise<number> {
    const snap = reader.snapshot();
    let n = 0;
    for (const id of ids) if ((await objectReads(reader, snap, id)).alertTexts() !== null) n++;
    return n;
  }

  /**
   * Rewrites every part's blocks in format 1 (no prepared texts), as a store published before format 2 holds
   * them: new `objects.bin` offsets in the parts' and the catalog's object indexes, parts without a format.
   */
  async function rewriteBlocksAsFormat1(): Promise<void> {
    const before = store.reader.current();
    const moved: { objectId: string; part: string; offset: number; length: number }[] = [];
    for (const part of before.parts) {
      const dir = store.layout.partDir(part.id);
      const located = await storeRows(
        store,
        `SELECT objectId, block_offset, block_length FROM read_parquet('${path.join(dir, OBJECT_BLOCKS_INDEX_FILE)}') ORDER BY block_offset`,
      );
      const old = fs.readFileSync(path.join(dir, OBJECT_BLOCKS_FILE));
      const out: Buffer[] = [];
      let offset = 0;
      for (const r of located) {
        const at = Number(r.block_offset);
        const v1 = encodeObjectBlock(decodeObjectBlock(old.subarray(at, at + Number(r.block_length)), 2), 1);
        moved.push({ objectId: String(r.objectId), part: part.id, offset, length: v1.length });
        out.push(v1);
        offset += v1.length;
      }
      fs.writeFileSync(path.join(dir, OBJECT_BLOCKS_FILE), Buffer.concat(out));
    }
    const values = moved.map((m) => `('${m.objectId}', '${m.part}', ${m.offset}, ${m.length})`).join(', ');
    const index = path.join('index', 'objects-format1.parquet');
    await storeRows(
      store,
      `COPY (SELECT * FROM (VALUES ${values}) t(objectId, part, block_offset, block_length))
       TO '${path.join(store.layout.root, index)}' (FORMAT parquet)`,
    );
    const parts = before.parts.map(({ objectBlockFormat: _, ...p }) => p);
    writeCatalog(store.layout, { ...before, version: before.version + 1, parts, objectIndex: index });
    await store.reader.refresh();
  }

  /** Compares the answers of `app` with the oracle's: all of them, or every `step`-th. */
  async function expectSameAnswers(app: Hono, step = 1): Promise<void> {
    const all = [...expected];
    for (let i = 0; i < all.length; i += step) expect(await text(app, all[i][0]), all[i][0]).toBe(all[i][1]);
  }

  beforeAll(async () => {
    store = await simulatedStore();
    oracle = await StoreReader.open(store.layout, testLog, { objectBlocks: false });
    oracleApp = createApp(oracle, testLog);
    const index = path.join(store.layout.root, store.reader.current().objectIndex!);
    ids = (await storeRows(store, `SELECT DISTINCT objectId FROM read_parquet('${index}') ORDER BY 1`)).map(
      (r) => String(r.objectId),
    );
    for (const url of [...objectUrls(), ...cutoutUrls()]) expected.set(url, await text(oracleApp, url));
  }, 120_000);
  afterAll(() => {
    oracle?.close();
    store?.close();
  });

  it('are written for every part and located by the object index', async () => {
    const catalog = store.reader.current();
    expect(catalog.parts.length).toBe(3);
    for (const part of catalog.parts) {
      expect(fs.statSync(path.join(store.layout.partDir(part.id), OBJECT_BLOCKS_FILE)).size).toBeGreaterThan(
        0,
      );
      expect(fs.existsSync(path.join(store.layout.partDir(part.id), OBJECT_BLOCKS_INDEX_FILE))).toBe(true);
      // and the sky blocks of cone searches, one 64-byte record per valid alert of the part
      const sky = path.join(store.layout.partDir(part.id), SKY_BLOCKS_FILE);
      expect(store.reader.skyBlocks()?.has(sky)).toBe(true);
      const [alerts] = await storeRows(
        store,
        `SELECT count(*) AS n FROM read_parquet('${path.join(store.layout.partDir(part.id), 'alerts.parquet')}')`,
      );
      expect(Math.floor(fs.statSync(sky).size / SKY_RECORD_BYTES)).toBeGreaterThanOrEqual(Number(alerts.n));
    }
    expect(oracle.skyBlocks()).toBeNull();
    const index = path.join(store.layout.root, catalog.objectIndex!);
    const [row] = await storeRows(
      store,
      `SELECT count(*) AS n, count(block_offset) AS located FROM read_parquet('${index}')`,
    );
    expect(row.located).toBe(row.n);
    expect(ids.length).toBeGreaterThan(100);
    expect(store.reader.snapshot().locator?.objectCount).toBe(ids.length);
  });

  it('answer objects and cutouts exactly as the DuckDB path, for every object', async () => {
    expect(await pathsOf(store.reader)).toEqual(new Set(['blocks']));
    expect(await pathsOf(oracle)).toEqual(new Set(['duckdb']));
    // full-mode JSON answers come from the prepared texts of format-2 blocks; the oracle decodes rows
    expect(await textsServed(store.reader)).toBe(ids.length);
    expect(await textsServed(oracle)).toBe(0);
    const withAlerts = [...expected].filter(([url, body]) => url.includes('withupperlim') && body.length > 2);
    expect(withAlerts.length).toBeGreaterThan(100);
    await expectSameAnswers(store.app);
  });

  it('answer the index-driven searches (explorer, latests, tracklet, sso) exactly as the DuckDB path', async () => {
    const rows = (sql: string) => storeRows(store, sql);
    const sky = await rows(
      `SELECT i_ra, i_dec FROM read_parquet(${allPartFiles(store, 'idx_sky.parquet')}) ORDER BY i_candid LIMIT 3`,
    );
    const classes = await rows(
      `SELECT DISTINCT classification FROM read_parquet(${allPartFiles(store, 'idx_class.parquet')}) ORDER BY 1 LIMIT 4`,
    );
    const tracklets = await rows(
      `SELECT DISTINCT d_tracklet FROM read_parquet(${allPartFiles(store, 'idx_tracklet.parquet')}) ORDER BY 1 LIMIT 2`,
    );
    const ssos = await rows(
      `SELECT i_ssnamenr FROM read_parquet(${allPartFiles(store, 'idx_ssnamenr.parquet')}) WHERE d_roid = 3
       GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 3`,
    );
    expect([sky.length, classes.length, tracklets.length, ssos.length]).toEqual([3, 4, 2, 3]);
    const urls = [
      ...sky.map((r) => `/api/v1/explorer?ra=${r.i_ra}&dec=${r.i_dec}&radius=600`),
      ...classes.map((r) => `/api/v1/latests?class=${encodeURIComponent(String(r.classification))}&n=50`),
      ...tracklets.map((r) => `/api/v1/tracklet?id=${r.d_tracklet}`),
      ...ssos.map((r) => `/api/v1/sso?n_or_d=${r.i_ssnamenr}&columns=i:jd,i:magpsf,i:ra,i:dec,d:roid`),
      `/api/v1/sso?n_or_d=${ssos[0].i_ssnamenr}`,
      `/api/v1/explorer?objectId=${ids.slice(0, 20).join(',')}`,
    ];
    for (const url of urls) {
      const body = await text(oracleApp, url);
      expect(JSON.parse(body).length, url).toBeGreaterThan(0);
      expect(await text(store.app, url), url).toBe(body);
    }
    const refs = [{ part: store.reader.current().parts[0].id, objectId: ids[0], candid: 0n }];
    expect(locateReferencedBlocks(store.reader, refs)).not.toBeNull();
    expect(locateReferencedBlocks(oracle, refs)).toBeNull();
  });

  it('of format 1 (no prepared texts) are served through their rows, with the same answers', async () => {
    const latests = (
      await storeRows(
        store,
        `SELECT DISTINCT classification FROM read_parquet(${allPartFiles(store, 'idx_class.parquet')}) ORDER BY 1 LIMIT 3`,
      )
    ).map((r) => `/api/v1/latests?class=${encodeURIComponent(String(r.classification))}&n=40`);
    const latestAnswers = new Map<string, string>();
    for (const url of latests) latestAnswers.set(url, await text(store.app, url));
    await rewriteBlocksAsFormat1();
    expect(store.reader.current().parts.every((p) => p.objectBlockFormat === undefined)).toBe(true);
    expect(await pathsOf(store.reader)).toEqual(new Set(['blocks']));
    expect(await textsServed(store.reader)).toBe(0);
    await expectSameAnswers(store.app);
    for (const [url, body] of latestAnswers) expect(await text(store.app, url), url).toBe(body);
  }, 120_000);

  it('are not needed to serve an older store, and a republished night gets them', async () => {
    // make the store look as published before object blocks: no blocks files, an index without their columns
    const before = store.reader.current();
    for (const part of before.parts) {
      fs.rmSync(path.join(store.layout.partDir(part.id), OBJECT_BLOCKS_FILE));
      fs.rmSync(path.join(store.layout.partDir(part.id), OBJECT_BLOCKS_INDEX_FILE));
    }
    const oldIndex = path.join('index', 'objects-before-blocks.parquet');
    await storeRows(
      store,
      `COPY (SELECT objectId, part FROM read_parquet('${path.join(store.layout.root, before.objectIndex!)}'))
       TO '${path.join(store.layout.root, oldIndex)}' (FORMAT parquet)`,
    );
    writeCatalog(store.layout, { ...before, version: before.version + 1, objectIndex: oldIndex });
    await store.reader.refresh();
    expect(store.reader.current().objectIndex).toBe(oldIndex);
    expect(await pathsOf(store.reader)).toEqual(new Set(['duckdb']));
    await expectSameAnswers(store.app, 5);

    // a republished night gets a new part with blocks; objects also in the other nights still use DuckDB
    const night = Math.max(...before.parts.flatMap((p) => p.nights));
    await publishNight(store.layout, night, testLog);
    await store.reader.refresh();
    expect(await pathsOf(store.reader)).toEqual(new Set(['blocks', 'duckdb']));
    await expectSameAnswers(store.app, 5);
  }, 120_000);

  it('are rewritten by compaction, which GC keeps with the nightly stamps they point at', async () => {
    const result = await compactStore(store.layout, testLog, {
      recentNightsKept: 0,
      now: Date.now() + 3_600_000,
    });
    expect(result.createdParts).toBe(1);
    expect(result.removedParts).toBe(0);
    await store.reader.refresh();
    const catalog = store.reader.current();
    expect(catalog.version).toBe(result.catalogVersion);
    const [merged] = catalog.parts;
    expect(merged.nights).toHaveLength(3);
    expect(fs.existsSync(path.join(store.layout.partDir(merged.id), OBJECT_BLOCKS_FILE))).toBe(true);
    expect(fs.existsSync(path.join(store.layout.partDir(merged.id), SKY_BLOCKS_FILE))).toBe(true);
    expect(await pathsOf(store.reader)).toEqual(new Set(['blocks']));
    // compaction writes the current format: prepared texts again
    expect(merged.objectBlockFormat).toBe(2);
    expect(await textsServed(store.reader)).toBe(ids.length);
    await expectSameAnswers(store.app);
  });

  it('give a later merge the texts of their parts to carry, from parts of the current format only', async () => {
    const parts = store.reader.current().parts;
    const instance = await DuckDBInstance.create(':memory:');
    const conn = await instance.connect();
    try {
      const source = await preparedTextsOf(conn, store.layout, parts);
      const snap = store.reader.snapshot();
      let compared = 0;
      for (const id of ids.slice(0, 40)) {
        const served = (await objectReads(store.reader, snap, id)).alertTexts() ?? [];
        const carried = source.texts(id);
        expect(carried?.size ?? 0, id).toBe(served.length);
        for (const text of served) {
          expect(Buffer.from(carried?.get(text.candid)?.json ?? []).equals(Buffer.from(text.json)), id).toBe(
            true,
          );
          compared++;
        }
      }
      expect(compared).toBeGreaterThan(40);
      expect(source.texts('ZTF00aaaaaaa')).toBeNull();
      source.close();
      const older = await preparedTextsOf(
        conn,
        store.layout,
        parts.map(({ objectBlockFormat: _, ...p }) => p),
      );
      expect(older.texts(ids[0])).toBeNull();
      older.close();
    } finally {
      conn.closeSync();
      instance.closeSync();
    }
  });
});
