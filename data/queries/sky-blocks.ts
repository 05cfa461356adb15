/**
 * Cone searches over sky blocks (data/sky-blocks.ts) without a query engine: per part, the block keys (read
 * once and kept), a binary search per pixel range, one positional read of the blocks it touches, and the exact
 * separation and time window on each record. The same hits as the DuckDB cone query over `idx_sky`.
 */
import fs from 'node:fs';
import { lowerBound } from '../../compute/index.js';
import type { PixelRange } from '../../compute/sky/index.js';
import type { ReadOnlyFiles } from '../read-only-files.js';
import {
  SKY_FIELD,
  SKY_FOOTER_BYTES,
  SKY_FOOTER_MAGIC,
  SKY_HEADER_BYTES,
  SKY_MAGIC,
  SKY_RECORD_BYTES,
  SKY_RECORDS_PER_BLOCK,
} from '../sky-blocks.js';

/** The block keys of one file and its record count. */
interface SkyIndex {
  readonly keys: BigInt64Array;
  readonly records: number;
}

/** The time condition of a cone: on the alert's jd (`any`) or on its object's first detection (`first`). */
export interface SkyWindow {
  readonly field: 'jd' | 'jdstarthist';
  readonly startJd: number;
  readonly stopJd: number;
}

/** An alert within a cone. */
export interface SkyHit {
  readonly objectId: string;
  readonly candid: bigint;
  readonly jd: number;
  readonly separationDeg: number;
}

/** A test on a record's position (degrees) and times (JD): true to keep the record. */
export type SkyRecordTest = (raDeg: number, decDeg: number, jd: number, jdstarthist: number) => boolean;

/** A record read from sky blocks. */
export interface SkyEntry {
  readonly objectId: string;
  readonly candid: bigint;
  readonly raDeg: number;
  readonly decDeg: number;
  readonly jd: number;
  readonly jdstarthist: number;
}

/** Every order-29 NESTED pixel, as one range. */
const ALL_PIXELS: readonly PixelRange[] = [[0n, 12n * 4n ** 29n]];
/** Most blocks read at once (256 blocks of 256 records: 4 MiB). */
const MAX_READ_BLOCKS = 256;
/** Most files whose block keys are kept (a few KB each). */
const MAX_CACHED = 4096;
const RAD = Math.PI / 180;

/** Reads sky blocks through a store reader's open files, keeping each file's block keys. */
export class SkyBlockReader {
  private readonly indexes = new Map<string, SkyIndex | null>();

  constructor(private readonly files: ReadOnlyFiles) {}

  /** The block keys of `file`, or null when the part has no sky blocks. Throws on a damaged file. */
  private indexOf(file: string): SkyIndex | null {
    const known = this.indexes.get(file);
    if (known !== undefined) return known;
    let index: SkyIndex | null = null;
    if (fs.existsSync(file)) {
      const size = fs.statSync(file).size;
      const header = this.files.read(file, 0, SKY_HEADER_BYTES);
      const footer = this.files.read(file, size - SKY_FOOTER_BYTES, SKY_FOOTER_BYTES);
      if (header.toString('latin1', 0, 8) !== SKY_MAGIC || footer.toString('latin1', 8) !== SKY_FOOTER_MAGIC)
        throw new Error(`${file} is not a sky blocks file`);
      const keysOffset = Number(footer.readBigUInt64LE(0));
      const keyBytes = this.files.read(file, keysOffset, size - SKY_FOOTER_BYTES - keysOffset);
      const keys = new BigInt64Array(keyBytes.length / 8);
      for (let i = 0; i < keys.length; i++) keys[i] = keyBytes.readBigInt64LE(i * 8);
      index = { keys, records: (keysOffset - SKY_HEADER_BYTES) / SKY_RECORD_BYTES };
    }
    if (this.indexes.size >= MAX_CACHED) this.indexes.delete(this.indexes.keys().next().value as string);
    this.indexes.set(file, index);
    return index;
  }

  /** True when `file` exists (the part has sky blocks). */
  has(file: string): boolean {
    return this.indexOf(file) !== null;
  }

  /**
   * Alerts of `file` within `radiusDeg` of (raDeg, decDeg) and the window, read from the blocks that the pixel
   * ranges (sorted, as coneRanges gives them) touch. An alert may be returned twice when two ranges share a block.
   */
  cone(
    file: string,
    ranges: readonly PixelRange[],
    raDeg: number,
    decDeg: number,
    radiusDeg: number,
    window: SkyWindow | null,
  ): SkyHit[] {
    const hits: SkyHit[] = [];
    const cosDec0 = Math.cos(decDeg * RAD);
    const timeOffset = window?.field === 'jdstarthist' ? SKY_FIELD.jdstarthist : SKY_FIELD.jd;
    this.eachRecord(file, ranges, (bytes, at) => {
      const dec = bytes.readDoubleLE(at + SKY_FIELD.dec);
      if (Math.abs(dec - decDeg) > radiusDeg) return;
      if (window !== null) {
        const t = bytes.readDoubleLE(at + timeOffset);
        if (!(t >= window.startJd && t <= window.stopJd)) return;
      }
      const ra = bytes.readDoubleLE(at + SKY_FIELD.ra);
      const separationDeg = haversineDeg(ra, dec, raDeg, decDeg, cosDec0);
      if (!(separationDeg <= radiusDeg)) return;
      hits.push({
        objectId: recordObjectId(bytes, at),
        candid: bytes.readBigInt64LE(at + SKY_FIELD.candid),
        jd: bytes.readDoubleLE(at + SKY_FIELD.jd),
        separationDeg,
      });
    });
    return hits;
  }

  /**
   * Calls `onKept` with each record of `file` that `keep` accepts, among those in the blocks the pixel ranges
   * touch (null: every record), right after `keep` accepted it. `keep` sees the position and times of each
   * record; a record may be visited twice when two ranges share a block.
   */
  select(
    file: string,
    ranges: readonly PixelRange[] | null,
    keep: SkyRecordTest,
    onKept: (entry: SkyEntry) => void,
  ): void {
    this.eachRecord(file, ranges ?? ALL_PIXELS, (bytes, at) => {
      const raDeg = bytes.readDoubleLE(at + SKY_FIELD.ra);
      const decDeg = bytes.readDoubleLE(at + SKY_FIELD.dec);
      const jd = bytes.readDoubleLE(at + SKY_FIELD.jd);
      const jdstarthist = bytes.readDoubleLE(at + SKY_FIELD.jdstarthist);
      if (!keep(raDeg, decDeg, jd, jdstarthist)) return;
      onKept({
        objectId: recordObjectId(bytes, at),
        candid: bytes.readBigInt64LE(at + SKY_FIELD.candid),
        raDeg,
        decDeg,
        jd,
        jdstarthist,
      });
    });
  }

  /**
   * Calls `visit` with each record (buffer and byte offset) of the blocks the sorted pixel ranges touch, reading
   * each run of blocks with positional reads of at most {@link MAX_READ_BLOCKS} blocks.
   */
  private eachRecord(
    file: string,
    ranges: readonly PixelRange[],
    visit: (bytes: Buffer, at: number) => void,
  ): void {
    const index = this.indexOf(file);
    if (index === null) throw new Error(`${file} has no sky blocks`);
    const { keys, records } = index;
    let readUpTo = 0; // blocks before this one were read for an earlier range
    for (const [start, end] of ranges) {
      // records equal to `start` may sit at the end of the block before the first key ≥ start
      const first = Math.max(lowerBound(keys, start) - 1, readUpTo);
      const last = lowerBound(keys, end);
      if (first >= last) continue;
      readUpTo = last;
      for (let block = first; block < last; block += MAX_READ_BLOCKS) {
        const firstRecord = block * SKY_RECORDS_PER_BLOCK;
        const stopRecord = Math.min(Math.min(block + MAX_READ_BLOCKS, last) * SKY_RECORDS_PER_BLOCK, records);
        const bytes = this.files.read(
          file,
          SKY_HEADER_BYTES + firstRecord * SKY_RECORD_BYTES,
          (stopRecord - firstRecord) * SKY_RECORD_BYTES,
        );
        for (let at = 0; at < bytes.length; at += SKY_RECORD_BYTES) visit(bytes, at);
      }
    }
  }
}

/** The objectId of the record at `at`. */
function recordObjectId(bytes: Buffer, at: number): string {
  const idLength = bytes.readUInt8(at + SKY_FIELD.idLength);
  return bytes.toString('utf8', at + SKY_FIELD.id, at + SKY_FIELD.id + idLength);
}

/** Angular distance (degrees), haversine form: the formula of the DuckDB cone query (explorer.ts). */
function haversineDeg(
  raDeg: number,
  decDeg: number,
  ra0Deg: number,
  dec0Deg: number,
  cosDec0: number,
): number {
  const sinDec = Math.sin(((decDeg - dec0Deg) * RAD) / 2);
  const sinRa = Math.sin(((raDeg - ra0Deg) * RAD) / 2);
  const h = sinDec * sinDec + Math.cos(decDeg * RAD) * cosDec0 * sinRa * sinRa;
  return (2 * Math.asin(Math.min(1, Math.sqrt(h)))) / RAD;
}
