/**
 * `runSimulateLsst` to Kafka, against the Kafka-protocol test broker: every alert is one message in the
 * Confluent wire format (byte 0 = 0, 4-byte big-endian schema id, Avro datum). The schema is registered in a
 * Confluent-compatible registry (a minimal node:http one here: POST /subjects/<subject>/versions answers an id)
 * and the messages carry the id it answered; or it is written as `<id>.avsc` into a schema directory with
 * Rubin's id (1000 for 10.0). Each datum decodes with the schema the registry or the directory received.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import avro from 'avsc';
import { Kafka, logLevel } from 'kafkajs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bigintLongType } from '../../data/index.js';
import { runSimulateLsst } from '../../ingest/simulate/index.js';
import { startBroker, type TestBroker } from '../support/kafka-broker.js';
import { testLog } from '../support/store.js';

const REGISTRY_TOPIC = 'lsst-registry';
const DIR_TOPIC = 'lsst-schema-dir';
const ALERTS = 40;
const REGISTRY_ID = 42;

let broker: TestBroker;
let registry: http.Server;
let registryUrl = '';
const posts: { url: string; contentType: string; body: string }[] = [];
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'skyalert-lsst-kafka-'));

beforeAll(async () => {
  broker = await startBroker([`${REGISTRY_TOPIC}:2`, `${DIR_TOPIC}:2`]);
  registry = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => {
      body += c.toString('utf8');
    });
    req.on('end', () => {
      posts.push({ url: req.url ?? '', contentType: req.headers['content-type'] ?? '', body });
      const ok = req.method === 'POST' && /^\/subjects\/[^/]+\/versions$/.test(req.url ?? '');
      res.writeHead(ok ? 200 : 404, { 'Content-Type': 'application/vnd.schemaregistry.v1+json' });
      res.end(JSON.stringify(ok ? { id: REGISTRY_ID } : { error_code: 404, message: 'not found' }));
    });
  });
  await new Promise<void>((resolve) => registry.listen(0, '127.0.0.1', resolve));
  registryUrl = `http://127.0.0.1:${(registry.address() as AddressInfo).port}`;
}, 60_000);

afterAll(async () => {
  await broker?.stop();
  await new Promise((resolve) => registry?.close(resolve));
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** Every message value of a topic, read from the beginning by a new consumer group. */
async function consume(topic: string, count: number): Promise<Buffer[]> {
  const kafka = new Kafka({
    clientId: 'lsst-sim-test',
    brokers: [broker.bootstrap],
    logLevel: logLevel.NOTHING,
  });
  const consumer = kafka.consumer({
    groupId: `${topic}-${Date.now()}`,
    sessionTimeout: 3000,
    heartbeatInterval: 300,
    maxWaitTimeInMs: 100,
  });
  const values: Buffer[] = [];
  await consumer.connect();
  await consumer.subscribe({ topic, fromBeginning: true });
  const done = new Promise<void>((resolve) => {
    void consumer.run({
      eachMessage: async ({ message }) => {
        values.push(message.value as Buffer);
        if (values.length >= count) resolve();
      },
    });
  });
  await Promise.race([
    done,
    new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 30_000)),
  ]);
  await consumer.disconnect();
  return values;
}

/** Checks the Confluent frames and decodes their datums with a schema text; returns the diaSourceIds. */
function decodeFrames(values: readonly Buffer[], schemaId: number, schemaText: string): bigint[] {
  const type = avro.Type.forSchema(JSON.parse(schemaText) as avro.Schema, {
    registry: { long: bigintLongType },
  });
  return values.map((v) => {
    expect(v[0]).toBe(0);
    expect(v.readUInt32BE(1)).toBe(schemaId);
    const record = type.fromBuffer(v.subarray(5)) as {
      diaSourceId: bigint;
      diaSource: { diaSourceId: bigint };
    };
    expect(record.diaSource.diaSourceId).toBe(record.diaSourceId);
    return record.diaSourceId;
  });
}

describe('runSimulateLsst to Kafka', () => {
  it('registers the schema in the registry and frames every message with the id it answers', async () => {
    const result = await runSimulateLsst({
      outDir: path.join(tmp, 'registry'),
      nights: 1,
      alertsPerNight: ALERTS,
      seed: 4,
      startNight: 20260305,
      noStamps: true,
      kafka: { brokers: [broker.bootstrap], topic: REGISTRY_TOPIC, schemaRegistry: registryUrl },
      log: testLog,
    });
    expect(result.alerts).toBe(ALERTS);
    expect(result.schemaId).toBe(REGISTRY_ID);
    expect(result.files).toEqual([]);
    expect(posts).toHaveLength(1);
    expect(posts[0].url).toBe('/subjects/alert-packet/versions');
    expect(posts[0].contentType).toBe('application/vnd.schemaregistry.v1+json');
    const schemaText = (JSON.parse(posts[0].body) as { schema: string }).schema;
    expect((JSON.parse(schemaText) as { namespace: string }).namespace).toMatch(/lsst\.v10_0$/);
    const ids = decodeFrames(await consume(REGISTRY_TOPIC, ALERTS), REGISTRY_ID, schemaText);
    expect(new Set(ids).size).toBe(ALERTS);
    for (const id of ids) expect(id).toBeGreaterThan(2n ** 53n);
  }, 90_000);

  it("writes <id>.avsc into the schema directory with Rubin's id 1000 and frames with it", async () => {
    const schemaDir = path.join(tmp, 'schemas');
    const result = await runSimulateLsst({
      outDir: path.join(tmp, 'dir'),
      nights: 1,
      alertsPerNight: ALERTS,
      seed: 4,
      startNight: 20260305,
      noStamps: true,
      kafka: { brokers: [broker.bootstrap], topic: DIR_TOPIC, schemaDir },
      log: testLog,
    });
    expect(result.schemaId).toBe(1000);
    expect(fs.readdirSync(schemaDir)).toEqual(['1000.avsc']);
    const schemaText = fs.readFileSync(path.join(schemaDir, '1000.avsc'), 'utf8');
    const ids = decodeFrames(await consume(DIR_TOPIC, ALERTS), 1000, schemaText);
    expect(new Set(ids).size).toBe(ALERTS);
  }, 90_000);

  it('refuses a registry that answers an error, before producing anything', async () => {
    await expect(
      runSimulateLsst({
        outDir: path.join(tmp, 'bad'),
        nights: 1,
        alertsPerNight: 5,
        seed: 4,
        startNight: 20260305,
        kafka: { brokers: [broker.bootstrap], topic: DIR_TOPIC, schemaRegistry: `${registryUrl}/nowhere/` },
        log: testLog,
      }),
    ).rejects.toThrow(/answered 404/);
  });
});
