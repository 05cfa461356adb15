/**
 * The catalog names what is published: the parts (immutable parquet sets), the nights each holds, the nightly
 * statistics and the object index. Writers build a new version beside the old one and switch the CURRENT
 * pointer with an atomic rename; readers see a version entirely or not at all.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { StoreLayout } from './store-layout.js';
import type { LsstPartFile } from './survey/index.js';

/** Files of a part, relative to the part directory. */
export const PART_FILES = {
  alerts: 'alerts.parquet',
  cutouts: 'cutouts.parquet',
  upperlim: 'upperlim.parquet',
  sky: 'idx_sky.parquet',
  classIndex: 'idx_class.parquet',
  ssnamenr: 'idx_ssnamenr.parquet',
  tracklet: 'idx_tracklet.parquet',
  time: 'idx_time.parquet',
} as const;

export type PartFile = keyof typeof PART_FILES;

/**
 * The stamps of a nightly part: the original gzipped FITS bytes, concatenated in (objectId, jd) order; each
 * `cutouts.parquet` row gives its alert's offset and the three lengths (science, template, difference).
 */
export const STAMPS_FILE = 'stamps.bin';

/** One published part. */
export interface PartEntry {
  readonly id: string;
  /** Nights (YYYYMMDD) whose rows the part holds. */
  readonly nights: readonly number[];
  readonly rows: { readonly alerts: number; readonly upperlim: number; readonly cutouts: number };
  /** Where the stamps of each night are: the part whose directory holds that night's `cutouts.parquet`. */
  readonly cutouts: readonly { readonly night: number; readonly part: string }[];
  /**
   * Format of the part's object blocks (data/object-blocks.ts); absent in parts written in format 1 or before
   * object blocks, which the server refuses to read (serve/store-reader.ts).
   */
  readonly objectBlockFormat?: number;
  /**
   * Rows of each file of an LSST part (data/survey/lsst-store.ts, LSST_PART_FILES); absent in ZTF parts, whose
   * `rows` then counts alerts (the part's alerts received, Solar System ones included), upperlim 0 and cutouts.
   */
  readonly lsstRows?: Readonly<Record<LsstPartFile, number>>;
  readonly createdAt: string;
}

/** One night's statistics row (`basic:*`, `class:*` counts), keyed as the reference's statistics table. */
export type NightStatistics = Readonly<Record<string, number>>;

/** A catalog version. */
export interface Catalog {
  readonly version: number;
  readonly publishedAt: string;
  readonly parts: readonly PartEntry[];
  /** Statistics by night (YYYYMMDD as a string key). */
  readonly statistics: Readonly<Record<string, NightStatistics>>;
  /** Object index file (relative to the store root): objectId → parts that hold it. */
  readonly objectIndex: string | null;
  /**
   * The staged-content fingerprint each night was published from (YYYYMMDD key; ingest/stage/staged-version.ts):
   * a night whose staging files now give another one is staged but not published. Absent in older catalogs.
   */
  readonly stagedVersions?: Readonly<Record<string, string>>;
  /**
   * The last publication of nights (carried over by versions that publish none, e.g. a compaction). Absent in
   * older catalogs.
   */
  readonly lastPublication?: LastPublication;
}

/** When the last publication of nights ran and how long it took (its part built, up to the catalog switch). */
export interface LastPublication {
  readonly nights: readonly number[];
  /** ISO 8601 UTC. */
  readonly startedAt: string;
  readonly durationSeconds: number;
}

/** The empty catalog of a store with nothing published. */
export const EMPTY_CATALOG: Catalog = {
  version: 0,
  publishedAt: '',
  parts: [],
  statistics: {},
  objectIndex: null,
};

/** Reads the version number CURRENT points to; 0 when nothing is published. */
export function readCurrentVersion(layout: StoreLayout): number {
  try {
    const text = fs.readFileSync(layout.currentPointer, 'utf8').trim();
    const v = Number(text);
    if (!Number.isSafeInteger(v) || v < 0) throw new Error(`CURRENT holds ${JSON.stringify(text)}`);
    return v;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw new Error(`cannot read the catalog pointer ${layout.currentPointer}`, { cause: err });
  }
}

/** Reads the published catalog (EMPTY_CATALOG when nothing is published). */
export function readCatalog(layout: StoreLayout): Catalog {
  const version = readCurrentVersion(layout);
  if (version === 0) return EMPTY_CATALOG;
  return JSON.parse(fs.readFileSync(layout.catalogFile(version), 'utf8')) as Catalog;
}

/** Flushes a directory entry (after a rename) or a file to disk. */
export function fsyncDir(dir: string): void {
  const fd = fs.openSync(dir, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/** Writes a new catalog version durably, then switches CURRENT to it atomically. */
export function writeCatalog(layout: StoreLayout, catalog: Catalog): void {
  fs.mkdirSync(layout.catalogDir, { recursive: true });
  const file = layout.catalogFile(catalog.version);
  const fd = fs.openSync(file, 'w');
  try {
    fs.writeSync(fd, JSON.stringify(catalog, null, 1));
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  const tmp = path.join(layout.catalogDir, `CURRENT.${process.pid}.tmp`);
  const pfd = fs.openSync(tmp, 'w');
  try {
    fs.writeSync(pfd, `${catalog.version}\n`);
    fs.fsyncSync(pfd);
  } finally {
    fs.closeSync(pfd);
  }
  fs.renameSync(tmp, layout.currentPointer);
  fsyncDir(layout.catalogDir);
}

/** Absolute path of one file of a part. */
export function partFilePath(layout: StoreLayout, partId: string, file: PartFile): string {
  return path.join(layout.partDir(partId), PART_FILES[file]);
}
