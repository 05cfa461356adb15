/**
 * Class lists: the Fink classifier labels, the TNS types and the SIMBAD object-type labels that
 * `/api/v1/classes` returns and that `/api/v1/latests` accepts, the extragalactic-host list used by the
 * classification rules, and the parser of a `class` argument.
 *
 * Reference: docs/references.md#api-classes (lists), #eg-host-list (EG-host list), #simbad-labels (SIMBAD labels).
 */

import { FINK_CLASSES, type FinkClass, UNKNOWN_CLASS } from '../compute/classify/index.js';

export {
  EG_HOST_LABELS,
  EG_HOST_LABELS_LATER,
  FINK_CLASSES,
  type FinkClass,
  UNKNOWN_CLASS,
} from '../compute/classify/index.js';

/**
 * Fink's classes that its classifier does not produce: alerts selected from their science-module values (Fink
 * keeps them in tables of their own), listed by `/api/v1/classes` with the classifier labels:
 * - `SLSN candidate`: `d:slsn_score` >= {@link SLSN_MIN_SCORE} (fink-filters `filter_superluminous`);
 * - `(CTA) Blazar low state`: 0 <= `d:blazar_stats_instantness_low` < 1 and 0 <= `d:blazar_stats_robustness_low`
 *   < 1 (fink-filters `filter_blazar_low_state`);
 * - `(CTA) Blazar high state`: `d:blazar_stats_instantness_high` > 1 and `d:blazar_stats_robustness_high` > 1
 *   (fink-filters `filter_blazar_high_state`).
 *
 * Reference: fink-object-api assets/fink_types.csv and apps/routes/v1/ztf/latests/utils.py @ 17051ca; fink-filters
 * fink_filters/ztf/filter_{superluminous,blazar_low_state,blazar_high_state}/filter.py.
 */
export const FINK_SELECTION_CLASSES = [
  'SLSN candidate',
  '(CTA) Blazar low state',
  '(CTA) Blazar high state',
] as const;

/** One of {@link FINK_SELECTION_CLASSES}. */
export type FinkSelectionClass = (typeof FINK_SELECTION_CLASSES)[number];

/**
 * Lowest `d:slsn_score` of an `SLSN candidate`: fink-filters' `slsn_filter` takes the threshold as an argument
 * (score >= threshold); 0.5 is the threshold of its own examples.
 */
export const SLSN_MIN_SCORE = 0.5;

/** The `class` keyword that asks for the latest alerts whatever their class. */
export const ALL_CLASSES = 'allclasses';

/** Prefix of SIMBAD labels in `/api/v1/classes` (optional in a `class` argument). */
export const SIMBAD_PREFIX = '(SIMBAD) ';

/** Prefix of TNS types in `/api/v1/classes` (required in a `class` argument). */
export const TNS_PREFIX = '(TNS) ';

/**
 * TNS object types (43, sorted case-insensitively). TNS types are not produced by the classifier; they index
 * alerts that have a TNS counterpart.
 *
 * Reference: docs/references.md#api-classes ("TNS (43, sorted)").
 */
export const TNS_TYPES = [
  'Afterglow',
  'AGN',
  'CV',
  'FRB',
  'Galaxy',
  'ILRT',
  'Impostor-SN',
  'Kilonova',
  'LBV',
  'Light-Echo',
  'LRN',
  'M dwarf',
  'Nova',
  'Other',
  'QSO',
  'SLSN-I',
  'SLSN-II',
  'SN',
  'SN I',
  'SN Ia',
  'SN Ia-91bg-like',
  'SN Ia-91T-like',
  'SN Ia-CSM',
  'SN Ia-pec',
  'SN Iax[02cx-like]',
  'SN Ib',
  'SN Ib-Ca-rich',
  'SN Ib-pec',
  'SN Ib/c',
  'SN Ibn',
  'SN Ic',
  'SN Ic-BL',
  'SN Ic-pec',
  'SN Icn',
  'SN II',
  'SN II-pec',
  'SN IIb',
  'SN IIL',
  'SN IIn',
  'SN IIn-pec',
  'SN IIP',
  'TDE',
  'Varstar',
] as const;

/** One TNS object type. */
export type TnsType = (typeof TNS_TYPES)[number];

/**
 * SIMBAD object-type labels (315): the union of the old and new labels of CDS `otypes.labels.txt` as packaged
 * by fink-utils, `Unknown` removed, sorted case-insensitively (stable, so `Blue` precedes `blue`). Labels are
 * case-sensitive: `Blue`/`blue`, `BrownD*`/`brownD*` and `Low-Mass*`/`low-mass*` are distinct. The live
 * service downloads the CDS file at request time, so its list can drift; `cdsxmatch` may also hold labels
 * absent here.
 *
 * Reference: docs/references.md#simbad-labels.
 */
// biome-ignore format: a table of 315 labels, kept compact.
export const SIMBAD_LABELS = [
  '**', '**_Candidate', 'Ae*', 'Ae*_Candidate', 'AGB*', 'AGB*_Candidate', 'AGN', 'AGN_Candidate', 'alf2CVnV*',
  'Assoc*', 'Association', 'bCepV*', 'BClG', 'Be*', 'Be*_Candidate', 'BH_Candidate', 'Blazar',
  'Blazar_Candidate', 'Blend', 'BLLac', 'BLLac_Candidate', 'Blue', 'blue', 'BlueCompactG', 'BlueCompG',
  'BlueSG', 'BlueSG*', 'BlueStraggler', 'BrightestCG', 'BrownD*', 'brownD*', 'brownD*_Candidate',
  'BSG*_Candidate', 'BSS_Candidate', 'Bubble', 'BYDra', 'BYDraV*', 'C*', 'C*_Candidate', 'Candidate_**',
  'Candidate_Ae*', 'Candidate_AGB*', 'Candidate_Be*', 'Candidate_BH', 'Candidate_brownD*', 'Candidate_BSG*',
  'Candidate_BSS', 'Candidate_C*', 'Candidate_Cepheid', 'Candidate_CV*', 'Candidate_EB*', 'Candidate_HB*',
  'Candidate_HMXB', 'Candidate_Hsd', 'Candidate_Lens', 'Candidate_LensSystem', 'Candidate_LMXB',
  'Candidate_low-mass*', 'Candidate_LP*', 'Candidate_Mi*', 'Candidate_Nova', 'Candidate_NS', 'Candidate_OH',
  'Candidate_post-AGB*', 'Candidate_RGB*', 'Candidate_RRLyr', 'Candidate_RSG*', 'Candidate_S*',
  'Candidate_SG*', 'Candidate_SN*', 'Candidate_Symb*', 'Candidate_TTau*', 'Candidate_WD*', 'Candidate_WR*',
  'Candidate_XB*', 'Candidate_YSG*', 'Candidate_YSO', 'CataclyV*', 'Cepheid', 'Cepheid_Candidate', 'ChemPec*',
  'Cl*', 'ClassicalCep', 'ClG', 'ClG_Candidate', 'Cloud', 'Cluster*', 'cmRad', 'ComGlob', 'Compact_Gr_G',
  'CV*_Candidate', 'DarkNeb', 'delSctV*', 'deltaCep', 'denseCore', 'DkNeb', 'EB*', 'EB*_Candidate', 'EclBin',
  'EllipVar', 'Em*', 'EmG', 'EmissionG', 'EmLine*', 'EmObj', 'Erupt*RCrB', 'Eruptive*', 'FarIR',
  'G_Candidate', 'Galaxy', 'GalNeb', 'gamma', 'gammaBurst', 'gammaDor', 'gammaDorV*', 'GinCl', 'GinGroup',
  'GinPair', 'GlCl', 'GlCl?', 'GlCl_Candidate', 'GlobCluster', 'Globule', 'Gravitation', 'GravLens',
  'GravLensSystem', 'GravWaveEvent', 'GrG_Candidate', 'GroupG', 'GtowardsCl', 'GtowardsGroup', 'HB*',
  'HB*_Candidate', 'HerbigHaroObj', 'HH', 'HI', 'HighMassXBin', 'HighPM*', 'HighVel*', 'HII', 'HII_G', 'HIIG',
  'HIIReg', 'HIshell', 'HMXB', 'HMXB_Candidate', 'HorBranch*', 'HotSubdwarf', 'Hsd_Candidate', 'HV*', 'HVCld',
  'IG', 'Inexistent', 'Infrared', 'InteractingG', 'IR', 'IR<10um', 'IR>30um', 'Irregular_V*', 'IrregularV*',
  'ISM', 'Lens_Candidate', 'LensedG', 'LensedImage', 'LensedQ', 'lensImage_Candidate', 'LensingEv',
  'LensSystem_Candidate', 'LINER', 'LMXB', 'LMXB_Candidate', 'LongPeriodV*', 'Low-Mass*', 'low-mass*',
  'low-mass*_Candidate', 'LowMassXBin', 'LowSurfBrghtG', 'LP*_Candidate', 'LPV*', 'LSB_G', 'Maser',
  'metricRad', 'Mi*_Candidate', 'Mira', 'mmRad', 'MolCld', 'MouvGroup', 'multiple_object', 'NearIR',
  'Neutron*', 'Nova', 'Nova_Candidate', 'NS_Candidate', 'OH/IR', 'OH/IR*', 'OH_Candidate', 'OpCl',
  'OpenCluster', 'Orion_V*', 'OrionV*', 'Outflow', 'outflow?', 'outflow_Candidate', 'PairG', 'PartofCloud',
  'PartofG', 'Pec*', 'Planet', 'Planet?', 'Planet_Candidate', 'PlanetaryNeb', 'PM*', 'PN', 'PN?',
  'PN_Candidate', 'Possible_ClG', 'Possible_G', 'Possible_GrG', 'Possible_lensImage', 'Possible_SClG',
  'post-AGB*', 'post-AGB*_Candidate', 'Pulsar', 'PulsV*', 'PulsV*bCep', 'PulsV*delSct', 'PulsV*RVTau',
  'pulsV*SX', 'PulsV*WVir', 'QSO', 'QSO_Candidate', 'Radio', 'Radio(cm)', 'Radio(m)', 'Radio(mm)',
  'Radio(sub-mm)', 'radioBurst', 'RadioG', 'RCrB_Candidate', 'RCrBV*', 'RedSG', 'RedSG*', 'RefNeb', 'Region',
  'RfNeb', 'RGB*', 'RGB*_Candidate', 'RotV*', 'RotV*alf2CVn', 'RRLyr', 'RRLyr_Candidate', 'RRLyrae', 'RSCVn',
  'RSCVnV*', 'RSG*_Candidate', 'RVTauV*', 'S*', 'S*_Candidate', 'SB*', 'SClG_Candidate', 'Seyfert',
  'Seyfert1', 'Seyfert2', 'Seyfert_1', 'Seyfert_2', 'SFregion', 'SG*', 'SG*_Candidate', 'smmRad', 'SN',
  'SN*_Candidate', 'SNR', 'SNR?', 'SNR_Candidate', 'SNRemnant', 'Star', 'StarburstG', 'StarFormingReg',
  'Stream', 'Stream*', 'SuperClG', 'Supergiant', 'Supernova', 'SXPheV*', 'Symb*_Candidate', 'Symbiotic*',
  'Transient', 'TTau*', 'TTau*_Candidate', 'TTauri*', 'Type2Cep', 'ULX', 'ULX?', 'ULX_Candidate', 'UV', 'V*',
  'V*?', 'V*_Candidate', 'Variable*', 'Void', 'WD*', 'WD*_Candidate', 'WhiteDwarf', 'WolfRayet*', 'WR*',
  'WR*_Candidate', 'X', 'XB', 'XB*_Candidate', 'XrayBin', 'YellowSG', 'YellowSG*', 'YSG*_Candidate', 'YSO',
  'YSO_Candidate',
] as const;

/** One SIMBAD object-type label of Appendix A. */
export type SimbadLabel = (typeof SIMBAD_LABELS)[number];

/** A validated `class` argument: which index answers it, and the label to look up there. */
export type ClassArgument =
  | { readonly kind: 'fink'; readonly label: FinkClass }
  | { readonly kind: 'selection'; readonly label: FinkSelectionClass }
  | { readonly kind: 'simbad'; readonly label: SimbadLabel }
  | { readonly kind: 'tns'; readonly label: TnsType }
  | { readonly kind: 'all'; readonly label: typeof ALL_CLASSES }
  | { readonly kind: 'unknown'; readonly label: typeof UNKNOWN_CLASS };

const FINK_SET: ReadonlySet<string> = new Set(FINK_CLASSES);
const SELECTION_SET: ReadonlySet<string> = new Set(FINK_SELECTION_CLASSES);
const TNS_SET: ReadonlySet<string> = new Set(TNS_TYPES);
const SIMBAD_SET: ReadonlySet<string> = new Set(SIMBAD_LABELS);
const PREFIXED = /^\((SIMBAD|TNS)\)\s*(.*)$/s;

/** True when `label` is one of the 8 Fink classifier labels. */
export function isFinkClass(label: string): label is FinkClass {
  return FINK_SET.has(label);
}

/** True when `label` is a TNS type of §2.14 (without the `(TNS) ` prefix). */
export function isTnsType(label: string): label is TnsType {
  return TNS_SET.has(label);
}

/** True when `label` is a SIMBAD label of Appendix A (without the `(SIMBAD) ` prefix; case-sensitive). */
export function isSimbadLabel(label: string): label is SimbadLabel {
  return SIMBAD_SET.has(label);
}

/**
 * Parses the `class` argument of `latests`-like endpoints.
 *
 * @param text `allclasses`, `Unknown`, a Fink label (of the classifier or of FINK_SELECTION_CLASSES), `(TNS) <type>`, `(SIMBAD) <label>` or a bare SIMBAD
 *   label. Matching is exact and case-sensitive (the reference scans row keys); white space around the text
 *   and after a prefix is ignored.
 * @returns the kind of class and its label without prefix; null when the text names no known class (including
 *   a bare TNS type, which needs its prefix, and `(SIMBAD) Unknown`). Never throws.
 *
 * Reference: docs/references.md#api-latests (routing of `class`), #api-classes (lists).
 */
export function parseClassArgument(text: string): ClassArgument | null {
  if (typeof text !== 'string') return null;
  const trimmed = text.trim();
  if (trimmed === ALL_CLASSES) return { kind: 'all', label: ALL_CLASSES };
  if (trimmed === UNKNOWN_CLASS) return { kind: 'unknown', label: UNKNOWN_CLASS };
  if (isFinkClass(trimmed)) return { kind: 'fink', label: trimmed };
  if (SELECTION_SET.has(trimmed)) return { kind: 'selection', label: trimmed as FinkSelectionClass };
  const prefixed = PREFIXED.exec(trimmed);
  if (prefixed !== null) {
    const label = prefixed[2].trim();
    if (prefixed[1] === 'TNS') return isTnsType(label) ? { kind: 'tns', label } : null;
    return isSimbadLabel(label) ? { kind: 'simbad', label } : null;
  }
  return isSimbadLabel(trimmed) ? { kind: 'simbad', label: trimmed } : null;
}
