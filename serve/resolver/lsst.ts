/**
 * The resolvers of LSST `/api/v1/resolver` (fink-lsst-api.md §3.7), on an LSST store, offline except SIMBAD names
 * the alerts do not carry:
 * - `tns`: forward from the TNS table the operator loaded (`skyalert tns load`, as ZTF's), in Fink's LSST field
 *   names; reverse from the diaObject's sources' TNS cross-match (`f:xm_tns_*`, Fink's data transfers carry it);
 * - `simbad`: forward, as ZTF's, offline for a name Fink's cross-match name fields of the sources carry (Gaia DR3,
 *   Mangrove's HyperLEDA and 2MASS names: `LSST_XMATCH_NAME_FIELDS`), else through the operator's Sesame service
 *   (SKYALERT_SIMBAD_URL); reverse from the diaObject's record (`f:main_label_crossmatch`, `r:ra`, `r:dec`);
 * - `ssodnet`: both ways from the store's Solar System detections: a designation → its detections' packed
 *   designation, `r:ssObjectId`, `r:diaSourceId` and `f:sso_name`; an ssObjectId → its detections' designations.
 *
 * Reference: fink-object-api apps/routes/v1/lsst/resolver/utils.py; docs/api.md, "LSST API".
 */
import fs from 'node:fs';
import { findTnsByName, readTnsTable, type TnsRow } from '../../data/queries/index.js';
import {
  findLsstObjectsByXmatchName,
  readRowsOfObjects,
  readSsoByObjectId,
  readSsoDetections,
  SSO_DESIGNATION_COLUMNS,
} from '../../data/queries/lsst/index.js';
import { ApiError } from '../errors.js';
import { LsstStoreReader } from '../lsst-store-reader.js';
import { resolveSimbadName } from './simbad.js';

/** What an LSST resolver is asked: `id` is the name read as a 64-bit id (null when it is none). */
export interface LsstResolveRequest {
  readonly name: string;
  readonly id: bigint | null;
  readonly reverse: boolean;
  readonly nmax: number;
  /** simbad forward: the sources' cross-match names only, no SIMBAD service ([] for a name none carries). */
  readonly offline?: boolean;
}

type Rows = Record<string, unknown>[];

const [PACKED, UNPACKED] = SSO_DESIGNATION_COLUMNS;
/** Fields of a TNS object in Fink's LSST answer, from the columns of the TNS table. */
const TNS_FIELDS: Readonly<Record<string, string>> = {
  'f:fullname': 'fullname',
  'f:internalname': 'internalname',
  'f:ra': 'ra',
  'f:declination': 'declination',
  'f:type': 'type',
  'f:redshift': 'redshift',
  'f:discoverydate': 'discoverydate',
};
const TNS_REVERSE_FIELDS = ['r:diaObjectId', 'f:xm_tns_fullname', 'f:xm_tns_type', 'f:xm_tns_redshift'];
const SIMBAD_REVERSE_FIELDS = ['r:diaObjectId', 'f:main_label_crossmatch', 'r:ra', 'r:dec'];
const SSO_FORWARD_FIELDS = [PACKED, 'r:ssObjectId', 'r:diaSourceId'];
const SSO_REVERSE_FIELDS = [PACKED, UNPACKED, 'r:ssObjectId', 'r:diaSourceId'];

const queryOf = (reader: LsstStoreReader) => reader.query.bind(reader);

/** `fields` of each row, null where the row has none. */
const withFields = (rows: Rows, fields: readonly string[]): Rows =>
  rows.map((r) => Object.fromEntries(fields.map((f) => [f, r[f] ?? null])));

/** Rows of a diaObject's newest record or sources: `fields` those of `table` that it holds. */
async function objectRows(
  reader: LsstStoreReader,
  table: 'objects' | 'sources',
  id: bigint,
  fields: readonly string[],
): Promise<Rows> {
  const snapshot = reader.snapshot();
  const t = snapshot.tables[table];
  const held = fields.filter((f) => t.columns.some((c) => c.name === f));
  const key = table === 'objects' ? 'r:diaObjectId' : 'r:diaSourceId';
  const blocks = LsstStoreReader.blocksOf(snapshot);
  return withFields(readRowsOfObjects(blocks, table, t, key, [id], held), fields);
}

/** `resolver=tns`. @throws ApiError 400 when a forward search is asked and the operator loaded no TNS table. */
export async function resolveLsstTns(reader: LsstStoreReader, req: LsstResolveRequest): Promise<Rows> {
  if (req.reverse) {
    if (req.id === null) return [];
    const seen = new Set<string>();
    const rows = (await objectRows(reader, 'sources', req.id, TNS_REVERSE_FIELDS)).filter((r) => {
      const key = JSON.stringify([
        r['f:xm_tns_fullname'],
        r['f:xm_tns_type'],
        String(r['f:xm_tns_redshift']),
      ]);
      if (r['f:xm_tns_fullname'] === null || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    return rows.slice(0, req.nmax);
  }
  const file = reader.layout.tnsFile;
  if (!fs.existsSync(file))
    throw new ApiError(
      400,
      'This server has no TNS table: its operator loads one with `skyalert tns load` (docs/api.md, "LSST API").',
    );
  const found: TnsRow[] =
    req.name === ''
      ? await readTnsTable(queryOf(reader), file, req.nmax)
      : await findTnsByName(queryOf(reader), file, req.name, req.nmax);
  return found.map((r) => Object.fromEntries(Object.entries(TNS_FIELDS).map(([f, c]) => [f, r[c] ?? null])));
}

/**
 * `resolver=simbad`: forward, the diaObjects whose sources carry the name (one row each, its latest source; see
 * resolveSimbadName), else the operator's Sesame service.
 * @param urlTemplate the operator's Sesame URL with `{name}`; null when none is configured.
 * @throws ApiError 400 for a name no source carries without a configured service; 502 when it cannot be reached.
 */
export async function resolveLsstSimbad(
  reader: LsstStoreReader,
  urlTemplate: string | null,
  req: LsstResolveRequest,
): Promise<Rows> {
  if (req.reverse) return req.id === null ? [] : objectRows(reader, 'objects', req.id, SIMBAD_REVERSE_FIELDS);
  const sources = reader.snapshot().tables.sources;
  const found = await findLsstObjectsByXmatchName(queryOf(reader), sources, req.name, req.nmax);
  return resolveSimbadName(found, 'r:diaObjectId', urlTemplate, req);
}

/** `resolver=ssodnet`, from the store's Solar System detections, newest first, at most `nmax`. */
export async function resolveLsstSsodnet(reader: LsstStoreReader, req: LsstResolveRequest): Promise<Rows> {
  const table = reader.snapshot().tables.sso;
  if (req.reverse) {
    if (req.id === null) return [];
    const rows = await readSsoByObjectId(queryOf(reader), table, req.id, SSO_REVERSE_FIELDS, req.nmax);
    return withFields(rows, SSO_REVERSE_FIELDS);
  }
  const held = [...SSO_FORWARD_FIELDS, UNPACKED].filter((f) => table.columns.some((c) => c.name === f));
  if (!held.includes(PACKED)) return [];
  const rows = await readSsoDetections(queryOf(reader), table, [req.name], held);
  return rows.slice(0, req.nmax).map((r) => ({
    ...withFields([r], SSO_FORWARD_FIELDS)[0],
    'f:sso_name': r[UNPACKED] ?? r[PACKED] ?? null,
  }));
}
