/** Retries of an asynchronous operation with exponential backoff and full jitter. */

export interface RetryOptions {
  /** Retries after the first attempt (0: one attempt only). */
  readonly retries: number;
  /** Upper bound of the first wait, in ms; doubled at each retry. */
  readonly baseDelayMs: number;
  /** Upper bound of any wait, in ms. */
  readonly maxDelayMs: number;
}

/** What a failed retried operation tells: its last error and how many attempts were made. */
export class RetriesExhausted extends Error {
  readonly attempts: number;
  constructor(attempts: number, last: unknown) {
    super(`failed after ${attempts} attempt${attempts === 1 ? '' : 's'}`, { cause: last });
    this.name = 'RetriesExhausted';
    this.attempts = attempts;
  }
}

/**
 * Runs `attempt` until it resolves, retrying only errors for which `isRetriable` is true (never programming
 * errors: the predicate decides), waiting a random time up to min(maxDelayMs, baseDelayMs × 2^k) before retry k.
 *
 * @throws the first non-retriable error as is; {@link RetriesExhausted} (with the last error as cause) when every
 *   attempt failed with a retriable one.
 * Reference: AWS Architecture Blog, "Exponential Backoff and Jitter" (2015), full jitter.
 */
export async function withRetries<T>(
  attempt: () => Promise<T>,
  isRetriable: (err: unknown) => boolean,
  options: RetryOptions,
): Promise<T> {
  for (let k = 0; ; k++) {
    try {
      return await attempt();
    } catch (err) {
      if (!isRetriable(err)) throw err;
      if (k >= options.retries) throw new RetriesExhausted(k + 1, err);
      const capMs = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** k);
      await new Promise((resolve) => setTimeout(resolve, Math.random() * capMs));
    }
  }
}
