/**
 * The labels of the Fink classification rules: the 8 classifier labels, the label of an unclassified alert and
 * the SIMBAD types compatible with an extragalactic host. Pure data, shared by the classifier and the class
 * lists of data/classes.ts.
 *
 * Reference: docs/references.md#api-classes (lists), #eg-host-list (EG-host list).
 */

/**
 * The labels the Fink classifier can produce besides `Unknown` and raw SIMBAD types (8, as the G1 service
 * lists them, sorted case-insensitively). G2 (fink-object-api) adds `SLSN candidate`, `(CTA) Blazar low
 * state` and `(CTA) Blazar high state`, which come from separate tables, not from the rule set; they are not
 * listed here. There is no `Anomaly` class: anomalies have their own endpoint.
 *
 * Reference: docs/references.md#api-classes ("Fink classifiers (G1, 8)").
 */
export const FINK_CLASSES = [
  'Ambiguous',
  'Early SN Ia candidate',
  'Kilonova candidate',
  'Microlensing candidate',
  'SN candidate',
  'Solar System candidate',
  'Solar System MPC',
  'Tracklet',
] as const;

/** One of the 8 Fink classifier labels. */
export type FinkClass = (typeof FINK_CLASSES)[number];

/**
 * The label of an alert no rule and no SIMBAD match classifies. A valid `class` for `latests`, but not listed
 * by `/api/v1/classes` (reference pitfall 17).
 */
export const UNKNOWN_CLASS = 'Unknown';

/**
 * SIMBAD `cdsxmatch` values compatible with an extragalactic host (`return_list_of_eg_host` of fink-utils as
 * used in January 2025, 30 values, in its order). The classification rules (SN, early SN Ia, kilonova)
 * require `cdsxmatch` to be one of these, matched exactly (case-sensitive). `Unknown` is included: an alert
 * without any SIMBAD counterpart may be a transient in an uncatalogued host.
 *
 * Reference: docs/references.md#eg-host-list.
 */
export const EG_HOST_LABELS = [
  'Unknown',
  'Candidate_SN*',
  'SN',
  'Transient',
  'Fail',
  'Fail 504',
  'galaxy',
  'Galaxy',
  'EmG',
  'Seyfert',
  'Seyfert_1',
  'Seyfert_2',
  'BlueCompG',
  'StarburstG',
  'LSB_G',
  'HII_G',
  'High_z_G',
  'GinPair',
  'GinGroup',
  'BClG',
  'GinCl',
  'PartofG',
  'Compact_Gr_G',
  'IG',
  'PairG',
  'GroupG',
  'ClG',
  'SuperClG',
  'Void',
  'SN*_Candidate',
] as const;

/**
 * Values that later fink-utils versions (2025+) append to the EG-host list. Not used by default: our
 * classifier follows the January 2025 rules so that labels agree with the reference archive. Pass
 * `[...EG_HOST_LABELS, ...EG_HOST_LABELS_LATER]` to the classifier to follow the newer rules.
 *
 * Reference: docs/references.md#eg-host-list ("Later fink-utils versions (2025+) add ...").
 */
export const EG_HOST_LABELS_LATER = ['LINER', 'Possible_ClG', 'Possible_SClG', 'GravLens_Candidate'] as const;
