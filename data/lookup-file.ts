/**
 * A sorted key → JSON value file for point lookups without a query engine (docs/store.md, "Orbit catalogue"):
 * entries in ascending UTF-8 byte order of their unique keys, packed into deflated blocks of about `blockBytes`; each
 * block starts with its first key in clear, so a reader bisects the blocks with a few small reads, inflates one
 * block and bisects its entries. The file is immutable once written; the reader keeps no state between calls.
 *
 * Layout (integers little-endian):
 *   block*   u16 first-key length, first key (UTF-8), u32 payload length, payload = deflateRaw(JSON [[key, value], ...])
 *            (deflate level 1: half the time of the default level for 8 % more bytes)
 *   index    u64 offset of each block
 *   footer   "SKLOOKUP" | u64 index offset | u64 block count      (24 bytes)
 */
import fs from 'node:fs';
import zlib from 'node:zlib';

const MAGIC = 'SKLOOKUP';
const FOOTER_BYTES = 24;
/** A block header read in one go when its first key is short (most are: keys are names and ids). */
const HEADER_PROBE_BYTES = 128;
/** Block offsets read at a time (4 KiB). */
const INDEX_PAGE_ENTRIES = 512;

/**
 * Default uncompressed size of a block: one lookup inflates and parses about this many bytes. At 1.5 M objects,
 * 8 KiB answered a name in 0.26 ms and an id in 0.13 ms (16 KiB: 0.38 and 0.20 ms; 4 KiB: as 8 KiB, but the
 * files take longer to write).
 */
export const LOOKUP_BLOCK_BYTES = 8 * 1024;

/**
 * Compares two strings in UTF-8 byte order (= code point order; JS `<` compares UTF-16 code units, which puts
 * U+10000.. before U+E000..U+FFFF). Negative, zero or positive like `Buffer.compare` of their UTF-8 bytes.
 */
export function compareUtf8(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x !== y) {
      if (x >= 0xd800 && y >= 0xd800) {
        // surrogates (code points ≥ U+10000) above U+E000..U+FFFF
        x = x >= 0xe000 ? x - 0x800 : x + 0x2000;
        y = y >= 0xe000 ? y - 0x800 : y + 0x2000;
      }
      return x - y;
    }
  }
  return a.length - b.length;
}

/** Writes a lookup file entry by entry; keys must arrive in strictly ascending UTF-8 byte order. */
export interface LookupFileWriter {
  /**
   * Adds one entry; `valueJson` is a JSON text, written as is.
   * @throws Error when `key` does not sort after the previous key (a caller's bug).
   */
  add(key: string, valueJson: string): void;
  /** Writes the last block, the index and the footer, and closes the file. @returns the number of entries. */
  close(): number;
}

/**
 * Creates (truncates) a lookup file at `filePath`. Memory holds one block and the block offsets.
 * @param blockBytes uncompressed bytes per block (≥ 1; default 16 KiB).
 */
export function createLookupFileWriter(filePath: string, blockBytes = LOOKUP_BLOCK_BYTES): LookupFileWriter {
  const fd = fs.openSync(filePath, 'w');
  const offsets: number[] = [];
  let position = 0;
  let block: [string, string][] = [];
  let blockSize = 0;
  let previous: string | null = null;
  let entries = 0;

  const write = (buf: Buffer) => {
    fs.writeSync(fd, buf);
    position += buf.length;
  };
  const flush = () => {
    if (block.length === 0) return;
    const first = Buffer.from(block[0][0], 'utf8');
    const json = `[${block.map(([k, v]) => `[${JSON.stringify(k)},${v}]`).join(',')}]`;
    const payload = zlib.deflateRawSync(Buffer.from(json, 'utf8'), { level: 1 });
    const header = Buffer.alloc(2 + first.length + 4);
    header.writeUInt16LE(first.length, 0);
    first.copy(header, 2);
    header.writeUInt32LE(payload.length, 2 + first.length);
    offsets.push(position);
    write(header);
    write(payload);
    block = [];
    blockSize = 0;
  };

  return {
    add(key, valueJson) {
      const keyBytes = Buffer.byteLength(key, 'utf8');
      if (keyBytes > 0xffff) throw new Error(`lookup key longer than 65535 bytes: ${key.slice(0, 40)}…`);
      if (previous !== null && compareUtf8(previous, key) >= 0)
        throw new Error(`lookup keys out of order: ${JSON.stringify(key)} after ${JSON.stringify(previous)}`);
      previous = key;
      block.push([key, valueJson]);
      blockSize += keyBytes + valueJson.length + 8;
      entries++;
      if (blockSize >= blockBytes) flush();
    },
    close() {
      try {
        flush();
        const index = Buffer.alloc(8 * offsets.length);
        for (const [i, o] of offsets.entries()) index.writeBigUInt64LE(BigInt(o), 8 * i);
        const indexOffset = position;
        write(index);
        const footer = Buffer.alloc(FOOTER_BYTES);
        footer.write(MAGIC, 0, 'latin1');
        footer.writeBigUInt64LE(BigInt(indexOffset), 8);
        footer.writeBigUInt64LE(BigInt(offsets.length), 16);
        write(footer);
        fs.fsyncSync(fd);
      } finally {
        fs.closeSync(fd);
      }
      return entries;
    },
  };
}

function readAt(fd: number, offset: number, length: number): Buffer {
  const buf = Buffer.allocUnsafe(length);
  let done = 0;
  while (done < length) {
    const n = fs.readSync(fd, buf, done, length - done, offset + done);
    if (n === 0) break;
    done += n;
  }
  return done === length ? buf : buf.subarray(0, done);
}

/** An unsigned 64-bit little-endian integer below 2^53. */
function readU64(buf: Buffer, at: number): number {
  return buf.readUInt32LE(at) + buf.readUInt32LE(at + 4) * 2 ** 32;
}

/** An open lookup file during one call: the block index, and first keys and blocks as they are read. */
class OpenLookupFile {
  /** Pages of the u64 block offsets, read on use: a bisection touches ~log2(blocks / INDEX_PAGE_ENTRIES) + 1. */
  private readonly indexPages = new Map<number, Buffer>();
  private readonly blockCount: number;
  private readonly indexOffset: number;
  private readonly firstKeys = new Map<number, string>();
  private cached: { block: number; entries: [string, unknown][] } | null = null;

  constructor(
    private readonly fd: number,
    filePath: string,
  ) {
    const size = fs.fstatSync(fd).size;
    const footer = readAt(fd, Math.max(0, size - FOOTER_BYTES), FOOTER_BYTES);
    if (footer.length < FOOTER_BYTES || footer.toString('latin1', 0, 8) !== MAGIC)
      throw new Error(`not a lookup file: ${filePath}`);
    this.indexOffset = readU64(footer, 8);
    this.blockCount = readU64(footer, 16);
  }

  private offset(block: number): number {
    if (block >= this.blockCount) return this.indexOffset;
    const page = Math.floor(block / INDEX_PAGE_ENTRIES);
    let entries = this.indexPages.get(page);
    if (entries === undefined) {
      const first = page * INDEX_PAGE_ENTRIES;
      const count = Math.min(INDEX_PAGE_ENTRIES, this.blockCount - first);
      entries = readAt(this.fd, this.indexOffset + 8 * first, 8 * count);
      this.indexPages.set(page, entries);
    }
    return readU64(entries, 8 * (block % INDEX_PAGE_ENTRIES));
  }

  private firstKey(block: number): string {
    let key = this.firstKeys.get(block);
    if (key === undefined) {
      const offset = this.offset(block);
      let head = readAt(this.fd, offset, HEADER_PROBE_BYTES);
      const length = head.readUInt16LE(0);
      if (head.length < 2 + length) head = readAt(this.fd, offset, 2 + length);
      key = head.toString('utf8', 2, 2 + length);
      this.firstKeys.set(block, key);
    }
    return key;
  }

  private block(block: number): [string, unknown][] {
    if (this.cached?.block === block) return this.cached.entries;
    const start = this.offset(block);
    const end = this.offset(block + 1);
    const raw = readAt(this.fd, start, end - start);
    const payloadStart = 2 + raw.readUInt16LE(0) + 4;
    const text = zlib.inflateRawSync(raw.subarray(payloadStart)).toString('utf8');
    const entries = JSON.parse(text) as [string, unknown][];
    this.cached = { block, entries };
    return entries;
  }

  /** The value of `key`, or undefined. */
  get(key: string): unknown {
    // the last block whose first key is ≤ key
    let lo = 0;
    let hi = this.blockCount - 1;
    if (hi < 0 || compareUtf8(this.firstKey(0), key) > 0) return undefined;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (compareUtf8(this.firstKey(mid), key) <= 0) lo = mid;
      else hi = mid - 1;
    }
    const entries = this.block(lo);
    let a = 0;
    let b = entries.length - 1;
    while (a <= b) {
      const mid = (a + b) >> 1;
      const c = compareUtf8(entries[mid][0], key);
      if (c === 0) return entries[mid][1];
      if (c < 0) a = mid + 1;
      else b = mid - 1;
    }
    return undefined;
  }
}

/**
 * Looks keys up in a lookup file (keys in any order; each block is read at most about once per call when keys
 * are many, since they are visited in byte order).
 * @returns key → parsed JSON value for the keys the file holds; null when the file does not exist.
 * @throws Error when the file exists but is not a lookup file.
 */
export function readLookupFile(filePath: string, keys: readonly string[]): Map<string, unknown> | null {
  let fd: number;
  try {
    fd = fs.openSync(filePath, 'r');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  try {
    const file = new OpenLookupFile(fd, filePath);
    const out = new Map<string, unknown>();
    for (const k of [...new Set(keys)].sort(compareUtf8)) {
      const v = file.get(k);
      if (v !== undefined) out.set(k, v);
    }
    return out;
  } finally {
    fs.closeSync(fd);
  }
}
