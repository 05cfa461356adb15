/**
 * Decodes alert messages: Avro object containers (ZTF files and Kafka messages, schema embedded) or schemaless
 * Avro bodies written with a known schema (Fink-style Kafka topics). Each record is normalised; a record or a
 * message that cannot be decoded yields a rejection reason, never an exception to the caller.
 */
import type { Alert } from '../../data/index.js';
import { type AlertRecordRead, readAlertRecord } from './alert-reader.js';
import { isTruncation } from './avro-cursor.js';
import { type ContainerHeader, decompressBlock, isContainer, readBlock, readHeader } from './container.js';
import { normalizeParts, normalizeRecord } from './normalize.js';
import { type CompiledSchema, SchemaCache } from './schema-cache.js';

/** Bytes of a container's sync marker, the end of its header (Avro 1.11, "Object Container Files"). */
const SYNC_BYTES = 16;

/** One decoded record: an alert, or the reason it was rejected. */
export type DecodeOutcome = { ok: true; alert: Alert } | { ok: false; reason: string };

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** Outcomes of the records of a block, and where the last record decoded ends (-1 when one failed). */
interface BlockRead {
  readonly outcomes: DecodeOutcome[];
  readonly end: number;
}

/** One record read at `pos`: its outcome, and where the next record starts (-1 when this one failed). */
interface RecordRead {
  readonly outcome: DecodeOutcome;
  readonly next: number;
}

/** Reads record `i` (of `count`, for messages) of a block at `pos`. */
type RecordReader = (
  schema: CompiledSchema,
  data: Buffer,
  pos: number,
  i: number,
  count: number,
) => RecordRead;

const readRecordWithReader: RecordReader = (schema, data, pos, i, count) => {
  const plan = schema.plan;
  if (plan === null) return readRecordWithAvsc(schema, data, pos, i, count);
  let read: AlertRecordRead;
  try {
    read = readAlertRecord(plan, data, pos);
  } catch (err) {
    const reason = isTruncation(err)
      ? `truncated Avro record ${i + 1} of ${count} in block`
      : `Avro decoding failed: ${errorText(err)}`;
    return { outcome: { ok: false, reason }, next: -1 };
  }
  return {
    outcome: read.parts ? normalizeParts(read.parts) : { ok: false, reason: 'missing candidate record' },
    next: read.next,
  };
};

const readRecordWithAvsc: RecordReader = (schema, data, pos, i, count) => {
  const type = schema.reader?.type ?? schema.type;
  const resolver = schema.reader?.resolver;
  let decoded: { value: unknown; offset: number };
  try {
    decoded = (resolver ? type.decode(data, pos, resolver) : type.decode(data, pos)) as {
      value: unknown;
      offset: number;
    };
  } catch (err) {
    return { outcome: { ok: false, reason: `Avro decoding failed: ${errorText(err)}` }, next: -1 };
  }
  if (decoded.offset < 0) {
    return {
      outcome: { ok: false, reason: `truncated Avro record ${i + 1} of ${count} in block` },
      next: -1,
    };
  }
  return { outcome: normalizeRecord(decoded.value), next: decoded.offset };
};

function readRecords(read: RecordReader, schema: CompiledSchema, data: Buffer, count: number): BlockRead {
  const records = new BlockRecords(read, schema, data, count);
  const outcomes: DecodeOutcome[] = [];
  for (let outcome = records.next(); outcome !== null; outcome = records.next()) outcomes.push(outcome);
  return { outcomes, end: records.end };
}

const readWithReader = (schema: CompiledSchema, data: Buffer, count: number): BlockRead =>
  readRecords(readRecordWithReader, schema, data, count);

const readWithAvsc = (schema: CompiledSchema, data: Buffer, count: number): BlockRead =>
  readRecords(readRecordWithAvsc, schema, data, count);

/**
 * The records of one block, decoded one at a time as they are asked for: a caller that stages each alert before
 * asking for the next keeps one decoded alert alive at a time, where a block decoded at once keeps all of them
 * (a batch of 2,000 decoded alerts outlived the young generation, and the garbage collector copied it:
 * docs/benchmarks.md). A record that fails stops the block: the rest cannot be located.
 */
export class BlockRecords {
  /** Records read so far (the index of the next one). */
  taken = 0;
  private pos = 0;

  constructor(
    private readonly read: RecordReader,
    private readonly schema: CompiledSchema,
    private readonly data: Buffer,
    /** Records the block holds. */
    readonly count: number,
  ) {}

  /** The next record's outcome; null after the last one, or after one that failed. */
  next(): DecodeOutcome | null {
    if (this.taken >= this.count || this.pos < 0) return null;
    const { outcome, next } = this.read(this.schema, this.data, this.pos, this.taken, this.count);
    this.taken++;
    this.pos = next;
    return outcome;
  }

  /** Where the last record read ends; -1 when one failed. */
  get end(): number {
    return this.pos;
  }
}

/**
 * Decodes the records of one block with the alert reader (alert-reader.ts), or with avsc for a schema the reader
 * cannot compile; a record that fails stops the block (the rest cannot be located).
 */
export function decodeBlockRecords(schema: CompiledSchema, data: Buffer, count: number): DecodeOutcome[] {
  return readWithReader(schema, data, count).outcomes;
}

/**
 * Decodes the records of one block with avsc's generic decoder and normalises the objects it builds: the
 * reference the alert reader is tested against, and the decode-only ceiling of the ingestion benchmark.
 */
export function decodeBlockRecordsWithAvsc(
  schema: CompiledSchema,
  data: Buffer,
  count: number,
): DecodeOutcome[] {
  return readWithAvsc(schema, data, count).outcomes;
}

/** Bytes of the Confluent wire format's prefix: a zero magic byte and a 4-byte schema id. */
const CONFLUENT_PREFIX_BYTES = 5;

/** Decoder with a schema cache; optional writer schema for schemaless messages. */
export class AlertDecoder {
  readonly cache: SchemaCache;
  private readonly schemaless: CompiledSchema | null;
  private readonly withAvsc: boolean;

  /**
   * @param options.withAvsc decode with avsc's generic decoder instead of the alert reader (the reference the
   *   reader is tested against; the ingestion benchmark's decode-only ceiling).
   */
  constructor(options: { cache?: SchemaCache; schemalessSchemaText?: string; withAvsc?: boolean } = {}) {
    this.cache = options.cache ?? new SchemaCache();
    this.schemaless = options.schemalessSchemaText ? this.cache.get(options.schemalessSchemaText) : null;
    this.withAvsc = options.withAvsc ?? false;
  }

  /** Decodes the `count` records of a block (decompressed) written with `schema`. */
  decodeBlock(schema: CompiledSchema, data: Buffer, count: number): DecodeOutcome[] {
    return this.withAvsc
      ? decodeBlockRecordsWithAvsc(schema, data, count)
      : decodeBlockRecords(schema, data, count);
  }

  /** The `count` records of a block (decompressed) written with `schema`, decoded as they are asked for. */
  blockRecords(schema: CompiledSchema, data: Buffer, count: number): BlockRecords {
    return new BlockRecords(this.withAvsc ? readRecordWithAvsc : readRecordWithReader, schema, data, count);
  }

  /** Compiled schema of a container header (cached). */
  schemaOf(header: ContainerHeader): CompiledSchema {
    return this.cache.get(header.schemaText);
  }

  /**
   * Decodes one message: a whole container (any number of records) or, when a schemaless schema was given and
   * the bytes are not a container, a single Avro body (an optional Confluent 5-byte prefix is skipped).
   */
  decodeMessage(bytes: Uint8Array): DecodeOutcome[] {
    const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
    if (isContainer(buf)) return this.decodeContainer(buf);
    if (!this.schemaless) {
      return [
        { ok: false, reason: 'not an Avro object container and no schema was given for schemaless messages' },
      ];
    }
    const read = this.withAvsc ? readWithAvsc : readWithReader;
    let one = read(this.schemaless, buf, 1);
    // a Confluent-framed body: the record read after the prefix ends exactly where the message does
    if (one.end !== buf.length && buf.length > CONFLUENT_PREFIX_BYTES && buf[0] === 0) {
      const framed = read(this.schemaless, buf.subarray(CONFLUENT_PREFIX_BYTES), 1);
      if (framed.end === buf.length - CONFLUENT_PREFIX_BYTES) one = framed;
    }
    const [outcome] = one.outcomes;
    return [outcome.ok ? outcome : { ok: false, reason: `schemaless message: ${outcome.reason}` }];
  }

  /**
   * The header bytes before the sync marker of the last container read, with its header and schema. A stream of
   * one-alert containers (Kafka messages, ZTF archives) repeats the same ~10 KB header but for the marker:
   * comparing the bytes (~1 µs) replaces parsing the header and looking the schema text up (~20 µs).
   */
  private lastHeader: {
    readonly prefix: Buffer;
    readonly header: ContainerHeader;
    readonly schema: CompiledSchema;
  } | null = null;

  private headerOf(buf: Buffer): { header: ContainerHeader; schema: CompiledSchema } | null {
    const last = this.lastHeader;
    if (last !== null && buf.length >= last.header.end) {
      const n = last.prefix.length;
      if (buf.compare(last.prefix, 0, n, 0, n) === 0) {
        const sync = buf.subarray(n, n + SYNC_BYTES);
        return { header: { ...last.header, sync }, schema: last.schema };
      }
    }
    const header = readHeader(buf);
    if (!header) return null;
    const schema = this.schemaOf(header);
    // copies: the cache must not keep the message's buffer alive
    this.lastHeader = {
      prefix: Buffer.from(buf.subarray(0, header.end - SYNC_BYTES)),
      header: { ...header, sync: Uint8Array.from(header.sync) },
      schema,
    };
    return { header, schema };
  }

  private decodeContainer(buf: Buffer): DecodeOutcome[] {
    let header: ContainerHeader;
    let schema: CompiledSchema;
    try {
      const read = this.headerOf(buf);
      if (!read) return [{ ok: false, reason: 'truncated Avro container header' }];
      ({ header, schema } = read);
    } catch (err) {
      return [{ ok: false, reason: `bad Avro container header: ${errorText(err)}` }];
    }
    const out: DecodeOutcome[] = [];
    let pos = header.end;
    while (pos < buf.length) {
      try {
        const block = readBlock(buf, pos, header.sync);
        if (!block) {
          out.push({ ok: false, reason: `truncated Avro block at byte ${pos}` });
          break;
        }
        out.push(...this.decodeBlock(schema, decompressBlock(header.codec, block.data), block.count));
        pos = block.end;
      } catch (err) {
        out.push({ ok: false, reason: `corrupt Avro block at byte ${pos}: ${errorText(err)}` });
        break;
      }
    }
    return out;
  }
}
