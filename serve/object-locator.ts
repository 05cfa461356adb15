/**
 * The object index of one catalog version held in memory: the sorted object ids as one byte string with
 * offsets, and per object the parts holding it with where its block is in each part's `objects.bin`
 * (data/object-blocks.ts). Exact ids and prefixes are found by binary search, with no query. About 30 bytes per
 * (object, part) row: 200,000 rows take ~6 MB.
 */
import type { ObjectBlockFormat } from '../data/object-blocks.js';

/** One part holding an object, and its block there (null for a part written before object blocks). */
export interface ObjectPartRef {
  readonly objectId: string;
  readonly part: string;
  readonly block: {
    readonly offset: number;
    readonly length: number;
    readonly format: ObjectBlockFormat;
  } | null;
}

/** One row of an object index, as read from its parquet file (any order). */
export interface ObjectIndexRow {
  readonly objectId: string;
  readonly part: string;
  /** Byte offset of the block in the part's `objects.bin`; null when the part has no blocks. */
  readonly blockOffset: number | null;
  readonly blockLength: number | null;
}

const NO_BLOCK = 0xffffffff;

/** In-memory object index (see the module doc). Immutable once built. */
export class ObjectLocator {
  private constructor(
    private readonly ids: Buffer,
    private readonly idStart: Uint32Array,
    private readonly entryStart: Uint32Array,
    private readonly entryPart: Uint16Array,
    private readonly entryOffset: Float64Array,
    private readonly entryLength: Uint32Array,
    private readonly parts: readonly string[],
    private readonly partFormats: readonly ObjectBlockFormat[],
  ) {}

  /**
   * Builds a locator from index rows; rows whose part is not in `knownParts` are dropped (an index always
   * belongs to one catalog version, this is a guard). `blockFormats` gives each part's block format (default 1).
   */
  static build(
    rows: readonly ObjectIndexRow[],
    knownParts: ReadonlySet<string>,
    blockFormats: ReadonlyMap<string, ObjectBlockFormat> = new Map(),
  ): ObjectLocator {
    const kept = rows.filter((r) => knownParts.has(r.part));
    const encoded = kept.map((r) => Buffer.from(r.objectId, 'utf8'));
    const order = kept.map((_, i) => i);
    order.sort((a, b) => Buffer.compare(encoded[a], encoded[b]) || (kept[a].part < kept[b].part ? -1 : 1));
    const partIds = [...new Set(kept.map((r) => r.part))].sort();
    if (partIds.length > 0xffff) throw new Error(`too many parts for the object locator: ${partIds.length}`);
    const partIndex = new Map(partIds.map((p, i) => [p, i]));
    const n = kept.length;
    const entryPart = new Uint16Array(n);
    const entryOffset = new Float64Array(n);
    const entryLength = new Uint32Array(n);
    const idStarts: number[] = [0];
    const entryStarts: number[] = [0];
    const idChunks: Buffer[] = [];
    let bytes = 0;
    let previous: Buffer | null = null;
    order.forEach((rowIndex, k) => {
      const row = kept[rowIndex];
      const id = encoded[rowIndex];
      if (previous === null || !previous.equals(id)) {
        if (previous !== null) entryStarts.push(k);
        idChunks.push(id);
        bytes += id.length;
        idStarts.push(bytes);
        previous = id;
      }
      entryPart[k] = partIndex.get(row.part) ?? 0;
      const hasBlock = row.blockOffset !== null && row.blockLength !== null;
      entryOffset[k] = hasBlock ? (row.blockOffset as number) : 0;
      entryLength[k] = hasBlock ? (row.blockLength as number) : NO_BLOCK;
    });
    entryStarts.push(n);
    return new ObjectLocator(
      Buffer.concat(idChunks, bytes),
      Uint32Array.from(idStarts),
      Uint32Array.from(entryStarts),
      entryPart,
      entryOffset,
      entryLength,
      partIds,
      partIds.map((p) => blockFormats.get(p) ?? 1),
    );
  }

  /** Number of distinct objects. */
  get objectCount(): number {
    return this.idStart.length - 1;
  }

  /** Index of the first id ≥ `key` (bytewise, as DuckDB sorts VARCHAR). */
  private lowerBound(key: Buffer): number {
    let lo = 0;
    let hi = this.objectCount;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (key.compare(this.ids, this.idStart[mid], this.idStart[mid + 1]) > 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private idAt(i: number): Buffer {
    return this.ids.subarray(this.idStart[i], this.idStart[i + 1]);
  }

  private refsOf(i: number, objectId: string): ObjectPartRef[] {
    const refs: ObjectPartRef[] = [];
    for (let k = this.entryStart[i]; k < this.entryStart[i + 1]; k++) {
      const length = this.entryLength[k];
      refs.push({
        objectId,
        part: this.parts[this.entryPart[k]],
        block:
          length === NO_BLOCK
            ? null
            : { offset: this.entryOffset[k], length, format: this.partFormats[this.entryPart[k]] },
      });
    }
    return refs;
  }

  /**
   * The parts holding the objects matching `id`: exactly when `exact`, else every id starting with `id`.
   *
   * @returns refs grouped by object in id order, parts sorted within an object; [] when nothing matches.
   */
  find(id: string, exact: boolean): ObjectPartRef[] {
    const key = Buffer.from(id, 'utf8');
    let i = this.lowerBound(key);
    const refs: ObjectPartRef[] = [];
    for (; i < this.objectCount; i++) {
      const candidate = this.idAt(i);
      const matches = exact
        ? candidate.equals(key)
        : candidate.length >= key.length && key.compare(candidate, 0, key.length) === 0;
      if (!matches) break;
      refs.push(...this.refsOf(i, candidate.toString('utf8')));
      if (exact) break;
    }
    return refs;
  }
}
