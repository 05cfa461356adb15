/** Compaction merges past nights per month, keeps every row findable, and survives republication. */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoreLayout } from '../../data/index.js';
import { type Catalog, partFilePath, readCatalog, writeCatalog } from '../../data/index.js';
import { readStoreStatus } from '../../ingest/index.js';
import { markBuilding } from '../../ingest/publish/building-marker.js';
import { compactStore, planCompaction } from '../../ingest/publish/compact.js';
import { acquirePublishLock } from '../../ingest/publish/index.js';
import { publishNight } from '../../ingest/publish/publish-night.js';
import { compactBeside } from '../../ingest/run-files.js';
import { rawStoreLayout } from '../support/serve-stores.js';
import { testLog } from '../support/store.js';

async function allAlerts(layout: StoreLayout, catalog: Catalog): Promise<string[]> {
  const db = await DuckDBInstance.create(':memory:');
  const conn = await db.connect();
  const files = catalog.parts.map((p) => `'${partFilePath(layout, p.id, 'alerts')}'`).join(', ');
  const rows = (
    await conn.runAndReadAll(`SELECT i_candid::VARCHAR AS c FROM read_parquet([${files}]) ORDER BY 1`)
  ).getRowObjects();
  conn.closeSync();
  db.closeSync();
  return rows.map((r) => String(r.c));
}

async function objectIndexParts(layout: StoreLayout, catalog: Catalog, objectId: string): Promise<string[]> {
  const db = await DuckDBInstance.create(':memory:');
  const conn = await db.connect();
  const rows = (
    await conn.runAndReadAll(
      `SELECT part FROM read_parquet('${layout.root}/${catalog.objectIndex}') WHERE objectId = $1`,
      [objectId],
    )
  ).getRowObjects();
  conn.closeSync();
  db.closeSync();
  return rows.map((r) => String(r.part));
}

describe('compaction', () => {
  let layout: StoreLayout;
  beforeAll(async () => {
    layout = await rawStoreLayout();
  });
  afterAll(() => {
    if (layout) fs.rmSync(layout.root, { recursive: true, force: true });
  });

  it('plans one merge per past month with several single-night parts', () => {
    const plan = planCompaction(readCatalog(layout), 0);
    const months = plan.map((g) => [...new Set(g.flatMap((p) => p.nights.map((n) => Math.floor(n / 100))))]);
    expect(months).toEqual([[202310]]);
    expect(planCompaction(readCatalog(layout), 100)).toEqual([]);
  });

  it('counts the nights queued for publication among the recent ones, and leaves their parts alone', () => {
    const catalog = readCatalog(layout);
    const nights = [...new Set(catalog.parts.flatMap((p) => p.nights))].sort((a, b) => a - b);
    expect(nights.at(-1)).toBe(20231019);
    const monthsOf = (plan: ReturnType<typeof planCompaction>) => plan.map((g) => g.flatMap((p) => p.nights));
    // 20231019 is the most recent night: October has one old part, nothing to merge
    expect(monthsOf(planCompaction(catalog, 1))).toEqual([]);
    // a later night on its way makes 20231019 old; October is still in progress, so its two old nights are
    // merged only when a merge takes two nights (a week's by default)
    expect(monthsOf(planCompaction(catalog, 1, [20231020], 2))).toEqual([[20231018, 20231019]]);
    expect(monthsOf(planCompaction(catalog, 1, [20231020]))).toEqual([]);
    // a night being republished is not merged
    expect(monthsOf(planCompaction(catalog, 0, [20231019]))).toEqual([]);
  });

  it('discards a merge whose parts were republished while it ran, and keeps the store whole', async () => {
    const before = readCatalog(layout);
    const alertsBefore = await allAlerts(layout, before);
    const release = await acquirePublishLock(layout);
    const compaction = compactStore(layout, testLog, { recentNightsKept: 0, lockWaitMs: 60_000 });
    // the merge runs outside the lock and then waits for it
    const mergedDir = async (): Promise<string> => {
      for (;;) {
        const dir = fs.readdirSync(layout.partsDir).find((d) => d.startsWith('m202310-'));
        if (dir && fs.existsSync(path.join(layout.partsDir, dir, 'objects.parquet'))) {
          if (!fs.existsSync(path.join(layout.partsDir, dir, '.building'))) return dir;
        }
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    const dir = await mergedDir();
    // meanwhile the night 20231018 is published again (its part replaced by a new one), under the lock
    const catalog = readCatalog(layout);
    const old = catalog.parts.find((p) => p.nights.includes(20231018))!;
    const replacement = {
      ...old,
      id: `${old.id}-again`,
      cutouts: [{ night: 20231018, part: `${old.id}-again` }],
    };
    fs.cpSync(layout.partDir(old.id), layout.partDir(replacement.id), { recursive: true });
    writeCatalog(layout, {
      ...catalog,
      version: catalog.version + 1,
      parts: catalog.parts.map((p) => (p.id === old.id ? replacement : p)),
    });
    release();
    const r = await compaction;
    expect(r.createdParts).toBe(0);
    expect(fs.existsSync(path.join(layout.partsDir, dir))).toBe(false);
    const after = readCatalog(layout);
    expect(after.parts.filter((p) => p.nights.length > 1)).toEqual([]);
    expect(await allAlerts(layout, after)).toEqual(alertsBefore);
    // back to the catalog of the real publication for the next tests
    writeCatalog(layout, { ...catalog, version: after.version + 1 });
  });

  it('runs a merge that fails beside the publications (e.g. out of memory) again, alone', async () => {
    const warnings: string[] = [];
    const log = pino({ level: 'warn' }, { write: (line: string) => warnings.push(line) });
    let idleAwaited = false;
    const publisher = {
      pendingNights: () => [],
      idle: async () => {
        idleAwaited = true;
      },
    };
    const r = await compactBeside(layout, log, publisher, { memoryLimit: '1MB', recentNightsKept: 1000 });
    // nothing to merge with 1,000 recent nights: the first attempt succeeds
    expect(r.createdParts).toBe(0);
    expect(idleAwaited).toBe(false);
    const tooSmall = await compactBeside(layout, log, publisher, { memoryLimit: '1KB', recentNightsKept: 0 });
    expect(idleAwaited).toBe(true);
    expect(warnings.join('')).toContain('compaction retried after publication');
    expect(tooSmall.createdParts).toBe(1);
    // undo, so that the next test merges the same parts again
    await publishNight(layout, 20231018, testLog);
  });

  it('merges them, keeps every alert, and points the object index at the new part', async () => {
    const before = readCatalog(layout);
    const alertsBefore = await allAlerts(layout, before);
    const r = await compactStore(layout, testLog, { recentNightsKept: 0 });
    expect(r.mergedParts).toBe(2);
    expect(r.createdParts).toBe(1);
    const after = readCatalog(layout);
    expect(after.parts.length).toBe(before.parts.length - 1);
    const merged = after.parts.find((p) => p.nights.length === 2)!;
    expect(merged.nights).toEqual([20231018, 20231019]);
    expect(await allAlerts(layout, after)).toEqual(alertsBefore);
    expect(await objectIndexParts(layout, after, 'ZTF18aaadweo')).toEqual([merged.id]);
    // the merged part writes no cutouts file: its stamps are in the nightly parts it names (skyalert status)
    expect(fs.existsSync(partFilePath(layout, merged.id, 'cutouts'))).toBe(false);
    expect(merged.cutouts.map((c) => c.part)).not.toContain(merged.id);
    expect(readStoreStatus(layout).problems).toEqual([]);
  });

  it('republishing a compacted night rewrites the month part without it', async () => {
    const before = readCatalog(layout);
    const alertsBefore = await allAlerts(layout, before);
    await publishNight(layout, 20231018, testLog);
    const after = readCatalog(layout);
    const holding = after.parts.filter((p) => p.nights.includes(20231018));
    expect(holding).toHaveLength(1);
    expect(holding[0].nights).toEqual([20231018]);
    expect(after.parts.filter((p) => p.nights.includes(20231019))[0].nights).toEqual([20231019]);
    expect(await allAlerts(layout, after)).toEqual(alertsBefore);
  });

  it('leaves a part being built by a live process to it, whatever its age', async () => {
    const dir = path.join(layout.partsDir, 'm202401-building-test');
    markBuilding(dir);
    const old = new Date(Date.now() - 3_600_000);
    fs.utimesSync(dir, old, old);
    await compactStore(layout, testLog, { recentNightsKept: 100 });
    expect(fs.existsSync(dir)).toBe(true);
    // the same marker left by a process that is gone: the directory is garbage
    const dead = spawnSync(process.execPath, ['-e', '0']).pid;
    const marker = path.join(dir, '.building');
    fs.writeFileSync(marker, JSON.stringify({ ...JSON.parse(fs.readFileSync(marker, 'utf8')), pid: dead }));
    fs.utimesSync(dir, old, old);
    await compactStore(layout, testLog, { recentNightsKept: 100 });
    expect(fs.existsSync(dir)).toBe(false);
  });

  it('removes unreferenced parts only after the grace period', async () => {
    const dirs = () => fs.readdirSync(layout.partsDir).length;
    const n = dirs();
    await compactStore(layout, testLog, { recentNightsKept: 100 });
    expect(dirs()).toBe(n);
    // more catalog versions so that the first ones fall out of the kept window
    for (let i = 0; i < 3; i++) await publishNight(layout, 20181129, testLog);
    const r = await compactStore(layout, testLog, { recentNightsKept: 100, now: Date.now() + 3_600_000 });
    expect(r.removedParts).toBeGreaterThan(0);
    const catalog = readCatalog(layout);
    for (const p of catalog.parts) expect(fs.existsSync(partFilePath(layout, p.id, 'alerts'))).toBe(true);
  });
});
