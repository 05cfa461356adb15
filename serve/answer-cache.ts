/**
 * JSON answers kept for requests that come again unchanged (latests: the portal's front page and scripts that
 * poll it ask the same classes over and over): the bytes of an answer by catalog version and normalised
 * arguments, the least recently used dropped beyond a bound in bytes. Published data is immutable, so an answer
 * holds until the catalog version changes; the first request of a new version empties the cache. Requests that
 * arrive while an answer is being made wait for that one ({@link AnswerCache.answer}) instead of each making it.
 */

/** Default bound of the bytes kept (64 MiB: a few dozen answers of 1,000 alerts). */
export const DEFAULT_ANSWER_CACHE_BYTES = 64 * 2 ** 20;

/** A cache of answers bounded in bytes (see the module doc). */
export class AnswerCache {
  private readonly entries = new Map<string, Buffer>();
  /** Answers being made, by catalog version and key. */
  private readonly making = new Map<string, Promise<Buffer>>();
  private bytes = 0;
  private version = -1;

  /** @param maxBytes most bytes kept; an answer larger than a quarter of it is not kept. */
  constructor(private readonly maxBytes: number = DEFAULT_ANSWER_CACHE_BYTES) {}

  /** The answer kept for `key` on catalog `version`, or undefined. */
  get(version: number, key: string): Buffer | undefined {
    this.forgetOlderThan(version);
    const body = this.entries.get(key);
    if (body !== undefined) {
      // most recently used last: Map keeps insertion order
      this.entries.delete(key);
      this.entries.set(key, body);
    }
    return body;
  }

  /** Keeps `body` for `key` on catalog `version`, dropping the least recently used answers beyond the bound. */
  set(version: number, key: string, body: Buffer): void {
    this.forgetOlderThan(version);
    if (version !== this.version || body.length > this.maxBytes / 4) return;
    const old = this.entries.get(key);
    if (old !== undefined) {
      this.entries.delete(key);
      this.bytes -= old.length;
    }
    this.entries.set(key, body);
    this.bytes += body.length;
    for (const [oldest, kept] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= kept.length;
    }
  }

  /**
   * The answer kept for `key` on catalog `version`, else the one being made for it, else a new one from `make`
   * (then kept). A failure of `make` is given to every request waiting for it, and nothing is kept.
   */
  async answer(version: number, key: string, make: () => Promise<Buffer>): Promise<Buffer> {
    const kept = this.get(version, key);
    if (kept !== undefined) return kept;
    const id = JSON.stringify([version, key]);
    const pending = this.making.get(id);
    if (pending !== undefined) return pending;
    const made = make();
    this.making.set(id, made);
    try {
      const body = await made;
      this.set(version, key, body);
      return body;
    } finally {
      this.making.delete(id);
    }
  }

  /** Bytes kept. */
  get size(): number {
    return this.bytes;
  }

  /** Empties the cache when `version` is newer than the one its answers were made on. */
  private forgetOlderThan(version: number): void {
    if (version <= this.version) return;
    this.entries.clear();
    this.bytes = 0;
    this.version = version;
  }
}
