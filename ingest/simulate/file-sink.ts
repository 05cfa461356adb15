/**
 * Writes alerts into Avro object container files, one directory per night:
 * `<outDir>/<YYYYMMDD>/alerts-<NNNN>.avro`, at most `maxAlertsPerFile` alerts per file. The container (header,
 * blocks of about `blockBytes`, codec, sync markers) is avsc's `BlockEncoder`, piped into the file; it encodes
 * the alert records with the writer type given (BigInt longs), whose schema it writes in the header. Each file
 * gets its own sync marker drawn from the run seed, so reruns are byte-identical.
 */
import { once } from 'node:events';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import avro from 'avsc';
import { type ContainerCodec, ContainerEncoder } from './container-writer.js';
import { hashSeed, Prng } from './model/index.js';

/** Names of the alert files this sink writes. */
const ALERT_FILE_PATTERN = /^alerts-\d{4}\.avro$/;

/** Settings of a file sink. */
export interface FileSinkOptions {
  readonly outDir: string;
  /** The writer type of the records (its schema goes in each file's header unless `schemaText` is given). */
  readonly type: avro.Type;
  /**
   * The schema text to write in each header instead of avsc's export of `type` (which drops the docs and
   * folds namespaces into full names); it must describe the same type.
   */
  readonly schemaText?: string;
  readonly seed: number;
  readonly codec?: ContainerCodec;
  /** Alerts per file (default 2000). */
  readonly maxAlertsPerFile?: number;
  /** Bytes of encoded records per block, before compression (default 2 MiB, the block size of the simulated files the ingestion tests read). */
  readonly blockBytes?: number;
}

/** The 16-byte sync marker of one file, derived from the seed, the night and the file index. */
export function fileSyncMarker(seed: number, night: number, fileIndex: number): Uint8Array {
  const rng = new Prng(hashSeed(seed, 'sync', night, fileIndex));
  const out = new Uint8Array(16);
  const view = new DataView(out.buffer);
  for (let i = 0; i < 4; i++) view.setUint32(i * 4, rng.nextUint32());
  return out;
}

/** One file being written: the encoder stream and the end of its pipe into the file. */
interface OpenFile {
  readonly encoder: avro.streams.BlockEncoder;
  readonly written: Promise<void>;
}

/** Streams alerts of consecutive nights into container files. */
export class AvroFileSink {
  private readonly maxAlertsPerFile: number;
  private readonly blockBytes: number;
  private night = 0;
  private fileIndex = 0;
  private inFile = 0;
  private file: OpenFile | null = null;
  /** Paths of the files written so far. */
  readonly files: string[] = [];

  constructor(private readonly options: FileSinkOptions) {
    this.maxAlertsPerFile = options.maxAlertsPerFile ?? 2000;
    this.blockBytes = options.blockBytes ?? 2 << 20;
  }

  /**
   * Starts the files of a night (YYYYMMDD); closes the previous night's last file. Alert files of an earlier run
   * in that night's directory (`alerts-NNNN.avro`) are removed, so that a rerun never leaves stale alerts behind.
   */
  async beginNight(night: number): Promise<void> {
    await this.closeFile();
    this.night = night;
    this.fileIndex = 0;
    const dir = path.join(this.options.outDir, String(night));
    await fsp.mkdir(dir, { recursive: true });
    for (const name of await fsp.readdir(dir)) {
      if (ALERT_FILE_PATTERN.test(name)) await fsp.rm(path.join(dir, name));
    }
  }

  private openFile(): OpenFile {
    const file = path.join(
      this.options.outDir,
      String(this.night),
      `alerts-${String(this.fileIndex).padStart(4, '0')}.avro`,
    );
    const codec = this.options.codec ?? 'null';
    const syncMarker = fileSyncMarker(this.options.seed, this.night, this.fileIndex);
    const { schemaText } = this.options;
    const encoder = new avro.streams.BlockEncoder(this.options.type, {
      codec,
      blockSize: this.blockBytes,
      syncMarker: Buffer.from(syncMarker),
      // the header even for a file that gets no record (written here when the schema text is ours)
      writeHeader: schemaText === undefined,
    });
    const out = fs.createWriteStream(file);
    if (schemaText !== undefined) out.write(new ContainerEncoder(schemaText, { codec, syncMarker }).header);
    const written = pipeline(encoder, out);
    written.catch(() => undefined); // awaited when the file closes
    this.files.push(file);
    this.fileIndex++;
    this.inFile = 0;
    return { encoder, written };
  }

  private async closeFile(): Promise<void> {
    const open = this.file;
    this.file = null;
    if (!open) return;
    open.encoder.end();
    await open.written;
  }

  /**
   * Appends one alert record (a value of the writer type); resolves once the encoder can take more (stream
   * back-pressure). Rejects with avsc's error for a value that does not match the type (with this call, or when
   * the file closes), and with the file system's error.
   */
  async write(record: unknown): Promise<void> {
    this.file ??= this.openFile();
    const { encoder, written } = this.file;
    if (!encoder.write(record)) await once(encoder, 'drain');
    if (encoder.destroyed) await written;
    this.inFile++;
    if (this.inFile >= this.maxAlertsPerFile) await this.closeFile();
  }

  /** Flushes and closes the current file. */
  async close(): Promise<void> {
    await this.closeFile();
  }
}
