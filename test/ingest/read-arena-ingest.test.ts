/**
 * Files read through a small read arena: its ring is reused many times over while batches are staged, and every
 * staged alert still has its own stamps (a buffer reused too early would stage another alert's bytes).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Alert } from '../../data/index.js';
import { AlertDecoder } from '../../ingest/decode/index.js';
import { ingestFiles } from '../../ingest/index.js';
import { stagingFilesOf } from '../../ingest/publish/publish-night.js';
import { runSimulate } from '../../ingest/simulate/index.js';
import { ReadArena, readAvroFile } from '../../ingest/sources/index.js';
import { stampsFileOf } from '../../ingest/stage/index.js';
import { sql } from '../support/sql.js';
import { expectStagedStamps } from '../support/staged-stamps.js';
import { tempStore, testLog } from '../support/store.js';

describe('ingesting .avro files through a read arena', () => {
  const layout = tempStore();
  const input = fs.mkdtempSync(path.join(os.tmpdir(), 'skyalert-arena-'));
  afterAll(() => {
    fs.rmSync(layout.root, { recursive: true, force: true });
    fs.rmSync(input, { recursive: true, force: true });
  });

  it('stages every alert with its own stamps while the ring is reused', async () => {
    // a file of 1,200 alerts (~25 MB: read block by block), blocks of 100 alerts (~2 MB)
    const sim = await runSimulate({
      outDir: input,
      nights: 1,
      alertsPerNight: 1200,
      seed: 5,
      startNight: '2024-05-02',
      log: testLog,
      maxAlertsPerFile: 1200,
    });
    const files = sim.files.filter((f) => f.endsWith('.avro'));
    expect(files.length).toBeGreaterThan(0);
    expect(files.every((f) => fs.statSync(f).size > 4 << 20)).toBe(true);
    const arena = new ReadArena(9 << 20); // ~4 blocks
    const summary = await ingestFiles(layout, [input], {
      ingesterId: 'arena',
      log: testLog,
      batchSize: 150,
      publish: false,
      readArena: arena,
    });
    expect(summary.staged).toBe(sim.alerts);
    // ~12 blocks of ~2 MB were read, at least 8 of them (16 MB) into a ring of 9 MB: its memory was reused
    expect(arena.taken).toBeGreaterThanOrEqual(10);
    expect(arena.taken - arena.fallbacks).toBeGreaterThanOrEqual(8);

    const byCandid = new Map<bigint, Alert>();
    for (const file of files) {
      for await (const ev of readAvroFile(file, new AlertDecoder(), 1000)) {
        if (ev.kind !== 'items') continue;
        for (const item of ev.items)
          if (item.outcome.ok) byCandid.set(item.outcome.alert.candid, item.outcome.alert);
      }
    }
    let checked = 0;
    for (const night of summary.nights) {
      for (const file of stagingFilesOf(layout, night)) {
        const rows = await sql(
          `ATTACH '${file}' AS s (READ_ONLY);
           SELECT i_candid, stamp_offset, stamp_science_len, stamp_template_len, stamp_difference_len FROM s.alerts`,
        );
        const stamps = fs.readFileSync(stampsFileOf(file));
        for (const row of rows) {
          const alert = byCandid.get(row.i_candid as bigint);
          expect(alert).toBeDefined();
          expectStagedStamps(stamps, row, alert as Alert);
          checked++;
        }
      }
    }
    expect(checked).toBe(sim.alerts);
  });
});
