/**
 * Object blocks, the one read path of `objects`, `cutouts` and the index-driven searches: publication writes
 * them for every part, and the answers hold, field for field, the input Avro alerts read independently with avsc
 * (the full-mode JSON written from the prepared texts and the answers written from the decoded rows alike);
 * compaction rewrites them; a catalog declaring an older block format is refused until its nights are
 * republished, and an object index that cannot be loaded answers 503.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { DuckDBInstance } from '@duckdb/node-api';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFitsImage } from '../../compute/fits/index.js';
import {
  ALERT_COLUMNS,
  OBJECT_BLOCK_FORMAT,
  OBJECT_BLOCKS_FILE,
  OBJECT_BLOCKS_INDEX_FILE,
  SKY_BLOCKS_FILE,
  SKY_RECORD_BYTES,
  writeCatalog,
} from '../../data/index.js';
import { ingestFiles } from '../../ingest/index.js';
import { compactStore, publishNights } from '../../ingest/publish/index.js';
import { preparedTextsOf } from '../../ingest/publish/prepared-texts.js';
import { publishNight } from '../../ingest/publish/publish-night.js';
import { runSimulate } from '../../ingest/simulate/index.js';
import { createApp } from '../../serve/app.js';
import { objectReads } from '../../serve/object-reads.js';
import { StoreFormatError, StoreReader } from '../../serve/store-reader.js';
import {
  expectRowOfInput,
  type InputAlert,
  type InputAlerts,
  isValidInput,
  parseJsonExact,
  readInputAlerts,
} from '../support/input-alerts.js';
import { allPartFiles, type ServedStore, SIM_OPTIONS, storeRows } from '../support/serve-stores.js';
import { tempStore, testLog } from '../support/store.js';

type Rec = Record<string, unknown>;

const STAMP_KINDS = ['Science', 'Template', 'Difference'] as const;

/** Every `i:` and `d:` field of the catalogue: a `columns` selection that the row answers write. */
const STORED_FIELDS = ALERT_COLUMNS.map((c) => c.name).join(',');

describe('object blocks', () => {
  let store: ServedStore;
  let inputDir: string;
  let input: InputAlerts;
  /** Input alerts by candid, and by objectId (all staged alerts, valid or not). */
  const byCandid = new Map<string, InputAlert>();
  const byObject = new Map<string, InputAlert[]>();
  let ids: string[];

  const answer = async (app: Hono, url: string): Promise<Rec[]> => {
    const res = await app.request(url);
    expect(res.status, url).toBe(200);
    return parseJsonExact(await res.text()) as Rec[];
  };

  /** Asserts that each row is, field for field, the input alert with its candid; returns the fields compared. */
  function expectRowsOfInput(rows: readonly Rec[], url: string): number {
    let compared = 0;
    for (const row of rows) {
      const alert = byCandid.get(String(row['i:candid']));
      expect(alert, `${url}: candid ${String(row['i:candid'])} is not an input alert`).toBeDefined();
      compared += expectRowOfInput(row, alert!, input, url);
    }
    return compared;
  }

  /** The valid input alerts of the objects whose ids start with `prefix` (exactly `prefix` when `exact`). */
  function validInputs(prefix: string, exact: boolean): InputAlert[] {
    return [...byObject]
      .filter(([id]) => (exact ? id === prefix : id.startsWith(prefix)))
      .flatMap(([, alerts]) => alerts.filter(isValidInput));
  }

  /**
   * `objects` for `id` in full-mode JSON (prepared texts) and with every stored field (decoded rows) holds the
   * valid input alerts of the matching objects, newest first, field for field.
   */
  async function expectObjectsOfInput(app: Hono, id: string, exact: boolean): Promise<number> {
    const expected = validInputs(id, exact)
      .map((a) => a.candid)
      .sort();
    let compared = 0;
    for (const url of [
      `/api/v1/objects?objectId=${id}`,
      `/api/v1/objects?objectId=${id}&columns=${STORED_FIELDS}`,
    ]) {
      const rows = await answer(app, url);
      expect(rows.map((r) => String(r['i:candid'])).sort(), url).toEqual(expected);
      const jds = rows.map((r) => r['i:jd'] as number);
      expect(jds, url).toEqual([...jds].sort((a, b) => b - a));
      compared += expectRowsOfInput(rows, url);
    }
    return compared;
  }

  /**
   * Every object of the input (every `step`-th): its alerts as `objects` answers them, and the FITS stamps of
   * each alert.
   */
  async function expectEveryObjectOfInput(app: Hono, step = 1): Promise<void> {
    let fields = 0;
    const some = ids.filter((_, i) => i % step === 0);
    for (const id of some) fields += await expectObjectsOfInput(app, id, true);
    // ~150 fields per alert, two answers per valid alert
    expect(fields).toBeGreaterThan(100 * 2 * some.flatMap((id) => validInputs(id, true)).length);
    let stamps = 0;
    const alerts = [...byCandid.values()].filter((_, i) => i % step === 0);
    for (const [i, alert] of alerts.entries()) {
      const kind = STAMP_KINDS[i % 3];
      const url = `/api/v1/cutouts?objectId=${alert.objectId}&candid=${alert.candid}&kind=${kind}&output-format=FITS`;
      const res = await app.request(url);
      const original = (alert.record[`cutout${kind}`] as { stampData: Buffer } | null)?.stampData ?? null;
      if (original === null) {
        expect(res.status, url).toBe(400);
        continue;
      }
      expect(res.status, url).toBe(200);
      // the FITS answer is the alert's gzipped stamp, inflated
      expect(Buffer.from(await res.arrayBuffer()).equals(zlib.gunzipSync(original)), url).toBe(true);
      stamps++;
    }
    expect(stamps).toBeGreaterThan(alerts.length / 2);
  }

  beforeAll(async () => {
    const layout = tempStore('skyalert-blocks-');
    inputDir = fs.mkdtempSync(path.join(os.tmpdir(), 'skyalert-blocks-input-'));
    await runSimulate({ ...SIM_OPTIONS, outDir: inputDir, log: testLog });
    const staged = await ingestFiles(layout, [inputDir], { ingesterId: 't', log: testLog });
    await publishNights(layout, staged.nights, testLog);
    const reader = await StoreReader.open(layout, testLog);
    store = {
      layout,
      reader,
      app: createApp(reader, testLog),
      close: () => {
        reader.close();
        fs.rmSync(layout.root, { recursive: true, force: true });
      },
    };
    input = await readInputAlerts(inputDir);
    for (const alert of input.alerts) {
      byCandid.set(alert.candid, alert);
      const list = byObject.get(alert.objectId) ?? [];
      list.push(alert);
      byObject.set(alert.objectId, list);
    }
    ids = [...byObject.keys()].sort();
  }, 120_000);
  afterAll(() => {
    store?.close();
    if (inputDir) fs.rmSync(inputDir, { recursive: true, force: true });
  });

  it('are written for every part and located by the object index', async () => {
    const catalog = store.reader.current();
    // every simulated night is published, in one part or several (small nights are grouped by month)
    const utcDate = (jd: number) => new Date((jd - 2440587.5) * 86_400_000).toISOString().slice(0, 10);
    const inputNights = new Set(
      input.alerts.map((a) => Number(utcDate(a.candidate.jd as number).replaceAll('-', ''))),
    );
    expect(inputNights.size).toBe(SIM_OPTIONS.nights);
    expect(new Set(catalog.parts.flatMap((p) => p.nights))).toEqual(inputNights);
    for (const part of catalog.parts) {
      expect(part.objectBlockFormat).toBe(OBJECT_BLOCK_FORMAT);
      expect(fs.statSync(path.join(store.layout.partDir(part.id), OBJECT_BLOCKS_FILE)).size).toBeGreaterThan(
        0,
      );
      expect(fs.existsSync(path.join(store.layout.partDir(part.id), OBJECT_BLOCKS_INDEX_FILE))).toBe(true);
      // and the sky blocks of cone searches, one 64-byte record per valid alert of the part
      const sky = path.join(store.layout.partDir(part.id), SKY_BLOCKS_FILE);
      expect(store.reader.skyBlocks().has(sky)).toBe(true);
      const [alerts] = await storeRows(
        store,
        `SELECT count(*) AS n FROM read_parquet('${path.join(store.layout.partDir(part.id), 'alerts.parquet')}')`,
      );
      expect(Math.floor(fs.statSync(sky).size / SKY_RECORD_BYTES)).toBeGreaterThanOrEqual(Number(alerts.n));
    }
    const index = path.join(store.layout.root, catalog.objectIndex!);
    const [row] = await storeRows(
      store,
      `SELECT count(*) AS n, count(block_offset) AS located, count(DISTINCT objectId) AS objects
       FROM read_parquet('${index}')`,
    );
    expect(row.located).toBe(row.n);
    expect(ids.length).toBeGreaterThan(100);
    // every object with a staged alert has a block (its stamps at least)
    expect(Number(row.objects)).toBe(ids.length);
    expect(store.reader.snapshot().locator?.objectCount).toBe(ids.length);
  });

  it('answer objects and cutouts with the input alerts, for every object', async () => {
    expect(validInputs('', false).length).toBeGreaterThan(500);
    await expectEveryObjectOfInput(store.app);
    // prefixes: every matching object's alerts
    for (const prefix of [ids[1].slice(0, 7), ids[0].slice(0, 6)])
      await expectObjectsOfInput(store.app, prefix, false);
    // several ids in one request
    const several = ids.slice(0, 30);
    const rows = await answer(store.app, `/api/v1/objects?objectId=${several.join(',')}`);
    expect(rows.map((r) => String(r['i:candid'])).sort()).toEqual(
      several
        .flatMap((id) => validInputs(id, true))
        .map((a) => a.candid)
        .sort(),
    );
  });

  it('answer upper limits and bad-quality points with the input alerts’ histories', async () => {
    const checked = { upperlim: 0, badquality: 0 };
    for (const id of ids) {
      const url = `/api/v1/objects?objectId=${id}&withupperlim=true`;
      const rows = await answer(store.app, url);
      // the points of the alerts' histories, and the alerts that fail the quality cut themselves
      const history = new Map<string, Rec>();
      for (const alert of byObject.get(id) ?? []) {
        for (const p of alert.prv) history.set(`${p.jd}|${p.fid}`, p);
        if (!isValidInput(alert))
          history.set(`${alert.candidate.jd}|${alert.candidate.fid}`, alert.candidate);
      }
      const points = rows.filter((r) => r['d:tag'] !== 'valid');
      expect(rows.filter((r) => r['d:tag'] === 'valid')).toHaveLength(validInputs(id, true).length);
      for (const point of points) {
        const source = history.get(`${point['i:jd']}|${point['i:fid']}`);
        expect(source, `${url}: ${point['i:jd']}`).toBeDefined();
        expect(point['i:candid'], url).toBe(-1);
        expect(point['d:tag'], url).toBe(source!.magpsf === null ? 'upperlim' : 'badquality');
        expect(Math.fround(point['i:diffmaglim'] as number), url).toBe(source!.diffmaglim);
        checked[point['d:tag'] as keyof typeof checked]++;
      }
      // every non-detection of the histories is there, once
      const nonDetections = [...history.values()].filter((p) => p.magpsf === null);
      expect(points.filter((p) => p['d:tag'] === 'upperlim')).toHaveLength(nonDetections.length);
    }
    expect(checked.upperlim).toBeGreaterThan(100);
    expect(checked.badquality).toBeGreaterThan(10);
  });

  it('answer withcutouts with the arrays of the input alerts’ stamps', async () => {
    for (const id of ids.slice(0, 10)) {
      const url = `/api/v1/objects?objectId=${id}&withcutouts=true&cutout-kind=Difference`;
      const rows = await answer(store.app, url);
      expect(rows).toHaveLength(validInputs(id, true).length);
      for (const row of rows) {
        const stamp = (
          byCandid.get(String(row['i:candid']))!.record.cutoutDifference as { stampData: Buffer }
        ).stampData;
        const pixels = Array.from(readFitsImage(stamp).data, (v) => (Number.isNaN(v) ? null : v));
        expect((row['b:cutoutDifference_stampData'] as number[][]).flat(), url).toEqual(pixels);
      }
    }
  });

  it('answer the index-driven searches (explorer, latests, tracklet, sso) with the input alerts', async () => {
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
    const searches = [
      ...sky.map((r) => `/api/v1/explorer?ra=${r.i_ra}&dec=${r.i_dec}&radius=600`),
      ...classes.map((r) => `/api/v1/latests?class=${encodeURIComponent(String(r.classification))}&n=50`),
      ...tracklets.map((r) => `/api/v1/tracklet?id=${r.d_tracklet}`),
      ...ssos.map((r) => `/api/v1/sso?n_or_d=${r.i_ssnamenr}`),
      `/api/v1/explorer?objectId=${ids.slice(0, 20).join(',')}`,
    ];
    // full-mode JSON (prepared texts where the endpoint has them) and the row answers of a selection
    const urls = searches.flatMap((url) => [url, `${url}&columns=${STORED_FIELDS}`]);
    let compared = 0;
    for (const url of urls) {
      const found = await answer(store.app, url);
      expect(found.length, url).toBeGreaterThan(0);
      compared += expectRowsOfInput(found, url);
    }
    expect(compared).toBeGreaterThan(urls.length * 100);
  });

  it('are refused in an older block format until their nights are republished', async () => {
    const before = store.reader.current();
    const [first, ...rest] = before.parts;
    const { objectBlockFormat: _, ...older } = first;
    writeCatalog(store.layout, { ...before, version: before.version + 1, parts: [older, ...rest] });
    await expect(store.reader.refresh()).rejects.toThrow(StoreFormatError);
    // the version in use goes on answering
    expect(store.reader.current().version).toBe(before.version);
    await expectObjectsOfInput(store.app, ids[0], true);
    // a server started on it refuses to start, and says how to migrate
    await expect(StoreReader.open(store.layout, testLog)).rejects.toThrow(
      /object blocks of format none .*reads format 3 only.*publish --store DIR --all/s,
    );
    // a part of the current block format without sky blocks (cones read them only) is refused too
    writeCatalog(store.layout, {
      ...before,
      version: before.version + 2,
      parts: [...before.parts, { ...first, id: 'part-without-sky-blocks' }],
    });
    await expect(StoreReader.open(store.layout, testLog)).rejects.toThrow(
      /1 part\(s\) \(nights? [\d-]+\) have no sky blocks \(sky\.bin\).*publish --store DIR --all --force/s,
    );
    writeCatalog(store.layout, { ...before, version: before.version + 2, parts: [older, ...rest] });
    // republication writes the night's part anew, in the current format
    await publishNight(store.layout, first.nights[0], testLog);
    await store.reader.refresh();
    const republished = store.reader.current();
    expect(republished.version).toBe(before.version + 3);
    expect(republished.parts.every((p) => p.objectBlockFormat === OBJECT_BLOCK_FORMAT)).toBe(true);
    for (const id of ids.slice(0, 40)) await expectObjectsOfInput(store.app, id, true);
  }, 120_000);

  it('answer 503 while the object index of the version in use cannot be loaded', async () => {
    const before = store.reader.current();
    const [cls] = await storeRows(
      store,
      `SELECT classification FROM read_parquet(${allPartFiles(store, 'idx_class.parquet')}) LIMIT 1`,
    );
    writeCatalog(store.layout, {
      ...before,
      version: before.version + 1,
      objectIndex: path.join('index', 'missing.parquet'),
    });
    await store.reader.refresh();
    expect(store.reader.current().version).toBe(before.version + 1);
    expect(store.reader.snapshot().locator).toBeNull();
    for (const url of [
      `/api/v1/objects?objectId=${ids[0]}`,
      `/api/v1/objects?objectId=${ids[0]}&output-format=csv`,
      `/api/v1/cutouts?objectId=${ids[0]}&output-format=FITS`,
      `/api/v1/latests?class=${encodeURIComponent(String(cls.classification))}&n=5`,
    ]) {
      const res = await store.app.request(url);
      expect(res.status, url).toBe(503);
      const body = (await res.json()) as { status: string; text: string };
      expect(body.status).toBe('error');
      expect(body.text).toMatch(/object index of catalog version \d+ could not be loaded/);
    }
    writeCatalog(store.layout, { ...before, version: before.version + 2 });
    await store.reader.refresh();
    await expectObjectsOfInput(store.app, ids[0], true);
  });

  it('are rewritten by compaction, which GC keeps with the nightly stamps they point at', async () => {
    const result = await compactStore(store.layout, testLog, {
      recentNightsKept: 0,
      now: Date.now() + 3_600_000,
    });
    expect(result.createdParts).toBe(1);
    await store.reader.refresh();
    const catalog = store.reader.current();
    expect(catalog.version).toBe(result.catalogVersion);
    const [merged] = catalog.parts;
    expect(merged.nights).toHaveLength(3);
    expect(fs.existsSync(path.join(store.layout.partDir(merged.id), OBJECT_BLOCKS_FILE))).toBe(true);
    expect(fs.existsSync(path.join(store.layout.partDir(merged.id), SKY_BLOCKS_FILE))).toBe(true);
    expect(merged.objectBlockFormat).toBe(OBJECT_BLOCK_FORMAT);
    await expectEveryObjectOfInput(store.app, 4);
  }, 120_000);

  it('give a later merge the texts of their parts to carry, from parts of the current format only', async () => {
    const parts = store.reader.current().parts;
    const instance = await DuckDBInstance.create(':memory:');
    const conn = await instance.connect();
    try {
      const source = await preparedTextsOf(conn, store.layout, parts);
      const snap = store.reader.snapshot();
      let compared = 0;
      for (const id of ids.slice(0, 40)) {
        const served = objectReads(store.reader, snap, id).alertTexts();
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
