/**
 * Streams the alerts of an LSST Avro object container (Rubin alert packets of any schema 7.0-11.0, Fink's LSST
 * data transfers): the writer schema from the header, codecs null, deflate and snappy, block by block without
 * loading the file. A record that cannot be an alert is a rejection with its block's bytes; a truncated or corrupt
 * rest, or a header whose schema is not an LSST alert schema, is one `bad-tail` event. Reference: Apache Avro
 * 1.11 specification, "Object Container Files".
 */
import fs from 'node:fs';
import type { CompiledLsstSchema } from '../decode/index.js';
import {
  decodeLsstDatum,
  decompressBlock,
  LsstSchemaCache,
  readBlock,
  readHeader,
  readVarLong,
} from '../decode/index.js';
import {
  LSST_BATCH_SIZE,
  LsstBatcher,
  type LsstDecodedItem,
  type LsstSourceEvent,
  MAX_QUARANTINED_BYTES,
} from './lsst-events.js';

/** Bytes read first for the header; doubled until the header parses (schemas are tens of KiB). */
const FIRST_HEADER_BYTES = 1 << 16;
/** Bytes enough for a block's two varints (record count and byte size). */
const BLOCK_PREFIX_BYTES = 20;
const SYNC_BYTES = 16;

/** The bytes of a stream, made available in runs of at least a requested length. */
class ByteFeed {
  private buf: Buffer = Buffer.alloc(0);
  private pos = 0;
  /** File offset of `buf[0]`. */
  private base = 0;
  private ended = false;
  private readonly chunks: AsyncIterator<Buffer>;

  constructor(stream: AsyncIterable<Buffer>) {
    this.chunks = stream[Symbol.asyncIterator]();
  }

  /** The bytes from the current offset on, at least `n` of them unless the stream ends first. */
  async fill(n: number): Promise<Buffer> {
    if (this.buf.length - this.pos < n && !this.ended) {
      const parts = [this.buf.subarray(this.pos)];
      let have = parts[0].length;
      while (have < n) {
        const next = await this.chunks.next();
        if (next.done) {
          this.ended = true;
          break;
        }
        parts.push(next.value);
        have += next.value.length;
      }
      this.base += this.pos;
      this.buf = Buffer.concat(parts);
      this.pos = 0;
    }
    return this.buf.subarray(this.pos);
  }

  skip(n: number): void {
    this.pos += n;
  }

  /** File offset of the next byte. */
  get offset(): number {
    return this.base + this.pos;
  }

  /** True when nothing is left. */
  async atEnd(): Promise<boolean> {
    return (await this.fill(1)).length === 0;
  }
}

/** Reads the container's header; a reason string when there is none to read. */
async function readLsstHeader(
  feed: ByteFeed,
  cache: LsstSchemaCache,
): Promise<{ schema: CompiledLsstSchema; codec: string; sync: Uint8Array } | string> {
  let want = FIRST_HEADER_BYTES;
  for (;;) {
    const view = await feed.fill(want);
    try {
      const header = readHeader(view);
      if (header !== null) {
        const schema = cache.get(header.schemaText);
        const sync = Uint8Array.from(header.sync);
        feed.skip(header.end);
        return { schema, codec: header.codec, sync };
      }
    } catch (err) {
      return `unreadable LSST Avro container header: ${err instanceof Error ? err.message : String(err)}`;
    }
    if (view.length < want) return 'truncated or empty Avro container (no complete header)';
    want *= 2;
  }
}

/** The alerts of one block, each with its position; a record that fails ends the block (the rest cannot be found). */
function blockItems(
  file: string,
  schema: CompiledLsstSchema,
  data: Buffer,
  count: number,
  firstIndex: number,
  raw: () => Uint8Array,
): LsstDecodedItem[] {
  const items: LsstDecodedItem[] = [];
  let pos = 0;
  for (let i = 0; i < count; i++) {
    const read = decodeLsstDatum(schema, data, pos);
    const position = { kind: 'file', file, index: firstIndex + i } as const;
    if (read.next < 0) {
      const lost = count - i - 1;
      const reason = `record ${i + 1} of ${count} in its block: ${read.outcome.ok ? 'unreadable' : read.outcome.reason}${lost > 0 ? ` (the ${lost} records after it in the block are lost)` : ''}`;
      items.push({ outcome: { ok: false, reason }, position, raw });
      break;
    }
    items.push({ outcome: read.outcome, position, raw });
    pos = read.next;
  }
  return items;
}

/**
 * Yields the alerts of an LSST Avro container file in batches of `batchSize`, then a `bad-tail` event when the
 * file is truncated, corrupt, or not an LSST alert container (the alerts before the damage are yielded).
 */
export async function* readLsstAvroFile(
  file: string,
  options: { batchSize?: number; cache?: LsstSchemaCache } = {},
): AsyncGenerator<LsstSourceEvent> {
  const batchSize = options.batchSize ?? LSST_BATCH_SIZE;
  const fileBytes = (await fs.promises.stat(file)).size;
  const stream = fs.createReadStream(file, { highWaterMark: 1 << 20 });
  const feed = new ByteFeed(stream);
  let index = 0;
  const batcher = new LsstBatcher(batchSize);
  const badTail = async (reason: string): Promise<LsstSourceEvent> => ({
    kind: 'bad-tail',
    reason,
    position: { kind: 'file', file, index },
    bytes: Buffer.from((await feed.fill(MAX_QUARANTINED_BYTES)).subarray(0, MAX_QUARANTINED_BYTES)),
  });
  try {
    const header = await readLsstHeader(feed, options.cache ?? new LsstSchemaCache());
    if (typeof header === 'string') {
      yield await badTail(header);
      return;
    }
    while (!(await feed.atEnd())) {
      const prefix = await feed.fill(BLOCK_PREFIX_BYTES);
      const count = readVarLong(prefix, 0);
      const size = count ? readVarLong(prefix, count.next) : null;
      const need = size ? size.next + Math.max(0, size.value) + SYNC_BYTES : prefix.length + 1;
      let reason: string | null = null;
      try {
        // a block longer than the rest of the file is a truncation: it is not read into memory
        const view = feed.offset + need > fileBytes ? null : await feed.fill(need);
        const block = view === null ? null : readBlock(view, 0, header.sync);
        if (view === null || block === null) {
          reason = `truncated Avro container: ${fileBytes - feed.offset} trailing bytes after record ${index}`;
        } else {
          const data = decompressBlock(header.codec, block.data);
          const blockBytes = view.subarray(0, block.end);
          const raw = (): Uint8Array => blockBytes;
          for (const item of blockItems(file, header.schema, data, block.count, index, raw)) {
            const full = batcher.add(item);
            if (full !== null) yield { kind: 'items', items: full };
          }
          index += block.count;
          feed.skip(block.end);
        }
      } catch (err) {
        reason = `corrupt Avro container after record ${index}: ${err instanceof Error ? err.message : String(err)}`;
      }
      if (reason !== null) {
        const rest = batcher.rest();
        if (rest !== null) yield { kind: 'items', items: rest };
        yield await badTail(reason);
        return;
      }
    }
    const rest = batcher.rest();
    if (rest !== null) yield { kind: 'items', items: rest };
  } finally {
    stream.destroy();
  }
}
