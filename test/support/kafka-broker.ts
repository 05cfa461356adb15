/**
 * The Kafka-protocol test broker: test/kafka-broker/mock-broker.c (librdkafka's mock cluster) compiled once per
 * machine and source version, started as a child process on 127.0.0.1 with random ports. Used by the Kafka tests
 * and `npm run bench:ingest`. The broker exits when `stop()` is called or when this process ends (it watches its
 * standard input), and never keeps this process alive.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

export interface TestBroker {
  /** Bootstrap list: `127.0.0.1:PORT`, comma-separated when the cluster has several brokers. */
  readonly bootstrap: string;
  /** Stops the broker and resolves once it has exited; its data is lost. */
  stop(): Promise<void>;
  /** CPU seconds the broker process has used so far (user + system; Linux `/proc`), NaN where unknown. */
  cpuSeconds(): number;
}

export interface BrokerOptions {
  /** Brokers in the cluster (default 1). */
  readonly brokers?: number;
}

const run = promisify(execFile);

/** Debian packages the broker is built from: the C compiler, libc headers, librdkafka with rdkafka_mock.h. */
const BUILD_PACKAGES = ['gcc', 'libc6-dev', 'librdkafka-dev'];
const MOCK_HEADER = '/usr/include/librdkafka/rdkafka_mock.h';
const GCC_ARGS = ['-O2', '-Wall', '-Wextra'];

/** Milliseconds to wait for the broker's ready line, for another process's build, and for its exit. */
const READY_TIMEOUT_MS = 15_000;
const BUILD_LOCK_TIMEOUT_MS = 15 * 60_000;
const STOP_TIMEOUT_MS = 5_000;

/** Starts a cluster with the given topics (`name:partitions`); resolves once it accepts clients. */
export async function startBroker(topics: string[], options: BrokerOptions = {}): Promise<TestBroker> {
  const binary = await brokerBinary();
  const child = spawn(binary, ['-b', String(options.brokers ?? 1), ...topics], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const bootstrap = await readyLine(child);
  child.stderr?.pipe(process.stderr);
  // neither the child nor its pipes keep this process alive; when it ends, the broker's stdin closes
  child.unref();
  for (const stream of [child.stdin, child.stdout, child.stderr]) (stream as Socket | null)?.unref();
  return { bootstrap, stop: () => stopChild(child), cpuSeconds: () => processCpuSeconds(child.pid) };
}

/** Clock ticks per second of `/proc/<pid>/stat` times (USER_HZ: 100 on Linux). */
const USER_HZ = 100;

/** CPU seconds (user + system) of a running process, from `/proc/<pid>/stat`; NaN where it cannot be read. */
function processCpuSeconds(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // fields after the command name (in parentheses, which may hold spaces): utime and stime are the 12th and 13th
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / USER_HZ;
  } catch {
    return Number.NaN;
  }
}

/** The first line the broker prints (its bootstrap list), or its stderr when it exits or hangs first. */
function readyLine(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    let settled = false;
    const fail = (why: string): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(new Error(`the Kafka test broker ${why}${err ? `:\n${err}` : ''}`));
    };
    const timer = setTimeout(
      () => fail(`printed no address within ${READY_TIMEOUT_MS} ms`),
      READY_TIMEOUT_MS,
    );
    child.stderr?.on('data', (chunk: Buffer) => {
      err = (err + chunk.toString()).slice(-4096);
    });
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const end = out.indexOf('\n');
      if (end < 0 || settled) return;
      settled = true;
      clearTimeout(timer);
      child.stderr?.removeAllListeners('data');
      child.removeAllListeners('exit');
      resolve(out.slice(0, end));
    });
    child.on('error', (e) => fail(`did not start (${e.message})`));
    child.on('exit', (code, signal) => fail(`exited before it was ready (${signal ?? `status ${code}`})`));
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  child.ref();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

let binaryPromise: Promise<string> | undefined;

/**
 * Path of the compiled broker, in a per-user cache directory under os.tmpdir() keyed by the source's hash: the
 * first caller on the machine installs the build packages when missing and compiles; parallel callers (test
 * workers) wait on a lock file, then reuse the binary.
 */
function brokerBinary(): Promise<string> {
  binaryPromise ??= (async () => {
    const source = path.join(projectRoot(), 'test', 'kafka-broker', 'mock-broker.c');
    const key = createHash('sha256')
      .update(fs.readFileSync(source))
      .update(GCC_ARGS.join(' '))
      .digest('hex')
      .slice(0, 16);
    const dir = path.join(os.tmpdir(), `skyalert-kafka-broker-${os.userInfo().uid}`);
    const binary = path.join(dir, `mock-broker-${key}`);
    if (fs.existsSync(binary)) return binary;
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    await withLock(path.join(dir, 'build.lock'), async () => {
      if (fs.existsSync(binary)) return;
      await installBuildPackages();
      // compiled beside, then renamed: a binary at `binary` is always complete
      const partial = `${binary}.${process.pid}`;
      await run('gcc', [...GCC_ARGS, '-o', partial, source, '-lrdkafka']);
      fs.renameSync(partial, binary);
    });
    return binary;
  })();
  binaryPromise.catch(() => {
    binaryPromise = undefined;
  });
  return binaryPromise;
}

/** The project's root (the directory of package.json), from this file in the sources or in dist/. */
function projectRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!fs.existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`no package.json above ${fileURLToPath(import.meta.url)}`);
    dir = parent;
  }
  return dir;
}

/** Installs gcc and librdkafka-dev with apt-get when missing, waiting for another apt's lock (not root: sudo). */
async function installBuildPackages(): Promise<void> {
  const gcc = await run('gcc', ['--version']).then(
    () => true,
    () => false,
  );
  if (gcc && fs.existsSync(MOCK_HEADER)) return;
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  const [command, ...prefix] = [...sudo, 'env', 'DEBIAN_FRONTEND=noninteractive', 'apt-get'];
  const apt = (args: string[]) =>
    run(command, [...prefix, '-o', 'DPkg::Lock::Timeout=600', '-y', '-q', ...args], { maxBuffer: 64 << 20 });
  process.stderr.write(`Kafka test broker: installing ${BUILD_PACKAGES.join(' ')} with apt-get\n`);
  try {
    await apt(['install', ...BUILD_PACKAGES]);
  } catch {
    // a fresh machine may have no package lists yet
    await apt(['update']);
    await apt(['install', ...BUILD_PACKAGES]);
  }
}

/**
 * Runs `work` while holding `lockFile` (created exclusively, holding the owner's pid). A lock whose owner is dead
 * is taken over. The lock only saves duplicate work: the result of `work` must be safe if it ever runs twice.
 */
async function withLock(lockFile: string, work: () => Promise<void>): Promise<void> {
  const deadline = Date.now() + BUILD_LOCK_TIMEOUT_MS;
  for (;;) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    if (!ownerAlive(lockFile)) fs.rmSync(lockFile, { force: true });
    else if (Date.now() > deadline) throw new Error(`waited too long for ${lockFile}`);
    else await new Promise((r) => setTimeout(r, 200));
  }
  try {
    await work();
  } finally {
    fs.rmSync(lockFile, { force: true });
  }
}

/** Whether the process named in a lock file lives (an empty file is being written: alive). */
function ownerAlive(lockFile: string): boolean {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(lockFile, 'utf8'));
  } catch {
    return false;
  }
  if (!pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}
