/**
 * Query behind LSST `/api/v1/resolver` with `resolver=simbad` (forward, offline): the diaObjects whose sources
 * carry a name in one of Fink's cross-match name fields (fink-lsst-api.md §4.2, `xm`), with the matching rules of
 * ZTF's (data/queries/xmatch-names.ts). A scan of the store's `sources` files reading only these columns.
 */
import type { QueryFn } from '../objects.js';
import {
  findByXmatchName,
  GAIA_DR3_PREFIX,
  type XmatchNamedObject,
  type XmatchNameField,
} from '../xmatch-names.js';
import { columnSql, hasColumn, type LsstTable, partRankSql, relationSql } from './tables.js';

/**
 * Fink's LSST cross-match fields holding catalogue names (source columns): Gaia DR3 (1″), and the galaxy
 * catalogue Mangrove's HyperLEDA and 2MASS names (60″). `f:xm_x3hsp_type`, `f:xm_x4lac_type` hold classes, not
 * names; TNS names (`f:xm_tns_fullname`) are `resolver=tns`'s.
 */
export const LSST_XMATCH_NAME_FIELDS: readonly XmatchNameField[] = [
  { field: 'f:xm_gaiadr3_DR3Name', prefix: GAIA_DR3_PREFIX },
  { field: 'f:xm_mangrove_HyperLEDA_name', prefix: [] },
  { field: 'f:xm_mangrove_2MASS_name', prefix: ['2MASS', 'J'] },
];

const OBJECT_ID = 'r:diaObjectId';
const SOURCE_ID = 'r:diaSourceId';
const TIME = 'r:midpointMjdTai';
const RA = 'r:ra';
const DEC = 'r:dec';
const OTYPE = 'f:xm_simbad_otype';

/**
 * The latest source of each diaObject one of whose sources carries `name` in a name field: its SIMBAD class
 * (`f:xm_simbad_otype`, null when the store has none) and position (`r:ra`, `r:dec`).
 * @param sources the store's `sources` table.
 * @returns one row per diaObject (Solar System sources, diaObjectId 0, left out), in diaObjectId order, at most
 *   `limit`; [] when the store holds no name field (raw Rubin alerts carry none).
 */
export async function findLsstObjectsByXmatchName(
  query: QueryFn,
  sources: LsstTable,
  name: string,
  limit: number,
): Promise<XmatchNamedObject[]> {
  const fields = LSST_XMATCH_NAME_FIELDS.filter((f) => hasColumn(sources, f.field));
  const needed = [OBJECT_ID, SOURCE_ID, TIME, RA, DEC];
  if (sources.files.length === 0 || fields.length === 0 || !needed.every((c) => hasColumn(sources, c)))
    return [];
  const col = (c: string) => columnSql(sources, c);
  return findByXmatchName(
    query,
    {
      relationSql: relationSql(sources),
      fields: fields.map((f) => ({ ...f, columnSql: col(f.field) })),
      objectIdSql: col(OBJECT_ID),
      otypeSql: hasColumn(sources, OTYPE) ? col(OTYPE) : 'NULL',
      raSql: col(RA),
      decSql: col(DEC),
      // a source re-published in a later part: its newest row
      latestFirstSql: `${col(TIME)} DESC, ${col(SOURCE_ID)} DESC, ${partRankSql(sources)} DESC`,
      whereSql: `${col(OBJECT_ID)} <> 0`,
    },
    name,
    limit,
  );
}
