/**
 * Reusable memory for the blocks read from input files, and for the Kafka messages handed to the staging thread.
 * A fresh buffer per block (~2 GB per 100,000 alerts with stamps) made V8 collect garbage for every ~20 MB of it
 * ("external memory pressure"), and the kernel zero fresh pages: ~1/6 of staging's CPU time (docs/benchmarks.md).
 * The arena is one ring of memory: buffers are taken in order and given back in the same order, once nothing
 * refers to them (the alerts read from them are durable).
 */

/** A buffer of the arena, and its sequence number (for {@link ReadArena.releaseBefore}). */
export interface ArenaBuffer {
  readonly bytes: Buffer;
  readonly seq: number;
}

export class ReadArena {
  private memory: Buffer | null = null;
  /** Live regions [start, end) of the ring, oldest first, with their sequence numbers. */
  private readonly live: { start: number; end: number; seq: number }[] = [];
  /** Where the next region starts. */
  private head = 0;
  private nextSeq = 0;
  /** Buffers taken, and those of them taken outside the ring (it had no room). */
  taken = 0;
  fallbacks = 0;

  /**
   * @param capacity bytes of the ring, allocated on first use.
   * @param allocate how the ring and the buffers taken outside it are allocated (default: memory of their own,
   *   not slices of Node's pool); e.g. over a `SharedArrayBuffer` for memory shared with a worker thread.
   */
  constructor(
    readonly capacity: number,
    private readonly allocate: (bytes: number) => Buffer = (bytes) => Buffer.allocUnsafeSlow(bytes),
  ) {}

  /**
   * Lets the ring's memory go (it is allocated again by the next `take`), e.g. when the ingester stops and a
   * publication follows. The caller keeps no view of the ring's bytes.
   */
  free(): void {
    this.memory = null;
    this.live.length = 0;
    this.head = 0;
  }

  /**
   * A buffer of `length` bytes (contents undefined) and its sequence number: from the ring when it has room, else
   * a fresh buffer. The ring's bytes are reused once released: the caller keeps no view of them after that.
   */
  take(length: number): ArenaBuffer {
    const seq = this.nextSeq++;
    this.taken++;
    if (length === 0) return { bytes: this.allocate(0), seq };
    const start = this.placement(length);
    if (start < 0) {
      this.fallbacks++;
      return { bytes: this.allocate(length), seq };
    }
    this.memory ??= this.allocate(this.capacity);
    this.live.push({ start, end: start + length, seq });
    this.head = start + length;
    return { bytes: this.memory.subarray(start, start + length), seq };
  }

  /** Where a region of `length` bytes fits in the ring, or -1. */
  private placement(length: number): number {
    if (length > this.capacity) return -1;
    if (this.live.length === 0) return 0;
    const tail = this.live[0].start;
    if (this.head > tail) {
      // live bytes in [tail, head): room after head, else before tail
      if (this.head + length <= this.capacity) return this.head;
      return length <= tail ? 0 : -1;
    }
    // wrapped: live bytes in [tail, capacity) and [0, head)
    return this.head + length <= tail ? this.head : -1;
  }

  /** Sequence number of the next buffer taken. */
  nextSequence(): number {
    return this.nextSeq;
  }

  /** Gives back every buffer taken before sequence number `seq`. */
  releaseBefore(seq: number): void {
    while (this.live.length > 0 && this.live[0].seq < seq) this.live.shift();
    if (this.live.length === 0) this.head = 0;
  }
}
