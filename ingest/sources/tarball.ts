/**
 * Streams a ZTF nightly archive (`ztf_public_YYYYMMDD.tar.gz`: one Avro container per alert) without unpacking
 * it to disk: gunzip → tar entries → raw messages, in batches.
 */
import fs from 'node:fs';
import zlib from 'node:zlib';
import tar from 'tar-stream';
import type { RawMessage } from '../pipeline.js';

/** Largest tar entry read into memory (a ZTF alert is ~60 KiB; anything this big is not an alert). */
const MAX_ENTRY_BYTES = 64 * 1024 * 1024;

/** What the tarball reader yields: message batches, or an archive error (truncated gzip/tar). */
export type TarballEvent =
  | { readonly kind: 'messages'; readonly messages: RawMessage[] }
  | { readonly kind: 'error'; readonly reason: string; readonly index: number };

/** Yields the `.avro` entries of a .tar.gz archive as raw messages. */
export async function* readTarball(file: string, batchSize = 500): AsyncGenerator<TarballEvent> {
  const extract = tar.extract();
  const source = fs.createReadStream(file).pipe(zlib.createGunzip());
  source.on('error', (err) => extract.destroy(err));
  source.pipe(extract);
  let batch: RawMessage[] = [];
  let index = 0;
  try {
    for await (const entry of extract) {
      const name = entry.header.name;
      if (
        entry.header.type !== 'file' ||
        !name.endsWith('.avro') ||
        (entry.header.size ?? 0) > MAX_ENTRY_BYTES
      ) {
        entry.resume();
        continue;
      }
      const chunks: Buffer[] = [];
      for await (const c of entry) chunks.push(c as Buffer);
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
    };
  }
  if (batch.length > 0) yield { kind: 'messages', messages: batch };
}
