/**
 * A sorted key → value file for point lookups without a query engine (docs/store.md, "Orbit catalogue"): entries
 * in ascending UTF-8 byte order of their unique keys, packed into deflated blocks of about `blockBytes`; each
 * block starts with its first key in clear, so a reader bisects the blocks with a few small reads, inflates one
 * block and bisects its entries. The file is immutable once written; the reader keeps no state between calls.
 *
 * Layout (integers little-endian):
 *   block*   u16 first-key length, first key (UTF-8), u32 payload length, payload = deflateRaw(JSON [[key, value], ...])
 *   index    u64 offset of each block
 *   footer   "SKLOOKUP" | u64 index offset | u64 block count      (24 bytes)
 */
import fs from 'node:fs';
import zlib from 'node:zlib';

const MAGIC = 'SKLOOKUP';
const FOOTER_BYTES = 24;
/** A block header read in one go when its first key is short (most are: keys are names and ids). */
const HEADER_PROBE_BYTES = 128;

/** Default uncompressed size of a block: one lookup inflates about this many bytes. */
export const LOOKUP_BLOCK_BYTES = 16 * 1024;

/** Writes a lookup file entry by entry; keys must arrive in strictly ascending UTF-8 byte order. */
export interface LookupFileWriter {
  /** Adds one entry. @throws Error when `key` does not sort after the previous key (a caller's bug). */
  add(key: string, value: string): void;
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
  let previous: Buffer | null = null;
  let entries = 0;

  const write = (buf: Buffer) => {
    fs.writeSync(fd, buf);
    position += buf.length;
  };
  const flush = () => {
    if (block.length === 0) return;
    const first = Buffer.from(block[0][0], 'utf8');
    const payload = zlib.deflateRawSync(Buffer.from(JSON.stringify(block), 'utf8'));
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
    add(key, value) {
      const bytes = Buffer.from(key, 'utf8');
      if (bytes.length > 0xffff) throw new Error(`lookup key longer than 65535 bytes: ${key.slice(0, 40)}…`);
      if (previous !== null && Buffer.compare(previous, bytes) >= 0)
        throw new Error(
          `lookup keys out of order: ${JSON.stringify(key)} after ${previous.toString('utf8')}`,
        );
      previous = bytes;
      block.push([key, value]);
      blockSize += bytes.length + Buffer.byteLength(value, 'utf8') + 8;
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
  const buf = Buffer.alloc(length);
  let done = 0;
  while (done < length) {
    const n = fs.readSync(fd, buf, done, length - done, offset + done);
    if (n === 0) break;
    done += n;
  }
  return done === length ? buf : buf.subarray(0, done);
}

/** An open lookup file during one call: block offsets, and first keys and blocks as they are read. */
class OpenLookupFile {
  private readonly offsets: number[] = [];
  private readonly indexOffset: number;
  private readonly firstKeys = new Map<number, Buffer>();
  private cached: { block: number; entries: [string, string][]; keys: Buffer[] } | null = null;

  constructor(
    private readonly fd: number,
    filePath: string,
  ) {
    const size = fs.fstatSync(fd).size;
    const footer = readAt(fd, Math.max(0, size - FOOTER_BYTES), FOOTER_BYTES);
    if (footer.length < FOOTER_BYTES || footer.toString('latin1', 0, 8) !== MAGIC)
      throw new Error(`not a lookup file: ${filePath}`);
    this.indexOffset = Number(footer.readBigUInt64LE(8));
    const count = Number(footer.readBigUInt64LE(16));
    const index = readAt(fd, this.indexOffset, 8 * count);
    for (let i = 0; i < count; i++) this.offsets.push(Number(index.readBigUInt64LE(8 * i)));
  }

  private firstKey(block: number): Buffer {
    let key = this.firstKeys.get(block);
    if (key === undefined) {
      const offset = this.offsets[block];
      let head = readAt(this.fd, offset, HEADER_PROBE_BYTES);
      const length = head.readUInt16LE(0);
      if (head.length < 2 + length) head = readAt(this.fd, offset, 2 + length);
      key = Buffer.from(head.subarray(2, 2 + length));
      this.firstKeys.set(block, key);
    }
    return key;
  }

  private block(block: number): { entries: [string, string][]; keys: Buffer[] } {
    if (this.cached?.block === block) return this.cached;
    const start = this.offsets[block];
    const end = block + 1 < this.offsets.length ? this.offsets[block + 1] : this.indexOffset;
    const raw = readAt(this.fd, start, end - start);
    const payloadStart = 2 + raw.readUInt16LE(0) + 4;
    const entries = JSON.parse(zlib.inflateRawSync(raw.subarray(payloadStart)).toString('utf8')) as [
      string,
      string,
    ][];
    this.cached = { block, entries, keys: entries.map(([k]) => Buffer.from(k, 'utf8')) };
    return this.cached;
  }

  /** The value of `key`, or undefined. */
  get(key: Buffer): string | undefined {
    // the last block whose first key is ≤ key
    let lo = 0;
    let hi = this.offsets.length - 1;
    if (hi < 0 || Buffer.compare(this.firstKey(0), key) > 0) return undefined;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (Buffer.compare(this.firstKey(mid), key) <= 0) lo = mid;
      else hi = mid - 1;
    }
    const { entries, keys } = this.block(lo);
    let a = 0;
    let b = keys.length - 1;
    while (a <= b) {
      const mid = (a + b) >> 1;
      const c = Buffer.compare(keys[mid], key);
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
 * @returns key → value for the keys the file holds; null when the file does not exist.
 * @throws Error when the file exists but is not a lookup file.
 */
export function readLookupFile(filePath: string, keys: readonly string[]): Map<string, string> | null {
  let fd: number;
  try {
    fd = fs.openSync(filePath, 'r');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  try {
    const file = new OpenLookupFile(fd, filePath);
    const sorted = [...new Set(keys)]
      .map((k) => ({ k, bytes: Buffer.from(k, 'utf8') }))
      .sort((x, y) => Buffer.compare(x.bytes, y.bytes));
    const out = new Map<string, string>();
    for (const { k, bytes } of sorted) {
      const v = file.get(bytes);
      if (v !== undefined) out.set(k, v);
    }
    return out;
  } finally {
    fs.closeSync(fd);
  }
}
