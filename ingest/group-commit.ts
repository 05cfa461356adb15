/**
 * Group commit: batches handed in concurrently (e.g. by several Kafka partitions) are staged together in one
 * transaction, and each caller is released once its batch is durable. Staging costs a transaction and an
 * fsync per flush, so this amortises them over partitions.
 */
export class GroupCommitter<T> {
  private pending: { items: T[]; resolve: () => void; reject: (e: unknown) => void }[] = [];
  private running: Promise<void> | null = null;

  constructor(private readonly flushFn: (items: T[]) => Promise<void>) {}

  /** Resolves when `items` are durable (staged with whatever else was pending). */
  submit(items: T[]): Promise<void> {
    return new Promise((resolve, reject) => {
      this.pending.push({ items, resolve, reject });
      // the first flush waits for the batches handed in by the same round of callbacks (e.g. the partitions of
      // one Kafka fetch, whose handlers run one after the other within a turn of the event loop)
      if (!this.running) this.running = new Promise((r) => setImmediate(r)).then(() => this.drain());
    });
  }

  private async drain(): Promise<void> {
    while (this.pending.length > 0) {
      const group = this.pending;
      this.pending = [];
      try {
        await this.flushFn(group.flatMap((g) => g.items));
        for (const g of group) g.resolve();
      } catch (err) {
        for (const g of group) g.reject(err);
      }
    }
    this.running = null;
  }
}
