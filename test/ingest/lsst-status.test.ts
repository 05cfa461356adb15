/**
 * `skyalert status` on an LSST store: Fink's 7 transferred alerts (test/data/lsst/part-2-918301.avro) and four
 * simulated nights ingested; the Fink night and two simulated nights published, then compacted into one merged
 * part, a third simulated night published after it as a nightly part, the fourth left staged. Nights, alerts and
 * each part file's rows are compared with the Avro records read with avsc (each record's night its dayObs, the
 * date at UTC−12 h of its midpoint, computed here with Date); then a file missing from a part, and the stamps of
 * a merged part missing from the nightly part holding them, are reported.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { runStatus } from '../../bin/commands/status.js';
import { readCatalog } from '../../data/index.js';
import { ingestFiles, type StoreStatus } from '../../ingest/index.js';
import { compactStore, publishLsstNight } from '../../ingest/publish/index.js';
import { runSimulateLsst } from '../../ingest/simulate/index.js';
import { type DecodedRecord, readContainer, sub } from '../simulate/lsst-support.js';
import { tempStore, testLog } from '../support/store.js';
import { testDataPath } from '../support/test-data.js';

const FINK = () => testDataPath('lsst', 'part-2-918301.avro');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'skyalert-lsst-status-input-'));
const layout = tempStore('skyalert-lsst-status-');

/** Rubin's dayObs (YYYYMMDD) of an MJD (TAI): the date at UTC−12 h, TAI−UTC = 37 s; MJD 0 is 1858-11-17. */
function dayObs(mjdTai: number): number {
  const ms = Date.UTC(1858, 10, 17) + (mjdTai * 86_400 - 37 - 12 * 3_600) * 1000;
  return Number(new Date(ms).toISOString().slice(0, 10).replaceAll('-', ''));
}

/** The input records by night. */
const byNight = new Map<number, DecodedRecord[]>();

const isObject = (id: unknown): boolean => typeof id === 'bigint' && id !== 0n;
/** A section of a record that holds a value (Fink's transfer writes an absent ssSource as all-null fields). */
const present = (section: unknown): boolean =>
  section !== null &&
  typeof section === 'object' &&
  Object.values(section).some((v) => v !== null && v !== undefined);

/** The distinct ids of each LSST part file's rows that `records` (published in one part) give. */
function partIds(
  records: readonly DecodedRecord[],
): Record<'sources' | 'objects' | 'fp' | 'sso', Set<bigint>> {
  const ids = {
    sources: new Set<bigint>(),
    objects: new Set<bigint>(),
    fp: new Set<bigint>(),
    sso: new Set<bigint>(),
  };
  for (const a of records) {
    const source = sub(a, 'diaSource');
    if (present(a.ssSource)) ids.sso.add(source.diaSourceId as bigint);
    for (const f of (a.prvDiaForcedSources as DecodedRecord[] | null) ?? [])
      ids.fp.add(f.diaForcedSourceId as bigint);
    if (!isObject(source.diaObjectId)) continue;
    ids.sources.add(source.diaSourceId as bigint);
    ids.objects.add(source.diaObjectId as bigint);
    for (const h of (a.prvDiaSources as DecodedRecord[] | null) ?? [])
      if (isObject(h.diaObjectId)) ids.sources.add(h.diaSourceId as bigint);
  }
  return ids;
}

let finkNight: number;
let simNights: number[];

beforeAll(async () => {
  const sim = await runSimulateLsst({
    nights: 4,
    alertsPerNight: 25,
    seed: 7,
    startNight: 20260310,
    outDir: tmp,
    log: testLog,
  });
  const finkNights = new Set<number>();
  for (const [file, fink] of [[FINK(), true] as const, ...sim.files.map((f) => [f, false] as const)])
    for (const r of (await readContainer(file)).records) {
      const night = dayObs(Number(sub(r, 'diaSource').midpointMjdTai));
      byNight.set(night, [...(byNight.get(night) ?? []), r]);
      if (fink) finkNights.add(night);
    }
  expect(finkNights.size).toBe(1);
  finkNight = [...finkNights][0];
  simNights = [...byNight.keys()].filter((n) => n !== finkNight).sort((a, b) => a - b);
  expect(simNights).toHaveLength(4);
  // the Fink night and the first two simulated nights in one month, merged by compaction
  expect(Math.floor(simNights[1] / 100)).toBe(Math.floor(finkNight / 100));
  await ingestFiles(layout, [FINK()], { ingesterId: 'fink', log: testLog, publish: true });
  await ingestFiles(layout, [tmp], { ingesterId: 'sim', log: testLog, publish: false });
  for (const night of simNights.slice(0, 2)) await publishLsstNight(layout, night, testLog);
  const compacted = await compactStore(layout, testLog, { recentNightsKept: 0 });
  expect(compacted).toMatchObject({ mergedParts: 3, createdParts: 1 });
  await publishLsstNight(layout, simNights[2], testLog);
}, 400_000);

afterAll(() => {
  fs.rmSync(tmp, { recursive: true, force: true });
  fs.rmSync(layout.root, { recursive: true, force: true });
});

describe('skyalert status on an LSST store', () => {
  afterEach(() => vi.restoreAllMocks());

  async function status(): Promise<{ code: number; json: StoreStatus; table: string }> {
    const lines: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((text: string) => lines.push(text));
    const code = await runStatus({ store: layout.root, json: true });
    expect(await runStatus({ store: layout.root })).toBe(code);
    return { code, json: JSON.parse(lines[0]) as StoreStatus, table: lines[1] };
  }

  it('checks each part against the LSST part layout and reports LSST figures', async () => {
    const { code, json, table } = await status();
    expect(json.problems).toEqual([]);
    expect(code).toBe(0);
    expect(json.survey).toBe('lsst');
    const merged = [finkNight, ...simNights.slice(0, 2)];
    const published = [...merged, simNights[2]];
    const p = json.published;
    expect(p.nights).toBe(published.length);
    expect(p.firstNight).toBe(finkNight);
    expect(p.lastNight).toBe(simNights[2]);
    expect(p.parts).toBe(2);
    expect(p.alerts).toBe(published.reduce((n, night) => n + (byNight.get(night)?.length ?? 0), 0));
    expect(p.upperlim).toBeNull();
    // rows summed over the two parts: each part's distinct ids of its nights' records
    const parts = [
      partIds(merged.flatMap((n) => byNight.get(n) ?? [])),
      partIds(byNight.get(simNights[2]) ?? []),
    ];
    for (const file of ['sources', 'objects', 'fp', 'sso'] as const)
      expect(p.lsstRows?.[file], file).toBe(parts[0][file].size + parts[1][file].size);
    expect(p.lsstRows?.fp).toBeGreaterThan(0);
    expect(p.lsstRows?.sso).toBeGreaterThan(0);
    expect(json.lastCompaction?.nights).toBe(merged.length);
    // staged: the Fink night and the four simulated nights; not published: the last one
    expect(json.staged.nights).toBe(5);
    expect(json.staged.unpublishedNights).toEqual([simNights[3]]);
    expect(json.quarantine.messages).toBe(0);
    expect(table).toMatch(/^survey +lsst$/m);
    expect(table).toMatch(new RegExp(`^alerts +${p.alerts}$`, 'm'));
    expect(table).toMatch(new RegExp(`^forced sources +${p.lsstRows?.fp}$`, 'm'));
    expect(table).not.toMatch(/upper limits/);
    expect(table).toMatch(new RegExp(`^not published +${simNights[3]}$`, 'm'));
    expect(table).toMatch(/^PROBLEMS none$/m);
  });

  it('finds a missing LSST part file and missing stamps of a merged part, and exits 1', async () => {
    const catalog = readCatalog(layout);
    const nightly = catalog.parts.find((part) => part.nights.length === 1);
    const merged = catalog.parts.find((part) => part.nights.length > 1);
    if (!nightly || !merged) throw new Error('the store has no nightly or merged part');
    fs.rmSync(path.join(layout.partDir(nightly.id), 'blocks.json'));
    let { code, json } = await status();
    expect(code).toBe(1);
    expect(json.problems).toEqual([`part ${nightly.id} lacks blocks.json`]);
    // the merged part's stamps of its first simulated night are in that night's nightly part
    const holder = merged.cutouts.find((c) => c.night === simNights[0]);
    if (!holder) throw new Error(`the merged part names no stamps of night ${simNights[0]}`);
    fs.rmSync(path.join(layout.partDir(holder.part), 'cutouts.parquet'));
    ({ code, json } = await status());
    expect(code).toBe(1);
    expect([...json.problems].sort()).toEqual(
      [
        `part ${nightly.id} lacks blocks.json`,
        `the stamps of night ${simNights[0]} (part ${merged.id}) are missing: ${holder.part}/cutouts.parquet`,
      ].sort(),
    );
  });
});
