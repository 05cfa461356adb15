/**
 * One-alert containers in a row (Kafka messages, ZTF archives) share their header but for the sync marker: the
 * decoder recognises a repeated header by its bytes. These tests show it reads each message's own marker and
 * each message's own schema.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AlertDecoder, type DecodeOutcome, readHeader } from '../../ingest/decode/index.js';
import { testDataPath } from '../support/test-data.js';

const RAW = () => testDataPath('ztf_raw_avro');

/** The first `.avro` file of each sample directory (ZTF schemas of different years). */
function firstFileOfEachDirectory(): Buffer[] {
  return fs
    .readdirSync(RAW())
    .sort()
    .map((d) => path.join(RAW(), d))
    .filter((d) => fs.statSync(d).isDirectory())
    .map((d) => {
      const name = fs
        .readdirSync(d)
        .filter((f) => f.endsWith('.avro'))
        .sort()[0];
      return fs.readFileSync(path.join(d, name));
    });
}

/** The container with another sync marker (in its header and after each block: every occurrence). */
function withSync(bytes: Buffer, marker: Uint8Array): Buffer {
  const header = readHeader(bytes);
  if (!header) throw new Error('truncated test file');
  const old = Buffer.from(header.sync);
  const out = Buffer.from(bytes);
  for (let at = out.indexOf(old); at >= 0; at = out.indexOf(old, at + 16)) out.set(marker, at);
  return out;
}

const summary = (outcomes: DecodeOutcome[]) =>
  outcomes.map((o) => (o.ok ? `${o.alert.objectId} ${o.alert.candid} ${o.alert.values.length}` : o.reason));

describe('a repeated container header', () => {
  it('is read with each message its own sync marker: a block whose marker differs is refused', () => {
    const [file] = firstFileOfEachDirectory();
    const fresh = summary(new AlertDecoder().decodeMessage(file));
    expect(fresh[0]).toMatch(/^ZTF/);
    const decoder = new AlertDecoder();
    expect(summary(decoder.decodeMessage(file))).toEqual(fresh);
    // same header bytes but another marker, consistently: the same alert
    expect(summary(decoder.decodeMessage(withSync(file, new Uint8Array(16).fill(7))))).toEqual(fresh);
    // another marker in the header only: the block's marker no longer matches the message's own
    const header = readHeader(file);
    if (!header) throw new Error('truncated test file');
    const broken = Buffer.from(file);
    broken.fill(9, header.end - 16, header.end);
    const outcome = decoder.decodeMessage(broken);
    expect(outcome).toHaveLength(1);
    expect(outcome[0].ok).toBe(false);
    expect(summary(outcome)[0]).toMatch(/sync marker mismatch/);
  });

  it('gives way to the next schema: messages of several schemas in turn decode as each alone', () => {
    const files = firstFileOfEachDirectory();
    expect(new Set(files.map((f) => readHeader(f)?.schemaText)).size).toBeGreaterThan(1);
    const alone = files.map((f) => summary(new AlertDecoder().decodeMessage(f)));
    const decoder = new AlertDecoder();
    for (let round = 0; round < 3; round++) {
      files.forEach((f, i) => {
        expect(summary(decoder.decodeMessage(f))).toEqual(alone[i]);
      });
    }
  });
});
