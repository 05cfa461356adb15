/**
 * What a store holds, read from its files alone (`skyalert status`, and the server's `/metrics` through the
 * entry point): its survey, the published catalog (nights, parts, rows, bytes on disk), the nights staged and not
 * published, the quarantine by reason, the last publication, compaction and SSOFT build, and the inconsistencies
 * found (a catalog part, its stamps or the object index missing files of the store's survey's part layout, an
 * unreadable catalog or survey record). Reads only; takes no lock.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  type Catalog,
  EMPTY_CATALOG,
  type LastPublication,
  type LsstPartFile,
  PART_LAYOUTS,
  readCatalog,
  readStoreSurvey,
  SSOFT_FLAVORS,
  type SsoftFlavor,
  STAMPS_FILE,
  type StoreLayout,
  type Survey,
} from '../data/index.js';
import { builtSsoftVersions } from '../data/queries/index.js';
import { stagedNights, unpublishedNights } from './publish/index.js';
import { readQuarantine } from './stage/index.js';

/** Quarantined messages of one reason kind. */
export interface QuarantineReasonCount {
  readonly reason: string;
  readonly messages: number;
}

/** The state of a store directory. Bytes are apparent file sizes. */
export interface StoreStatus {
  readonly store: string;
  /** The survey the store holds (docs/surveys.md); null for an empty store or an unreadable record. */
  readonly survey: Survey | null;
  readonly published: {
    readonly catalogVersion: number;
    /** ISO 8601 UTC of the catalog switch; null when nothing is published. */
    readonly publishedAt: string | null;
    readonly nights: number;
    readonly firstNight: number | null;
    readonly lastNight: number | null;
    readonly parts: number;
    readonly alerts: number;
    /** ZTF: upper-limit rows (upperlim.parquet). Null in an LSST store, whose alerts carry none. */
    readonly upperlim: number | null;
    /**
     * LSST: the rows of each part file (sources with earlier detections, objects, forced sources, Solar System
     * detections, cutouts), summed over the parts (a diaObject or history diaSource in several parts counts once
     * per part). Null in a ZTF store.
     */
    readonly lsstRows: Readonly<Record<LsstPartFile, number>> | null;
    readonly bytes: number;
  };
  readonly staged: {
    /** Nights with a staging directory. */
    readonly nights: number;
    readonly bytes: number;
    /** Nights staged and not published (never, or staged again since), in night order. */
    readonly unpublishedNights: readonly number[];
  };
  readonly quarantine: {
    readonly messages: number;
    readonly bytes: number;
    /** By reason kind ({@link quarantineReasonKind}), most frequent first. */
    readonly reasons: readonly QuarantineReasonCount[];
  };
  readonly lastPublication: LastPublication | null;
  /** The most recent merged part of the catalog (compaction writes parts named m<YYYYMM>-…). */
  readonly lastCompaction: { readonly at: string; readonly part: string; readonly nights: number } | null;
  /** The newest SSOFT version on disk, its flavours and when its files were written. */
  readonly lastSsoft: {
    readonly version: string;
    readonly flavors: readonly string[];
    readonly at: string;
  } | null;
  /** Inconsistencies found, one sentence each; empty when none. */
  readonly problems: readonly string[];
}

/**
 * The kind of a quarantine reason: the text before its first detail (`:` or `(`), numbers replaced by N, so that
 * a reason family is one label ("truncated Avro record N of N in block", "missing or invalid objectId").
 */
export function quarantineReasonKind(reason: string): string {
  const kind = reason.split(/[:(]/)[0].replace(/\d+/g, 'N').trim();
  return (kind || 'unknown').slice(0, 80);
}

/** Quarantined messages by reason kind, most frequent first; and their count and bytes. */
export function quarantineCounts(layout: StoreLayout): StoreStatus['quarantine'] {
  const byKind = new Map<string, number>();
  let messages = 0;
  let bytes = 0;
  for (const entry of readQuarantine(layout)) {
    const kind = quarantineReasonKind(entry.reason);
    byKind.set(kind, (byKind.get(kind) ?? 0) + 1);
    messages++;
    bytes += entry.bytes;
  }
  const reasons = [...byKind]
    .map(([reason, n]) => ({ reason, messages: n }))
    .sort((a, b) => b.messages - a.messages || a.reason.localeCompare(b.reason));
  return { messages, bytes, reasons };
}

/** Bytes of a file (0 when it does not exist). */
function fileBytes(file: string): number {
  try {
    return fs.statSync(file).size;
  } catch {
    return 0;
  }
}

/** Total bytes of the files under `dir` (0 when it does not exist). */
function treeBytes(dir: string): number {
  let bytes = 0;
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  for (const e of entries) {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) bytes += treeBytes(full);
    else if (e.isFile()) bytes += fileBytes(full);
  }
  return bytes;
}

/**
 * The inconsistencies between a catalog and the files it names, each part checked against the part layout of
 * `survey` (data/part-layout.ts): a part holding its own stamps has the cutouts file too; a merged part's stamps
 * are in the parts its `cutouts` entries name.
 */
function catalogProblems(layout: StoreLayout, catalog: Catalog, survey: Survey): string[] {
  const { files, cutoutsFile } = PART_LAYOUTS[survey];
  const problems: string[] = [];
  for (const part of catalog.parts) {
    const dir = layout.partDir(part.id);
    if (!fs.existsSync(dir)) {
      problems.push(
        `part ${part.id} (nights ${part.nights.join(', ')}) is in the catalog but its directory is missing`,
      );
      continue;
    }
    const holdsStamps = (part.cutouts ?? []).some((c) => c.part === part.id);
    const required = holdsStamps ? [...files, cutoutsFile] : files;
    const missing = required.filter((f) => !fs.existsSync(path.join(dir, f)));
    if (missing.length > 0) problems.push(`part ${part.id} lacks ${missing.join(', ')}`);
    for (const { night, part: holder } of part.cutouts ?? []) {
      const stamps = holder === part.id ? [STAMPS_FILE] : [cutoutsFile, STAMPS_FILE];
      for (const file of stamps)
        if (!fs.existsSync(path.join(layout.partDir(holder), file)))
          problems.push(`the stamps of night ${night} (part ${part.id}) are missing: ${holder}/${file}`);
    }
  }
  if (catalog.parts.length > 0) {
    if (!catalog.objectIndex) problems.push(`catalog version ${catalog.version} names no object index`);
    else if (!fs.existsSync(path.join(layout.root, catalog.objectIndex)))
      problems.push(
        `the object index ${catalog.objectIndex} of catalog version ${catalog.version} is missing`,
      );
  }
  return problems;
}

/**
 * The newest SSOFT version in `ssoft/` (the tables the server serves, data/queries/ssoft.ts), with its flavours
 * and the time its newest file was written; null when none is built or the directory cannot be read.
 */
function lastSsoft(layout: StoreLayout): StoreStatus['lastSsoft'] {
  let built: Record<SsoftFlavor, string[]>;
  try {
    built = builtSsoftVersions(layout);
  } catch {
    return null;
  }
  const version = Object.values(built).flat().sort().at(-1);
  if (version === undefined) return null;
  const flavors = SSOFT_FLAVORS.filter((f) => built[f].includes(version)).sort();
  const at = Math.max(...flavors.map((f) => fs.statSync(layout.ssoftFile(f, version)).mtimeMs));
  return { version, flavors, at: new Date(at).toISOString() };
}

/** LSST rows of the parts, summed by file (see StoreStatus); parts without them count 0. */
function lsstRowsOf(catalog: Catalog): Record<LsstPartFile, number> {
  const sums: Record<LsstPartFile, number> = { sources: 0, objects: 0, fp: 0, sso: 0, cutouts: 0 };
  for (const part of catalog.parts)
    for (const file of Object.keys(sums) as LsstPartFile[]) sums[file] += part.lsstRows?.[file] ?? 0;
  return sums;
}

/** Reads the state of a store (see {@link StoreStatus}). */
export function readStoreStatus(layout: StoreLayout): StoreStatus {
  const problems: string[] = [];
  let survey: Survey | null = null;
  try {
    survey = readStoreSurvey(layout);
  } catch (err) {
    problems.push(`the store's survey record cannot be read: ${(err as Error).message}`);
  }
  let catalog = EMPTY_CATALOG;
  try {
    catalog = readCatalog(layout);
  } catch (err) {
    problems.push(`the published catalog cannot be read: ${(err as Error).message}`);
  }
  // a store without a readable record is checked as ZTF's (the survey of stores made before the record)
  const lsst = survey === 'lsst';
  problems.push(...catalogProblems(layout, catalog, survey ?? 'ztf'));
  const nights = [...new Set(catalog.parts.flatMap((p) => p.nights))].sort((a, b) => a - b);
  const bytes =
    catalog.parts.reduce((sum, p) => sum + treeBytes(layout.partDir(p.id)), 0) +
    (catalog.objectIndex ? fileBytes(path.join(layout.root, catalog.objectIndex)) : 0);
  const stagingNights = stagedNights(layout);
  const merged = catalog.parts
    .filter((p) => /^m\d{6}-/.test(p.id))
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  const lastMerged = merged[merged.length - 1];
  return {
    store: layout.root,
    survey,
    published: {
      catalogVersion: catalog.version,
      publishedAt: catalog.publishedAt || null,
      nights: nights.length,
      firstNight: nights[0] ?? null,
      lastNight: nights[nights.length - 1] ?? null,
      parts: catalog.parts.length,
      alerts: catalog.parts.reduce((sum, p) => sum + p.rows.alerts, 0),
      upperlim: lsst ? null : catalog.parts.reduce((sum, p) => sum + p.rows.upperlim, 0),
      lsstRows: lsst ? lsstRowsOf(catalog) : null,
      bytes,
    },
    staged: {
      nights: stagingNights.length,
      bytes: treeBytes(layout.stagingDir),
      unpublishedNights: unpublishedNights(layout, stagingNights),
    },
    quarantine: quarantineCounts(layout),
    lastPublication: catalog.lastPublication ?? null,
    lastCompaction: lastMerged
      ? { at: lastMerged.createdAt, part: lastMerged.id, nights: lastMerged.nights.length }
      : null,
    lastSsoft: lastSsoft(layout),
    problems,
  };
}
