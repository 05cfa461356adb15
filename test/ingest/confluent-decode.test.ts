/**
 * Rubin's Kafka stream format with real alerts: the 7 LSST alerts of Fink's data transfer (test/data/lsst/
 * part-2-918301.avro), each re-encoded as a schemaless datum with the container's schema and framed in the
 * Confluent wire format, decode through a schema registry exactly as avsc decodes the container; so do the same
 * alerts in a second schema (Rubin's sections only, namespace lsst.v10_0), interleaved in one batch.
 */
import avro from 'avsc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bigintLongType } from '../../data/index.js';
import {
  ConfluentDecoder,
  encodeConfluentFrame,
  lsstAlertFromRecord,
  lsstColumnsFromAvroSchema,
  SchemaRegistrySource,
} from '../../ingest/decode/index.js';
import { canonicalAvroValue, readContainerWithSchema } from '../support/avro-container.js';
import { RUBIN_ALERT_FIELDS } from '../support/lsst-avro-records.js';
import { alertDifferences } from '../support/lsst-both-ways.js';
import { startSchemaRegistry, type TestSchemaRegistry } from '../support/schema-registry.js';
import { testDataPath } from '../support/test-data.js';

const FINK_ID = 42;

type Row = Record<string, unknown>;

/** The zigzag varint long at `pos` (Avro binary encoding), read with BigInt arithmetic. */
function readLongAt(bytes: Uint8Array, pos: number): bigint {
  let u = 0n;
  let shift = 0n;
  for (;;) {
    const b = bytes[pos++];
    u |= BigInt(b & 0x7f) << shift;
    shift += 7n;
    if ((b & 0x80) === 0) break;
  }
  return (u >> 1n) ^ -(u & 1n);
}

let registry: TestSchemaRegistry;
let records: Row[];
let finkDatums: Buffer[];
let rubinRecords: Row[];
let rubinDatums: Buffer[];
let rubinId: number;

beforeAll(async () => {
  const read = await readContainerWithSchema(testDataPath('lsst', 'part-2-918301.avro'));
  records = read.records;
  const finkSchema = JSON.parse(read.schemaText) as { fields: { name: string }[] };
  const finkType = avro.Type.forSchema(finkSchema as avro.Schema, { registry: { long: bigintLongType } });
  finkDatums = records.map((r) => finkType.toBuffer(r));
  const rubinSchema = {
    type: 'record',
    name: 'alert',
    namespace: 'lsst.v10_0',
    fields: finkSchema.fields.filter((f) => RUBIN_ALERT_FIELDS.includes(f.name)),
  };
  const rubinType = avro.Type.forSchema(rubinSchema as avro.Schema, { registry: { long: bigintLongType } });
  rubinRecords = records.map((r) => Object.fromEntries(RUBIN_ALERT_FIELDS.map((k) => [k, r[k]])));
  rubinDatums = rubinRecords.map((r) => rubinType.toBuffer(r));
  registry = await startSchemaRegistry([{ id: FINK_ID, schema: read.schemaText }]);
  rubinId = registry.register('lsst-alerts-value', JSON.stringify(rubinSchema));
});

afterAll(() => registry?.close());

function newDecoder(): ConfluentDecoder {
  return new ConfluentDecoder(new SchemaRegistrySource({ url: registry.url, retryDelayMs: 1 }));
}

describe('Confluent-framed LSST alerts through a schema registry', () => {
  it('the container holds the 7 alerts of its README, and the second schema is a different id', () => {
    expect(records).toHaveLength(7);
    expect(rubinId).toBe(FINK_ID + 1);
    expect(RUBIN_ALERT_FIELDS.every((f) => f in records[0])).toBe(true);
    expect('clf' in records[0] && 'xm' in records[0]).toBe(true);
  });

  it("decode each record as avsc decodes the container, with Fink's transfer schema", async () => {
    const outcomes = await newDecoder().decode(finkDatums.map((d) => encodeConfluentFrame(FINK_ID, d)));
    expect(outcomes).toHaveLength(7);
    outcomes.forEach((o, i) => {
      if (!o.ok) throw new Error(o.reason);
      expect(canonicalAvroValue(o.record)).toBe(canonicalAvroValue(records[i]));
      expect(o.schema.id).toBe(FINK_ID);
      expect(o.schema.name).toBe('topLevelRecord.value');
      expect(o.schemaVersion).toBeNull(); // Fink's root record is not in Rubin's namespace
    });
  });

  it('decode two schema versions interleaved in one batch, each with its own schema', async () => {
    const frames = records.flatMap((_, i) => [
      encodeConfluentFrame(rubinId, rubinDatums[i]),
      encodeConfluentFrame(FINK_ID, finkDatums[i]),
    ]);
    const outcomes = await newDecoder().decode(frames);
    outcomes.forEach((o, k) => {
      if (!o.ok) throw new Error(o.reason);
      const i = Math.floor(k / 2);
      if (k % 2 === 0) {
        expect(canonicalAvroValue(o.record)).toBe(canonicalAvroValue(rubinRecords[i]));
        expect(Object.keys(o.record)).toEqual(RUBIN_ALERT_FIELDS);
        expect(o.schemaVersion).toBe('lsst.v10_0');
        expect(o.schema.name).toBe('lsst.v10_0.alert');
      } else {
        expect(canonicalAvroValue(o.record)).toBe(canonicalAvroValue(records[i]));
        expect(o.schemaVersion).toBeNull();
      }
    });
  });

  it('give the 64-bit ids exactly, as BigInt (read independently from the datum bytes)', async () => {
    const outcomes = await newDecoder().decode(rubinDatums.map((d) => encodeConfluentFrame(rubinId, d)));
    let above2p53 = 0;
    outcomes.forEach((o, i) => {
      if (!o.ok) throw new Error(o.reason);
      // diaSourceId is the first field, a union ["long", "null"]: branch index 0 (one byte 0x00), then the long
      expect(rubinDatums[i][0]).toBe(0);
      const fromBytes = readLongAt(rubinDatums[i], 1);
      expect(typeof o.record.diaSourceId).toBe('bigint');
      expect(o.record.diaSourceId).toBe(fromBytes);
      expect((o.record.diaSource as Row).diaSourceId).toBe(fromBytes);
      if (fromBytes > 2n ** 53n) above2p53++;
    });
    expect(above2p53).toBe(7);
  });

  it('ask the registry once per id, however many frames and batches, and concurrent batches share the request', async () => {
    const before = registry.requests.length;
    const decoder = newDecoder();
    const fink = finkDatums.map((d) => encodeConfluentFrame(FINK_ID, d));
    const rubin = rubinDatums.map((d) => encodeConfluentFrame(rubinId, d));
    const [a, b] = await Promise.all([decoder.decode(fink), decoder.decode([...rubin, ...fink])]);
    const c = await decoder.decode(rubin);
    expect([...a, ...b, ...c].every((o) => o.ok)).toBe(true);
    const asked = registry.requests.slice(before).map((r) => r.path);
    expect(asked.sort()).toEqual([`/schemas/ids/${FINK_ID}`, `/schemas/ids/${rubinId}`].sort());
  });

  it('reject a frame of an unknown id with that reason, asked once, and decode the rest of the batch', async () => {
    const decoder = newDecoder();
    const unknown = encodeConfluentFrame(999, rubinDatums[0]);
    const first = await decoder.decode([unknown, encodeConfluentFrame(rubinId, rubinDatums[1]), unknown]);
    expect(first[0]).toEqual({
      ok: false,
      reason: `unknown schema id 999 (schema registry ${registry.url})`,
    });
    expect(first[1].ok && canonicalAvroValue(first[1].record)).toBe(canonicalAvroValue(rubinRecords[1]));
    expect(first[2]).toEqual(first[0]);
    const again = await decoder.decode([unknown]);
    expect(again[0].ok).toBe(false);
    expect(registry.count('/schemas/ids/999')).toBe(1);
  });

  it('reject frames that are not Confluent frames, truncated datums, and datums of another schema', async () => {
    const datum = finkDatums[0];
    const outcomes = await newDecoder().decode([
      Uint8Array.from([0, 0, 0]),
      Uint8Array.from([1, ...encodeConfluentFrame(FINK_ID, datum).subarray(1)]),
      encodeConfluentFrame(FINK_ID, datum.subarray(0, datum.length - 10)),
      // Fink's datum starts with Rubin's fields: read with Rubin's schema, Fink's sections are left over
      encodeConfluentFrame(rubinId, datum),
    ]);
    const reasons = outcomes.map((o) => (o.ok ? 'decoded' : o.reason));
    expect(reasons[0]).toMatch(/^Confluent frame too short: 3 bytes/);
    expect(reasons[1]).toBe('not a Confluent frame: magic byte is 0x01, expected 0x00');
    expect(reasons[2]).toMatch(
      /^truncated Avro datum: its \d+ bytes end inside a topLevelRecord\.value record \(schema id 42\)/,
    );
    const leftOver = datum.length - rubinDatums[0].length;
    expect(reasons[3]).toBe(
      `Avro datum of schema id ${rubinId} ends at byte ${rubinDatums[0].length} of ${datum.length}: ${leftOver} bytes left over (not written with this schema)`,
    );
  });

  it('decode straight to LSST alerts as the generic records map to them, and reject the same frames', async () => {
    const decoder = newDecoder();
    const datum = finkDatums[0];
    const frames = [
      ...finkDatums.map((d) => encodeConfluentFrame(FINK_ID, d)),
      ...rubinDatums.map((d) => encodeConfluentFrame(rubinId, d)),
      encodeConfluentFrame(FINK_ID, datum.subarray(0, datum.length - 10)),
      encodeConfluentFrame(rubinId, datum),
    ];
    const generic = await decoder.decode(frames);
    const direct = frames.map((f) => decoder.decodeLsstFrame(f));
    direct.forEach((d, i) => {
      const g = generic[i];
      if (!g.ok) {
        expect(d.ok ? 'decoded' : d.reason, `frame ${i}`).toBe(g.reason);
        return;
      }
      const mapped = lsstAlertFromRecord(g.record, lsstColumnsFromAvroSchema(g.schema.json), g.schemaVersion);
      if (!mapped.ok || !d.ok) throw new Error(`frame ${i} not decoded`);
      expect(alertDifferences(d.alert, mapped.alert, `frame ${i}`)).toEqual([]);
    });
    expect(direct.filter((d) => d.ok)).toHaveLength(2 * records.length);
  });
});
