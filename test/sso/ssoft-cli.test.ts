/**
 * `skyalert ssoft build` and `skyalert ssoft schedule` on a small simulated store whose asteroids' MPCORB.DAT is
 * the orbit catalogue: the summary line, the four tables, usage errors, and a cron run that rebuilds the tables.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { currentVersion, runSsoft } from '../../bin/commands/ssoft.js';
import { UsageError } from '../../bin/commands/usage-error.js';
import { SSOFT_FLAVORS } from '../../data/index.js';
import { ingestFiles } from '../../ingest/index.js';
import { loadOrbitFiles } from '../../ingest/orbits/index.js';
import { publishNights } from '../../ingest/publish/index.js';
import { runSimulate } from '../../ingest/simulate/index.js';
import { tempStore, testLog } from '../support/store.js';

describe('skyalert ssoft', () => {
  const layout = tempStore('skyalert-cli-ssoft-');
  const input = fs.mkdtempSync(path.join(os.tmpdir(), 'skyalert-ssoft-sim-'));
  beforeAll(async () => {
    await runSimulate({
      outDir: input,
      nights: 3,
      alertsPerNight: 400,
      seed: 11,
      startNight: '2024-05-01',
      log: testLog,
    });
    const s = await ingestFiles(layout, [input], { ingesterId: 't', log: testLog });
    await publishNights(layout, s.nights, testLog);
    await loadOrbitFiles(layout, [path.join(input, 'MPCORB.DAT')], testLog);
  }, 240_000);
  afterEach(() => vi.restoreAllMocks());
  afterAll(() => {
    fs.rmSync(layout.root, { recursive: true, force: true });
    fs.rmSync(input, { recursive: true, force: true });
  });

  it('refuses bad options with a usage error', async () => {
    const store = layout.root;
    await expect(runSsoft({ store }, [], testLog)).rejects.toThrow(UsageError);
    await expect(runSsoft({ store, version: '2025-01' }, ['build'], testLog)).rejects.toThrow(/YYYY\.MM/);
    await expect(runSsoft({ store, flavor: 'SHG3' }, ['build'], testLog)).rejects.toThrow(/--flavor/);
    await expect(runSsoft({ store, 'min-detections': '1' }, ['build'], testLog)).rejects.toThrow(
      /min-detections/,
    );
    await expect(runSsoft({ store, cron: 'every day' }, ['schedule'], testLog)).rejects.toThrow(/cron/);
  });

  it('builds the four tables now and ends with a summary line', async () => {
    const lines: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((text: string) => lines.push(text));
    expect(
      await runSsoft({ store: layout.root, version: '2024.05', 'min-detections': '3' }, ['build'], testLog),
    ).toBe(0);
    expect(lines).toHaveLength(1);
    const m =
      /^ssoft 2024\.05: (\d+) objects \(fits converged: HG (\d+), HG1G2 \d+, SHG1G2 \d+, SOCCA \d+\)/.exec(
        lines[0],
      );
    expect(m).not.toBeNull();
    expect(Number(m?.[1])).toBeGreaterThan(0);
    for (const flavor of SSOFT_FLAVORS) expect(fs.existsSync(layout.ssoftFile(flavor, '2024.05'))).toBe(true);
  });

  it('rebuilds the tables on its cron schedule until stopped', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const file = layout.ssoftFile('HG', currentVersion());
    fs.rmSync(file, { force: true });
    const running = runSsoft(
      { store: layout.root, cron: '*/2 * * * * *', 'min-detections': '3', flavor: 'HG' },
      ['schedule'],
      testLog,
    );
    const deadline = Date.now() + 60_000;
    while (!fs.existsSync(file) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    process.emit('SIGTERM');
    expect(await running).toBe(0);
    expect(fs.existsSync(file)).toBe(true);
  }, 90_000);
});
