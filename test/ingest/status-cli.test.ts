/**
 * `skyalert status` on a store built from test/data: published nights and alerts, parts and bytes on disk, the
 * night staged and not published, and the quarantine, each compared with what the input files (read with avsc)
 * and the store's files (listed with find) give; then inconsistencies: a part file or a part directory removed.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { runStatus } from '../../bin/commands/status.js';
import { ingestFiles, type StoreStatus } from '../../ingest/index.js';
import { readAvroRecords } from '../support/input-alerts.js';
import { tempStore, testLog } from '../support/store.js';
import { testDataPath } from '../support/test-data.js';

const PUBLISHED_DIRS = [
  () => testDataPath('ztf_raw_avro', 'fink-broker_datasim_2018-11-29'),
  () => testDataPath('ztf_raw_avro', 'fink-client_datatest'),
];
const STAGED_DIR = () => testDataPath('ztf_raw_avro', 'fink-broker_basic_alerts_2020-01-01');

/** The UTC date (YYYYMMDD) of a JD. */
function nightOfJd(jd: number): number {
  return Number(new Date((jd - 2440587.5) * 86_400_000).toISOString().slice(0, 10).replaceAll('-', ''));
}

/**
 * Nights and valid alerts of the Avro files under `dirs`, read with avsc. Valid: the reference's quality cut
 * (rb ≥ 0.55, nbad = 0; a missing value passes) and filters g and r (docs/store.md, "Publication").
 */
async function inputSummary(dirs: string[]): Promise<{ nights: number[]; valid: number }> {
  const nights = new Set<number>();
  let valid = 0;
  for (const dir of dirs)
    for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.avro')))
      for (const record of await readAvroRecords(path.join(dir, file))) {
        const c = record.candidate as Record<string, number | null>;
        nights.add(nightOfJd(c.jd as number));
        if ((c.nbad ?? 0) === 0 && (c.rb ?? 1) >= 0.55 && (c.fid ?? 1) !== 3) valid++;
      }
  return { nights: [...nights].sort((a, b) => a - b), valid };
}

/** Bytes of the regular files under `paths`, listed by find(1). */
function findBytes(paths: string[]): number {
  const out = execFileSync('find', [...paths, '-type', 'f', '-printf', '%s\\n'], { encoding: 'utf8' });
  return out
    .split('\n')
    .filter(Boolean)
    .reduce((sum, n) => sum + Number(n), 0);
}

describe('skyalert status', () => {
  const layout = tempStore('skyalert-status-');
  const badDir = path.join(layout.root, 'bad-input');
  afterEach(() => vi.restoreAllMocks());
  afterAll(() => fs.rmSync(layout.root, { recursive: true, force: true }));

  beforeAll(async () => {
    fs.mkdirSync(badDir);
    fs.writeFileSync(path.join(badDir, 'garbage.avro'), 'Obj\x01garbage');
    const whole = fs.readFileSync(
      path.join(testDataPath('ztf_raw_avro', 'fink-client_datatest'), 'ZTF19acihgng.avro'),
    );
    fs.writeFileSync(path.join(badDir, 'truncated.avro'), whole.subarray(0, Math.floor(whole.length / 2)));
    const inputs = [...PUBLISHED_DIRS.map((d) => d()), badDir];
    await ingestFiles(layout, inputs, { ingesterId: 't', log: testLog, publish: true });
    await ingestFiles(layout, [STAGED_DIR()], { ingesterId: 't', log: testLog });
  }, 300_000);

  async function status(): Promise<{ code: number; json: StoreStatus; table: string }> {
    const lines: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((text: string) => lines.push(text));
    const code = await runStatus({ store: layout.root, json: true });
    const again = await runStatus({ store: layout.root });
    expect(again).toBe(code);
    return { code, json: JSON.parse(lines[0]) as StoreStatus, table: lines[1] };
  }

  it('reports what is published, staged and quarantined', async () => {
    const { code, json, table } = await status();
    expect(code).toBe(0);
    expect(json.problems).toEqual([]);
    const published = await inputSummary(PUBLISHED_DIRS.map((d) => d()));
    expect(json.published.nights).toBe(published.nights.length);
    expect(json.published.firstNight).toBe(published.nights[0]);
    expect(json.published.lastNight).toBe(published.nights[published.nights.length - 1]);
    expect(json.published.alerts).toBe(published.valid);
    // the parts of the catalog: the directories under parts/ that the current catalog file names
    const version = Number(fs.readFileSync(path.join(layout.root, 'catalog', 'CURRENT'), 'utf8'));
    const catalogText = fs.readFileSync(
      path.join(layout.root, 'catalog', `v${String(version).padStart(10, '0')}.json`),
      'utf8',
    );
    const partDirs = fs
      .readdirSync(path.join(layout.root, 'parts'))
      .filter((d) => catalogText.includes(`"${d}"`));
    expect(json.published.catalogVersion).toBe(version);
    expect(json.published.parts).toBe(partDirs.length);
    const index = /"objectIndex": "([^"]+)"/.exec(catalogText)![1];
    expect(json.published.bytes).toBe(
      findBytes([...partDirs.map((d) => path.join(layout.root, 'parts', d)), path.join(layout.root, index)]),
    );
    // staged: every night with a staging directory; not published: the nights of the last ingestion
    const staged = await inputSummary([STAGED_DIR()]);
    expect(json.staged.nights).toBe(published.nights.length + staged.nights.length);
    expect(json.staged.unpublishedNights).toEqual(staged.nights);
    expect(json.staged.bytes).toBe(findBytes([path.join(layout.root, 'staging')]));
    // quarantine: one content-addressed file per bad input file
    const quarantined = execFileSync('find', [path.join(layout.root, 'quarantine'), '-name', '*.bin'], {
      encoding: 'utf8',
    })
      .split('\n')
      .filter(Boolean);
    expect(quarantined).toHaveLength(2);
    expect(json.quarantine.messages).toBe(2);
    expect(json.quarantine.reasons.reduce((n, r) => n + r.messages, 0)).toBe(2);
    for (const r of json.quarantine.reasons) expect(r.reason).not.toMatch(/\d/);
    expect(json.lastPublication?.nights.length).toBeGreaterThan(0);
    // the table holds the same figures
    expect(table).toMatch(new RegExp(`^alerts +${published.valid}$`, 'm'));
    expect(table).toMatch(new RegExp(`^not published +${staged.nights.join(', ')}$`, 'm'));
    expect(table).toMatch(/^PROBLEMS none$/m);
  });

  it('finds a part file and a part directory that are missing, and exits 1', async () => {
    const parts = fs.readdirSync(path.join(layout.root, 'parts')).sort();
    fs.rmSync(path.join(layout.root, 'parts', parts[0], 'objects.bin'));
    let { code, json } = await status();
    expect(code).toBe(1);
    expect(json.problems).toEqual([`part ${parts[0]} lacks objects.bin`]);
    fs.rmSync(path.join(layout.root, 'parts', parts[0]), { recursive: true });
    ({ code, json } = await status());
    expect(code).toBe(1);
    expect(
      json.problems.some((p) => p.startsWith(`part ${parts[0]} `) && /directory is missing/.test(p)),
    ).toBe(true);
  });
});
