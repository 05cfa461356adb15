/**
 * The Kafka-protocol test broker of ../shared/kafka (librdkafka's mock cluster), one per test file, on
 * 127.0.0.1 with a random port.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sharedPath } from './shared.js';

export interface TestBroker {
  readonly bootstrap: string;
  readonly dir: string;
  stop(): void;
}

/** Starts a broker with the given topics (`name:partitions`). */
export function startBroker(topics: string[]): TestBroker {
  const script = sharedPath('kafka', 'start-broker.sh');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'skyalert-kafka-'));
  const env = { ...process.env, KAFKA_MOCK_DIR: dir, KAFKA_MOCK_TOPICS: topics.join(' ') };
  const bootstrap = execFileSync('bash', [script], { env, encoding: 'utf8', timeout: 120_000 })
    .trim()
    .split('\n')
    .pop()!;
  return {
    bootstrap,
    dir,
    stop: () => {
      execFileSync('bash', [sharedPath('kafka', 'stop-broker.sh')], { env, timeout: 30_000 });
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
