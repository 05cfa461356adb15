/**
 * The Rubin blocks and tags on hand-made alerts, each case written from the text of fink-filters 7.40
 * (`rubin/blocks.py`, `rubin/livestream/filter_*`): one value moved across a cut at a time.
 */
import { describe, expect, it } from 'vitest';
import {
  isGoodQuality,
  isOutsideGalacticPlane5Deg,
  isOutsideGalacticPlane20Deg,
  isSimbadGalaxy,
  isSimbadUnknown,
} from './blocks.js';
import { LSST_BLOCKS, LSST_TAGS, tagsOf } from './catalogue.js';
import {
  QUALITY_FLAGS,
  type QualityFlag,
  type TagFinkValues,
  type TagInput,
  type TagSource,
} from './inputs.js';
import {
  inTns,
  isExtragalacticLt20MagCandidate,
  isExtragalacticNewCandidate,
  isExtragalacticSvom,
  isHostlessCandidate,
  isMdwarfFlare,
  isMostLikelySn,
  isSnNearGalaxyCandidate,
  isUniformSample,
} from './tags.js';

const NO_FLAGS = Object.fromEntries(QUALITY_FLAGS.map((f) => [f, false])) as Record<QualityFlag, boolean>;
// the south Galactic pole region: RA 12.86°, Dec −27.13° is b = −90° (the NGP is RA 192.86°, Dec +27.13°)
const SOURCE: TagSource = {
  diaSourceId: 170094456277565473n,
  midpointMjdTai: 61105.1,
  raDeg: 12.86,
  decDeg: -27.13,
  band: 'r',
  psfFluxNjy: 10 ** ((31.4 - 19) / 2.5), // 19 mag
  psfFluxErrNjy: 100,
  templateFluxNjy: 10 ** ((31.4 - 19.5) / 2.5), // 19.5 mag
  snr: 50,
  isNegative: false,
  flags: NO_FLAGS,
};
const FINK: TagFinkValues = {
  isSso: false,
  firstDiaSourceMjdTaiFink: 61102.1, // 3 days before
  simbadOtype: null,
  mangroveLumDistMpc: null,
  gaiaDr3Name: null,
  gaiaPlxMas: null,
  gaiaPlxErrMas: null,
  vsxType: null,
  legacyDr8Zphot: null,
  tnsFullname: null,
  elephantKsTestTemplate: null,
  catsClass: 11,
  catsScore: 0.95,
  snnSnVsOthersScore: 0.8,
};
const INPUT: TagInput = {
  source: SOURCE,
  object: {
    nDiaSources: 10,
    bandPsfFluxMeanNjy: 1000,
    bandPsfFluxMeanErrNjy: 50,
    bandPsfFluxNdata: 3,
    maxPsfFluxMaxNjy: 10 ** ((31.4 - 19) / 2.5),
  },
  fink: FINK,
  previous: { psfFluxNjy: 10 ** ((31.4 - 20) / 2.5), midpointMjdTai: 61104.1 }, // 20 mag a day before
  history: null,
};
const withSource = (s: Partial<TagSource>): TagInput => ({ ...INPUT, source: { ...SOURCE, ...s } });
const withFink = (f: Partial<TagFinkValues>): TagInput => ({ ...INPUT, fink: { ...FINK, ...f } });

describe('blocks (fink-filters rubin/blocks.py)', () => {
  it('b_good_quality: any flag, a negative flux or psfFlux/psfFluxErr < 6 makes bad quality', () => {
    expect(isGoodQuality(SOURCE)).toBe(true);
    for (const flag of QUALITY_FLAGS)
      expect(isGoodQuality({ ...SOURCE, flags: { ...NO_FLAGS, [flag]: true } })).toBe(false);
    expect(isGoodQuality({ ...SOURCE, flags: { ...NO_FLAGS, isDipole: null } })).toBe(true);
    expect(isGoodQuality({ ...SOURCE, psfFluxNjy: -19549.4 })).toBe(false);
    expect(isGoodQuality({ ...SOURCE, psfFluxNjy: 599, psfFluxErrNjy: 100 })).toBe(false);
    expect(isGoodQuality({ ...SOURCE, psfFluxNjy: 600, psfFluxErrNjy: 100 })).toBe(true);
  });
  it('b_outside_galactic_plane: |b| beyond 20° or 5° (Galactic centre RA 266.40°, Dec −28.94° is b ≈ 0)', () => {
    expect(isOutsideGalacticPlane20Deg(266.405, -28.936)).toBe(false);
    expect(isOutsideGalacticPlane5Deg(266.405, -28.936)).toBe(false);
    expect(isOutsideGalacticPlane20Deg(192.86, 27.13)).toBe(true);
    // l = 0, b = 10°: RA 260.09°, Dec −23.99° (1 decimal) is between the two cuts
    expect(isOutsideGalacticPlane5Deg(260.09, -23.99)).toBe(true);
    expect(isOutsideGalacticPlane20Deg(260.09, -23.99)).toBe(false);
  });
  it('SIMBAD: the extragalactic-host list holds Unknown and galaxies; unknown is null, Unknown or Fail', () => {
    expect(isSimbadGalaxy('Unknown')).toBe(true);
    expect(isSimbadGalaxy('Seyfert_1')).toBe(true);
    expect(isSimbadGalaxy('LINER')).toBe(true);
    expect(isSimbadGalaxy('RRLyr')).toBe(false);
    expect(isSimbadGalaxy(null)).toBe(false);
    expect(isSimbadUnknown(null)).toBe(true);
    expect(isSimbadUnknown('Fail 504')).toBe(true);
    expect(isSimbadUnknown('galaxy')).toBe(false);
  });
});

describe('tags (fink-filters rubin/livestream)', () => {
  it('in_tns: a TNS name', () => {
    expect(inTns(INPUT)).toBe(false);
    expect(inTns(withFink({ tnsFullname: 'SN 2026abc' }))).toBe(true);
  });
  it('hostless_candidate: KS < 0.95 and mag ≤ 21.5 on a good alert', () => {
    expect(isHostlessCandidate(withFink({ elephantKsTestTemplate: 0.5 }))).toBe(true);
    expect(isHostlessCandidate(withFink({ elephantKsTestTemplate: 0.96 }))).toBe(false);
    expect(isHostlessCandidate(INPUT)).toBe(false);
    const faint = {
      ...withFink({ elephantKsTestTemplate: 0.5 }),
      source: { ...SOURCE, psfFluxNjy: 10 ** ((31.4 - 21.6) / 2.5), psfFluxErrNjy: 1 },
    };
    expect(isHostlessCandidate(faint)).toBe(false);
  });
  it('most_likely_sn keeps good-quality alerts (not the inverted cut of fink-filters)', () => {
    expect(isMostLikelySn(INPUT)).toBe(true);
    expect(isMostLikelySn(withSource({ flags: { ...NO_FLAGS, pixelFlags_cr: true } }))).toBe(false);
    expect(isMostLikelySn(withSource({ isNegative: true }))).toBe(false);
    expect(isMostLikelySn(withSource({ snr: 10 }))).toBe(false);
    expect(isMostLikelySn(withFink({ snnSnVsOthersScore: 0.69 }))).toBe(false);
    expect(isMostLikelySn(withFink({ catsClass: 21 }))).toBe(false);
    expect(isMostLikelySn(withFink({ catsScore: 0.89 }))).toBe(false);
    expect(isMostLikelySn(withFink({ isSso: true }))).toBe(false);
  });
  it('extragalactic_lt20mag_candidate: loose extragalactic, < 20 mag, rising, > 4 sources, older than 1 day', () => {
    expect(isExtragalacticLt20MagCandidate(INPUT)).toBe(true);
    expect(isExtragalacticLt20MagCandidate(withFink({ firstDiaSourceMjdTaiFink: 61104.5 }))).toBe(false);
    expect(isExtragalacticLt20MagCandidate(withFink({ simbadOtype: 'Star' }))).toBe(false);
    expect(
      isExtragalacticLt20MagCandidate(
        withFink({ gaiaDr3Name: 'Gaia DR3 1', gaiaPlxMas: 6, gaiaPlxErrMas: 1 }),
      ),
    ).toBe(false);
    expect(isExtragalacticLt20MagCandidate(withFink({ vsxType: 'RRAB' }))).toBe(false);
    expect(isExtragalacticLt20MagCandidate(withSource({ raDeg: 266.405, decDeg: -28.936 }))).toBe(false);
    expect(
      isExtragalacticLt20MagCandidate({ ...INPUT, object: { ...INPUT.object!, bandPsfFluxMeanNjy: 1e6 } }),
    ).toBe(false);
  });
  it('extragalactic_svom and _new_candidate need a host (SIMBAD galaxy, Mangrove or photo-z), not just no match', () => {
    expect(isExtragalacticSvom(INPUT)).toBe(false);
    const nearHost = withFink({ legacyDr8Zphot: 0.1 });
    expect(isExtragalacticSvom(nearHost)).toBe(true);
    expect(
      isExtragalacticSvom({ ...nearHost, fink: { ...nearHost.fink!, firstDiaSourceMjdTaiFink: 61100 } }),
    ).toBe(false);
    // the rate is (19 − 20) / 1 d = −1 mag/day: rising, and first seen 3.0 days before: not < 3
    expect(isExtragalacticNewCandidate(nearHost)).toBe(false);
    const younger = withFink({ legacyDr8Zphot: 0.1, firstDiaSourceMjdTaiFink: 61103 });
    expect(isExtragalacticNewCandidate(younger)).toBe(true);
    expect(
      isExtragalacticNewCandidate({ ...younger, object: { ...younger.object!, bandPsfFluxNdata: 1 } }),
    ).toBe(false);
    // fading by 0.3 mag/day passes in r, not in g (0.5)
    const fading = {
      ...nearHost,
      previous: { psfFluxNjy: 10 ** ((31.4 - 18.7) / 2.5), midpointMjdTai: 61104.1 },
    };
    expect(isExtragalacticNewCandidate(fading)).toBe(true);
    expect(isExtragalacticNewCandidate({ ...fading, source: { ...SOURCE, band: 'g' } })).toBe(false);
  });
  it('sn_near_galaxy_candidate: peak absolute magnitude between −23 and −13', () => {
    // 19 mag at z = 0.1 (D_L ≈ 460 Mpc, μ ≈ 38.3) is M ≈ −19.3
    expect(isSnNearGalaxyCandidate(withFink({ legacyDr8Zphot: 0.1 }))).toBe(true);
    // at z = 0.001 (D_L ≈ 4.3 Mpc, μ ≈ 28.2), M ≈ −9.2
    expect(isSnNearGalaxyCandidate(withFink({ legacyDr8Zphot: 0.001 }))).toBe(false);
    expect(isSnNearGalaxyCandidate(withFink({ mangroveLumDistMpc: 40 }))).toBe(false);
  });
  it('mdwarf_flare: u/g, 10 % over the template, isolated, red quiescent colours, airmass > 1.3', () => {
    // 61105.1 MJD TAI: the local sidereal time at Cerro Pachón is ≈ 128.7° (airmass.test.ts); on the meridian at
    // Dec +20° sec z ≈ 1.56, at Dec −30° ≈ 1
    const flare: TagInput = {
      ...INPUT,
      source: { ...SOURCE, band: 'g', raDeg: 128.7, decDeg: 20 },
      history: { previousMjdTai: [61103.0, 61105.0], medianTemplateFluxNjy: { r: 1000, i: 2000, z: 3000 } },
    };
    // quiescent r − i = 2.5 log10(2) = 0.75 > 0.53, i − z = 2.5 log10(1.5) = 0.44 > 0.3
    expect(isMdwarfFlare(flare)).toBe(true);
    expect(isMdwarfFlare({ ...flare, source: { ...flare.source, band: 'r' } })).toBe(false);
    expect(isMdwarfFlare({ ...flare, source: { ...flare.source, decDeg: -30 } })).toBe(false);
    expect(isMdwarfFlare({ ...flare, source: { ...flare.source, templateFluxNjy: -5 } })).toBe(false);
    expect(
      isMdwarfFlare({
        ...flare,
        source: { ...flare.source, psfFluxNjy: 0.09 * 10 ** ((31.4 - 19.5) / 2.5), psfFluxErrNjy: 1 },
      }),
    ).toBe(false);
    // an earlier detection 24 h before
    expect(isMdwarfFlare({ ...flare, history: { ...flare.history!, previousMjdTai: [61104.1] } })).toBe(
      false,
    );
    // blue quiescent colours (r − i < 0.53), or no colour: passes only without colours
    const blue = { r: 2000, i: 2000, z: 3000 };
    expect(isMdwarfFlare({ ...flare, history: { ...flare.history!, medianTemplateFluxNjy: blue } })).toBe(
      false,
    );
    expect(isMdwarfFlare({ ...flare, history: null })).toBe(true);
    // a first detection needs a Gaia star
    const first = { ...flare, fink: { ...FINK, firstDiaSourceMjdTaiFink: SOURCE.midpointMjdTai } };
    expect(isMdwarfFlare(first)).toBe(false);
    expect(
      isMdwarfFlare({
        ...first,
        fink: { ...first.fink, gaiaDr3Name: 'Gaia DR3 1', gaiaPlxMas: 10, gaiaPlxErrMas: 1 },
      }),
    ).toBe(true);
    expect(isMdwarfFlare({ ...flare, fink: null })).toBe(false);
  });
  it('uniform_sample: diaSourceId divisible by 113, Fink values or not', () => {
    expect(isUniformSample(withSource({ diaSourceId: 113n * 1505260675029000n }))).toBe(true);
    expect(isUniformSample({ ...withSource({ diaSourceId: 113n * 7n }), fink: null })).toBe(true);
    expect(isUniformSample(INPUT)).toBe(false);
  });
  it('an alert without Fink values carries no tag that reads them', () => {
    expect(tagsOf({ ...INPUT, fink: null })).toEqual([]);
    expect(tagsOf(INPUT)).toEqual([
      'extragalactic_lt20mag_candidate',
      'most_likely_sn',
      'remove_unlikely_transients',
    ]);
  });
  it('lists the 12 tags and 16 blocks of fink-filters 7.40, alphabetically', () => {
    const names = LSST_TAGS.map((t) => t.name);
    expect(names).toHaveLength(12);
    expect(names).toEqual([...names].sort());
    expect(LSST_TAGS.filter((t) => t.select === null).map((t) => t.name)).toEqual([
      'faint_trails',
      'fast_transient_gvom',
    ]);
    expect(LSST_BLOCKS).toHaveLength(16);
    expect(LSST_BLOCKS.map((b) => b.name)).toEqual(LSST_BLOCKS.map((b) => b.name).sort());
  });
});
