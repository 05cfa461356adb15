/** Runs the built `skyalert` CLI as a child process and measures its wall time; returns its output. */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const CLI = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'bin', 'skyalert.js');

export interface CliRun {
  readonly seconds: number;
  readonly stdout: string;
  readonly code: number | null;
  /** Peak RSS (MiB) as printed by the command's summary line, or null. */
  readonly peakRssMiB: number | null;
  /** CPU seconds of every thread (user + system) as printed by the command's summary line, or null. */
  readonly cpuSeconds: number | null;
  /** The last 4 KiB of its stderr (warnings and errors: the CLI logs at warn level here). */
  readonly stderrTail: string;
}

export function runCli(
  args: string[],
  env: NodeJS.ProcessEnv = {},
  onStderr?: (text: string) => void,
): Promise<CliRun> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      env: { ...process.env, SKYALERT_LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    child.stdout.on('data', (c: Buffer) => {
      stdout += c.toString();
    });
    let stderrTail = '';
    child.stderr.on('data', (c: Buffer) => {
      stderrTail = (stderrTail + c.toString()).slice(-4096);
      onStderr?.(c.toString());
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      const m = /peak RSS (\d+) MiB/.exec(stdout);
      const cpu = /CPU (\d+(?:\.\d+)?) s/.exec(stdout);
      resolve({
        seconds: (performance.now() - started) / 1000,
        stdout,
        code,
        peakRssMiB: m ? Number(m[1]) : null,
        cpuSeconds: cpu ? Number(cpu[1]) : null,
        stderrTail,
      });
    });
  });
}

/**
 * The run of a command that must succeed (a phase whose exit is ignored would be timed as if it had done its work).
 * @throws Error naming `what`, with the command's last stderr, when it exited with another status than 0.
 */
export function succeeded(run: CliRun, what: string): CliRun {
  if (run.code !== 0) throw new Error(`${what} failed (exit ${run.code}):\n${run.stderrTail}`);
  return run;
}

/** Median of numbers. */
export function median(values: readonly number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}
