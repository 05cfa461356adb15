/**
 * The built `skyalert` CLI as a long-running child process (simulate while ingesting, serve while measuring):
 * unlike runCli, the caller holds the process (to pause, signal or read /proc) and sees stdout as it comes.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const CLI = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'bin', 'skyalert.js');
/** Lines of stderr kept for the report of a failure. */
const STDERR_TAIL_LINES = 40;

/** How a child ended. */
export interface CliExit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  /** The last lines of its stderr (the log), for error messages. */
  readonly stderrTail: string;
}

/** A running CLI command. */
export interface CliChild {
  readonly process: ChildProcess;
  readonly pid: number;
  /** Resolves when the process has exited (never rejects). */
  readonly exit: Promise<CliExit>;
  /** True once the process has exited. */
  hasExited(): boolean;
}

/**
 * Starts `skyalert <args>`.
 *
 * @param env added to this process's environment (SKYALERT_LOG_LEVEL defaults to warn).
 * @param onStdout called with each chunk of stdout text.
 * @param cli the CLI script (default: this build's bin/skyalert.js; another build's, to compare servers).
 * @throws Error when the process cannot be started.
 */
export function spawnCli(
  args: readonly string[],
  env: NodeJS.ProcessEnv = {},
  onStdout?: (text: string) => void,
  cli: string = CLI,
): CliChild {
  const child = spawn(process.execPath, [cli, ...args], {
    env: { ...process.env, SKYALERT_LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (child.pid === undefined) throw new Error(`could not start skyalert ${args[0] ?? ''}`);
  let stdout = '';
  let tail: string[] = [];
  let exited = false;
  child.stdout?.on('data', (c: Buffer) => {
    const text = c.toString();
    stdout += text;
    onStdout?.(text);
  });
  child.stderr?.on('data', (c: Buffer) => {
    tail = tail.concat(c.toString().split('\n').filter(Boolean)).slice(-STDERR_TAIL_LINES);
  });
  const exit = new Promise<CliExit>((resolve) => {
    child.on('error', (err) => {
      tail.push(String(err));
    });
    child.on('close', (code, signal) => {
      exited = true;
      resolve({ code, signal, stdout, stderrTail: tail.join('\n') });
    });
  });
  return { process: child, pid: child.pid, exit, hasExited: () => exited };
}

/**
 * Peak resident set size of a live process, in MiB, from VmHWM in /proc/<pid>/status (Linux); null when it
 * cannot be read.
 */
export function peakRssOfPid(pid: number): number | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /^VmHWM:\s+(\d+)\s+kB/m.exec(status);
    return kb ? Math.round(Number(kb[1]) / 1024) : null;
  } catch {
    return null;
  }
}
