/**
 * The alert reader (ingest/decode/alert-reader.ts) gives the outcome avsc's generic decoding and normalisation
 * give: on every real alert of test/data, on simulated alerts with histories and stamps, on random records of
 * a schema using every Avro type, and on truncated blocks.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import avro from 'avsc';
import { describe, expect, it } from 'vitest';
import { bigintLongType } from '../../data/index.js';
import { compileAvroType } from '../../ingest/decode/avro-cursor.js';
import {
  AlertDecoder,
  type DecodeOutcome,
  decodeBlockRecords,
  decodeBlockRecordsWithAvsc,
} from '../../ingest/decode/decode.js';
import { decompressBlock, readBlock, readHeader } from '../../ingest/decode/index.js';
import { runSimulate } from '../../ingest/simulate/index.js';
import { testLog } from '../support/store.js';
import { testDataPath } from '../support/test-data.js';

function walk(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]))
    .sort();
}

/**
 * Outcomes as comparable values (stamps as base64 text of their bytes: views and copies compare alike, and one
 * string comparison per stamp costs far less than a deep comparison of its thousands of bytes one by one).
 */
function comparable(outcomes: readonly DecodeOutcome[]): unknown[] {
  return outcomes.map((o) =>
    o.ok
      ? {
          ...o.alert,
          cutouts: Object.fromEntries(
            Object.entries(o.alert.cutouts).map(([k, b]) => [
              k,
              b === null ? null : Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString('base64'),
            ]),
          ),
        }
      : o,
  );
}

/** Decodes every block of a container file both ways; returns the number of records compared. */
function compareFile(file: string, decoder: AlertDecoder): number {
  const bytes = fs.readFileSync(file);
  const header = readHeader(bytes);
  if (!header) throw new Error(`${file} has no container header`);
  const schema = decoder.schemaOf(header);
  expect(schema.plan, `${file}: the reader compiles its schema`).not.toBeNull();
  let records = 0;
  for (let pos = header.end; pos < bytes.length; ) {
    const block = readBlock(bytes, pos, header.sync);
    if (!block) break;
    const data = decompressBlock(header.codec, block.data);
    const byReader = decodeBlockRecords(schema, data, block.count);
    const byAvsc = decodeBlockRecordsWithAvsc(schema, data, block.count);
    expect(comparable(byReader)).toEqual(comparable(byAvsc));
    records += block.count;
    pos = block.end;
  }
  return records;
}

describe('the alert reader', () => {
  it('decodes every real Avro alert as avsc does (ZTF 3.2, 3.3, 4.02, Fink; null, deflate, snappy)', () => {
    const files = [...walk(testDataPath('ztf_raw_avro')), ...walk(testDataPath('ztf_enriched'))].filter((f) =>
      f.endsWith('.avro'),
    );
    expect(files.length).toBeGreaterThan(5);
    const decoder = new AlertDecoder();
    let records = 0;
    for (const file of files) records += compareFile(file, decoder);
    expect(records).toBeGreaterThan(100);
  });

  it('decodes simulated alerts (histories with non-detections, stamps, asteroids) as avsc does', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'skyalert-reader-'));
    try {
      const result = await runSimulate({
        outDir: dir,
        nights: 2,
        alertsPerNight: 400,
        seed: 11,
        startNight: '2024-03-10',
        log: testLog,
      });
      const decoder = new AlertDecoder();
      let records = 0;
      for (const file of result.files.filter((f) => f.endsWith('.avro')))
        records += compareFile(file, decoder);
      expect(records).toBe(result.alerts);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  // a schema with every Avro type, named types referenced by short and full name, a union-typed candidate, a
  // logical type, a map-valued catalogue field, history entries with fields not kept, a union of 71 branches
  const cutout = {
    type: 'record',
    name: 'cutout',
    namespace: 'test.alert',
    fields: [
      { name: 'fileName', type: 'string' },
      { name: 'stampData', type: 'bytes' },
    ],
  };
  const schema = {
    type: 'record',
    name: 'alert',
    namespace: 'test',
    fields: [
      { name: 'schemavsn', type: { type: 'enum', name: 'version', symbols: ['a', 'b'] } },
      { name: 'objectId', type: 'string' },
      { name: 'tag', type: { type: 'fixed', name: 'tag16', size: 16 } },
      {
        name: 'candidate',
        type: [
          'null',
          {
            type: 'record',
            name: 'candidate',
            fields: [
              { name: 'jd', type: 'double' },
              { name: 'fid', type: 'int' },
              { name: 'pid', type: { type: 'long', logicalType: 'timestamp-millis' } },
              { name: 'candid', type: ['null', 'long'] },
              { name: 'ra', type: 'double' },
              { name: 'dec', type: 'double' },
              { name: 'magpsf', type: ['float', 'null'] },
              { name: 'isdiffpos', type: ['null', 'string'] },
              { name: 'ssnamenr', type: ['null', 'string'] },
              { name: 'ndethist', type: 'long' },
              { name: 'unused', type: { type: 'map', values: { type: 'array', items: 'float' } } },
              { name: 'isflagged', type: 'boolean' },
              // a union of 71 branches: indexes from 64 on take two bytes
              {
                name: 'wide',
                type: [
                  'null',
                  ...Array.from({ length: 70 }, (_, i) => ({ type: 'fixed', name: `w${i}`, size: 1 })),
                ],
              },
            ],
          },
        ],
      },
      {
        name: 'prv_candidates',
        type: [
          'null',
          {
            type: 'array',
            items: {
              type: 'record',
              name: 'prv',
              fields: [
                { name: 'jd', type: 'double' },
                { name: 'fid', type: 'long' },
                { name: 'magpsf', type: ['null', 'float'] },
                { name: 'extra', type: ['null', 'test.version', 'string'] },
                { name: 'rb', type: ['null', 'double'] },
                { name: 'candid', type: ['null', 'long'] },
              ],
            },
          },
        ],
      },
      { name: 'cutoutScience', type: ['null', cutout] },
      { name: 'cutoutTemplate', type: ['null', 'test.alert.cutout'] },
      { name: 'cutoutDifference', type: ['null', 'test.alert.cutout'] },
      { name: 'cdsxmatch', type: ['null', 'string', 'int'] },
      { name: 'mulens', type: ['null', { type: 'map', values: 'double' }] },
      { name: 'roid', type: ['null', 'int'] },
    ],
  };

  it('reads random records of a schema using every Avro type as avsc does', () => {
    const type = avro.Type.forSchema(schema as avro.Schema, { registry: { long: bigintLongType } });
    const decoder = new AlertDecoder();
    const compiled = decoder.cache.get(JSON.stringify(schema));
    expect(compiled.plan).not.toBeNull();
    const values = Array.from({ length: 300 }, (_, i) => {
      const v = type.random() as unknown as Record<string, unknown>;
      // most records valid (a usable id, candid and jd, ra/dec in range), some left random to be rejected
      if (i % 5 !== 0) {
        v.objectId = `ZTF24a${i}`;
        while (v.candidate === null)
          v.candidate = (type.random() as unknown as Record<string, unknown>).candidate;
        const c = v.candidate as Record<string, unknown>;
        Object.assign(c, { jd: 2460000.5 + i / 100, ra: (i * 7) % 360, dec: ((i * 3) % 180) - 90 });
        if (c.candid === null || i % 3 === 0) c.candid = 1060135832015015002n + BigInt(i);
        if (i % 7 === 0) c.ssnamenr = 'null';
      }
      return v;
    });
    const data = Buffer.concat(values.map((v) => type.toBuffer(v)));
    const byReader = decodeBlockRecords(compiled, data, values.length);
    const byAvsc = decodeBlockRecordsWithAvsc(compiled, data, values.length);
    expect(byReader.length).toBe(values.length);
    expect(byReader.filter((o) => o.ok).length).toBeGreaterThan(100);
    expect(byReader.filter((o) => !o.ok).length).toBeGreaterThan(10);
    expect(comparable(byReader)).toEqual(comparable(byAvsc));
  });

  it('stops a truncated block at the same record as avsc, keeping the records before it', () => {
    const type = avro.Type.forSchema(schema as avro.Schema, { registry: { long: bigintLongType } });
    const decoder = new AlertDecoder();
    const compiled = decoder.cache.get(JSON.stringify(schema));
    const records = Array.from({ length: 6 }, () => type.toBuffer(type.random()));
    const data = Buffer.concat(records);
    let checked = 0;
    for (let cut = 1; cut < data.length; cut += Math.max(1, Math.floor(data.length / 97))) {
      const part = data.subarray(0, data.length - cut);
      const byReader = decodeBlockRecords(compiled, part, records.length);
      const byAvsc = decodeBlockRecordsWithAvsc(compiled, part, records.length);
      // the record that fails is the same; the ones before it are equal
      expect(byReader.length).toBe(byAvsc.length);
      const last = byReader[byReader.length - 1];
      expect(last.ok).toBe(false);
      if (!last.ok) expect(last.reason).toMatch(/truncated Avro record|Avro decoding failed/);
      expect(comparable(byReader.slice(0, -1))).toEqual(comparable(byAvsc.slice(0, -1)));
      checked++;
    }
    expect(checked).toBeGreaterThan(50);
  });

  it('refuses a block count the bytes cannot hold instead of looping on it, and names only real types', () => {
    const decoder = new AlertDecoder();
    for (const items of ['null', 'float']) {
      const compiled = decoder.cache.get(
        JSON.stringify({
          type: 'record',
          name: 'alert',
          fields: [
            { name: 'objectId', type: 'string' },
            { name: 'flags', type: { type: 'array', items } },
          ],
        }),
      );
      expect(compiled.plan).not.toBeNull();
      // objectId "a", then an array block claiming 2^40 items, and nothing after it
      const count = avro.Type.forSchema('long').toBuffer(2 ** 40);
      const data = Buffer.concat([Buffer.from([2, 0x61]), count]);
      const [outcome] = decodeBlockRecords(compiled, data, 1);
      expect(outcome).toEqual({ ok: false, reason: 'truncated Avro record 1 of 1 in block' });
    }
    // Object's own property names are not Avro types
    for (const name of ['constructor', 'toString', '__proto__'])
      expect(() =>
        compileAvroType({ type: 'record', name: 'r', fields: [{ name: 'f', type: name }] }),
      ).toThrow(`unknown Avro type name ${name}`);
  });
});
