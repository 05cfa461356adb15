/**
 * LSST input that is not a good alert: truncated or corrupt containers, schemas that are not LSST alert schemas,
 * records without their diaSource, id or time. Each gives a rejection reason or a bad tail (never an exception),
 * and the alerts before the damage are kept. Also: the deflate codec, directories, and the survey detector.
 * The containers are rewritten from Fink's transfer (test/data/README.md §11) with avsc's own encoder.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import avro from 'avsc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bigintLongType } from '../../data/index.js';
import {
  lsstAlertFromRecord,
  lsstColumnsFromAvroSchema,
  readBlock,
  readHeader,
} from '../../ingest/decode/index.js';
import {
  detectSurvey,
  type LsstSourceEvent,
  readLsstAvroFile,
  readLsstInputs,
} from '../../ingest/sources/index.js';
import { writeAvroContainer } from '../support/avro-container.js';
import { testDataPath } from '../support/test-data.js';

type Rec = Record<string, unknown>;

const FINK = testDataPath('lsst', 'part-2-918301.avro');
const schemaText = readHeader(fs.readFileSync(FINK))?.schemaText ?? '';
const type = avro.Type.forSchema(JSON.parse(schemaText), { registry: { long: bigintLongType } });

let dir: string;
let records: Rec[];

/** Writes records as a container, one block per record (avsc's encoder), with a codec. */
const writeContainer = (file: string, recs: readonly unknown[], codec: 'null' | 'deflate', t = type) =>
  writeAvroContainer(file, t, recs, { codec, blockSize: 1 });

/** Records per block of a container (avsc's encoder groups the smaller records after a large one). */
function blockCounts(bytes: Buffer): number[] {
  const header = readHeader(bytes);
  const counts: number[] = [];
  for (let pos = header?.end ?? bytes.length; pos < bytes.length; ) {
    const block = header ? readBlock(bytes, pos, header.sync) : null;
    if (!block) break;
    counts.push(block.count);
    pos = block.end;
  }
  return counts;
}

async function collect(events: AsyncIterable<LsstSourceEvent>) {
  const ok: bigint[] = [];
  const rejected: { index: number; reason: string; raw: number }[] = [];
  const tails: { index: number; reason: string; bytes: number }[] = [];
  for await (const ev of events) {
    if (ev.kind === 'bad-tail') {
      tails.push({
        index: ev.position.kind === 'file' ? ev.position.index : -1,
        reason: ev.reason,
        bytes: ev.bytes.length,
      });
      continue;
    }
    for (const item of ev.items) {
      if (item.outcome.ok) ok.push(item.outcome.alert.diaSourceId);
      else
        rejected.push({
          index: item.position.kind === 'file' ? item.position.index : -1,
          reason: item.outcome.reason,
          raw: item.raw().length,
        });
    }
  }
  return { ok, rejected, tails };
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'skyalert-lsst-bad-'));
  records = [];
  await new Promise<void>((resolve, reject) => {
    fs.createReadStream(FINK)
      .pipe(new avro.streams.BlockDecoder({ parseHook: () => type }))
      .on('data', (r: Rec) => records.push(r))
      .on('end', resolve)
      .on('error', reject);
  });
});

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('LSST Avro containers', () => {
  it('reads the deflate codec, one block per record, as the null codec', async () => {
    const file = path.join(dir, 'deflate.avro');
    await writeContainer(file, records, 'deflate');
    const { ok, rejected, tails } = await collect(readLsstAvroFile(file));
    expect(ok).toEqual(records.map((r) => r.diaSourceId));
    expect(rejected).toEqual([]);
    expect(tails).toEqual([]);
  });

  it('keeps the alerts before a truncation and reports the rest once, with its bytes', async () => {
    const whole = path.join(dir, 'blocks.avro');
    await writeContainer(whole, records, 'null');
    const bytes = fs.readFileSync(whole);
    const counts = blockCounts(bytes);
    expect(counts.length).toBeGreaterThan(2);
    const beforeLast = records.length - (counts.at(-1) ?? 0);
    const cut = path.join(dir, 'cut.avro');
    fs.writeFileSync(cut, bytes.subarray(0, bytes.length - 5000));
    const { ok, tails } = await collect(readLsstAvroFile(cut));
    expect(ok).toEqual(records.slice(0, beforeLast).map((r) => r.diaSourceId));
    expect(tails).toHaveLength(1);
    expect(tails[0].index).toBe(beforeLast);
    expect(tails[0].reason).toMatch(/truncated Avro container/);
    expect(tails[0].bytes).toBeGreaterThan(0);

    // Fink's own file, cut in its last block
    const real = fs.readFileSync(FINK);
    const realBefore = records.length - (blockCounts(real).at(-1) ?? 0);
    fs.writeFileSync(cut, real.subarray(0, real.length - 100));
    const one = await collect(readLsstAvroFile(cut));
    expect(one.ok).toEqual(records.slice(0, realBefore).map((r) => r.diaSourceId));
    expect(one.tails.map((t) => t.index)).toEqual([realBefore]);

    fs.writeFileSync(cut, real.subarray(0, 100));
    const header = await collect(readLsstAvroFile(cut));
    expect(header.tails[0].reason).toMatch(/no complete header/);
  });

  it('reports a corrupt block (bad sync marker) and a schema that is not an LSST alert schema', async () => {
    const whole = fs.readFileSync(path.join(dir, 'blocks.avro'));
    const beforeLast = records.length - (blockCounts(whole).at(-1) ?? 0);
    const corrupt = Buffer.from(whole);
    corrupt[corrupt.length - 3] ^= 0xff; // the last block's sync marker
    const file = path.join(dir, 'corrupt.avro');
    fs.writeFileSync(file, corrupt);
    const read = await collect(readLsstAvroFile(file));
    expect(read.ok).toEqual(records.slice(0, beforeLast).map((r) => r.diaSourceId));
    expect(read.tails[0].reason).toMatch(
      new RegExp(`corrupt Avro container after record ${beforeLast}: sync marker`),
    );

    const other = avro.Type.forSchema(
      { type: 'record', name: 'lsst.v10_0.alert', fields: [{ name: 'diaSourceId', type: 'long' }] },
      { registry: { long: bigintLongType } },
    );
    const notLsst = path.join(dir, 'no-diasource.avro');
    await writeContainer(notLsst, [{ diaSourceId: 1n }], 'null', other);
    const bad = await collect(readLsstAvroFile(notLsst));
    expect(bad.ok).toEqual([]);
    expect(bad.tails[0].reason).toMatch(/not an LSST alert schema: no diaSource record/);
  });

  it('rejects a record without midpointMjdTai, with its block as raw bytes, and goes on', async () => {
    const broken = records.map((r, i) =>
      i === 2 ? { ...r, diaSource: { ...(r.diaSource as Rec), midpointMjdTai: null } } : r,
    );
    const file = path.join(dir, 'no-time.avro');
    await writeContainer(file, broken, 'null');
    const { ok, rejected } = await collect(readLsstAvroFile(file));
    expect(ok).toHaveLength(6);
    expect(rejected).toHaveLength(1);
    expect(rejected[0].index).toBe(2);
    expect(rejected[0].reason).toMatch(/midpointMjdTai is not a finite number/);
    expect(rejected[0].raw).toBeGreaterThan(1000);
  });
});

describe('lsstAlertFromRecord', () => {
  const columns = lsstColumnsFromAvroSchema(schemaText);

  it('rejects a record without diaSource, without its id, or with non-finite coordinates', () => {
    const { diaSource: _, ...noSource } = records[0];
    const reasons = [
      lsstAlertFromRecord(noSource, columns, null),
      lsstAlertFromRecord({ ...records[0], diaSourceId: null }, columns, null),
      lsstAlertFromRecord(
        { ...records[0], diaSource: { ...(records[0].diaSource as Rec), ra: Number.NaN } },
        columns,
        null,
      ),
      lsstAlertFromRecord('not a record', columns, null),
      lsstAlertFromRecord(records[0], { ...columns }, null),
    ].map((o) => (o.ok ? 'accepted' : o.reason));
    expect(reasons[0]).toMatch(/without diaSource/);
    expect(reasons[1]).toMatch(/without diaSourceId/);
    expect(reasons[2]).toMatch(/ra\/dec are not finite/);
    expect(reasons[3]).toMatch(/not a record/);
    expect(reasons[4]).toMatch(/catalogue not built from a writer schema/);
  });

  it('takes the version given, else the record`s lsst_schema_version', () => {
    const given = lsstAlertFromRecord(records[0], columns, 'lsst.v11_0');
    const own = lsstAlertFromRecord(records[0], columns, null);
    expect(given.ok && given.alert.schemaVersion).toBe('lsst.v11_0');
    expect(own.ok && own.alert.schemaVersion).toBe(records[0].lsst_schema_version);
  });
});

describe('inputs and survey detection', () => {
  it('reads a directory of LSST files, Avro and parquet, in name order', async () => {
    const sub = path.join(dir, 'tree', 'a');
    fs.mkdirSync(sub, { recursive: true });
    fs.copyFileSync(FINK, path.join(sub, '1.avro'));
    fs.copyFileSync(
      testDataPath('lsst', 'rubin_sample_data_10_0.parquet'),
      path.join(dir, 'tree', 'b.parquet'),
    );
    fs.writeFileSync(path.join(dir, 'tree', 'notes.txt'), 'not an alert file');
    const { ok, rejected, tails } = await collect(readLsstInputs([path.join(dir, 'tree')]));
    expect(ok).toHaveLength(7 + 25);
    expect(ok.slice(0, 7)).toEqual(records.map((r) => r.diaSourceId));
    expect(rejected).toEqual([]);
    expect(tails).toEqual([]);
  });

  it('tells LSST inputs from ZTF ones', async () => {
    expect(await detectSurvey(FINK)).toBe('lsst');
    expect(await detectSurvey(testDataPath('lsst', 'rubin_sample_data_10_0.parquet'))).toBe('lsst');
    expect(await detectSurvey(testDataPath('lsst', 'or4_rehearsal_v7_1.snappy.parquet'))).toBe('lsst');
    expect(await detectSurvey(testDataPath('lsst'))).toBe('lsst');
    const ztfAvro = testDataPath(
      'ztf_raw_avro',
      'fink-broker_ci_alerts_2023-10-18',
      'part-00010-0b960f60-420c-4175-b2cc-ff6b135bfece-c000.avro',
    );
    expect(await detectSurvey(ztfAvro)).toBe('ztf');
    const ztfParquet = testDataPath(
      'ztf_enriched',
      'fink-science_datatest_2021-11-22',
      'part-00002-bdab8e46-89c4-4ac1-8603-facd71833e8a-c000.snappy.parquet',
    );
    expect(await detectSurvey(ztfParquet)).toBe('ztf');
    expect(await detectSurvey(path.join(dir, 'absent.avro'))).toBeNull();
    expect(await detectSurvey(path.join(dir, 'tree', 'notes.txt'))).toBeNull();
    fs.writeFileSync(path.join(dir, 'junk.avro'), 'not avro');
    expect(await detectSurvey(path.join(dir, 'junk.avro'))).toBeNull();
  });
});
