/**
 * Streams the records of one Avro object-container file of any size, block by block, without loading the file:
 * yields batches of decoded records. A truncated or corrupt tail is reported once (with up to 16 MiB of its
 * bytes) so that it can be quarantined; the records before it are kept.
 */
import fs from 'node:fs';
import type { Readable } from 'node:stream';
import type { Position } from '../../data/alert.js';
import {
  ContainerError,
  type ContainerHeader,
  decompressBlock,
  readBlock,
  readHeader,
} from '../decode/container.js';
import { type AlertDecoder, decodeBlockRecords } from '../decode/decode.js';
import type { DecodedItem } from '../pipeline.js';

const MAX_TAIL_BYTES = 16 * 1024 * 1024;

/** What the stream reader yields: decoded records, or an unreadable tail. */
export type AvroStreamEvent =
  | { readonly kind: 'items'; readonly items: DecodedItem[] }
  | {
      readonly kind: 'bad-tail';
      readonly reason: string;
      readonly position: Position;
      readonly bytes: Uint8Array;
    };

/** Reads a container from a byte stream; `label` names it in positions. */
export async function* readAvroStream(
  stream: Readable,
  label: string,
  decoder: AlertDecoder,
  batchSize = 500,
): AsyncGenerator<AvroStreamEvent> {
  let buf: Buffer = Buffer.alloc(0);
  let header: ContainerHeader | null = null;
  let pos = 0;
  let index = 0;
  let pending: DecodedItem[] = [];
  let failure: string | null = null;
  for await (const chunk of stream) {
    if (failure) {
      if (buf.length < MAX_TAIL_BYTES) buf = Buffer.concat([buf, chunk as Buffer]);
      continue;
    }
    buf = Buffer.concat([buf.subarray(pos), chunk as Buffer]);
    pos = 0;
    try {
      if (!header) {
        header = readHeader(buf);
        if (!header) continue;
        decoder.typeOf(header);
        pos = header.end;
      }
      for (;;) {
        const block = readBlock(buf, pos, header.sync);
        if (!block) break;
        const records = decodeBlockRecords(
          decoder.typeOf(header),
          decompressBlock(header.codec, block.data),
          block.count,
        );
        const blockBytes = buf.subarray(pos, block.end);
        for (const outcome of records) {
          const position: Position = { kind: 'file', file: label, index: index++ };
          pending.push({ outcome, position, raw: () => Buffer.from(blockBytes) });
        }
        pos = block.end;
        if (pending.length >= batchSize) {
          yield { kind: 'items', items: pending };
          pending = [];
        }
      }
    } catch (err) {
      failure = err instanceof ContainerError || err instanceof Error ? err.message : String(err);
      buf = buf.subarray(pos);
      pos = 0;
    }
  }
  if (pending.length > 0) yield { kind: 'items', items: pending };
  const rest = failure ? buf : buf.subarray(pos);
  if (failure || !header || rest.length > 0) {
    const reason = failure
      ? `corrupt Avro container after record ${index}: ${failure}`
      : !header
        ? 'truncated or empty Avro container (no complete header)'
        : `truncated Avro container: ${rest.length} trailing bytes after record ${index}`;
    yield {
      kind: 'bad-tail',
      reason,
      position: { kind: 'file', file: label, index },
      bytes: Buffer.from(rest.subarray(0, MAX_TAIL_BYTES)),
    };
  }
}

/** Reads an Avro file from disk. */
export function readAvroFile(
  file: string,
  decoder: AlertDecoder,
  batchSize = 500,
): AsyncGenerator<AvroStreamEvent> {
  return readAvroStream(fs.createReadStream(file, { highWaterMark: 1 << 20 }), file, decoder, batchSize);
}
