/**
 * Writes an LSST store's monthly bulk table of Solar System light curves (data/lsst-ssobulk-columns.ts): one row
 * per object of the store's `sso` table, whatever its number of detections, appended as the SSOFT job reads them,
 * then copied to a temporary file beside the target sorted by designation, fsynced and renamed over it: readers
 * see the old table or the new one.
 * Reference: fink-utils `sso/ssoft.py` `aggregate_rubin_sso_data` (the table Fink serves).
 */
import fs from 'node:fs';
import path from 'node:path';
import { DOUBLE, type DuckDBAppender, type DuckDBConnection, FLOAT, LIST, VARCHAR } from '@duckdb/node-api';
import { directionToLonLatDeg } from '../../compute/sso/ephemeris/index.js';
import { nJyToAbMag, ssSourceRangeAu } from '../../compute/sso/index.js';
import { mjdTaiToJdUtc } from '../../compute/time/index.js';
import { LSST_SSOBULK_COLUMNS } from '../lsst-ssobulk-columns.js';
import type { LsstSsoLightcurve } from '../queries/lsst/index.js';
import { sqlPathLiteral } from '../sql-text.js';
import type { StoreLayout } from '../store-layout.js';

const TABLE = 'lsst_ssobulk_rows';

/** A list value: NaN as null. */
function values(xs: ArrayLike<number>): (number | null)[] {
  return Array.from(xs, (x) => (Number.isFinite(x) ? x : null));
}

/** The list columns of one object, by column name. */
function listColumns(lc: LsstSsoLightcurve): Record<string, (number | null)[]> {
  const n = lc.midpointMjdTai.length;
  const mags = Array.from({ length: n }, (_, i) => nJyToAbMag(lc.psfFluxNJy[i], lc.psfFluxErrNJy[i]));
  const helio = Array.from({ length: n }, (_, i) =>
    [lc.helioX[i], lc.helioY[i], lc.helioZ[i]].every(Number.isFinite)
      ? directionToLonLatDeg({ x: lc.helioX[i], y: lc.helioY[i], z: lc.helioZ[i] })
      : { lonDeg: Number.NaN, latDeg: Number.NaN },
  );
  return {
    cra: values(lc.raDeg),
    cdec: values(lc.decDeg),
    cmidpointMjdTai: values(lc.midpointMjdTai),
    cphaseAngle: values(lc.phaseAngleDeg),
    cephRa: values(lc.ephRaDeg),
    cephDec: values(lc.ephDecDeg),
    ctopoRange: values(Array.from(lc.topoRangeAu, ssSourceRangeAu)),
    chelioRange: values(Array.from(lc.helioRangeAu, ssSourceRangeAu)),
    cephOffsetRa: values(lc.ephOffsetRa),
    cephOffsetDec: values(lc.ephOffsetDec),
    cjdUtc: values(Array.from(lc.midpointMjdTai, mjdTaiToJdUtc)),
    chelioRa: values(helio.map((h) => h.lonDeg)),
    chelioDec: values(helio.map((h) => h.latDeg)),
    cmagpsf: values(mags.map((m) => m.mag)),
    csigmapsf: values(mags.map((m) => m.sigmaMag)),
  };
}

/** The bulk table of an LSST store being written. */
export class LsstSsobulkTableWriter {
  private rows = 0;

  private constructor(
    private readonly conn: DuckDBConnection,
    private readonly appender: DuckDBAppender,
    private readonly version: string,
  ) {}

  /** Starts the table of `version` (YYYY.MM) in a temporary DuckDB table of `conn`. */
  static async open(conn: DuckDBConnection, version: string): Promise<LsstSsobulkTableWriter> {
    const columns = LSST_SSOBULK_COLUMNS.map((c) => `"${c.name}" ${c.sqlType}`);
    await conn.run(`CREATE OR REPLACE TEMP TABLE ${TABLE} (${columns.join(', ')})`);
    return new LsstSsobulkTableWriter(conn, await conn.createAppender(TABLE), version);
  }

  /** Rows appended so far. */
  get count(): number {
    return this.rows;
  }

  append(lc: LsstSsoLightcurve): void {
    const lists = listColumns(lc);
    for (const column of LSST_SSOBULK_COLUMNS) {
      if (column.name === 'designation') this.appender.appendVarchar(lc.designation);
      else if (column.name === 'version') this.appender.appendVarchar(this.version);
      else if (column.name === 'cband') this.appender.appendList([...lc.band], LIST(VARCHAR));
      else this.appender.appendList(lists[column.name], LIST(column.sqlType === 'FLOAT[]' ? FLOAT : DOUBLE));
    }
    this.appender.endRow();
    this.rows++;
  }

  /**
   * Writes the table as the bulk file of its version, replacing any of that version.
   * @returns the path written.
   */
  async finish(layout: StoreLayout): Promise<string> {
    this.appender.closeSync();
    const target = layout.ssobulkFile(this.version);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    const tmp = `${target}.tmp-${process.pid}`;
    await this.conn.run(
      `COPY (SELECT * FROM ${TABLE} ORDER BY designation) TO ${sqlPathLiteral(tmp)} (FORMAT parquet, COMPRESSION zstd)`,
    );
    const fd = fs.openSync(tmp, 'r');
    fs.fsyncSync(fd);
    fs.closeSync(fd);
    fs.renameSync(tmp, target);
    await this.conn.run(`DROP TABLE ${TABLE}`);
    return target;
  }
}
