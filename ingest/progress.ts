/**
 * Progress of long work: a rate line at fixed intervals (through the logger, so it reaches files and CI logs)
 * and a summary at the end.
 */
import type { Logger } from 'pino';

export class RateReporter {
  private readonly started = Date.now();
  private lastAt = Date.now();
  private lastCount = 0;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly log: Logger,
    private readonly what: string,
    private readonly read: () => Record<string, number>,
    private readonly countKey: string,
    private readonly intervalMs = 5000,
  ) {}

  start(): this {
    this.timer = setInterval(() => this.tick(), this.intervalMs);
    this.timer.unref();
    return this;
  }

  private tick(): void {
    const now = Date.now();
    const counts = this.read();
    const n = counts[this.countKey] ?? 0;
    const rate = ((n - this.lastCount) * 1000) / Math.max(1, now - this.lastAt);
    this.lastAt = now;
    this.lastCount = n;
    this.log.info({ ...counts, ratePerSecond: Math.round(rate) }, `${this.what}: progress`);
  }

  /** Stops the timer and returns the elapsed seconds and the mean rate. */
  stop(): { seconds: number; ratePerSecond: number } {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    return this.summary();
  }

  /** The elapsed seconds and the mean rate so far. */
  summary(): { seconds: number; ratePerSecond: number } {
    const seconds = (Date.now() - this.started) / 1000;
    const n = this.read()[this.countKey] ?? 0;
    return { seconds, ratePerSecond: seconds > 0 ? n / seconds : 0 };
  }
}
