/**
 * Writes encoded alerts into Avro container files, one directory per night:
 * `<outDir>/<YYYYMMDD>/alerts-<NNNN>.avro`, at most `maxAlertsPerFile` alerts per file, in blocks of
 * `blockRecords`. Each file gets its own sync marker drawn from the run seed, so reruns are byte-identical.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { type ContainerCodec, ContainerEncoder } from './container-writer.js';
import { hashSeed, Prng } from './model/index.js';

/** Names of the alert files this sink writes. */
const ALERT_FILE_PATTERN = /^alerts-\d{4}\.avro$/;

/** Settings of a file sink. */
export interface FileSinkOptions {
  readonly outDir: string;
  readonly schemaText: string;
  readonly seed: number;
  readonly codec?: ContainerCodec;
  /** Alerts per file (default 2000). */
  readonly maxAlertsPerFile?: number;
  /** Alerts per block (default 100). */
  readonly blockRecords?: number;
}

/** The 16-byte sync marker of one file, derived from the seed, the night and the file index. */
export function fileSyncMarker(seed: number, night: number, fileIndex: number): Uint8Array {
  const rng = new Prng(hashSeed(seed, 'sync', night, fileIndex));
  const out = new Uint8Array(16);
  const view = new DataView(out.buffer);
  for (let i = 0; i < 4; i++) view.setUint32(i * 4, rng.nextUint32());
  return out;
}

/** Streams alerts of consecutive nights into container files. */
export class AvroFileSink {
  private readonly maxAlertsPerFile: number;
  private readonly blockRecords: number;
  private night = 0;
  private fileIndex = 0;
  private inFile = 0;
  private handle: fs.FileHandle | null = null;
  private encoder: ContainerEncoder | null = null;
  private pending: Uint8Array[] = [];
  /** Paths of the files written so far. */
  readonly files: string[] = [];

  constructor(private readonly options: FileSinkOptions) {
    this.maxAlertsPerFile = options.maxAlertsPerFile ?? 2000;
    this.blockRecords = options.blockRecords ?? 100;
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
    await fs.mkdir(dir, { recursive: true });
    for (const name of await fs.readdir(dir)) {
      if (ALERT_FILE_PATTERN.test(name)) await fs.rm(path.join(dir, name));
    }
  }

  private async openFile(): Promise<void> {
    const file = path.join(
      this.options.outDir,
      String(this.night),
      `alerts-${String(this.fileIndex).padStart(4, '0')}.avro`,
    );
    this.encoder = new ContainerEncoder(this.options.schemaText, {
      codec: this.options.codec,
      syncMarker: fileSyncMarker(this.options.seed, this.night, this.fileIndex),
    });
    this.handle = await fs.open(file, 'w');
    await this.handle.write(this.encoder.header);
    this.files.push(file);
    this.fileIndex++;
    this.inFile = 0;
  }

  private async flushBlock(): Promise<void> {
    if (this.pending.length === 0 || !this.handle || !this.encoder) return;
    await this.handle.writev(this.encoder.blockParts(this.pending));
    this.pending = [];
  }

  private async closeFile(): Promise<void> {
    await this.flushBlock();
    if (this.handle) await this.handle.close();
    this.handle = null;
    this.encoder = null;
  }

  /** Appends one encoded alert (Avro binary of one record). */
  async write(record: Uint8Array): Promise<void> {
    if (!this.handle) await this.openFile();
    this.pending.push(record);
    this.inFile++;
    if (this.pending.length >= this.blockRecords) await this.flushBlock();
    if (this.inFile >= this.maxAlertsPerFile) await this.closeFile();
  }

  /** Flushes and closes the current file. */
  async close(): Promise<void> {
    await this.closeFile();
  }
}
