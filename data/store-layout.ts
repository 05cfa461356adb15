/**
 * The store directory (docs/store.md): every path under it is built here, from validated
 * parts only. Its folders:
 *
 *   staging/<YYYYMMDD>/<ingester>.duckdb   decoded alerts of one night, one file per ingester (idempotent on candid)
 *   staging/<YYYYMM>/<ingester>.duckdb     decoded alerts of a backfill's small nights of one month, one file per
 *                                          ingester (a `night` column); such a night has a `<ingester>.shared` marker
 *   staging/<YYYYMMDD>/<ingester>.stamps   the night's gzipped FITS stamps, appended as staged (linked as a part's
 *                                          stamps.bin), wherever its rows are
 *   staging/<YYYYMMDD>/<ingester>.version  the night's staged-content version for the ingester (a counter; the catalog
 *                                          records the versions it published, so unpublished nights are known)
 *   quarantine/<YYYYMMDD>/                 raw bytes + reasons of rejected messages (index.jsonl)
 *   parts/<partId>/                        immutable published files of a part: parquet tables and indexes, object
 *                                          blocks (objects.bin), sky blocks (sky.bin), stamps (stamps.bin)
 *   index/objects-v<NNNNNNNNNN>.parquet    object index of a catalog version: objectId → parts, block offsets
 *   catalog/v<NNNNNNNNNN>.json, CURRENT    catalog versions and the pointer to the published one
 *   locks/publish/, locks/orbits/          publication lock and the orbit catalogue's loading lock
 *   orbits/v<NNNNNNNNNN>/, orbits/CURRENT  orbit catalogue versions (orbits.parquet, names.parquet and their
 *                                          .lookup files) and the pointer
 *   ssoft/ssoft_<FLAVOR>_<YYYY.MM>.parquet  monthly Solar System parameter tables (one file per flavour and version)
 *   ssoft/ssobulk_<YYYY.MM>.parquet        the month's light curves with their sHG1G2 parameters and residuals
 *   ssocand/orbits.parquet                 fink-fat candidate orbits, sorted by ssoCandId
 *   ssocand/lightcurves.parquet            detections linked to candidate trajectories, sorted by jd
 *   tns/tns.parquet                        TNS objects table (`skyalert tns load`), replaced whole by rename
 *   metadata/annotations.jsonl             user annotations of objects (`/api/v1/metadata`), append-only
 *   tmp/                                   DuckDB spill space of publication work
 */
import path from 'node:path';

const NIGHT = /^\d{8}$/;
const MONTH = /^\d{6}$/;
const INGESTER = /^[A-Za-z0-9_.-]{1,64}$/;
const PART_ID = /^[A-Za-z0-9_-]{1,80}$/;
const SSOFT_FLAVOR = /^(HG|HG1G2|SHG1G2|SOCCA)$/;
const SSOFT_VERSION = /^\d{4}\.(0[1-9]|1[0-2])$/;

/** Thrown when a path component does not match its pattern (never silently sanitised). */
export class StorePathError extends Error {
  constructor(what: string, value: string) {
    super(`invalid ${what} for a store path: ${JSON.stringify(value)}`);
    this.name = 'StorePathError';
  }
}

function check(pattern: RegExp, what: string, value: string): string {
  if (!pattern.test(value)) throw new StorePathError(what, value);
  return value;
}

/** Paths of one store directory. */
export class StoreLayout {
  readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  get stagingDir(): string {
    return path.join(this.root, 'staging');
  }

  stagingNightDir(night: number): string {
    return path.join(this.stagingDir, check(NIGHT, 'night', String(night)));
  }

  stagingFile(night: number, ingester: string): string {
    return path.join(this.stagingNightDir(night), `${check(INGESTER, 'ingester id', ingester)}.duckdb`);
  }

  /** The staging file shared by an ingester's small nights of one month (YYYYMM), docs/store.md "Staging". */
  stagingMonthFile(month: number, ingester: string): string {
    return path.join(
      this.stagingDir,
      check(MONTH, 'month', String(month)),
      `${check(INGESTER, 'ingester id', ingester)}.duckdb`,
    );
  }

  quarantineDir(day: string): string {
    return path.join(this.root, 'quarantine', check(NIGHT, 'day', day));
  }

  get partsDir(): string {
    return path.join(this.root, 'parts');
  }

  partDir(partId: string): string {
    return path.join(this.partsDir, check(PART_ID, 'part id', partId));
  }

  get catalogDir(): string {
    return path.join(this.root, 'catalog');
  }

  get currentPointer(): string {
    return path.join(this.catalogDir, 'CURRENT');
  }

  catalogFile(version: number): string {
    if (!Number.isSafeInteger(version) || version < 0)
      throw new StorePathError('catalog version', String(version));
    return path.join(this.catalogDir, `v${String(version).padStart(10, '0')}.json`);
  }

  get locksDir(): string {
    return path.join(this.root, 'locks');
  }

  get ssoftDir(): string {
    return path.join(this.root, 'ssoft');
  }

  /** The SSOFT table of a flavour (HG, HG1G2, SHG1G2) and version (YYYY.MM). */
  ssoftFile(flavor: string, version: string): string {
    return path.join(
      this.ssoftDir,
      `ssoft_${check(SSOFT_FLAVOR, 'SSOFT flavor', flavor)}_${check(SSOFT_VERSION, 'SSOFT version', version)}.parquet`,
    );
  }

  /** The bulk table of Solar System light curves of a version (YYYY.MM), written beside the SSOFT. */
  ssobulkFile(version: string): string {
    return path.join(this.ssoftDir, `ssobulk_${check(SSOFT_VERSION, 'SSOBULK version', version)}.parquet`);
  }

  /** Directory of the Solar System candidates loaded from fink-fat (`skyalert ssocand load`). */
  get ssocandDir(): string {
    return path.join(this.root, 'ssocand');
  }

  /** Candidate orbits (orbParams), one row per ssoCandId. */
  get ssocandOrbitsFile(): string {
    return path.join(this.ssocandDir, 'orbits.parquet');
  }

  /** Detections linked to candidate trajectories (lightcurves). */
  get ssocandLightcurvesFile(): string {
    return path.join(this.ssocandDir, 'lightcurves.parquet');
  }

  /** The TNS objects table loaded by `skyalert tns load` (one row per TNS object, sorted by folded name). */
  get tnsFile(): string {
    return path.join(this.root, 'tns', 'tns.parquet');
  }

  /** The append-only log of user annotations (`/api/v1/metadata`), one JSON record per line. */
  get annotationsFile(): string {
    return path.join(this.root, 'metadata', 'annotations.jsonl');
  }

  /** The orbit catalogue: immutable version directories and the CURRENT pointer naming the published one. */
  get orbitsDir(): string {
    return path.join(this.root, 'orbits');
  }

  get orbitsPointer(): string {
    return path.join(this.orbitsDir, 'CURRENT');
  }

  /** One orbit catalogue version: `orbits.parquet` (one row per object) and `names.parquet` (key → object). */
  orbitsVersionDir(version: number): string {
    if (!Number.isSafeInteger(version) || version < 1)
      throw new StorePathError('orbit catalogue version', String(version));
    return path.join(this.orbitsDir, `v${String(version).padStart(10, '0')}`);
  }
}

/** True for an ingester id usable in a file name. */
export function isValidIngesterId(id: string): boolean {
  return INGESTER.test(id);
}
