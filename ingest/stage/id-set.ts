/**
 * A set of 64-bit ids (the diaSourceIds staged in a night's file) in ~8 bytes each: a sorted BigInt64Array, and a
 * Set of the ids added since it was last merged into the array. A JavaScript Set of 10 million BigInts — one
 * night of Rubin's stream in one file — took 776 MiB of RSS (Node 20); the array takes 80 MB. A merge (two sorted
 * arrays, ~100 ms for 11 million ids) runs when the recent ids pass an eighth of the array, so merges cost a few
 * passes over the array in all; a lookup is a binary search (~0.1 µs in 10 million).
 */

/** Recent ids kept in a Set at least, before a merge. */
const MIN_RECENT = 1 << 16;

/** The merge of two sorted arrays of ids. */
function mergeSorted(a: BigInt64Array, b: BigInt64Array): BigInt64Array {
  const out = new BigInt64Array(a.length + b.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < a.length && j < b.length) {
    const x = a[i];
    const y = b[j];
    if (x <= y) {
      out[k++] = x;
      i++;
    } else {
      out[k++] = y;
      j++;
    }
  }
  out.set(a.subarray(i), k);
  out.set(b.subarray(j), k + a.length - i);
  return out;
}

/** See the module comment. */
export class IdSet {
  private sorted: BigInt64Array;
  private recent = new Set<bigint>();

  /** `ids`: the initial ids, in any order, duplicates allowed (the array is sorted in place and kept). */
  constructor(ids: BigInt64Array = new BigInt64Array(0)) {
    const sorted = ids.sort();
    let k = 0;
    for (let i = 0; i < sorted.length; i++)
      if (i === 0 || sorted[i] !== sorted[i - 1]) sorted[k++] = sorted[i];
    this.sorted = sorted.subarray(0, k);
  }

  get size(): number {
    return this.sorted.length + this.recent.size;
  }

  has(id: bigint): boolean {
    if (this.recent.has(id)) return true;
    const s = this.sorted;
    let lo = 0;
    let hi = s.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const v = s[mid];
      if (v === id) return true;
      if (v < id) lo = mid + 1;
      else hi = mid - 1;
    }
    return false;
  }

  add(id: bigint): void {
    if (this.has(id)) return;
    this.recent.add(id);
    if (this.recent.size >= Math.max(MIN_RECENT, this.sorted.length >>> 3)) this.merge();
  }

  private merge(): void {
    this.sorted = mergeSorted(this.sorted, BigInt64Array.from(this.recent).sort());
    this.recent = new Set();
  }
}
