/**
 * `skyalert simulate --survey lsst` through its command handler: the options reach the LSST simulator (files
 * per dayObs, no stamps on request), ZTF stays the default, and options that do not fit are usage errors.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { runSimulateCommand } from '../../bin/commands/simulate.js';
import { UsageError } from '../../bin/commands/usage-error.js';
import { testLog } from '../support/store.js';
import { readContainer, sub } from './lsst-support.js';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'skyalert-lsst-cli-'));

afterAll(() => {
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('skyalert simulate --survey lsst', () => {
  it('writes LSST alerts for the given nights, start date and count, without stamps on request', async () => {
    const out = path.join(tmp, 'lsst');
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const code = await runSimulateCommand(
      {
        out,
        survey: 'lsst',
        nights: '2',
        'alerts-per-night': '15',
        seed: '6',
        start: '2026-04-02',
        'no-stamps': true,
      },
      testLog,
    );
    log.mockRestore();
    expect(code).toBe(0);
    expect(fs.readdirSync(out).sort()).toEqual(['20260402', '20260403']);
    const { records } = await readContainer(path.join(out, '20260402', 'alerts-0000.avro'));
    expect(records).toHaveLength(15);
    for (const r of records) {
      expect(typeof r.diaSourceId).toBe('bigint');
      expect(r.cutoutScience).toBeNull();
      expect(String(sub(r, 'diaSource').visit).slice(0, 8)).toBe('20260402');
    }
  }, 60_000);

  it('rejects an unknown survey and LSST-only options for ZTF or without Kafka', async () => {
    const out = path.join(tmp, 'bad');
    await expect(runSimulateCommand({ out, survey: 'panstarrs' }, testLog)).rejects.toThrow(UsageError);
    await expect(runSimulateCommand({ out, 'no-stamps': true }, testLog)).rejects.toThrow(
      /needs --survey lsst/,
    );
    await expect(runSimulateCommand({ out, survey: 'lsst', 'schema-dir': out }, testLog)).rejects.toThrow(
      /go with --kafka/,
    );
    await expect(
      runSimulateCommand(
        { out, survey: 'lsst', kafka: 'localhost:1', topic: 't', 'schema-registry': 'file:///etc' },
        testLog,
      ),
    ).rejects.toThrow(/http\(s\) URL/);
    expect(fs.existsSync(out)).toBe(false);
  });
});
