/**
 * Rubin's stream end to end up to decoding: Confluent-framed LSST alerts of two schema versions, interleaved in a
 * topic of the test broker with a frame of an unknown id and a frame with a bad magic byte, consumed by the
 * project's KafkaSource and decoded batch by batch through a schema registry: every message arrives (at least
 * once: a redelivery after a rebalance is Kafka's at-least-once, which staging's idempotence absorbs), each
 * alert decodes as avsc decodes Fink's container, the bad ones are rejected with their reason, and the registry is
 * asked once per id.
 */
import fs from 'node:fs';
import avro from 'avsc';
import { Kafka, logLevel } from 'kafkajs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bigintLongType, readCatalog, readStoreSurvey } from '../../data/index.js';
import { ConfluentDecoder, encodeConfluentFrame, SchemaRegistrySource } from '../../ingest/decode/index.js';
import { runKafkaIngest } from '../../ingest/index.js';
import type { RawMessage } from '../../ingest/pipeline.js';
import { KafkaSource } from '../../ingest/sources/index.js';
import { canonicalAvroValue, readContainerWithSchema } from '../support/avro-container.js';
import { startBroker, type TestBroker } from '../support/kafka-broker.js';
import { RUBIN_ALERT_FIELDS } from '../support/lsst-avro-records.js';
import { startSchemaRegistry, type TestSchemaRegistry } from '../support/schema-registry.js';
import { sql } from '../support/sql.js';
import { tempStore, testLog } from '../support/store.js';
import { testDataPath } from '../support/test-data.js';

const TOPIC = 'lsst-alerts';
const FINK_ID = 42;
const UNKNOWN_ID = 999;
const RUBIN_FIELDS = new Set(RUBIN_ALERT_FIELDS);

let broker: TestBroker;
let registry: TestSchemaRegistry;
let rubinId: number;
/** Expected record text by `<schema id>/<diaSourceId>`. */
const expected = new Map<string, string>();
let produced = 0;

beforeAll(async () => {
  const { schemaText, records } = await readContainerWithSchema(testDataPath('lsst', 'part-2-918301.avro'));
  const finkSchema = JSON.parse(schemaText) as { fields: { name: string }[] };
  const rubinSchema = {
    type: 'record',
    name: 'alert',
    namespace: 'lsst.v10_0',
    fields: finkSchema.fields.filter((f) => RUBIN_FIELDS.has(f.name)),
  };
  registry = await startSchemaRegistry([{ id: FINK_ID, schema: schemaText }]);
  rubinId = registry.register('lsst-alerts-value', JSON.stringify(rubinSchema));
  const types = [
    {
      id: FINK_ID,
      type: avro.Type.forSchema(finkSchema as avro.Schema, { registry: { long: bigintLongType } }),
    },
    {
      id: rubinId,
      type: avro.Type.forSchema(rubinSchema as avro.Schema, { registry: { long: bigintLongType } }),
    },
  ];
  const values: Buffer[] = [];
  for (const r of records) {
    for (const { id, type } of types) {
      const value =
        id === FINK_ID ? r : Object.fromEntries(Object.entries(r).filter(([k]) => RUBIN_FIELDS.has(k)));
      expected.set(`${id}/${r.diaSourceId}`, canonicalAvroValue(value));
      values.push(Buffer.from(encodeConfluentFrame(id, type.toBuffer(value))));
    }
  }
  values.push(Buffer.from(encodeConfluentFrame(UNKNOWN_ID, types[1].type.toBuffer(records[0]))));
  values.push(Buffer.from([1, 0, 0, 0, FINK_ID, 0]));
  produced = values.length;

  broker = await startBroker([`${TOPIC}:2`]);
  const kafka = new Kafka({ brokers: [broker.bootstrap], logLevel: logLevel.NOTHING });
  const producer = kafka.producer();
  await producer.connect();
  // a few messages per send, over both partitions, so that batches mix versions
  for (let i = 0; i < values.length; i += 3) {
    await producer.send({
      topic: TOPIC,
      messages: values.slice(i, i + 3).map((value, k) => ({ value, partition: (i + k) % 2 })),
    });
  }
  await producer.disconnect();
});

afterAll(async () => {
  await broker?.stop();
  await registry?.close();
});

async function until(condition: () => boolean, what: string, ms = 60_000): Promise<void> {
  const end = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('Confluent-framed alerts of two schema versions through the test broker', () => {
  it('all arrive and decode batch by batch, the bad ones rejected with their reason', async () => {
    const decoder = new ConfluentDecoder(new SchemaRegistrySource({ url: registry.url, retryDelayMs: 1 }));
    const positions = new Set<string>();
    const decoded = new Map<string, string>();
    /** Rejection reason by position (a redelivered message counts once). */
    const reasons = new Map<string, string>();
    const source = new KafkaSource({
      brokers: [broker.bootstrap],
      topics: [TOPIC],
      groupId: 'confluent-frames',
      fromBeginning: true,
      sessionTimeoutMs: 10_000,
      log: testLog,
    });
    await source.start(async (messages: RawMessage[]) => {
      await decoder.prepare(messages.map((m) => m.bytes));
      for (const m of messages) {
        const at = m.position.kind === 'kafka' ? `${m.position.partition}@${m.position.offset}` : '';
        positions.add(at);
        const o = decoder.decodeFrame(m.bytes);
        if (!o.ok) reasons.set(at, o.reason);
        else decoded.set(`${o.schema.id}/${o.record.diaSourceId}`, canonicalAvroValue(o.record));
      }
    });
    try {
      await until(() => positions.size >= produced, `${produced} messages`);
    } finally {
      await source.stop();
    }
    expect(positions.size).toBe(produced);
    expect(decoded.size).toBe(expected.size);
    for (const [key, text] of expected) expect(decoded.get(key) === text, key).toBe(true);
    expect([...reasons.values()].sort()).toEqual(
      [
        `unknown schema id ${UNKNOWN_ID} (schema registry ${registry.url})`,
        'not a Confluent frame: magic byte is 0x01, expected 0x00',
      ].sort(),
    );
    for (const id of [FINK_ID, rubinId, UNKNOWN_ID]) expect(registry.count(`/schemas/ids/${id}`)).toBe(1);
  });
});

describe('skyalert ingest --kafka on Rubin stream (Confluent frames, registry)', () => {
  it('stages each alert once, quarantines the bad frames, and publishes on exit', async () => {
    const layout = tempStore('skyalert-lsst-kafka-');
    try {
      const summary = await runKafkaIngest(layout, {
        brokers: [broker.bootstrap],
        topics: [TOPIC],
        groupId: 'lsst-ingest',
        ingesterId: 'kafka',
        survey: 'lsst',
        schemas: new SchemaRegistrySource({ url: registry.url, retryDelayMs: 1 }),
        publishCron: null,
        publishOnExit: true,
        exitWhenIdleSeconds: 3,
        sessionTimeoutMs: 10_000,
        log: testLog,
      });
      const alerts = new Set([...expected.keys()].map((k) => k.split('/')[1]));
      // each alert came twice (two schema versions): staged once, the other a duplicate
      expect(summary.staged).toBe(alerts.size);
      expect(summary.quarantined).toBe(2);
      expect(readStoreSurvey(layout)).toBe('lsst');
      const catalog = readCatalog(layout);
      expect(catalog.parts.length).toBe(1);
      const dir = layout.partDir(catalog.parts[0].id);
      const [sources] = await sql(
        `SELECT count(*) FILTER (WHERE "v:alert")::INTEGER AS n FROM read_parquet('${dir}/sources.parquet')`,
      );
      const [sso] = await sql(`SELECT count(*)::INTEGER AS n FROM read_parquet('${dir}/sso.parquet')`);
      expect(Number(sources.n) + Number(sso.n)).toBe(alerts.size);
    } finally {
      fs.rmSync(layout.root, { recursive: true, force: true });
    }
  }, 120_000);
});
