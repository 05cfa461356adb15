/**
 * The IAU number and name of a Solar System object, read at publication from the MPC orbit JSON Rubin's alerts
 * carry (`mpc_orbits.mpc_orb_jsonb`, schema 10.0 on; staged as `r:mpc_orb_jsonb` in `lsst_orbits`), into the
 * columns `v:ssoNumber` and `v:ssoName` of the part's `sso.parquet` (LSST_STORE_COLUMNS). They stand in for
 * Fink's SsODNet/quaero look-up (`rockify` in fink-science `rubin/ssoft/processor.py`), which needs the network:
 * `designation_data.permid` is the number when all digits ("" unnumbered, "1P" for a comet: null), and
 * `designation_data.iau_name` the name when not empty. The JSON is untrusted: text that does not parse, or lacks
 * the fields, gives nulls, never an error (DuckDB's JSON functions raise on invalid JSON, hence `json_valid`).
 * Reference: MPC orbit JSON format (minorplanetcenter.net, "mpc_orb JSON"); docs/surveys.md, "The LSST store".
 */
import { LSST_STORE_COLUMNS, sqlIdentifier } from '../../data/index.js';

/** The staged column of the MPC orbit JSON (a VARCHAR). */
export const MPC_ORB_JSON_COLUMN = 'r:mpc_orb_jsonb';

/** A string field of `designation_data` in the JSON `json` (SQL), or NULL (invalid JSON, absent, not a string). */
function designationField(json: string, field: string): string {
  const at = `'$.designation_data.${field}'`;
  return `CASE WHEN json_valid(${json}) THEN
            CASE WHEN json_type(${json}, ${at}) = 'VARCHAR' THEN json_extract_string(${json}, ${at}) END END`;
}

/**
 * The SELECT list `v:ssoNumber` (BIGINT), `v:ssoName` (VARCHAR) from the JSON column `json` (SQL expression);
 * with `json` null (the staged schema has no JSON), two typed nulls.
 */
export function ssoIdentitySql(json: string | null): string {
  const number = sqlIdentifier(LSST_STORE_COLUMNS.ssoNumber);
  const name = sqlIdentifier(LSST_STORE_COLUMNS.ssoName);
  if (json === null) return `NULL::BIGINT AS ${number}, NULL::VARCHAR AS ${name}`;
  const permid = designationField(json, 'permid');
  const iauName = designationField(json, 'iau_name');
  return `CASE WHEN regexp_full_match(${permid}, '[0-9]{1,18}') THEN TRY_CAST(${permid} AS BIGINT) END AS ${number},
          nullif(trim(${iauName}), '') AS ${name}`;
}
