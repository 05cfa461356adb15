/**
 * LSST `/api/v1/conesearch` from the object blocks (data/lsst-object-blocks.ts): the candidates (diaObjects with
 * an alert in the cone's pixel ranges) come from the sky indexes and nightly sources as in cone.ts, and only those
 * with an alert whose order-29 pixel centre lies within the radius plus a pixel's radius are kept (the others'
 * last alert cannot be in the cone, which is all the caller keeps); each one's last alert, first detection time
 * and diaObject record are then taken from its blocks, with the rules of readLastAlertsInBand.
 */
import path from 'node:path';
import { lowerBound } from '../../../compute/index.js';
import { coneRanges, maxPixelRadiusDeg, pix2angNest, separationDeg } from '../../../compute/sky/index.js';
import { LSST_STORE_COLUMNS } from '../../survey/index.js';
import { mergePixelRanges } from '../explorer.js';
import type { QueryFn } from '../objects.js';
import { type BandQuery, candidatePixelsSql, FIRST_MJD_KEY } from './cone.js';
import { type BlockTableRows, type LsstObjectBlocks, readBlockTables } from './object-blocks.js';
import type { LsstTable } from './tables.js';

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
 * The rows of readLastAlertsInBand (same arguments) whose last alert may be in the cone, from the blocks; null
 * when a block cannot be read as the tables' types (the caller then queries the files).
 */
export async function readLastAlertsInBandFromBlocks(
  query: QueryFn,
  blocks: LsstObjectBlocks,
  sources: LsstTable,
  objects: LsstTable,
  sourceNames: readonly string[],
  objectNames: readonly string[],
  band: BandQuery,
): Promise<Record<string, unknown>[] | null> {
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
  // the parts whose sky index is in memory, then the others' files
  const unindexed = sources.files.filter((file) => {
    const sky = blocks.parts.get(path.basename(path.dirname(file)))?.sky;
    if (!sky) return true;
    for (const [start, end] of ranges) {
      for (let i = lowerBound(sky.hpix, start); i < sky.hpix.length && sky.hpix[i] < end; i++)
        consider(String(sky.oid[i]), sky.hpix[i]);
    }
    return false;
  });
  if (unindexed.length > 0)
    for (const { __oid, __hpix } of await query(
      candidatePixelsSql({ files: unindexed, columns: sources.columns }, ranges),
      [],
    ))
      if (__hpix !== null) consider(String(__oid), __hpix as bigint);
  const withObjects = objectNames.length > 0 && objects.files.length > 0;
  const tables = withObjects ? { sources, objects } : { sources };
  const out: Record<string, unknown>[] = [];
  for (const oid of candidates) {
    let last: (Chosen & { readonly time: number | null }) | null = null;
    let first: number | null = null;
    let record: Chosen | null = null;
    for (const ref of blocks.find(oid)) {
      const read = readBlockTables(blocks, ref, tables);
      if (read === null) return null;
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
