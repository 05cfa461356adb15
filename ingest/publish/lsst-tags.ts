/**
 * The LSST tags of a night's alerts, evaluated once when the night is published (docs/api.md, "LSST API"): each
 * alert of the work relation `l_sources` (lsst-part-writer.ts) is read with its diaObject, Fink's values and its
 * previous detection in the same band, the tag rules of compute/classify run on it, and the names of its tags are
 * written to the column `v:tags` of `l_sources`, which the sources and sso parts then carry. Fink's values are
 * absent (every tag reading them false) when no staged schema has Fink's science columns (raw Rubin alerts).
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import {
  QUALITY_FLAGS,
  type QualityFlag,
  type TagFinkValues,
  type TagInput,
  tagsOf,
} from '../../compute/classify/index.js';
import { LSST_STORE_COLUMNS, sqlIdentifier } from '../../data/index.js';
import { ALERT_ID } from '../stage/index.js';
import type { LsstRelationColumns } from './lsst-part-writer.js';
import { LSST_BANDS } from './lsst-statistics.js';

const TAGS = LSST_STORE_COLUMNS.tags;

/** Fink's values: their column (in `l_sources` unless in `l_objects`) → the field of TagFinkValues. */
const FINK_SOURCE_COLUMNS = {
  simbadOtype: 'f:xm_simbad_otype',
  mangroveLumDistMpc: 'f:xm_mangrove_lum_dist',
  gaiaDr3Name: 'f:xm_gaiadr3_DR3Name',
  gaiaPlxMas: 'f:xm_gaiadr3_Plx',
  gaiaPlxErrMas: 'f:xm_gaiadr3_e_Plx',
  vsxType: 'f:xm_vsx_Type',
  legacyDr8Zphot: 'f:xm_legacydr8_zphot',
  tnsFullname: 'f:xm_tns_fullname',
  elephantKsTestTemplate: 'f:clf_elephant_kstest_template',
  catsClass: 'f:clf_cats_class',
  catsScore: 'f:clf_cats_score',
  snnSnVsOthersScore: 'f:clf_snnSnVsOthers_score',
} as const satisfies Partial<Record<keyof TagFinkValues, string>>;

/** The SELECT of every alert's tag inputs over the work relations, given their columns. */
function inputsQuery(columns: LsstRelationColumns): { sql: string; hasFink: boolean } {
  const has = (table: string, c: string): boolean => columns.get(table)?.includes(c) ?? false;
  const src = (c: string): string => (has('lsst_sources', c) ? `s.${sqlIdentifier(c)}` : 'NULL');
  const obj = (c: string): string => (has('lsst_objects', c) ? `o.${sqlIdentifier(c)}` : 'NULL');
  const byBand = (suffix: string): string =>
    `CASE ${src('r:band')} ${LSST_BANDS.map((b) => `WHEN '${b}' THEN ${obj(`r:${b}_${suffix}`)}`).join(' ')} END`;
  const maxFluxes = LSST_BANDS.map((b) => `r:${b}_psfFluxMax`).filter((c) => has('lsst_objects', c));
  // Fink's science values, not the version strings a raw Rubin store also has (f:lsst_schema_version)
  const hasFink =
    has('lsst_objects', 'f:is_sso') || Object.values(FINK_SOURCE_COLUMNS).some((c) => has('lsst_sources', c));
  // the previous detection matters only to a tag that also reads Fink's values: raw stores skip its join
  const hasHistory =
    hasFink && ['r:band', 'r:psfFlux', 'r:midpointMjdTai'].every((c) => has('lsst_history', c));
  const prev = hasHistory
    ? `LEFT JOIN (SELECT ${ALERT_ID}, "r:band" AS band, arg_max("r:psfFlux", "r:midpointMjdTai") AS prev_flux,
                  max("r:midpointMjdTai") AS prev_mjd FROM l_history GROUP BY ALL) p
         ON p.${ALERT_ID} = s.${ALERT_ID} AND p.band = s."r:band" AND p.prev_mjd < s."r:midpointMjdTai"`
    : '';
  // the earlier detections' times and median template fluxes in r, i, z (mdwarf_flare)
  const history = hasHistory
    ? `LEFT JOIN (SELECT ${ALERT_ID}, list("r:midpointMjdTai") AS prev_mjds,
                  ${['r', 'i', 'z'].map((b) => `median(${has('lsst_history', 'r:templateFlux') ? '"r:templateFlux"' : 'NULL::DOUBLE'}) FILTER (WHERE "r:band" = '${b}') AS tf_${b}`).join(', ')}
                  FROM l_history GROUP BY ALL) hh ON hh.${ALERT_ID} = s.${ALERT_ID}`
    : '';
  const hasObjects = has('lsst_objects', ALERT_ID);
  const hasSso = has('lsst_sso', ALERT_ID);
  const fields: [string, string][] = [
    ['alert', `s.${ALERT_ID}`],
    ['diaSourceId', src('r:diaSourceId')],
    ['mjd', src('r:midpointMjdTai')],
    ['ra', src('r:ra')],
    ['dec', src('r:dec')],
    ['band', src('r:band')],
    ['psfFlux', src('r:psfFlux')],
    ['psfFluxErr', src('r:psfFluxErr')],
    ['templateFlux', src('r:templateFlux')],
    ['snr', src('r:snr')],
    ['isNegative', src('r:isNegative')],
    ...QUALITY_FLAGS.map((f): [string, string] => [f, src(`r:${f}`)]),
    ['hasObject', hasObjects ? `o.${ALERT_ID} IS NOT NULL` : 'false'],
    ['nDiaSources', obj('r:nDiaSources')],
    ['bandMean', byBand('psfFluxMean')],
    ['bandMeanErr', byBand('psfFluxMeanErr')],
    ['bandNdata', byBand('psfFluxNdata')],
    [
      'maxFluxMax',
      maxFluxes.length > 0 ? `greatest(${maxFluxes.map((c) => `o.${sqlIdentifier(c)}`).join(', ')})` : 'NULL',
    ],
    ['isSso', `coalesce(${obj('f:is_sso')}, ${hasSso ? 'sso.has_sso' : 'NULL'})`],
    ['firstFink', obj('f:firstDiaSourceMjdTaiFink')],
    ...Object.entries(FINK_SOURCE_COLUMNS).map(([k, c]): [string, string] => [k, src(c)]),
    ['prevFlux', hasHistory ? 'p.prev_flux' : 'NULL'],
    ['prevMjd', hasHistory ? 'p.prev_mjd' : 'NULL'],
    ['hasHistory', hasHistory ? 'true' : 'false'],
    ['prevMjds', hasHistory ? 'hh.prev_mjds' : 'NULL'],
    ...['r', 'i', 'z'].map((b): [string, string] => [`tf_${b}`, hasHistory ? `hh.tf_${b}` : 'NULL']),
  ];
  const sql = `SELECT ${fields.map(([name, expr]) => `${expr} AS ${sqlIdentifier(name)}`).join(', ')}
    FROM l_sources s
    ${hasObjects ? `LEFT JOIN l_objects o ON o.${ALERT_ID} = s.${ALERT_ID}` : ''}
    ${hasSso ? `LEFT JOIN (SELECT DISTINCT ${ALERT_ID}, true AS has_sso FROM l_sso) sso ON sso.${ALERT_ID} = s.${ALERT_ID}` : ''}
    ${prev}
    ${history}`;
  return { sql, hasFink };
}

/** A field of the current row of inputsQuery, by name. */
type Field = (name: string) => unknown;

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const str = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));
/** The numbers of a DuckDB LIST value (its `items`); [] for null. */
const numbers = (v: unknown): number[] =>
  v !== null && typeof v === 'object' && 'items' in v ? (v.items as unknown[]).map(Number) : [];
const bool = (v: unknown): boolean | null => (v === null || v === undefined ? null : Boolean(v));

/** One row of inputsQuery as the tag rules read it. */
function tagInputOf(r: Field, hasFink: boolean): TagInput {
  const flags = Object.fromEntries(QUALITY_FLAGS.map((f) => [f, bool(r(f))])) as Record<
    QualityFlag,
    boolean | null
  >;
  const fink: TagFinkValues | null = hasFink
    ? {
        isSso: bool(r('isSso')),
        firstDiaSourceMjdTaiFink: num(r('firstFink')),
        simbadOtype: str(r('simbadOtype')),
        mangroveLumDistMpc: num(r('mangroveLumDistMpc')),
        gaiaDr3Name: str(r('gaiaDr3Name')),
        gaiaPlxMas: num(r('gaiaPlxMas')),
        gaiaPlxErrMas: num(r('gaiaPlxErrMas')),
        vsxType: str(r('vsxType')),
        legacyDr8Zphot: num(r('legacyDr8Zphot')),
        tnsFullname: str(r('tnsFullname')),
        elephantKsTestTemplate: num(r('elephantKsTestTemplate')),
        catsClass: num(r('catsClass')),
        catsScore: num(r('catsScore')),
        snnSnVsOthersScore: num(r('snnSnVsOthersScore')),
      }
    : null;
  return {
    source: {
      diaSourceId: BigInt(r('diaSourceId') as bigint),
      midpointMjdTai: Number(r('mjd')),
      raDeg: Number(r('ra')),
      decDeg: Number(r('dec')),
      band: str(r('band')),
      psfFluxNjy: num(r('psfFlux')),
      psfFluxErrNjy: num(r('psfFluxErr')),
      templateFluxNjy: num(r('templateFlux')),
      snr: num(r('snr')),
      isNegative: bool(r('isNegative')),
      flags,
    },
    object: r('hasObject')
      ? {
          nDiaSources: num(r('nDiaSources')),
          bandPsfFluxMeanNjy: num(r('bandMean')),
          bandPsfFluxMeanErrNjy: num(r('bandMeanErr')),
          bandPsfFluxNdata: num(r('bandNdata')),
          maxPsfFluxMaxNjy: num(r('maxFluxMax')),
        }
      : null,
    fink,
    history: r('hasHistory')
      ? {
          previousMjdTai: numbers(r('prevMjds')),
          medianTemplateFluxNjy: { r: num(r('tf_r')), i: num(r('tf_i')), z: num(r('tf_z')) },
        }
      : null,
    previous:
      r('prevMjd') === null ? null : { psfFluxNjy: num(r('prevFlux')), midpointMjdTai: Number(r('prevMjd')) },
  };
}

/** The work relations' columns after tagging, and how many alerts carry a tag. */
export interface LsstTagging {
  readonly columns: LsstRelationColumns;
  readonly tagged: number;
}

/**
 * Adds the column `v:tags` to `l_sources` (the names of each alert's tags, comma-separated; null for none), so
 * that the parts written next carry it; returns the columns with it.
 */
export async function tagLsstAlerts(
  conn: DuckDBConnection,
  columns: LsstRelationColumns,
): Promise<LsstTagging> {
  const sourceColumns = columns.get('lsst_sources');
  if (!sourceColumns?.includes('r:diaSourceId') || sourceColumns.includes(TAGS))
    return { columns, tagged: 0 };
  const { sql, hasFink } = inputsQuery(columns);
  // the tagged alerts are collected before any append: an append on the connection would end its streamed result
  const tagged: [bigint, string][] = [];
  const result = await conn.stream(sql);
  for (;;) {
    const chunk = await result.fetchChunk();
    if (!chunk || chunk.rowCount === 0) break;
    // column-wise: one array per field, one small object per row (a row object per row costs more than the rules)
    const byName = chunk.getColumnsObject(result.columnNames());
    for (let i = 0; i < chunk.rowCount; i++) {
      const names = tagsOf(tagInputOf((name) => byName[name][i], hasFink));
      if (names.length > 0) tagged.push([BigInt(byName.alert[i] as bigint), names.join(',')]);
    }
  }
  await conn.run(`CREATE OR REPLACE TEMP TABLE l_tags (${ALERT_ID} BIGINT, tags VARCHAR)`);
  const appender = await conn.createAppender('l_tags');
  try {
    for (const [alert, names] of tagged) {
      appender.appendBigInt(alert);
      appender.appendVarchar(names);
      appender.endRow();
    }
  } finally {
    appender.closeSync();
  }
  await conn.run(`ALTER TABLE l_sources ADD COLUMN ${sqlIdentifier(TAGS)} VARCHAR`);
  await conn.run(
    `UPDATE l_sources SET ${sqlIdentifier(TAGS)} = t.tags FROM l_tags t WHERE l_sources.${ALERT_ID} = t.${ALERT_ID}`,
  );
  return {
    columns: new Map([...columns, ['lsst_sources', [...sourceColumns, TAGS]]]),
    tagged: tagged.length,
  };
}
