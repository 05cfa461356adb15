/** The `skyalert ssocand` command: usage errors, and a load of a real fink-fat output ending with its summary line. */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { runSsoCand } from '../../bin/commands/ssocand.js';
import { UsageError } from '../../bin/commands/usage-error.js';
import { tempStore, testLog } from '../support/store.js';
import { testDataPath } from '../support/test-data.js';

describe('skyalert ssocand', () => {
  const layout = tempStore('skyalert-cli-ssocand-');
  afterEach(() => vi.restoreAllMocks());
  afterAll(() => fs.rmSync(layout.root, { recursive: true, force: true }));

  it('refuses a missing or unknown action and a load without paths', async () => {
    await expect(runSsoCand({ store: layout.root }, [], testLog)).rejects.toThrow(UsageError);
    await expect(runSsoCand({ store: layout.root }, ['drop', 'x'], testLog)).rejects.toThrow(
      /unknown ssocand action/,
    );
    await expect(runSsoCand({ store: layout.root }, ['load'], testLog)).rejects.toThrow(
      /give fink-fat output/,
    );
  });

  it('loads a fink-fat output directory and ends with a summary line (66 orbits, 422 detections)', async () => {
    const lines: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((text: string) => lines.push(text));
    const dir = testDataPath('fink_fat', 'fink-fat_cli_test_20200505');
    expect(await runSsoCand({ store: layout.root }, ['load', dir], testLog)).toBe(0);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^ssocand load: 66 orbits and 422 detections read; 66 orbits added, 0 replaced/);
    expect(lines[0]).toMatch(/store holds 66 orbits and 422 detections/);
    expect(fs.existsSync(path.join(layout.root, 'ssocand', 'orbits.parquet'))).toBe(true);
  });
});
