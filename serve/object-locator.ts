/**
 * The object index of one catalog version held in memory: the sorted object ids as one byte string with
 * offsets, and per object the parts holding it with where its block is in each part's `objects.bin`
 * (data/object-blocks.ts). Exact ids and prefixes are found by binary search, with no query. About 30 bytes per
 * (object, part) row: 200,000 rows take ~6 MB.
 */

/** One part holding an object, and where its block is in that part's `objects.bin` (bytes). */
export interface ObjectPartRef {
  readonly objectId: string;
  readonly part: string;
  readonly offset: number;
  readonly length: number;
}

/** In-memory object index (see the module doc). Immutable once built; built by ObjectLocatorBuilder. */
export class ObjectLocator {
  constructor(
    private readonly ids: Buffer,
    private readonly idStart: Uint32Array,
    private readonly entryStart: Uint32Array,
    private readonly entryPart: Uint16Array,
    private readonly entryOffset: Float64Array,
    private readonly entryLength: Uint32Array,
    private readonly parts: readonly string[],
  ) {}

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

  /** The object id at rank `i` (0 ≤ i < objectCount) of the index's byte order. */
  objectIdAt(i: number): string {
    return this.idAt(i).toString('utf8');
  }

  private idAt(i: number): Buffer {
    return this.ids.subarray(this.idStart[i], this.idStart[i + 1]);
  }

  private refsOf(i: number, objectId: string): ObjectPartRef[] {
    const refs: ObjectPartRef[] = [];
    for (let k = this.entryStart[i]; k < this.entryStart[i + 1]; k++) {
      refs.push({
        objectId,
        part: this.parts[this.entryPart[k]],
        offset: this.entryOffset[k],
        length: this.entryLength[k],
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
    const refs: ObjectPartRef[] = [];
    for (const object of this.matching(id, exact)) refs.push(...object);
    return refs;
  }

  /**
   * {@link find} one object at a time, in id order (each yield: the parts holding one object), for callers that
   * stop after a number of objects (a short prefix matches most of the index).
   */
  *matching(id: string, exact: boolean): Generator<ObjectPartRef[], void> {
    const key = Buffer.from(id, 'utf8');
    for (let i = this.lowerBound(key); i < this.objectCount; i++) {
      const candidate = this.idAt(i);
      const matches = exact
        ? candidate.equals(key)
        : candidate.length >= key.length && key.compare(candidate, 0, key.length) === 0;
      if (!matches) return;
      yield this.refsOf(i, candidate.toString('utf8'));
      if (exact) return;
    }
  }
}

/** A typed array that doubles its capacity as values are pushed. */
class Growing<T extends Uint16Array | Uint32Array | Float64Array> {
  private array: T;
  length = 0;
  constructor(private readonly make: (capacity: number) => T) {
    this.array = make(1024);
  }
  push(value: number): void {
    if (this.length === this.array.length) {
      const bigger = this.make(this.array.length * 2);
      bigger.set(this.array);
      this.array = bigger;
    }
    this.array[this.length++] = value;
  }
  /** The values pushed, in an array of their exact length. */
  done(): T {
    return this.array.slice(0, this.length) as T;
  }
}

/**
 * Builds an ObjectLocator from object index rows given in (objectId bytewise, part) order, as DuckDB's
 * `ORDER BY objectId, part` gives them, one row at a time: ids are written straight into one byte string and
 * entries into typed arrays, so a catalog switch allocates no object per row (a large transient heap at start-up
 * would let V8 grow its heap limit for the whole life of the server).
 */
export class ObjectLocatorBuilder {
  private ids = Buffer.alloc(1 << 20);
  private bytes = 0;
  private readonly idStart = new Growing((n) => new Uint32Array(n));
  private readonly entryStart = new Growing((n) => new Uint32Array(n));
  private readonly entryPart = new Growing((n) => new Uint16Array(n));
  private readonly entryOffset = new Growing((n) => new Float64Array(n));
  private readonly entryLength = new Growing((n) => new Uint32Array(n));
  private readonly partIndex = new Map<string, number>();
  private previousStart = -1;
  private previousPart = '';

  /** @param knownParts rows of other parts are dropped. */
  constructor(private readonly knownParts: ReadonlySet<string>) {
    this.idStart.push(0);
  }

  /**
   * Adds one row: the object's block in `part` is `blockLength` bytes at `blockOffset` of its `objects.bin`.
   *
   * @throws Error when the row comes before the previous one in (objectId, part) order.
   */
  add(objectId: string, part: string, blockOffset: number, blockLength: number): void {
    if (!this.knownParts.has(part)) return;
    const length = Buffer.byteLength(objectId, 'utf8');
    if (this.bytes + length > this.ids.length) {
      const bigger = Buffer.alloc(Math.max(this.ids.length * 2, this.bytes + length));
      this.ids.copy(bigger, 0, 0, this.bytes);
      this.ids = bigger;
    }
    this.ids.write(objectId, this.bytes, 'utf8');
    const order =
      this.previousStart < 0
        ? 1
        : this.ids.compare(this.ids, this.previousStart, this.bytes, this.bytes, this.bytes + length);
    if (order < 0 || (order === 0 && part < this.previousPart)) {
      throw new Error(`object index rows out of order at ${objectId} (${part})`);
    }
    if (order > 0) {
      this.entryStart.push(this.entryPart.length);
      this.previousStart = this.bytes;
      this.bytes += length;
      this.idStart.push(this.bytes);
    }
    this.previousPart = part;
    let index = this.partIndex.get(part);
    if (index === undefined) {
      index = this.partIndex.size;
      if (index > 0xffff) throw new Error(`too many parts for the object locator: ${index + 1}`);
      this.partIndex.set(part, index);
    }
    this.entryPart.push(index);
    this.entryOffset.push(blockOffset);
    this.entryLength.push(blockLength);
  }

  /** The locator of the rows added. */
  finish(): ObjectLocator {
    this.entryStart.push(this.entryPart.length);
    return new ObjectLocator(
      Buffer.from(this.ids.subarray(0, this.bytes)),
      this.idStart.done(),
      this.entryStart.done(),
      this.entryPart.done(),
      this.entryOffset.done(),
      this.entryLength.done(),
      [...this.partIndex.keys()],
    );
  }
}
