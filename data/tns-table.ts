/**
 * The TNS objects table of a store (docs/store.md, "TNS table"): one row per Transient Name Server object, as
 * `skyalert tns load` writes it from the public TNS objects CSV or Fink's parquet form, sorted by `key` (the
 * full name folded to lower case) so that a name prefix reads few row groups.
 */

/** The DuckDB table of one TNS object (tns.parquet has exactly these columns, in this order). */
export const TNS_TABLE_COLUMNS = `
  key VARCHAR NOT NULL,           -- lower-cased full name ("sn 2023q"): what names are matched against
  objid BIGINT,                   -- TNS object id
  fullname VARCHAR NOT NULL,      -- "SN 2023Q", "AT 2026cqa"
  name VARCHAR NOT NULL,          -- "2023Q" (without its prefix)
  internalname VARCHAR,           -- survey names, comma-separated as TNS writes them ("ATLAS22cwl, ZTF22aaaifcx")
  ra DOUBLE,                      -- J2000 (deg)
  declination DOUBLE,             -- J2000 (deg)
  type VARCHAR,                   -- spectroscopic class ("SN Ia"), null when unclassified
  redshift DOUBLE,
  discoverydate VARCHAR           -- "YYYY-MM-DD hh:mm:ss.sss" (UTC) as TNS writes it
`;

/** The columns of TNS_TABLE_COLUMNS, in order. */
export const TNS_COLUMN_NAMES = [
  'key',
  'objid',
  'fullname',
  'name',
  'internalname',
  'ra',
  'declination',
  'type',
  'redshift',
  'discoverydate',
] as const;
