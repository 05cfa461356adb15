/**
 * The LSST tags and blocks as the API lists them: each livestream filter of fink-filters 7.40 with Fink's
 * description and API support (`HBASE_SUPPORT`), and the function that computes it here (null: not computed by
 * Sky-alert); each block with the first line of its Fink description.
 *
 * Reference: fink-filters 7.40 `fink_filters/rubin/livestream/filter_*` (`DESCRIPTION`, `HBASE_SUPPORT`) and
 * `rubin/blocks.py`; fink-object-api `apps/routes/v1/lsst/{tags,blocks}/utils.py`; docs/api.md, "LSST API".
 */
import type { TagInput } from './inputs.js';
import {
  inTns,
  isExtragalacticLt20MagCandidate,
  isExtragalacticNewCandidate,
  isExtragalacticSvom,
  isHostlessCandidate,
  isLikelyTransient,
  isMdwarfFlare,
  isMostLikelySn,
  isSnNearGalaxyCandidate,
  isUniformSample,
} from './tags.js';

/** One LSST tag. */
export interface LsstTag {
  /** The tag, as in Fink's topic `fink_<name>_lsst` and its API. */
  readonly name: string;
  /** Fink's description of the filter. */
  readonly description: string;
  /** True when Fink's API serves the tag (its `HBASE_SUPPORT`). */
  readonly finkApiSupport: boolean;
  /** The selection, or null when Sky-alert does not compute the tag. */
  readonly select: ((input: TagInput) => boolean) | null;
  /** Why the tag is not computed here (when select is null). */
  readonly notComputed?: string;
}

/** Every LSST tag of fink-filters 7.40, by name (Fink's order: alphabetical). */
export const LSST_TAGS: readonly LsstTag[] = [
  {
    name: 'extragalactic_lt20mag_candidate',
    description: 'Select alerts that are rising, bright (mag < 20), and extragalactic candidates',
    finkApiSupport: true,
    select: isExtragalacticLt20MagCandidate,
  },
  {
    name: 'extragalactic_new_candidate',
    description:
      'Select LSST alerts new (< 5days first apparition), bright (mag < 24), potentially extragalactic with a ' +
      'fading or rising rate passing the cuts',
    finkApiSupport: true,
    select: isExtragalacticNewCandidate,
  },
  {
    name: 'extragalactic_svom',
    description:
      'Select LSST alerts new (< 5days first apparition), bright (mag < 24), potentially extragalactic',
    finkApiSupport: false,
    select: isExtragalacticSvom,
  },
  {
    name: 'faint_trails',
    description: 'Select faint trails measuring more than 2 arcsec (mag between 18-21)',
    finkApiSupport: true,
    select: null,
    notComputed: 'it measures the elongation of the science stamp, which Sky-alert does not compute',
  },
  {
    name: 'fast_transient_gvom',
    description:
      '\nSelect LSST alerts that are:\n- new (< 5days first apparition)\n- bright (mag < 21)\n' +
      '- potentially extragalactic\n- behaving like fast transient (magnitude rate < 0.3 mag/day)\n',
    finkApiSupport: false,
    select: null,
    notComputed: 'its rate cut is a Monte Carlo draw (b_mag_rate_mc_sampling), not reproducible',
  },
  {
    name: 'hostless_candidate',
    description:
      'Select LSST alerts that are hostless according to ELEPHANT. See https://arxiv.org/abs/2404.18165.',
    finkApiSupport: true,
    select: isHostlessCandidate,
  },
  {
    name: 'in_tns',
    description:
      'Select alerts with a known counterpart in TNS (AT or confirmed) at the time of emission by Rubin',
    finkApiSupport: true,
    select: inTns,
  },
  {
    name: 'mdwarf_flare',
    description:
      'Select alerts that are likely to be M dwarf flares, in bluer bands, and high airmass for DCR-based ' +
      'temperature inference',
    finkApiSupport: true,
    select: isMdwarfFlare,
  },
  {
    name: 'most_likely_sn',
    description: 'Selects alerts that are likely to be SN, based on SuperNNova and CATS classifiers.',
    finkApiSupport: true,
    select: isMostLikelySn,
  },
  {
    name: 'remove_unlikely_transients',
    description: 'Filters out alerts unlikely to be transients of interest to the DESC community.',
    finkApiSupport: false,
    select: isLikelyTransient,
  },
  {
    name: 'sn_near_galaxy_candidate',
    description: 'Select alerts matching in catalogs to a galaxy and properties consistent with SNe',
    finkApiSupport: true,
    select: isSnNearGalaxyCandidate,
  },
  {
    name: 'uniform_sample',
    description: 'Select 1% of all live alerts in a uniformly random way',
    finkApiSupport: false,
    select: isUniformSample,
  },
];

/** The names of the tags an alert carries (those computed here whose selection is true), in LSST_TAGS order. */
export function tagsOf(input: TagInput): string[] {
  return LSST_TAGS.filter((t) => t.select?.(input) === true).map((t) => t.name);
}

/** One Rubin block: `b_<name>` and the first line of Fink's description. */
export interface LsstBlock {
  readonly name: string;
  readonly description: string;
}

/** The blocks of fink-filters 7.40 `rubin/blocks.py`, alphabetical (Python's `dir`). */
export const LSST_BLOCKS: readonly LsstBlock[] = [
  ['b_extragalactic_loose_candidate', 'Flag for alerts in Rubin that are extragalactic candidates'],
  [
    'b_extragalactic_near_galaxy_candidate',
    'Flag for alerts in Rubin that are extragalactic candidates near a known galaxy',
  ],
  ['b_good_quality', 'Select alerts with good quality for science'],
  ['b_is_fading', 'Return alerts with fading lightcurve in one filter.'],
  ['b_is_new', 'Return alerts for which the underlying object is seen for the first time by Rubin'],
  ['b_is_rising', 'Return alerts with rising lightcurve in one filter.'],
  ['b_is_solar_system', 'Return alerts that are asteroids according to Rubin'],
  ['b_mag_rate_mc_sampling', 'Flag for alerts with a fast-evolving flux rate via Monte Carlo sampling'],
  ['b_outside_galactic_plane_20_deg', 'Return alerts outside the galactic plane (+/- |20| deg)'],
  ['b_outside_galactic_plane_5_deg', 'Return alerts outside the galactic plane (+/- |5| deg)'],
  ['b_xmatched_gaia_star', 'Return alerts xmatched to stars with good parallax with Gaia.'],
  ['b_xmatched_mangrove', 'Return alerts xmatched with a Mangrove galaxy.'],
  ['b_xmatched_simbad_galaxy', 'Return alerts xmatched to a galaxy with SIMBAD.'],
  ['b_xmatched_simbad_unknown', 'Return alerts xmatched as unknown or failed with SIMBAD.'],
  ['b_xmatched_vsx', 'Return alerts xmatched with stellar and non-stellar sources from VSX catalogue.'],
  ['b_xmatched_vsx_star', 'Return alerts xmatched with stellar sources from VSX catalogue.'],
].map(([name, description]) => ({ name, description }));
