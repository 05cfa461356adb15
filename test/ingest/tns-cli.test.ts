/**
 * The `skyalert tns` command: usage errors, a load of the TNS sample CSV (gzipped too) ending with its summary
 * line, rows without a name skipped, and a file that is not a TNS table refused without touching the stored one.
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { parse } from 'csv-parse/sync';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { runTns } from '../../bin/commands/tns.js';
import { UsageError } from '../../bin/commands/usage-error.js';
import { tempStore, testLog } from '../support/store.js';
import { testDataPath } from '../support/test-data.js';

const CSV = () => testDataPath('tns', 'tns_public_objects_sample.csv');

describe('skyalert tns', () => {
  const layout = tempStore('skyalert-cli-tns-');
  const objects = (parse(fs.readFileSync(CSV()), { columns: true, from_line: 2 }) as unknown[]).length;
  afterEach(() => vi.restoreAllMocks());
  afterAll(() => fs.rmSync(layout.root, { recursive: true, force: true }));

  it('refuses a missing or unknown action, and a load of no file or two', async () => {
    await expect(runTns({ store: layout.root }, [], testLog)).rejects.toThrow(UsageError);
    await expect(runTns({ store: layout.root }, ['drop', 'x'], testLog)).rejects.toThrow(
      /unknown tns action/,
    );
    await expect(runTns({ store: layout.root }, ['load'], testLog)).rejects.toThrow(/give one TNS/);
    await expect(runTns({ store: layout.root }, ['load', CSV(), CSV()], testLog)).rejects.toThrow(
      /give one TNS/,
    );
  });

  it('loads the TNS CSV, plain or gzipped, and ends with a summary line', async () => {
    const lines: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((text: string) => lines.push(text));
    expect(await runTns({ store: layout.root }, ['load', CSV()], testLog)).toBe(0);
    const gz = path.join(layout.root, 'tns.csv.gz');
    const nameless = fs.readFileSync(CSV(), 'utf8').trimEnd() + '\n"999999","SN",""\n';
    fs.writeFileSync(gz, gzipSync(nameless));
    expect(await runTns({ store: layout.root }, ['load', gz], testLog)).toBe(0);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(
      new RegExp(`^tns load: ${objects} rows read, 0 skipped; store holds ${objects} TNS objects`),
    );
    expect(lines[1]).toMatch(
      new RegExp(`^tns load: ${objects + 1} rows read, 1 skipped; store holds ${objects} TNS objects`),
    );
    expect(fs.existsSync(layout.tnsFile)).toBe(true);
  });

  it('refuses a file without the TNS columns and keeps the stored table', async () => {
    const before = fs.readFileSync(layout.tnsFile);
    const bad = path.join(layout.root, 'not-tns.csv');
    fs.writeFileSync(bad, 'a,b\n1,2\n');
    await expect(runTns({ store: layout.root }, ['load', bad], testLog)).rejects.toThrow(/no header line/);
    await expect(
      runTns({ store: layout.root }, ['load', path.join(layout.root, 'missing.csv')], testLog),
    ).rejects.toThrow(/no such file/);
    expect(fs.readFileSync(layout.tnsFile).equals(before)).toBe(true);
    expect(fs.readdirSync(path.dirname(layout.tnsFile))).toEqual(['tns.parquet']);
  });
});
