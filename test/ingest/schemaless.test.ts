/**
 * Schemaless Kafka messages (a bare Avro body written with a schema given by `--schema`, optionally in the
 * Confluent wire format): each decodes to the alert its record gives inside a container, with the alert reader
 * and with avsc.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import avro from 'avsc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bigintLongType, viewBytesType } from '../../data/index.js';
import {
  AlertDecoder,
  type DecodeOutcome,
  decompressBlock,
  readBlock,
  readHeader,
} from '../../ingest/decode/index.js';
import { runSimulate } from '../../ingest/simulate/index.js';
import { testLog } from '../support/store.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'skyalert-schemaless-'));
let schemaText = '';
/** Each record's bytes, and the outcome of decoding it inside its container. */
const records: { body: Buffer; expected: DecodeOutcome }[] = [];

/** Outcomes as comparable values (stamps as plain byte arrays). */
function comparable(o: DecodeOutcome): unknown {
  if (!o.ok) return o;
  const c = o.alert.cutouts;
  return { ...o.alert, cutouts: [c.science, c.template, c.difference].map((b) => (b ? [...b] : null)) };
}

beforeAll(async () => {
  const result = await runSimulate({
    outDir: dir,
    nights: 1,
    alertsPerNight: 60,
    seed: 3,
    startNight: '2024-03-10',
    log: testLog,
  });
  const file = result.files.find((f) => f.endsWith('.avro'));
  if (!file) throw new Error('the simulator wrote no Avro file');
  const bytes = fs.readFileSync(file);
  const header = readHeader(bytes);
  if (!header) throw new Error('no container header');
  schemaText = header.schemaText;
  const type = avro.Type.forSchema(JSON.parse(schemaText), {
    registry: { long: bigintLongType, bytes: viewBytesType },
  });
  const decoder = new AlertDecoder();
  for (let pos = header.end; pos < bytes.length; ) {
    const block = readBlock(bytes, pos, header.sync);
    if (!block) break;
    const data = decompressBlock(header.codec, block.data);
    const outcomes = decoder.decodeBlock(decoder.schemaOf(header), data, block.count);
    let at = 0;
    for (const expected of outcomes) {
      const { offset } = type.decode(data, at);
      records.push({ body: Buffer.from(data.subarray(at, offset)), expected });
      at = offset;
    }
    pos = block.end;
  }
}, 60_000);

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('schemaless messages', () => {
  it('decode as their records do in a container, bare or in the Confluent wire format, both ways', () => {
    expect(records.length).toBe(60);
    expect(records.filter((r) => r.expected.ok).length).toBeGreaterThan(50);
    for (const withAvsc of [false, true]) {
      const decoder = new AlertDecoder({ schemalessSchemaText: schemaText, withAvsc });
      records.forEach(({ body, expected }, i) => {
        const framed = Buffer.concat([Buffer.from([0, 0, 0, 1, i & 0xff]), body]);
        for (const message of [body, framed]) {
          const got = decoder.decodeMessage(message);
          expect(got.length).toBe(1);
          expect(comparable(got[0])).toEqual(comparable(expected));
        }
      });
    }
  });

  it('rejects a truncated body with a reason, and still reads containers', () => {
    const decoder = new AlertDecoder({ schemalessSchemaText: schemaText });
    const [cut] = decoder.decodeMessage(records[0].body.subarray(0, records[0].body.length - 40));
    expect(cut.ok).toBe(false);
    if (!cut.ok) expect(cut.reason).toMatch(/^schemaless message: /);
    // without a schema, a bare body is refused
    const [refused] = new AlertDecoder().decodeMessage(records[0].body);
    expect(refused.ok).toBe(false);
  });
});
