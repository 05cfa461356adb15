/**
 * The Kafka tests' consumer processes and alerts: the real alerts of test/data/ztf_raw_avro produced into a topic
 * of the test broker, and `skyalert ingest --kafka` run as a child process of the compiled CLI (dist/).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { Kafka, logLevel } from 'kafkajs';
import { expect } from 'vitest';
import type { StoreLayout } from '../../data/index.js';
import { readCatalog } from '../../data/index.js';
import { AlertDecoder } from '../../ingest/decode/index.js';
import { stagedNights } from '../../ingest/publish/publish-night.js';
import { PROJECT_ROOT } from './project-root.js';
import { testDataPath } from './test-data.js';

/** The compiled command (`npm run build`). */
export const CLI = path.join(PROJECT_ROOT, 'dist', 'bin', 'skyalert.js');

/** The alert files produced by the tests, in a fixed order. */
export function alertFiles(): string[] {
  const root = testDataPath('ztf_raw_avro');
  const out: string[] = [];
  for (const d of fs.readdirSync(root).sort()) {
    for (const f of fs.readdirSync(path.join(root, d)).sort())
      if (f.endsWith('.avro')) out.push(path.join(root, d, f));
  }
  return out;
}

/** Distinct candids of the produced alerts (two real alerts appear in two files each). */
export function producedCandids(): Set<bigint> {
  const decoder = new AlertDecoder();
  const out = new Set<bigint>();
  for (const f of alertFiles()) {
    for (const o of decoder.decodeMessage(fs.readFileSync(f))) if (o.ok) out.add(o.alert.candid);
  }
  return out;
}

/** Produces every alert file as one message into `topic`. */
export async function produceAll(bootstrap: string, topic: string): Promise<void> {
  const kafka = new Kafka({ brokers: [bootstrap], logLevel: logLevel.NOTHING });
  const producer = kafka.producer();
  await producer.connect();
  const files = alertFiles();
  for (let i = 0; i < files.length; i += 50) {
    await producer.send({
      topic,
      acks: 1,
      messages: files.slice(i, i + 50).map((f) => ({ key: path.basename(f), value: fs.readFileSync(f) })),
    });
  }
  await producer.disconnect();
}

/**
 * Starts `skyalert ingest --kafka` on `topic` (debug logs on stderr, drained); `extra` replaces the publication
 * options; `node` adds arguments of node itself (e.g. `--import` of a preload) and environment variables;
 * `sessionTimeoutMs` is the group session timeout (a killed member holds the group's rebalance about this long).
 */
export function startConsumer(
  layout: StoreLayout,
  bootstrap: string,
  topic: string,
  group: string,
  ingester: string,
  extra: string[] = ['--no-publish', '--publish-cron', 'off'],
  exitWhenIdleSeconds = 6,
  node: { args?: string[]; env?: Record<string, string> } = {},
  sessionTimeoutMs = 6000,
): ChildProcess {
  const child = spawn(
    process.execPath,
    [
      ...(node.args ?? []),
      CLI,
      'ingest',
      '--store',
      layout.root,
      '--kafka',
      bootstrap,
      '--topic',
      topic,
      '--group',
      group,
      '--ingester',
      ingester,
      ...extra,
      '--exit-when-idle',
      String(exitWhenIdleSeconds),
      '--session-timeout',
      String(sessionTimeoutMs),
    ],
    {
      env: { ...process.env, SKYALERT_LOG_LEVEL: 'debug', ...node.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  // always drain the pipes: a full pipe would block the child's logging
  child.stderr?.on('data', () => undefined);
  return child;
}

/** Resolves with the exit code; a child still running after `limitMs` is killed and the promise rejects. */
export function exited(child: ChildProcess, limitMs = 90_000): Promise<number | null> {
  return new Promise((resolve, reject) => {
    if (child.exitCode !== null || child.signalCode !== null) {
      resolve(child.exitCode);
      return;
    }
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`consumer ${child.pid} still running after ${limitMs} ms`));
    }, limitMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
}

/** Every staged night is in the catalogue, and the published raw counts add up to the produced alerts. */
export function expectEveryStagedNightPublished(layout: StoreLayout): void {
  const catalog = readCatalog(layout);
  expect(Object.keys(catalog.statistics).map(Number).sort()).toEqual(stagedNights(layout));
  const raw = Object.values(catalog.statistics).reduce((s, st) => s + (st['basic:raw'] ?? 0), 0);
  expect(raw).toBe(producedCandids().size);
}
