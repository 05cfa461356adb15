/**
 * The science-module outputs (`d:`) that Fink added to its ZTF alerts after the fields of columns.ts (2024-2026:
 * Mangrove host galaxy, CTAO blazar states, light-curve features, transient flag, SLSN score), as Fink's API
 * names and types them. Enriched alerts carry three of them as maps or records; the catalogue flattens them as
 * Fink's API does (column-types.ts, ColumnSource). Alerts without them (raw ZTF alerts, older Fink alerts and our
 * own simulated ones) store null. They come last in the catalogue, so that row documents written before them
 * are a prefix of the current ones (data/alert-row-codec.ts).
 *
 * Reference: fink-object-api apps/routes/v1/ztf/schema/api.py @ 17051ca (names, types, docs); the Fink
 * data-transfer schema test/data/ztf_enriched/fink-client_ztf_2026-03/avro_schema_ftransfer_ztf_2026-03-23_11487.json
 * (where each value is in an enriched alert).
 */
import type { AvroScalar, ColumnSource } from './column-types.js';

/** One later field: name (without `d:`), type, unit, doc and where its value is in an enriched alert. */
export type LaterField = readonly [
  name: string,
  type: AvroScalar,
  unit: string,
  doc: string,
  from: ColumnSource | undefined,
];

const mangrove = (key: string): ColumnSource => ({ kind: 'map-entry', field: 'mangrove', key });
const blazar = (key: string): ColumnSource => ({ kind: 'map-entry', field: 'blazar_stats', key });

const BLAZAR_NEW = 'From fink_science>=8.42.0';
const BLAZAR_OLD = 'Only available for fink_science<8.42.0';

/** The later `d:` fields, in catalogue order. */
export const FINK_LATER_FIELDS: readonly LaterField[] = [
  [
    'mangrove_HyperLEDA_name',
    'string',
    '',
    'HyperLEDA name of the closest Mangrove galaxy within 1 arcmin (the text "None" when none)',
    mangrove('HyperLEDA_name'),
  ],
  [
    'mangrove_2MASS_name',
    'string',
    '',
    '2MASS name of the closest Mangrove galaxy within 1 arcmin (the text "None" when none)',
    mangrove('2MASS_name'),
  ],
  [
    'mangrove_lum_dist',
    'string',
    'Mpc',
    'Luminosity distance of the closest Mangrove galaxy within 1 arcmin, as text ("None" when none)',
    mangrove('lum_dist'),
  ],
  [
    'mangrove_ang_dist',
    'string',
    'Mpc',
    'Angular-diameter distance of the closest Mangrove galaxy within 1 arcmin, as text ("None" when none)',
    mangrove('ang_dist'),
  ],
  [
    'blazar_stats_instantness_low',
    'float',
    '',
    `CTAO blazar low-state instantness (low state: 0 <= value < 1). ${BLAZAR_NEW}`,
    blazar('instantness_low'),
  ],
  [
    'blazar_stats_robustness_low',
    'float',
    '',
    `CTAO blazar low-state robustness (low state: 0 <= value < 1). ${BLAZAR_NEW}`,
    blazar('robustness_low'),
  ],
  [
    'blazar_stats_instantness_high',
    'float',
    '',
    `CTAO blazar high-state instantness (high state: value > 1). ${BLAZAR_NEW}`,
    blazar('instantness_high'),
  ],
  [
    'blazar_stats_robustness_high',
    'float',
    '',
    `CTAO blazar high-state robustness (high state: value > 1). ${BLAZAR_NEW}`,
    blazar('robustness_high'),
  ],
  [
    'blazar_stats_m0',
    'float',
    '',
    `CTAO blazar state feature related to low-state robustness (-1 when not a CTAO blazar). ${BLAZAR_OLD}`,
    blazar('m0'),
  ],
  [
    'blazar_stats_m1',
    'float',
    '',
    `CTAO blazar state feature related to low-state robustness (-1 when not a CTAO blazar). ${BLAZAR_OLD}`,
    blazar('m1'),
  ],
  [
    'blazar_stats_m2',
    'float',
    '',
    `CTAO blazar state feature related to low-state duration (-1 when not a CTAO blazar). ${BLAZAR_OLD}`,
    blazar('m2'),
  ],
  [
    'lc_features_g',
    'string',
    '',
    'Light-curve features of the g band (fink-science ad_features: mean, weighted_mean, ..., stetson_K), as the ' +
      'JSON text of an array of numbers in that order, null for a missing value',
    { kind: 'record-values', field: 'lc_features_g' },
  ],
  [
    'lc_features_r',
    'string',
    '',
    'Light-curve features of the r band, as the JSON text of an array of numbers (see d:lc_features_g)',
    { kind: 'record-values', field: 'lc_features_r' },
  ],
  [
    'is_transient',
    'boolean',
    '',
    'True if the alert is considered a pure static transient (https://zenodo.org/records/4054129)',
    undefined,
  ],
  [
    'slsn_score',
    'double',
    '',
    'Superluminous supernova score between 0 and 1; -1 when it could not be computed (too few points, not a ' +
      'likely transient, or a source less than 30 days old)',
    undefined,
  ],
];
