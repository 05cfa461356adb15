/**
 * Cone searches over sky blocks (data/sky-blocks.ts) without a query engine: per part, the block keys (read
 * once and kept), a binary search per pixel range, one positional read of the blocks it touches, and the exact
 * separation and time window on each record. The same hits as the DuckDB cone query over `idx_sky`.
 */
import fs from 'node:fs';
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
    const index = this.indexOf(file);
    if (index === null) throw new Error(`${file} has no sky blocks`);
    const { keys, records } = index;
    const hits: SkyHit[] = [];
    const cosDec0 = Math.cos(decDeg * RAD);
    const timeOffset = window?.field === 'jdstarthist' ? SKY_FIELD.jdstarthist : SKY_FIELD.jd;
    let readUpTo = 0; // blocks before this one were read for an earlier range
    for (const [start, end] of ranges) {
      // records equal to `start` may sit at the end of the block before the first key ≥ start
      const first = Math.max(lowerBound(keys, start) - 1, readUpTo);
      const last = lowerBound(keys, end);
      if (first >= last) continue;
      readUpTo = last;
      const firstRecord = first * SKY_RECORDS_PER_BLOCK;
      const count = Math.min(last * SKY_RECORDS_PER_BLOCK, records) - firstRecord;
      const bytes = this.files.read(
        file,
        SKY_HEADER_BYTES + firstRecord * SKY_RECORD_BYTES,
        count * SKY_RECORD_BYTES,
      );
      for (let at = 0; at < bytes.length; at += SKY_RECORD_BYTES) {
        const dec = bytes.readDoubleLE(at + SKY_FIELD.dec);
        if (Math.abs(dec - decDeg) > radiusDeg) continue;
        if (window !== null) {
          const t = bytes.readDoubleLE(at + timeOffset);
          if (!(t >= window.startJd && t <= window.stopJd)) continue;
        }
        const ra = bytes.readDoubleLE(at + SKY_FIELD.ra);
        const separationDeg = haversineDeg(ra, dec, raDeg, decDeg, cosDec0);
        if (!(separationDeg <= radiusDeg)) continue;
        const idLength = bytes.readUInt8(at + SKY_FIELD.idLength);
        hits.push({
          objectId: bytes.toString('utf8', at + SKY_FIELD.id, at + SKY_FIELD.id + idLength),
          candid: bytes.readBigInt64LE(at + SKY_FIELD.candid),
          jd: bytes.readDoubleLE(at + SKY_FIELD.jd),
          separationDeg,
        });
      }
    }
    return hits;
  }
}

/** First index whose key is ≥ `value` (keys.length when none). */
function lowerBound(keys: BigInt64Array, value: bigint): number {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (keys[mid] < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
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
