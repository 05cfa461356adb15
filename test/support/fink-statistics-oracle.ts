/**
 * Fink's definitions of the two SIMBAD counts of the nightly statistics, written for the tests from Fink's code
 * (apart from compute/classify): fink-broker `bin/ztf/archive_statistics.py` counts `class:simbad_tot` with
 * fink-filters' `simbad_candidates_` and `class:simbad_gal` with fink-utils' `return_list_of_eg_host()`.
 */

/** fink-filters `simbad_candidates_`: a SIMBAD counterpart, not Unknown, Transient, a failure or a galaxy. */
export function isSimbadCounterpart(cdsxmatch: string): boolean {
  return (
    !['Unknown', 'Transient', 'Fail', 'Fail 504'].includes(cdsxmatch) &&
    !cdsxmatch.startsWith('Fail') &&
    !cdsxmatch.startsWith('Galaxy')
  );
}

/** fink-utils `return_list_of_eg_host()` (full_simbad_conversion=False): what `class:simbad_gal` counts. */
export const EG_HOST_LIST: ReadonlySet<string> = new Set(
  [
    'Unknown, Candidate_SN*, SN, Transient, Fail, Fail 504, galaxy, Galaxy, EmG, Seyfert, Seyfert_1, Seyfert_2',
    'BlueCompG, StarburstG, LSB_G, HII_G, High_z_G, GinPair, GinGroup, BClG, GinCl, PartofG, Compact_Gr_G, IG',
    'PairG, GroupG, ClG, SuperClG, Void, LINER, Possible_ClG, Possible_SClG, GravLens_Candidate, SN*_Candidate',
  ]
    .join(', ')
    .split(', '),
);
