/**
 * Rubin's stream, at-least-once through crashes: simulated LSST alerts (the project's schema) and the real Rubin
 * alerts of test/data/lsst (Fink's schema and Rubin's 10.0 field set), Confluent-framed with three schema ids of a
 * schema registry, produced into a multi-partition topic; `skyalert ingest --kafka --survey lsst` (the compiled CLI)
 * is SIGKILLed mid-batch at several moments and restarted, then a last run publishes. Every diaSourceId of the
 * produced messages (decoded here from the frames, with the schema each frame names) is served exactly once by
 * the LSST API on the store: nothing lost, nothing duplicated.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import avro from 'avsc';
import { Kafka, logLevel, type Producer } from 'kafkajs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bigintLongType } from '../../data/index.js';
import { encodeConfluentFrame } from '../../ingest/decode/index.js';
import {
  compileLsstSchema,
  LSST_ALERT_SCHEMA_TEXT,
  LsstSimulation,
  lsstAlertRecord,
} from '../../ingest/simulate/lsst/index.js';
import { createLsstApp } from '../../serve/app.js';
import { LsstStoreReader } from '../../serve/lsst-store-reader.js';
import { readContainerWithSchema } from '../support/avro-container.js';
import { startBroker, type TestBroker } from '../support/kafka-broker.js';
import { CLI, exited, startConsumer } from '../support/kafka-consumer.js';
import { RUBIN_ALERT_FIELDS } from '../support/lsst-avro-records.js';
import { startSchemaRegistry, type TestSchemaRegistry } from '../support/schema-registry.js';
import { tempStore, testLog } from '../support/store.js';
import { testDataPath } from '../support/test-data.js';

const TOPIC = 'lsst-crash';
const PARTITIONS = 4;
const GROUP = 'g-lsst-crash';
/** Fink's schema of the real container, seeded under a chosen id as Rubin's registry does. */
const FINK_ID = 42;
/** Simulated alerts: two nights of this many. */
const SIM_NIGHTS = 2;
const SIM_ALERTS_PER_NIGHT = 1000;
/** Group session timeout (test/kafka-broker/README.md: a killed member holds the rebalance about this long). */
const SESSION_TIMEOUT_MS = 3000;
/** A consumer stops after this many seconds without messages. */
const IDLE_S = 3;

type Rec = Record<string, unknown>;

/** What the produced messages hold, read from their frames alone. */
interface ProducedAlert {
  readonly diaSourceId: bigint;
  readonly diaObjectId: bigint;
  /** Packed designation of a Solar System source (diaObjectId 0), else null. */
  readonly designation: string | null;
}

let broker: TestBroker;
let registry: TestSchemaRegistry;
let producer: Producer;
/**
 * The messages in the order produced, in one wave per consumer run: each run finds new messages, and the topic
 * is complete only before the last killed run, so that every kill moment comes whatever the consumer's speed
 * (a consumer on an idle machine took the whole topic in its second run, before any moment after a commit).
 */
const waves: { value: Buffer; partition: number }[][] = [];
/** Waves of produced messages: one per killed run. */
const WAVES = 3;
const values: Buffer[] = [];
const schemaIds = new Set<number>();

beforeAll(async () => {
  if (!fs.existsSync(CLI)) throw new Error(`build first (npm run build): ${CLI} is missing`);
  const { schemaText, records } = await readContainerWithSchema(testDataPath('lsst', 'part-2-918301.avro'));
  const finkSchema = JSON.parse(schemaText) as { fields: { name: string }[] };
  const rubinFields = new Set(RUBIN_ALERT_FIELDS);
  const rubinSchema = JSON.stringify({
    type: 'record',
    name: 'alert',
    namespace: 'lsst.v10_0',
    fields: finkSchema.fields.filter((f) => rubinFields.has(f.name)),
  });
  registry = await startSchemaRegistry([{ id: FINK_ID, schema: schemaText }]);
  const rubinId = registry.register('alert-packet', rubinSchema);
  const simId = registry.register('alert-packet', LSST_ALERT_SCHEMA_TEXT);
  const typeOf = (text: string) =>
    avro.Type.forSchema(JSON.parse(text) as avro.Schema, { registry: { long: bigintLongType } });
  const fink = typeOf(schemaText);
  const rubin = typeOf(rubinSchema);
  // the real alerts alternate between Fink's schema and Rubin's field set
  records.forEach((r, i) => {
    if (i % 2 === 0) values.push(Buffer.from(encodeConfluentFrame(FINK_ID, fink.toBuffer(r))));
    else {
      const rubinRecord = Object.fromEntries(Object.entries(r).filter(([k]) => rubinFields.has(k)));
      values.push(Buffer.from(encodeConfluentFrame(rubinId, rubin.toBuffer(rubinRecord))));
    }
  });
  const sim = new LsstSimulation({ seed: 2024, startNight: 20260301, alertsPerNight: SIM_ALERTS_PER_NIGHT });
  const simType = compileLsstSchema();
  for (let n = 0; n < SIM_NIGHTS; n++) {
    for (const a of sim.planNight(n).alerts)
      values.push(Buffer.from(encodeConfluentFrame(simId, simType.toBuffer(lsstAlertRecord(a, null)))));
  }
  schemaIds.add(FINK_ID).add(rubinId).add(simId);

  broker = await startBroker([`${TOPIC}:${PARTITIONS}`]);
  producer = new Kafka({ brokers: [broker.bootstrap], logLevel: logLevel.NOTHING }).producer();
  await producer.connect();
  // the real alerts spread over the partitions among the simulated ones, so that batches mix schema ids
  const order = values.map((_, i) => i);
  const real = order.splice(0, records.length);
  real.forEach((r, k) => {
    order.splice(Math.floor(((k + 1) * order.length) / (real.length + 1)), 0, r);
  });
  const messages = order.map((k, i) => ({ value: values[k], partition: i % PARTITIONS }));
  for (let w = 0; w < WAVES; w++) {
    waves.push(
      messages.slice(
        Math.floor((w * messages.length) / WAVES),
        Math.floor(((w + 1) * messages.length) / WAVES),
      ),
    );
  }
}, 60_000);

afterAll(async () => {
  await producer?.disconnect();
  await broker?.stop();
  await registry?.close();
});

/** The alerts of the produced messages, decoded with the writer schema the registry holds for each frame's id. */
async function producedAlerts(): Promise<ProducedAlert[]> {
  const types = new Map<number, avro.Type>();
  for (const id of schemaIds) {
    const answer = (await (await fetch(`${registry.url}/schemas/ids/${id}`)).json()) as { schema: string };
    types.set(
      id,
      avro.Type.forSchema(JSON.parse(answer.schema) as avro.Schema, { registry: { long: bigintLongType } }),
    );
  }
  return values.map((v) => {
    expect(v[0]).toBe(0);
    const type = types.get(v.readUInt32BE(1));
    if (!type) throw new Error(`frame of unknown schema id ${v.readUInt32BE(1)}`);
    const r = type.fromBuffer(v.subarray(5)) as Rec;
    const source = r.diaSource as Rec;
    const orbits = r.mpc_orbits as Rec | null;
    const diaObjectId = source.diaObjectId as bigint;
    return {
      diaSourceId: r.diaSourceId as bigint,
      diaObjectId,
      designation:
        diaObjectId === 0n ? ((orbits?.packed_primary_provisional_designation as string) ?? null) : null,
    };
  });
}

/** Sum over the partitions of the group's committed offsets (0 before any commit). */
async function committedMessages(admin: ReturnType<Kafka['admin']>): Promise<number> {
  const [committed] = await admin.fetchOffsets({ groupId: GROUP, topics: [TOPIC] });
  return committed.partitions.reduce((s, p) => s + Math.max(0, Number(p.offset)), 0);
}

/** Resolves when the child's log has shown `text` `times` times, or when the child exits. */
function whenLogged(child: ChildProcess, text: string, times = 1): Promise<void> {
  return new Promise((resolve) => {
    let seen = 0;
    const onData = (chunk: Buffer): void => {
      seen += chunk.toString().split(text).length - 1;
      if (seen >= times) {
        child.stderr?.off('data', onData);
        resolve();
      }
    };
    child.stderr?.on('data', onData);
    child.on('exit', () => resolve());
  });
}

/** Resolves when `condition` holds (polled), or when the child exits. */
async function whenTrue(child: ChildProcess, condition: () => Promise<boolean>): Promise<void> {
  while (child.exitCode === null && child.signalCode === null && !(await condition()))
    await new Promise((r) => setTimeout(r, 25));
}

/** The exact integers of `field` in a JSON text, as written (never through a JS number). */
function idsIn(text: string, field: string): string[] {
  return [...text.matchAll(new RegExp(`"${field}":(-?\\d+)[,}]`, 'g'))].map((m) => m[1]);
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

describe('skyalert ingest --kafka on Rubin stream, SIGKILLed mid-batch', () => {
  it('serves every produced diaSourceId exactly once after kills and restarts', async () => {
    const produced = await producedAlerts();
    expect(new Set(produced.map((p) => p.diaSourceId)).size).toBe(values.length);
    expect(produced.some((p) => p.designation !== null)).toBe(true);
    const layout = tempStore('skyalert-lsst-crash-');
    const lsst = ['--survey', 'lsst', '--schema-registry', registry.url];
    const admin = new Kafka({ brokers: [broker.bootstrap], logLevel: logLevel.NOTHING }).admin();
    await admin.connect();
    try {
      // kill moments, each waited for in the consumer's own progress: while its first batch is staged; once
      // some batches are committed and others in flight; while a batch opens a second night's staging file
      const moments: ((child: ChildProcess, before: number) => Promise<void>)[] = [
        (child) => whenLogged(child, 'staging file opened'),
        (child, before) =>
          whenTrue(child, async () => {
            const now = await committedMessages(admin);
            return now > before && now < values.length;
          }),
        (child) => whenLogged(child, 'staging file opened', 2),
      ];
      let kills = 0;
      for (const [wave, moment] of moments.entries()) {
        for (let i = 0; i < waves[wave].length; i += 500) {
          await producer.send({ topic: TOPIC, acks: 1, messages: waves[wave].slice(i, i + 500) });
        }
        const before = await committedMessages(admin);
        const child = startConsumer(
          layout,
          broker.bootstrap,
          TOPIC,
          GROUP,
          'lsst',
          ['--no-publish', '--publish-cron', 'off', ...lsst],
          IDLE_S,
          {},
          SESSION_TIMEOUT_MS,
        );
        await moment(child, before);
        if (child.exitCode === null) {
          child.kill('SIGKILL');
          kills++;
        }
        await exited(child);
      }
      expect(kills).toBe(moments.length);
      expect(await committedMessages(admin)).toBeLessThan(values.length);
      const final = startConsumer(
        layout,
        broker.bootstrap,
        TOPIC,
        GROUP,
        'lsst',
        ['--publish-on-exit', '--publish-cron', 'off', ...lsst],
        IDLE_S,
        {},
        SESSION_TIMEOUT_MS,
      );
      let out = '';
      final.stdout?.on('data', (c: Buffer) => {
        out += c.toString();
      });
      expect(await exited(final)).toBe(0);
      expect(out).toMatch(/ingest: \d+ records read/);
      expect(await committedMessages(admin)).toBe(values.length);
    } finally {
      await admin.disconnect();
    }

    // what the API serves: each diaObject's alerts (v:alert) by /sources, the Solar System ones by /sso
    const reader = await LsstStoreReader.open(layout, testLog);
    try {
      const app = createLsstApp(reader, testLog);
      const post = async (path: string, body: Rec): Promise<string> => {
        const res = await app.request(path, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        expect(res.status).toBe(200);
        return res.text();
      };
      const served: string[] = [];
      const objects = [...new Set(produced.filter((p) => p.diaObjectId !== 0n).map((p) => p.diaObjectId))];
      for (const ids of chunks(objects, 1000)) {
        const text = await post('/api/v1/sources', {
          diaObjectId: ids.join(','),
          columns: 'r:diaSourceId,v:alert',
        });
        const rows = JSON.parse(text) as { 'v:alert': boolean }[];
        const sourceIds = idsIn(text, 'r:diaSourceId');
        expect(sourceIds.length).toBe(rows.length);
        served.push(...sourceIds.filter((_, i) => rows[i]['v:alert']));
      }
      const designations = [...new Set(produced.flatMap((p) => (p.designation ? [p.designation] : [])))];
      for (const names of chunks(designations, 100)) {
        const text = await post('/api/v1/sso', { n_or_d: names.join(','), columns: 'r:diaSourceId' });
        served.push(...idsIn(text, 'r:diaSourceId'));
      }
      const expected = produced.map((p) => String(p.diaSourceId)).sort();
      expect(served.length).toBe(expected.length);
      expect(served.sort()).toEqual(expected);
    } finally {
      reader.close();
      fs.rmSync(layout.root, { recursive: true, force: true });
    }
  }, 120_000);
});
