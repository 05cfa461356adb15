/**
 * Writes Avro object containers (Avro 1.11 spec, "Object Container Files") of already-encoded records: a header
 * with the schema, the codec and a 16-byte sync marker, then blocks. avsc encodes the header (from the spec's own
 * schema, `org.apache.avro.file.Header`) and each block's record count and byte size (Avro longs). The sync
 * marker is a parameter (by default derived from the schema text), so that the same records always give the same
 * bytes. Codecs: null, deflate.
 *
 * The simulator's files go through avsc's `BlockEncoder` (file-sink.ts). This writer serves the Kafka sink and
 * tests, which `BlockEncoder` cannot serve cleanly: a Kafka message is one whole container, needed synchronously
 * (the encoder is a stream that emits its last block only after its 'finish' event, on a later tick), of a
 * record already encoded by the simulator's part-wise encoder (alert-encoder.ts, which caches the encoding of
 * history entries), where `BlockEncoder` encodes values itself.
 */
import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import avro from 'avsc';
import { bigintLongType } from '../../data/index.js';

/** Codecs this writer produces. */
export type ContainerCodec = 'null' | 'deflate';

/** Options of a container. */
export interface ContainerOptions {
  /** Block codec (default 'null'). */
  readonly codec?: ContainerCodec;
  /** 16-byte sync marker; default: the first 16 bytes of SHA-256(schema text). */
  readonly syncMarker?: Uint8Array;
  /** Schema text written in the header; default JSON.stringify(type.schema()). */
  readonly schemaText?: string;
  /** Records per block (default: all records in one block). */
  readonly blockRecords?: number;
}

const MAGIC = Buffer.from([0x4f, 0x62, 0x6a, 0x01]);
const SYNC_BYTES = 16;

/** The container header's schema, as the Avro specification gives it. */
const HEADER_TYPE = avro.Type.forSchema({
  type: 'record',
  name: 'org.apache.avro.file.Header',
  fields: [
    { name: 'magic', type: { type: 'fixed', name: 'Magic', size: 4 } },
    { name: 'meta', type: { type: 'map', values: 'bytes' } },
    { name: 'sync', type: { type: 'fixed', name: 'Sync', size: SYNC_BYTES } },
  ],
});

/** Avro long over BigInt: avsc's default long stops at 2^52. */
const LONG_TYPE = avro.Type.forSchema('long', { registry: { long: bigintLongType } });

/** Zig-zag varint encoding of an integer of magnitude below 2^53 (Avro `long`). */
export function encodeVarLong(value: number): Buffer {
  if (!Number.isSafeInteger(value)) throw new RangeError(`Avro varint needs a safe integer, got ${value}`);
  return LONG_TYPE.toBuffer(BigInt(value));
}

/** Encodes container headers and blocks for one schema, codec and sync marker. */
export class ContainerEncoder {
  /** Header bytes: magic, metadata map (`avro.schema`, `avro.codec`) and sync marker. */
  readonly header: Buffer;
  readonly sync: Buffer;
  readonly codec: ContainerCodec;

  /**
   * @param schemaText the writer schema as JSON text.
   * Throws RangeError when the sync marker is not 16 bytes.
   */
  constructor(
    readonly schemaText: string,
    options: { codec?: ContainerCodec; syncMarker?: Uint8Array } = {},
  ) {
    this.codec = options.codec ?? 'null';
    const sync =
      options.syncMarker ?? createHash('sha256').update(schemaText).digest().subarray(0, SYNC_BYTES);
    if (sync.length !== SYNC_BYTES) throw new RangeError(`sync marker must be 16 bytes, got ${sync.length}`);
    this.sync = Buffer.from(sync);
    this.header = HEADER_TYPE.toBuffer({
      magic: MAGIC,
      meta: { 'avro.schema': Buffer.from(schemaText, 'utf8'), 'avro.codec': Buffer.from(this.codec, 'utf8') },
      sync: this.sync,
    });
  }

  /** One block holding the given encoded records (count, size, data compressed by the codec, sync marker). */
  block(records: readonly Uint8Array[]): Buffer {
    return Buffer.concat(this.blockParts(records));
  }

  /**
   * The pieces of a block, to write with a vectored write without copying the records: count and size varints,
   * the records (or their deflated concatenation), the sync marker.
   */
  blockParts(records: readonly Uint8Array[]): Uint8Array[] {
    if (this.codec === 'deflate') {
      const data = zlib.deflateRawSync(Buffer.concat(records));
      return [encodeVarLong(records.length), encodeVarLong(data.length), data, this.sync];
    }
    let size = 0;
    for (const r of records) size += r.length;
    return [encodeVarLong(records.length), encodeVarLong(size), ...records, this.sync];
  }

  /** A whole container: header and blocks of at most `blockRecords` records (no block when there are none). */
  container(records: readonly Uint8Array[], blockRecords = records.length): Buffer {
    const parts: Buffer[] = [this.header];
    const size = Math.max(1, blockRecords);
    for (let i = 0; i < records.length; i += size) parts.push(this.block(records.slice(i, i + size)));
    return Buffer.concat(parts);
  }
}

/**
 * Encodes records into a complete Avro object container (header + blocks), e.g. the one-record container of a
 * ZTF Kafka message, or edge-case inputs for tests.
 * @param records values valid for `schemaType` (throws avsc's error otherwise).
 * @param schemaType the compiled writer type (with the BigInt long type for ZTF longs).
 */
export function encodeContainer(
  records: readonly unknown[],
  schemaType: avro.Type,
  options: ContainerOptions = {},
): Buffer {
  const schemaText = options.schemaText ?? JSON.stringify(schemaType.schema());
  const encoder = new ContainerEncoder(schemaText, { codec: options.codec, syncMarker: options.syncMarker });
  return encoder.container(
    records.map((r) => schemaType.toBuffer(r)),
    options.blockRecords,
  );
}
