/**
 * Ingests files: `.avro` containers (any size, streamed), directories of them (recursively, sorted),
 * `.tar.gz`/`.tgz` nightly archives (streamed, never unpacked to disk) and Spark/Fink `.parquet` alert files.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';
import type { StoreLayout } from '../data/store-layout.js';
import { type IngestCounts, IngestPipeline } from './pipeline.js';
import { RateReporter } from './progress.js';
import { readAvroFile } from './sources/avro-file.js';
import { readParquetFile } from './sources/parquet-file.js';
import { readTarball } from './sources/tarball.js';

/** Kinds of input files, by name. */
export type InputKind = 'avro' | 'tarball' | 'parquet';

/** The kind of an input file from its name; null when it is not an alert file. */
export function inputKind(file: string): InputKind | null {
  if (file.endsWith('.avro')) return 'avro';
  if (file.endsWith('.tar.gz') || file.endsWith('.tgz')) return 'tarball';
  if (file.endsWith('.parquet')) return 'parquet';
  return null;
}

/** Expands files and directories into the sorted list of input files. Throws for a path that does not exist. */
export function expandInputs(paths: readonly string[]): string[] {
  const out: string[] = [];
  const walk = (p: string): void => {
    const st = fs.statSync(p);
    if (st.isDirectory()) {
      for (const name of fs.readdirSync(p).sort()) walk(path.join(p, name));
    } else if (inputKind(p)) out.push(p);
  };
  for (const p of paths) {
    if (!fs.existsSync(p)) throw new Error(`input not found: ${p}`);
    const st = fs.statSync(p);
    if (st.isFile() && !inputKind(p))
      throw new Error(`not an alert file (.avro, .tar.gz, .tgz, .parquet): ${p}`);
    walk(p);
  }
  return out;
}

/** Summary of a file ingestion. */
export interface FileIngestSummary extends IngestCounts {
  files: number;
  nights: number[];
  seconds: number;
  ratePerSecond: number;
}

/** Ingests the given inputs into the store's staging; staging files are closed at the end. */
export async function ingestFiles(
  layout: StoreLayout,
  inputs: readonly string[],
  options: { ingesterId: string; log: Logger; batchSize?: number },
): Promise<FileIngestSummary> {
  const { log } = options;
  const files = expandInputs(inputs);
  const pipeline = new IngestPipeline(layout, options.ingesterId, log, undefined, true);
  const reporter = new RateReporter(log, 'ingest', () => ({ ...pipeline.counts }), 'read').start();
  const batchSize = options.batchSize ?? 500;
  let pendingMessages: Parameters<IngestPipeline['ingestMessages']>[0][number][] = [];
  const flushMessages = async (): Promise<void> => {
    if (pendingMessages.length === 0) return;
    const batch = pendingMessages;
    pendingMessages = [];
    await pipeline.ingestMessages(batch);
  };
  try {
    for (const file of files) {
      const kind = inputKind(file);
      if (kind === 'avro') {
        const size = fs.statSync(file).size;
        if (size < 4 * 1024 * 1024) {
          // small files (one alert each, as ZTF writes them) are batched together
          pendingMessages.push({ bytes: fs.readFileSync(file), position: { kind: 'file', file, index: 0 } });
          if (pendingMessages.length >= batchSize) await flushMessages();
          continue;
        }
        await flushMessages();
        for await (const ev of readAvroFile(file, pipeline.decoder, batchSize)) {
          if (ev.kind === 'items') {
            await pipeline.ingestDecoded(ev.items);
          } else pipeline.quarantineRaw(ev.reason, ev.position, ev.bytes);
        }
      } else if (kind === 'tarball') {
        await flushMessages();
        for await (const ev of readTarball(file, batchSize)) {
          if (ev.kind === 'messages') await pipeline.ingestMessages(ev.messages);
          else pipeline.quarantineRaw(ev.reason, { kind: 'file', file, index: ev.index }, new Uint8Array(0));
        }
      } else if (kind === 'parquet') {
        await flushMessages();
        for await (const items of readParquetFile(file, batchSize)) await pipeline.ingestDecoded(items);
      }
    }
    await flushMessages();
    await pipeline.flush();
  } finally {
    await pipeline.close();
  }
  const { seconds, ratePerSecond } = reporter.stop();
  return {
    ...pipeline.counts,
    files: files.length,
    nights: [...pipeline.nightsTouched].sort((a, b) => a - b),
    seconds,
    ratePerSecond,
  };
}
