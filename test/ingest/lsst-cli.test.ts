/**
 * `skyalert ingest` on Rubin/LSST files: the survey told from the files (or --survey), recorded in a new store, and
 * alerts of the other survey refused with a message naming both, before anything is staged.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseSurveyOption, runIngestFiles } from '../../bin/commands/ingest.js';
import { UsageError } from '../../bin/commands/usage-error.js';
import { readStoreSurvey } from '../../data/index.js';
import { avscLsstRecords } from '../support/lsst-avro-records.js';
import { sql } from '../support/sql.js';
import { tempStore, testLog } from '../support/store.js';
import { testDataPath } from '../support/test-data.js';

const LSST_FILE = () => testDataPath('lsst', 'part-2-918301.avro');
const ZTF_DIR = () => testDataPath('ztf_raw_avro', 'fink-broker_basic_alerts_2020-01-01');

describe('skyalert ingest on LSST files', () => {
  const lsst = tempStore('skyalert-cli-lsst-');
  const ztf = tempStore('skyalert-cli-ztf-');
  afterAll(() => {
    for (const s of [lsst, ztf]) fs.rmSync(s.root, { recursive: true, force: true });
  });

  it('tells the survey from the file, stages every alert and records the survey', async () => {
    const records = await avscLsstRecords(LSST_FILE());
    const withObject = records.filter((r) => (r.diaSource as { diaObjectId: bigint }).diaObjectId !== 0n);
    expect(await runIngestFiles({ store: lsst.root, ingester: 'cli' }, [LSST_FILE()], testLog)).toBe(0);
    expect(readStoreSurvey(lsst)).toBe('lsst');
    const parts = fs.readdirSync(lsst.partsDir);
    expect(parts.length).toBe(1);
    const sources = path.join(lsst.partDir(parts[0]), 'sources.parquet');
    const [row] = await sql(`SELECT count(*) FILTER (WHERE "v:alert")::INTEGER AS alerts,
      count(DISTINCT "r:diaObjectId")::INTEGER AS objects FROM read_parquet('${sources}')`);
    expect(row).toEqual({ alerts: withObject.length, objects: withObject.length });
  }, 120_000);

  it('refuses ZTF alerts into the LSST store, and LSST alerts into a ZTF store, naming both surveys', async () => {
    const stagingBefore = fs.readdirSync(lsst.stagingDir).length;
    await expect(runIngestFiles({ store: lsst.root, ingester: 'cli' }, [ZTF_DIR()], testLog)).rejects.toThrow(
      /holds LSST alerts and this input is ZTF/,
    );
    expect(fs.readdirSync(lsst.stagingDir).length).toBe(stagingBefore);
    expect(await runIngestFiles({ store: ztf.root, ingester: 'cli' }, [ZTF_DIR()], testLog)).toBe(0);
    await expect(
      runIngestFiles({ store: ztf.root, ingester: 'cli' }, [LSST_FILE()], testLog),
    ).rejects.toThrow(/holds ZTF alerts and this input is LSST/);
  }, 120_000);

  it('takes --survey ztf|lsst and refuses any other', () => {
    expect(parseSurveyOption('lsst')).toBe('lsst');
    expect(parseSurveyOption(undefined)).toBeUndefined();
    expect(() => parseSurveyOption('panstarrs')).toThrow(UsageError);
  });
});
