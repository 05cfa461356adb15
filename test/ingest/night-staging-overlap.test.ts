/**
 * Batches handed to a night's staging file before the previous ones are durable (file ingestion overlaps them):
 * each alert is staged once, its stamps are at the offsets its row records, and a batch that fails fails every
 * batch handed over after it.
 */
import fs from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import type { Alert } from '../../data/index.js';
import { AlertDecoder } from '../../ingest/decode/index.js';
import { deriveAlertValues, Stager } from '../../ingest/stage/index.js';
import {
  NightStaging,
  type StageCounts,
  type StagedAlert,
  stampsFileOf,
} from '../../ingest/stage/night-staging.js';
import { sql } from '../support/sql.js';
import { expectStagedStamps } from '../support/staged-stamps.js';
import { tempStore } from '../support/store.js';
import { testDataPath } from '../support/test-data.js';

/** The real raw alerts of the night that has most of them. */
function realAlerts(): Alert[] {
  const dir = testDataPath('ztf_raw_avro');
  const decoder = new AlertDecoder();
  const alerts: Alert[] = [];
  const files = (fs.readdirSync(dir, { recursive: true }) as string[])
    .filter((f) => f.endsWith('.avro'))
    .sort();
  for (const f of files) {
    for (const outcome of decoder.decodeMessage(fs.readFileSync(path.join(dir, f)))) {
      if (outcome.ok) alerts.push(outcome.alert);
    }
  }
  const perNight = new Map<number, Alert[]>();
  for (const a of alerts) perNight.set(a.night, [...(perNight.get(a.night) ?? []), a]);
  return [...perNight.values()].sort((a, b) => b.length - a.length)[0];
}

const staged = (alert: Alert): StagedAlert => ({ alert, derived: deriveAlertValues(alert), source: 'test' });

/** A batch built alert by alert and handed over, as the pipeline does: resolves once it is durable. */
function stageBatch(staging: NightStaging, batch: readonly StagedAlert[]): Promise<StageCounts> {
  for (const s of batch) staging.add(s);
  return staging.endBatch();
}

describe('a night staging file with batches in flight', () => {
  const layout = tempStore();
  afterAll(() => fs.rmSync(layout.root, { recursive: true, force: true }));

  it('stages overlapping batches (with repeats across them) once each, stamps at their recorded offsets', async () => {
    const alerts = realAlerts();
    const night = alerts[0].night;
    expect(alerts.length).toBeGreaterThan(20);
    const file = layout.stagingFile(night, 'overlap');
    const staging = await NightStaging.open(file);
    // five batches of 8, each repeating two alerts of the one before; none awaited before the next is handed over
    const batches: StagedAlert[][] = [];
    for (let start = 0; start < alerts.length; start += 6) {
      batches.push(alerts.slice(Math.max(0, start - 2), start + 6).map(staged));
    }
    const order: number[] = [];
    const results = await Promise.all(
      batches.map((b, i) =>
        stageBatch(staging, b).then((c) => {
          order.push(i);
          return c;
        }),
      ),
    );
    expect(order).toEqual(batches.map((_, i) => i));
    expect(results.reduce((n, c) => n + c.staged, 0)).toBe(new Set(alerts.map((a) => a.candid)).size);
    // a repeat counts as a duplicate whether its first copy is committed yet or not
    const seen = new Set<bigint>();
    const expected = batches.map((b) => {
      let duplicates = 0;
      for (const { alert } of b) {
        if (seen.has(alert.candid)) duplicates++;
        seen.add(alert.candid);
      }
      return { staged: b.length - duplicates, duplicates };
    });
    expect(results).toEqual(expected);
    expect(expected.slice(1).every((c) => c.duplicates >= 2)).toBe(true);
    await staging.close();
    const rows = await sql(
      `ATTACH '${file}' AS s (READ_ONLY);
       SELECT i_candid, stamp_offset, stamp_science_len, stamp_template_len, stamp_difference_len FROM s.alerts`,
    );
    expect(rows.length).toBe(new Set(alerts.map((a) => a.candid)).size);
    expect(new Set(rows.map((r) => r.i_candid)).size).toBe(rows.length);
    const stamps = fs.readFileSync(stampsFileOf(file));
    for (const r of rows) {
      const alert = alerts.find((a) => a.candid === r.i_candid)!;
      expectStagedStamps(stamps, r, alert);
    }
  });

  it('fails every batch handed over after a failing one, and stages none of them', async () => {
    const alerts = realAlerts();
    const night = alerts[0].night;
    const file = layout.stagingFile(night, 'failure');
    const staging = await NightStaging.open(file);
    const good = stageBatch(staging, alerts.slice(0, 4).map(staged));
    // an int column holding a value beyond 32 bits: building the batch's rows refuses it (as it is handed over)
    const broken = alerts[4];
    const values = [...broken.values];
    values[values.findIndex((v) => typeof v === 'number' && Number.isInteger(v))] = 2 ** 40;
    const bad = stageBatch(staging, [staged({ ...broken, values })]);
    const after = stageBatch(staging, alerts.slice(5, 9).map(staged));
    const [goodOutcome, badOutcome, afterOutcome] = await Promise.allSettled([good, bad, after]);
    expect(goodOutcome).toEqual({ status: 'fulfilled', value: { staged: 4, duplicates: 0 } });
    for (const outcome of [badOutcome, afterOutcome]) {
      expect(outcome.status).toBe('rejected');
      expect(String((outcome as PromiseRejectedResult).reason)).toMatch(/staging a batch/);
    }
    await staging.close();
    const [{ n }] = await sql(`ATTACH '${file}' AS s (READ_ONLY); SELECT count(*)::INT AS n FROM s.alerts`);
    expect(n).toBe(4);
  });

  it('fails a whole batch when one row amid good ones cannot be built', async () => {
    const alerts = realAlerts();
    const file = layout.stagingFile(alerts[0].night, 'amid');
    const staging = await NightStaging.open(file);
    const broken = alerts[2];
    const values = [...broken.values];
    values[values.findIndex((v) => typeof v === 'number' && Number.isInteger(v))] = 2 ** 40;
    const batch = [...alerts.slice(0, 2), { ...broken, values }, ...alerts.slice(3, 5)].map(staged);
    await expect(stageBatch(staging, batch)).rejects.toThrow(/staging a batch of 5 alerts/);
    // nothing of the failed batch was kept: reopened, the file takes its good alerts as fresh ones
    await staging.close();
    const reopened = await NightStaging.open(file);
    const again = [...alerts.slice(0, 2), ...alerts.slice(3, 5)].map(staged);
    await expect(stageBatch(reopened, again)).resolves.toEqual({ staged: 4, duplicates: 0 });
    await reopened.close();
    const [{ n }] = await sql(`ATTACH '${file}' AS s (READ_ONLY); SELECT count(*)::INT AS n FROM s.alerts`);
    expect(n).toBe(4);
  });

  it('drops an abandoned batch: its alerts are not staged, nor counted as on their way', async () => {
    const alerts = realAlerts().slice(0, 6);
    const file = layout.stagingFile(alerts[0].night, 'abandoned');
    const staging = await NightStaging.open(file);
    for (const a of alerts) staging.add(staged(a));
    staging.abandonBatch();
    await expect(stageBatch(staging, alerts.slice(0, 3).map(staged))).resolves.toEqual({
      staged: 3,
      duplicates: 0,
    });
    await staging.close();
    const [{ n }] = await sql(`ATTACH '${file}' AS s (READ_ONLY); SELECT count(*)::INT AS n FROM s.alerts`);
    expect(n).toBe(3);
  });
});

describe('a batch spread over more nights than the staging files kept open', () => {
  const layout = tempStore();
  afterAll(() => fs.rmSync(layout.root, { recursive: true, force: true }));

  it('hands over the part of a night whose file is closed mid-batch, and stages every alert once', async () => {
    // six nights in one batch, alternating: the stager keeps four files open, so files close while it is built
    const nights = [20240101, 20240102, 20240103, 20240104, 20240105, 20240106];
    const alerts = realAlerts()
      .slice(0, 18)
      .map((a, i) => ({ ...a, night: nights[i % nights.length] }));
    const stager = new Stager(layout, 'spread', pino({ level: 'silent' }));
    const stage = async (batch: readonly Alert[]) => {
      for (const a of batch) await stager.add(staged(a));
      return stager.endBatch();
    };
    await expect(stage(alerts)).resolves.toEqual({ staged: 18, duplicates: 0, nights });
    // the same alerts again: every night's file (reopened) knows them
    await expect(stage(alerts)).resolves.toEqual({ staged: 0, duplicates: 18, nights });
    await stager.closeAll();
    for (const night of nights) {
      const file = layout.stagingFile(night, 'spread');
      const rows = await sql(
        `ATTACH '${file}' AS s (READ_ONLY); SELECT i_candid FROM s.alerts ORDER BY i_candid`,
      );
      const expected = alerts.filter((a) => a.night === night).map((a) => a.candid);
      expect(rows.map((r) => r.i_candid)).toEqual(expected.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    }
  });
});
