/**
 * LSST `/api/v1/conesearch` from the parts' sky indexes and object blocks (data/lsst-object-blocks.ts), its one
 * read path: the diaObjects whose last alert lies in a declination band and in a cone, each with that alert's
 * diaSource row, its diaObject record (the newest part's) and its first detection time (the earliest diaSource
 * the store holds for it). The candidates are the diaObjects with an alert in the cone's pixel ranges (order-29
 * NESTED), found by binary search in each part's sky index held in memory, and only those with an alert whose
 * pixel centre lies within the radius plus a pixel's radius are kept (the others' last alert cannot be in the
 * cone, which is all the caller keeps); each one's rows are then taken from its blocks.
 */
import { lowerBound } from '../../../compute/index.js';
import { coneRanges, maxPixelRadiusDeg, pix2angNest, separationDeg } from '../../../compute/sky/index.js';
import { LSST_STORE_COLUMNS } from '../../survey/index.js';
import { mergePixelRanges } from '../explorer.js';
import { type BlockTableRows, type LsstObjectBlocks, readBlockTables } from './object-blocks.js';
import type { LsstTable } from './tables.js';

/** Name of the first-detection time (MJD TAI) in the rows {@link readLastAlertsInBand} returns. */
export const FIRST_MJD_KEY = '__firstMjdTai';

/** A band of declination (degrees) and a window on the first detection (MJD TAI, inclusive). */
export interface BandQuery {
  /** The cone (degrees): its pixel ranges at order 29 select the candidates. */
  readonly cone: { readonly raDeg: number; readonly decDeg: number; readonly radiusDeg: number };
  readonly decMinDeg: number;
  readonly decMaxDeg: number;
  readonly firstMjdMin: number;
  readonly firstMjdMax: number;
}

const TIME = 'r:midpointMjdTai';

/** True when `a` comes before `b` in DuckDB's DESC order of DOUBLE (NaN above every number, nulls last). */
function later(a: number | null, b: number | null): boolean {
  if (a === null) return false;
  if (b === null) return true;
  if (Number.isNaN(b)) return false;
  return Number.isNaN(a) || a > b;
}

interface Chosen {
  readonly row: readonly unknown[];
  readonly held: BlockTableRows;
}

/**
 * One row per diaObject whose last alert may be in the cone, has `r:dec` in the band and whose first detection
 * is in the window. The last alert is the latest received (`v:alert`), the newest part's on equal times.
 *
 * @param sourceNames columns of the sources table to return (must include `r:ra`, `r:dec`).
 * @param objectNames columns of the objects table to return (none of `sourceNames`).
 * @returns rows keyed by column name, plus {@link FIRST_MJD_KEY}; [] when the store holds no source.
 */
export function readLastAlertsInBand(
  blocks: LsstObjectBlocks,
  sources: LsstTable,
  objects: LsstTable,
  sourceNames: readonly string[],
  objectNames: readonly string[],
  band: BandQuery,
): Record<string, unknown>[] {
  if (sources.files.length === 0) return [];
  const { raDeg, decDeg, radiusDeg } = band.cone;
  const ranges = mergePixelRanges(coneRanges('auto', raDeg, decDeg, radiusDeg));
  const reach = radiusDeg + maxPixelRadiusDeg(29);
  const candidates = new Set<string>();
  const consider = (oid: string, hpix: bigint): void => {
    if (candidates.has(oid)) return;
    const at = pix2angNest(29, hpix);
    if (separationDeg(raDeg, decDeg, at.raDeg, at.decDeg) <= reach) candidates.add(oid);
  };
  for (const { sky } of blocks.parts.values())
    for (const [start, end] of ranges)
      for (let i = lowerBound(sky.hpix, start); i < sky.hpix.length && sky.hpix[i] < end; i++)
        consider(String(sky.oid[i]), sky.hpix[i]);
  const withObjects = objectNames.length > 0 && objects.files.length > 0;
  const tables = withObjects ? { sources, objects } : { sources };
  const out: Record<string, unknown>[] = [];
  for (const oid of candidates) {
    let last: (Chosen & { readonly time: number | null }) | null = null;
    let first: number | null = null;
    let record: Chosen | null = null;
    for (const ref of blocks.find(oid)) {
      const read = readBlockTables(blocks, ref, tables);
      const held = read.sources;
      for (const row of held?.rows ?? []) {
        if (!held) break;
        const time = held.value(row, TIME) as number | null;
        // min() as DuckDB takes it: nulls ignored, NaN above every number
        if (time !== null && (first === null || later(first, time))) first = time;
        if (held.value(row, LSST_STORE_COLUMNS.alert) !== true) continue;
        // the latest alert, then the newest part's
        if (last === null || later(time, last.time) || (time === last.time && held.rank > last.held.rank))
          last = { row, held, time };
      }
      const objectRows = read.objects;
      if (objectRows && objectRows.rows.length > 0 && (!record || objectRows.rank > record.held.rank))
        record = { row: objectRows.rows[0], held: objectRows };
    }
    if (last === null || first === null) continue;
    const dec = last.held.value(last.row, 'r:dec') as number | null;
    if (dec === null || !(dec >= band.decMinDeg && dec <= band.decMaxDeg)) continue;
    if (!(first >= band.firstMjdMin && first <= band.firstMjdMax)) continue;
    const hit: Record<string, unknown> = {};
    for (const name of sourceNames) hit[name] = last.held.value(last.row, name);
    if (withObjects)
      for (const name of objectNames) hit[name] = record ? record.held.value(record.row, name) : null;
    hit[FIRST_MJD_KEY] = first;
    out.push(hit);
  }
  return out;
}
