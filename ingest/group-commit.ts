/**
 * Group commit: batches handed in concurrently (e.g. by several Kafka partitions) are staged together in one
 * transaction, and each caller is released once its batch is durable. Staging costs a transaction and an
 * fsync per flush, so this amortises them over partitions. Up to `maxInFlight` flushes run at once (the
 * staging pipeline overlaps a batch's decoding with the previous one's commit, and completes them in order).
 */
export class GroupCommitter<T> {
  private pending: { items: T[]; resolve: () => void; reject: (e: unknown) => void }[] = [];
  private inFlight = 0;
  private scheduled = false;

  constructor(
    private readonly flushFn: (items: T[]) => Promise<void>,
    private readonly maxInFlight = 1,
  ) {}

  /** Resolves when `items` are durable (staged with whatever else was pending). */
  submit(items: T[]): Promise<void> {
    return new Promise((resolve, reject) => {
      this.pending.push({ items, resolve, reject });
      // a flush that can start waits for the batches handed in by the same round of callbacks (e.g. the
      // partitions of one Kafka fetch, whose handlers run one after the other within a turn of the event loop)
      if (!this.scheduled && this.inFlight < this.maxInFlight) {
        this.scheduled = true;
        setImmediate(() => {
          this.scheduled = false;
          this.start();
        });
      }
    });
  }

  /** Starts flushes of the pending batches while fewer than `maxInFlight` run. */
  private start(): void {
    while (this.pending.length > 0 && this.inFlight < this.maxInFlight) {
      const group = this.pending;
      this.pending = [];
      this.inFlight++;
      this.flushFn(group.flatMap((g) => g.items))
        .then(
          () => {
            for (const g of group) g.resolve();
          },
          (err: unknown) => {
            for (const g of group) g.reject(err);
          },
        )
        .finally(() => {
          this.inFlight--;
          this.start();
        });
    }
  }
}
