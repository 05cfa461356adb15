/**
 * `resolver=tns`: TNS names ↔ ZTF objects from the store's TNS table (`skyalert tns load`), offline. Forward: the
 * objects whose full name ("SN 2023Q") or bare name ("2023Q") starts with the text, case-insensitively (an empty
 * name lists the table). Reverse: the objects that list the ZTF id among their survey names, and those within
 * TNS_MATCH_RADIUS_ARCSEC of the object's latest alert. Answer fields are Fink's `d:` names.
 * Reference: fink-object-api apps/routes/v1/ztf/resolver/utils.py (tns branch); docs/api.md#resolver.
 */
import fs from 'node:fs';
import {
  findTnsByInternalName,
  findTnsByName,
  findTnsNear,
  readTnsTable,
  type TnsRow,
} from '../../data/queries/index.js';
import { ApiError } from '../errors.js';
import { objectReads } from '../object-reads.js';
import type { StoreReader } from '../store-reader.js';
import type { ResolveRequest } from './request.js';

/** Cone of the reverse match by position (arcsec), as Fink's TNS cross-match of alerts. */
export const TNS_MATCH_RADIUS_ARCSEC = 1.5;
const ARCSEC_PER_DEG = 3600;

function apiRow(r: TnsRow): Record<string, unknown> {
  return {
    'd:fullname': r.fullname,
    'd:internalname': r.internalname,
    'd:ra': r.ra,
    'd:declination': r.declination,
    'd:type': r.type,
    'd:redshift': r.redshift,
    'd:discoverydate': r.discoverydate,
    'd:objid': r.objid,
  };
}

/** Resolves with the TNS table; 400 when the operator loaded none. */
export async function resolveTns(
  reader: StoreReader,
  req: ResolveRequest,
): Promise<Record<string, unknown>[]> {
  const file = reader.layout.tnsFile;
  if (!fs.existsSync(file))
    throw new ApiError(
      400,
      'This server has no TNS table: its operator loads one with `skyalert tns load` (docs/api.md#resolver).',
    );
  const query = (sql: string, params: Parameters<StoreReader['query']>[1]) => reader.query(sql, params);
  if (req.name === '') return (await readTnsTable(query, file, req.nmax)).map(apiRow);
  if (!req.reverse) return (await findTnsByName(query, file, req.name, req.nmax)).map(apiRow);
  const rows = await findTnsByInternalName(query, file, req.name, req.nmax);
  const latest = objectReads(reader, reader.snapshot(), req.name, true).alerts()[0];
  if (latest !== undefined && rows.length < req.nmax) {
    const near = await findTnsNear(
      query,
      file,
      Number(latest.i_ra),
      Number(latest.i_dec),
      TNS_MATCH_RADIUS_ARCSEC / ARCSEC_PER_DEG,
      req.nmax,
    );
    const known = new Set(rows.map((r) => String(r.fullname)));
    for (const r of near) if (!known.has(String(r.fullname)) && rows.length < req.nmax) rows.push(r);
  }
  return rows.map(apiRow);
}
