/**
 * A night's durability in a pipeline whose batches overlap (file ingestion): it covers the batches up to the last
 * one holding alerts of the night, so a quiet night is closed without waiting for later batches, and it reports
 * a failed batch of the night, or any failed batch before its last one; once a failure is known, later batches
 * are refused without opening a staging file.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Alert } from '../../data/index.js';
import { AlertDecoder } from '../../ingest/decode/index.js';
import { type DecodedItem, IngestPipeline } from '../../ingest/pipeline.js';
import { sql } from '../support/sql.js';
import { tempStore, testLog } from '../support/store.js';
import { testDataPath } from '../support/test-data.js';

/** Real raw alerts (valid ones), in file order. */
function realAlerts(): Alert[] {
  const dir = testDataPath('ztf_raw_avro');
  const decoder = new AlertDecoder();
  const files = (fs.readdirSync(dir, { recursive: true }) as string[])
    .filter((f) => f.endsWith('.avro'))
    .sort();
  return files.flatMap((f) =>
    decoder.decodeMessage(fs.readFileSync(path.join(dir, f))).flatMap((o) => (o.ok ? [o.alert] : [])),
  );
}

/** The alerts as decoded items of `night` (the staging file is chosen by it). */
function itemsOf(alerts: readonly Alert[], night: number): DecodedItem[] {
  return alerts.map((alert, index) => ({
    outcome: { ok: true, alert: { ...alert, night } },
    position: { kind: 'file', file: 'test.avro', index },
    raw: () => new Uint8Array(0),
  }));
}

/** An alert whose int column holds a value beyond 32 bits: its batch fails as it is staged. */
function broken(alert: Alert): Alert {
  const values = [...alert.values];
  values[values.findIndex((v) => typeof v === 'number' && Number.isInteger(v))] = 2 ** 40;
  return { ...alert, values };
}

describe('a night durable in an overlapping pipeline', () => {
  const layout = tempStore();
  afterAll(() => fs.rmSync(layout.root, { recursive: true, force: true }));

  it('resolves with the batches of its night, rejects after a failed one, and closes the night staged', async () => {
    const alerts = realAlerts();
    expect(alerts.length).toBeGreaterThanOrEqual(12);
    const pipeline = new IngestPipeline(layout, 'durable', testLog, undefined, true);
    const [a, b, untouched] = [20240101, 20240102, 20240103];
    await pipeline.handOverDecoded(itemsOf(alerts.slice(0, 4), a));
    const failing = await pipeline.handOverDecoded(itemsOf([...alerts.slice(4, 6), broken(alerts[6])], b));
    failing.durable.catch(() => undefined);
    // night a's batch came before the failing one: it is durable, and its file closes with its alerts
    await expect(pipeline.nightDurable(a)).resolves.toBeUndefined();
    await pipeline.stager.closeNight(a);
    const file = layout.stagingFile(a, 'durable');
    const [{ n }] = await sql(`ATTACH '${file}' AS s (READ_ONLY); SELECT count(*)::INT AS n FROM s.alerts`);
    expect(n).toBe(4);
    await expect(pipeline.nightDurable(b)).rejects.toThrow(/staging a batch/);
    await expect(pipeline.nightDurable(untouched)).resolves.toBeUndefined();
    // a batch handed over once the failure is known is refused with it: nothing more is staged (e.g. on a full
    // disk), and night a keeps what was durable before
    await expect(pipeline.handOverDecoded(itemsOf(alerts.slice(7, 9), a))).rejects.toThrow(/staging a batch/);
    await expect(pipeline.nightDurable(a)).resolves.toBeUndefined();
    expect(pipeline.stager.openNights()).not.toContain(a);
    await pipeline.close();
  });
});
