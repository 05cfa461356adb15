/** Runs async tasks one at a time, in order (hand-overs of batches to staging and publications never overlap). */
export class SerialQueue {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(task: () => Promise<T>): Promise<T> {
    const next = this.tail.then(task, task);
    this.tail = next.catch(() => undefined);
    return next;
  }

  /** Resolves when every task queued so far has settled. */
  idle(): Promise<void> {
    return this.tail.then(() => undefined);
  }
}
