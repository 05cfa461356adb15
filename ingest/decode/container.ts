/**
 * Avro object container files (Avro 1.11 spec, "Object Container Files"): header with the schema and codec, then
 * blocks of records separated by a 16-byte sync marker. Used for `.avro` files, tarball entries and Kafka
 * messages (ZTF writes each message as a one-record container). Codecs: null, deflate, snappy.
 */
import zlib from 'node:zlib';
import snappy from 'snappyjs';

const MAGIC = Buffer.from([0x4f, 0x62, 0x6a, 0x01]); // "Obj" 1

/** Thrown when bytes are not a valid container; `offset` is where reading failed. */
export class ContainerError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
    this.name = 'ContainerError';
  }
}

/** Reads a zig-zag varint long at `pos`; returns null when the buffer ends first. Values stay below 2^53. */
export function readVarLong(buf: Uint8Array, pos: number): { value: number; next: number } | null {
  let result = 0;
  let shift = 1;
  let i = pos;
  for (;;) {
    if (i >= buf.length) return null;
    const byte = buf[i++];
    result += (byte & 0x7f) * shift;
    if ((byte & 0x80) === 0) break;
    shift *= 128;
    if (shift > 2 ** 63) throw new ContainerError('varint too long', pos);
  }
  const value = result % 2 === 0 ? result / 2 : -(result + 1) / 2;
  return { value, next: i };
}

/** The container header: the writer schema (JSON text), the codec and the sync marker. */
export interface ContainerHeader {
  readonly schemaText: string;
  readonly codec: string;
  readonly sync: Uint8Array;
  /** Offset of the first block. */
  readonly end: number;
}

/** True when the bytes start with the container magic. */
export function isContainer(buf: Uint8Array): boolean {
  return (
    buf.length >= 4 &&
    buf[0] === MAGIC[0] &&
    buf[1] === MAGIC[1] &&
    buf[2] === MAGIC[2] &&
    buf[3] === MAGIC[3]
  );
}

/** Parses the header; null when more bytes are needed; throws ContainerError on bad bytes. */
export function readHeader(buf: Uint8Array): ContainerHeader | null {
  if (buf.length < 4) return null;
  if (!isContainer(buf)) throw new ContainerError('not an Avro object container (bad magic)', 0);
  let pos = 4;
  const meta = new Map<string, Buffer>();
  for (;;) {
    const count = readVarLong(buf, pos);
    if (!count) return null;
    pos = count.next;
    if (count.value === 0) break;
    let n = Math.abs(count.value);
    if (count.value < 0) {
      const size = readVarLong(buf, pos);
      if (!size) return null;
      pos = size.next;
    }
    while (n-- > 0) {
      const klen = readVarLong(buf, pos);
      if (!klen) return null;
      if (klen.value < 0) throw new ContainerError('negative metadata key length', pos);
      const kEnd = klen.next + klen.value;
      if (kEnd > buf.length) return null;
      const key = Buffer.from(buf.buffer, buf.byteOffset + klen.next, klen.value).toString('utf8');
      const vlen = readVarLong(buf, kEnd);
      if (!vlen) return null;
      if (vlen.value < 0) throw new ContainerError('negative metadata value length', kEnd);
      const vEnd = vlen.next + vlen.value;
      if (vEnd > buf.length) return null;
      meta.set(key, Buffer.from(buf.buffer, buf.byteOffset + vlen.next, vlen.value));
      pos = vEnd;
    }
  }
  if (pos + 16 > buf.length) return null;
  const schema = meta.get('avro.schema');
  if (!schema) throw new ContainerError('container header has no avro.schema', pos);
  const codec = meta.get('avro.codec')?.toString('utf8') || 'null';
  return { schemaText: schema.toString('utf8'), codec, sync: buf.subarray(pos, pos + 16), end: pos + 16 };
}

/** One block: its record count and its (still compressed) data. */
export interface ContainerBlock {
  readonly count: number;
  readonly data: Uint8Array;
  /** Offset just after the block's sync marker. */
  readonly end: number;
}

/** Reads the block at `pos`; null when more bytes are needed; throws ContainerError on a bad block. */
export function readBlock(buf: Uint8Array, pos: number, sync: Uint8Array): ContainerBlock | null {
  const count = readVarLong(buf, pos);
  if (!count) return null;
  const size = readVarLong(buf, count.next);
  if (!size) return null;
  if (count.value < 0 || size.value < 0) throw new ContainerError('negative block count or size', pos);
  const dataEnd = size.next + size.value;
  if (dataEnd + 16 > buf.length) return null;
  for (let i = 0; i < 16; i++) {
    if (buf[dataEnd + i] !== sync[i])
      throw new ContainerError('sync marker mismatch (corrupt block)', dataEnd);
  }
  return { count: count.value, data: buf.subarray(size.next, dataEnd), end: dataEnd + 16 };
}

/** Decompresses a block's data for the container's codec. */
export function decompressBlock(codec: string, data: Uint8Array): Buffer {
  switch (codec) {
    case 'null':
      return Buffer.from(data.buffer, data.byteOffset, data.length);
    case 'deflate':
      return zlib.inflateRawSync(data);
    case 'snappy': {
      // Avro's snappy framing: compressed data followed by a 4-byte big-endian CRC32 of the uncompressed data.
      if (data.length < 4) throw new ContainerError('snappy block shorter than its CRC', 0);
      const out = snappy.uncompress(data.subarray(0, data.length - 4));
      return Buffer.from(out.buffer, out.byteOffset, out.length);
    }
    default:
      throw new ContainerError(`unsupported Avro codec "${codec}" (supported: null, deflate, snappy)`, 0);
  }
}
