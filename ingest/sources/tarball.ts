/**
 * Streams a ZTF nightly archive (`ztf_public_YYYYMMDD.tar.gz`: one Avro container per alert) without unpacking
 * it to disk: gunzip → tar entries → raw messages, in batches. A truncated or corrupt archive yields the entries
 * before the damage, then an error event with the unreadable rest: the decompressed bytes after the last entry
 * read whole (the broken entry's header and data so far), at most MAX_TAIL_BYTES.
 */
import fs from 'node:fs';
import { Transform } from 'node:stream';
import zlib from 'node:zlib';
import tar from 'tar-stream';
import type { RawMessage } from '../pipeline.js';

/** Largest tar entry read into memory (a ZTF alert is ~60 KiB; anything this big is not an alert). */
const MAX_ENTRY_BYTES = 64 * 1024 * 1024;

/** Most bytes of an archive's unreadable rest kept for the quarantine (as for an Avro file's tail). */
const MAX_TAIL_BYTES = 16 * 1024 * 1024;

/** Size of a tar block: headers and padded entry data (POSIX ustar). */
const TAR_BLOCK = 512;

/** What the tarball reader yields: message batches, or an archive error (truncated gzip/tar) with its bytes. */
export type TarballEvent =
  | { readonly kind: 'messages'; readonly messages: RawMessage[] }
  | { readonly kind: 'error'; readonly reason: string; readonly index: number; readonly bytes: Uint8Array };

/**
 * The decompressed bytes of the archive from `mark` on (the end of the last entry read whole), as they pass from
 * gunzip to the tar reader; at most MAX_TAIL_BYTES are kept.
 */
class TailKeeper extends Transform {
  private chunks: Buffer[] = [];
  /** Archive offset of the first kept byte, and of the end of what passed. */
  private start = 0;
  private passed = 0;

  override _transform(
    chunk: Buffer,
    _enc: BufferEncoding,
    done: (err?: Error | null, data?: Buffer) => void,
  ) {
    // a window grown past 4 tails (a huge entry that is not an alert) is dropped: memory stays bounded
    if (this.passed - this.start > 4 * MAX_TAIL_BYTES) {
      this.chunks = [];
      this.start = this.passed;
    }
    this.chunks.push(chunk);
    this.passed += chunk.length;
    done(null, chunk);
  }

  /** Drops the bytes before archive offset `mark`. */
  mark(mark: number): void {
    while (this.chunks.length > 0 && this.start + this.chunks[0].length <= mark) {
      this.start += this.chunks[0].length;
      this.chunks.shift();
    }
  }

  /** The bytes kept from `mark` on (at most MAX_TAIL_BYTES). */
  tail(mark: number): Uint8Array {
    this.mark(mark);
    const all = Buffer.concat(this.chunks);
    return all.subarray(Math.max(0, mark - this.start), Math.max(0, mark - this.start) + MAX_TAIL_BYTES);
  }
}

/** Yields the `.avro` entries of a .tar.gz archive as raw messages. */
export async function* readTarball(file: string, batchSize = 500): AsyncGenerator<TarballEvent> {
  const extract = tar.extract();
  const gunzip = fs.createReadStream(file).pipe(zlib.createGunzip());
  const keeper = new TailKeeper();
  gunzip.on('error', (err) => extract.destroy(err));
  keeper.on('error', (err) => extract.destroy(err));
  gunzip.pipe(keeper).pipe(extract);
  let batch: RawMessage[] = [];
  let index = 0;
  /** Archive offset of the end of the last entry read whole. */
  let mark = 0;
  try {
    for await (const entry of extract) {
      // the entry (with any extended header before it) starts after the last one read
      const header = entry.header as typeof entry.header & { byteOffset?: number };
      const dataEnd =
        (header.byteOffset ?? mark + TAR_BLOCK) + Math.ceil((header.size ?? 0) / TAR_BLOCK) * TAR_BLOCK;
      keeper.mark(mark);
      const name = entry.header.name;
      if (
        entry.header.type !== 'file' ||
        !name.endsWith('.avro') ||
        (entry.header.size ?? 0) > MAX_ENTRY_BYTES
      ) {
        entry.resume();
        mark = dataEnd;
        continue;
      }
      const chunks: Buffer[] = [];
      for await (const c of entry) chunks.push(c as Buffer);
      mark = dataEnd;
      batch.push({
        bytes: Buffer.concat(chunks),
        position: { kind: 'file', file: `${file}:${name}`, index: 0 },
      });
      index++;
      if (batch.length >= batchSize) {
        yield { kind: 'messages', messages: batch };
        batch = [];
      }
    }
  } catch (err) {
    if (batch.length > 0) yield { kind: 'messages', messages: batch };
    batch = [];
    yield {
      kind: 'error',
      reason: `unreadable archive after ${index} entries: ${(err as Error).message}`,
      index,
      bytes: keeper.tail(mark),
    };
  }
  if (batch.length > 0) yield { kind: 'messages', messages: batch };
}
