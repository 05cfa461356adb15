/**
 * The background publisher publishes queued nights one at a time on its worker, and on the calling thread too once
 * asked to help: several nights are then built at once (outside the publication lock), each published once, and
 * a night that fails on the helping thread is published by the worker.
 */
import fs from 'node:fs';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { StoreLayout } from '../../data/index.js';
import { readCatalog } from '../../data/index.js';
import { ingestFiles } from '../../ingest/index.js';
import { BackgroundPublisher, publishNights } from '../../ingest/publish/index.js';
import { tempStore, testLog } from '../support/store.js';
import { testDataPath } from '../support/test-data.js';

/** The raw ZTF alerts staged (not published) once; each test publishes in a copy of it. */
const staged = tempStore();
let stagedNights: number[];
beforeAll(async () => {
  const s = await ingestFiles(staged, [testDataPath('ztf_raw_avro')], { ingesterId: 't', log: testLog });
  stagedNights = s.nights;
});
afterAll(() => fs.rmSync(staged.root, { recursive: true, force: true }));

const stores: StoreLayout[] = [];
afterEach(() => {
  for (const s of stores.splice(0)) fs.rmSync(s.root, { recursive: true, force: true });
});

/** A fresh copy of the staged store, with its staged nights. */
async function stagedStore(): Promise<{ layout: StoreLayout; nights: number[] }> {
  const layout = tempStore();
  stores.push(layout);
  fs.cpSync(staged.root, layout.root, { recursive: true });
  return { layout, nights: stagedNights };
}

function publishedNights(layout: StoreLayout): number[] {
  return Object.keys(readCatalog(layout).statistics)
    .map(Number)
    .sort((a, b) => a - b);
}

describe('BackgroundPublisher', () => {
  it('publishes the queued nights on the calling thread beside the worker, each once', async () => {
    const { layout, nights } = await stagedStore();
    expect(nights.length).toBeGreaterThanOrEqual(3);
    const publisher = new BackgroundPublisher(layout, testLog);
    for (const night of nights) void publisher.enqueue(night);
    // queued again before it started: published once
    void publisher.enqueue(nights[nights.length - 1]);
    expect(publisher.pendingNights()).toEqual(nights);
    await publisher.helpHere('768MB');
    // the helping thread took every night the worker had not started: at most one is left running
    expect(publisher.results.length).toBeGreaterThanOrEqual(nights.length - 1);
    await publisher.close();
    expect(publisher.errors).toEqual([]);
    expect(publisher.results.map((r) => r.night).sort((a, b) => a - b)).toEqual(nights);
    expect(publishedNights(layout)).toEqual(nights);
    // one catalog version per publication: the switches, under the lock, never lost one another
    expect(readCatalog(layout).version).toBe(nights.length);
    expect(publisher.pendingNights()).toEqual([]);
  });

  it('publishes a night queued again while it runs once more, after that run, never beside it', async () => {
    const { layout, nights } = await stagedStore();
    const night = nights[0];
    const publisher = new BackgroundPublisher(layout, testLog);
    void publisher.enqueue(night); // starts on the worker at once
    void publisher.enqueue(night); // waits for it
    await publisher.helpHere('768MB');
    // the helping thread took nothing: the only queued night is being published
    expect(publisher.results).toEqual([]);
    await publisher.close();
    expect(publisher.errors).toEqual([]);
    expect(publisher.results.map((r) => [r.night, r.catalogVersion])).toEqual([
      [night, 1],
      [night, 2],
    ]);
  });

  it('names the night and the reason when a night cannot be published', async () => {
    const { layout } = await stagedStore();
    await expect(publishNights(layout, [20990101], testLog)).rejects.toThrow(
      /publication of night 20990101 failed: night 20990101 has no staging file/,
    );
  });

  it('hands a night that fails on the calling thread back to the worker', async () => {
    const { layout, nights } = await stagedStore();
    const warnings: string[] = [];
    const log = pino({ level: 'warn' }, { write: (line: string) => warnings.push(line) });
    const publisher = new BackgroundPublisher(layout, log);
    for (const night of nights) void publisher.enqueue(night);
    // far too little memory for a publication on this thread
    await publisher.helpHere('1KB');
    await publisher.close();
    expect(warnings.join('')).toContain('publication handed back to the worker');
    expect(publisher.errors).toEqual([]);
    expect(publishedNights(layout)).toEqual(nights);
  });
});
