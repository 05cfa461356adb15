import { describe, expect, it } from 'vitest';
import { type ClassificationInput, classifyAlert, isSimbadClassification } from './fink-classification.js';
import { EG_HOST_LABELS, EG_HOST_LABELS_LATER } from './fink-labels.js';

/** JD of 2020-05-31 00:00 UTC, a multiple of 0.5 so that lapses below are exact in binary. */
const JD0 = 2459000.5;

/** A real, point-like alert seen once, with no science flag up: classified `Unknown`. */
const NEUTRAL: ClassificationInput = {
  cdsxmatch: 'Unknown',
  roid: 0,
  mulens: 0,
  snn_snia_vs_nonia: 0,
  snn_sn_vs_all: 0,
  rf_snia_vs_nonia: 0,
  ndethist: 1,
  drb: 0.9,
  classtar: 0.9,
  jd: JD0,
  jdstarthist: JD0,
  rf_kn_vs_nonkn: 0,
  tracklet: '',
};

function alert(overrides: Partial<ClassificationInput>): ClassificationInput {
  return { ...NEUTRAL, ...overrides };
}

/** SN flag up (and not early SN Ia: rf_snia_vs_nonia is 0): 3 detections over 10 days. */
const SN = { snn_snia_vs_nonia: 0.6, ndethist: 3, jd: JD0 + 10 } as const;
/** Early SN Ia flag up, SN flag down (a single detection). */
const EARLY_ONLY = { snn_sn_vs_all: 0.9, rf_snia_vs_nonia: 0.7, ndethist: 1 } as const;
/** Kilonova flag up: 2 days after the first detection. */
const KN = { rf_kn_vs_nonkn: 0.8, ndethist: 2, jd: JD0 + 2 } as const;
const TRACKLET = 'TRCK_20211022_091949_00';

describe('classifyAlert: single labels (docs/references.md#fink-classification)', () => {
  it('gives Unknown when no flag is up', () => {
    expect(classifyAlert(NEUTRAL)).toBe('Unknown');
  });

  it('gives Microlensing candidate for any positive mulens', () => {
    expect(classifyAlert(alert({ mulens: 1e-9 }))).toBe('Microlensing candidate');
    expect(classifyAlert(alert({ mulens: 0 }))).toBe('Unknown');
    expect(classifyAlert(alert({ mulens: -0.1 }))).toBe('Unknown');
  });

  it('gives SN candidate from either SuperNNova score', () => {
    expect(classifyAlert(alert(SN))).toBe('SN candidate');
    expect(classifyAlert(alert({ ...SN, snn_snia_vs_nonia: 0, snn_sn_vs_all: 0.51 }))).toBe('SN candidate');
  });

  it('gives Early SN Ia candidate, overwriting SN candidate', () => {
    expect(classifyAlert(alert(EARLY_ONLY))).toBe('Early SN Ia candidate');
    expect(classifyAlert(alert({ ...SN, rf_snia_vs_nonia: 0.7 }))).toBe('Early SN Ia candidate');
  });

  it('gives Kilonova candidate, overwriting SN and Early SN Ia', () => {
    expect(classifyAlert(alert(KN))).toBe('Kilonova candidate');
    expect(classifyAlert(alert({ ...SN, ...KN, rf_snia_vs_nonia: 0.7 }))).toBe('Kilonova candidate');
  });

  it('gives Solar System candidate for roid 2 and Solar System MPC for roid 3', () => {
    expect(classifyAlert(alert({ roid: 2 }))).toBe('Solar System candidate');
    expect(classifyAlert(alert({ roid: 3 }))).toBe('Solar System MPC');
    expect(classifyAlert(alert({ roid: 1 }))).toBe('Unknown');
  });

  it('gives Tracklet for a TRCK_ id only', () => {
    expect(classifyAlert(alert({ tracklet: TRACKLET }))).toBe('Tracklet');
    expect(classifyAlert(alert({ tracklet: 'TRCK' }))).toBe('Unknown');
    expect(classifyAlert(alert({ tracklet: 'trck_20211022' }))).toBe('Unknown');
  });
});

describe('classifyAlert: order of assignment and ambiguity', () => {
  it('lets Tracklet overwrite Solar System candidate, and Solar System MPC overwrite Tracklet', () => {
    expect(classifyAlert(alert({ roid: 2, tracklet: TRACKLET }))).toBe('Tracklet');
    expect(classifyAlert(alert({ roid: 3, tracklet: TRACKLET }))).toBe('Solar System MPC');
  });

  it('lets Solar System candidate overwrite Kilonova candidate', () => {
    expect(classifyAlert(alert({ ...KN, roid: 2 }))).toBe('Solar System candidate');
  });

  it('drops SN and kilonova when roid is 3', () => {
    expect(classifyAlert(alert({ ...SN, roid: 3 }))).toBe('Solar System MPC');
    expect(classifyAlert(alert({ ...KN, roid: 3 }))).toBe('Solar System MPC');
  });

  it('gives Ambiguous when two of {microlensing, SN, SSO candidate, SSO MPC} hold', () => {
    expect(classifyAlert(alert({ ...SN, mulens: 0.2 }))).toBe('Ambiguous');
    expect(classifyAlert(alert({ mulens: 0.2, roid: 2 }))).toBe('Ambiguous');
    expect(classifyAlert(alert({ mulens: 0.2, roid: 3 }))).toBe('Ambiguous');
    expect(classifyAlert(alert({ ...SN, roid: 2 }))).toBe('Ambiguous');
    expect(classifyAlert(alert({ ...SN, roid: 2, tracklet: TRACKLET }))).toBe('Ambiguous');
  });

  it('does not count early SN Ia, kilonova or tracklet in the ambiguity', () => {
    expect(classifyAlert(alert({ ...EARLY_ONLY, mulens: 0.2 }))).toBe('Early SN Ia candidate');
    expect(classifyAlert(alert({ ...KN, mulens: 0.2 }))).toBe('Kilonova candidate');
    expect(classifyAlert(alert({ tracklet: TRACKLET, mulens: 0.2 }))).toBe('Tracklet');
  });
});

describe('classifyAlert: SIMBAD', () => {
  it('returns the SIMBAD type over every Fink label, Ambiguous and Tracklet included', () => {
    expect(classifyAlert(alert({ cdsxmatch: 'RRLyr' }))).toBe('RRLyr');
    expect(classifyAlert(alert({ cdsxmatch: 'EmG', ...SN, mulens: 0.2 }))).toBe('EmG');
    expect(classifyAlert(alert({ cdsxmatch: 'V*', tracklet: TRACKLET }))).toBe('V*');
    expect(classifyAlert(alert({ cdsxmatch: 'Star', roid: 3 }))).toBe('Star');
    // Host-compatible SIMBAD types keep their label even when the SN rule fires.
    expect(classifyAlert(alert({ cdsxmatch: 'SN', ...SN }))).toBe('SN');
    // The lower-case `galaxy` is not excluded from the simbad flag.
    expect(classifyAlert(alert({ cdsxmatch: 'galaxy' }))).toBe('galaxy');
    // Odd values outside Appendix A pass through.
    expect(classifyAlert(alert({ cdsxmatch: 'blue' }))).toBe('blue');
  });

  it('does not treat Unknown, Transient, Fail…, or Galaxy… as a SIMBAD classification', () => {
    for (const cds of ['Unknown', 'Transient', 'Fail', 'Fail 504', 'Fail 503', 'Galaxy', 'GalaxyInCluster']) {
      expect(isSimbadClassification(cds)).toBe(false);
      expect(classifyAlert(alert({ cdsxmatch: cds }))).toBe('Unknown');
    }
    expect(isSimbadClassification('QSO')).toBe(true);
  });

  it('lets Galaxy, Fail 504 and Transient hosts keep the Fink label', () => {
    expect(classifyAlert(alert({ cdsxmatch: 'Galaxy', ...SN }))).toBe('SN candidate');
    expect(classifyAlert(alert({ cdsxmatch: 'Fail 504', ...SN, mulens: 0.2 }))).toBe('Ambiguous');
    expect(classifyAlert(alert({ cdsxmatch: 'Transient', ...KN }))).toBe('Kilonova candidate');
    expect(classifyAlert(alert({ cdsxmatch: 'Galaxy', tracklet: TRACKLET }))).toBe('Tracklet');
  });

  it('requires an EG host for SN, early SN Ia and kilonova', () => {
    // `Fail 503` is neither a SIMBAD classification nor in the host list.
    expect(classifyAlert(alert({ cdsxmatch: 'Fail 503', ...SN }))).toBe('Unknown');
    expect(classifyAlert(alert({ cdsxmatch: 'Fail 503', ...EARLY_ONLY }))).toBe('Unknown');
    expect(classifyAlert(alert({ cdsxmatch: 'Fail 503', ...KN }))).toBe('Unknown');
    // Microlensing and SSO need no host.
    expect(classifyAlert(alert({ cdsxmatch: 'Fail 503', mulens: 0.2 }))).toBe('Microlensing candidate');
  });

  it('uses the host list given in options', () => {
    const onlyUnknown = { egHostLabels: new Set(['Unknown']) };
    expect(classifyAlert(alert({ cdsxmatch: 'Transient', ...SN }), onlyUnknown)).toBe('Unknown');
    const later = { egHostLabels: new Set<string>([...EG_HOST_LABELS, ...EG_HOST_LABELS_LATER]) };
    expect(classifyAlert(alert({ cdsxmatch: 'Transient', ...SN }), later)).toBe('SN candidate');
  });
});

describe('classifyAlert: boundaries', () => {
  it('needs scores strictly above 0.5', () => {
    expect(classifyAlert(alert({ ...SN, snn_snia_vs_nonia: 0.5 }))).toBe('Unknown');
    expect(classifyAlert(alert({ ...EARLY_ONLY, rf_snia_vs_nonia: 0.5 }))).toBe('Unknown');
    expect(classifyAlert(alert({ ...KN, rf_kn_vs_nonkn: 0.5 }))).toBe('Unknown');
    expect(classifyAlert(alert({ ...SN, drb: 0.5 }))).toBe('Unknown');
    expect(classifyAlert(alert({ ...SN, drb: 0.500001 }))).toBe('SN candidate');
  });

  it('needs classtar strictly above 0.4', () => {
    expect(classifyAlert(alert({ ...SN, classtar: 0.4 }))).toBe('Unknown');
    expect(classifyAlert(alert({ ...KN, classtar: 0.4 }))).toBe('Unknown');
    expect(classifyAlert(alert({ ...SN, classtar: 0.41 }))).toBe('SN candidate');
  });

  it('allows ndethist up to 20 for early SN Ia, and below 20 for kilonova', () => {
    expect(classifyAlert(alert({ ...EARLY_ONLY, ndethist: 20, jd: JD0 + 200 }))).toBe(
      'Early SN Ia candidate',
    );
    expect(classifyAlert(alert({ ...EARLY_ONLY, ndethist: 21, jd: JD0 + 200 }))).toBe('Unknown');
    // ndethist 21 within 90 days: early SN Ia drops, SN remains.
    expect(classifyAlert(alert({ ...SN, rf_snia_vs_nonia: 0.7, ndethist: 21 }))).toBe('SN candidate');
    expect(classifyAlert(alert({ ...KN, ndethist: 19 }))).toBe('Kilonova candidate');
    expect(classifyAlert(alert({ ...KN, ndethist: 20 }))).toBe('Unknown');
  });

  it('needs ndethist above 1 for SN', () => {
    expect(classifyAlert(alert({ ...SN, ndethist: 1 }))).toBe('Unknown');
    expect(classifyAlert(alert({ ...SN, ndethist: 2 }))).toBe('SN candidate');
  });

  it('allows a lapse up to 90 days for SN and below 5 days for kilonova', () => {
    expect(classifyAlert(alert({ ...SN, jd: JD0 + 90 }))).toBe('SN candidate');
    expect(classifyAlert(alert({ ...SN, jd: JD0 + 90.5 }))).toBe('Unknown');
    expect(classifyAlert(alert({ ...KN, jd: JD0 + 4.5 }))).toBe('Kilonova candidate');
    expect(classifyAlert(alert({ ...KN, jd: JD0 + 5 }))).toBe('Unknown');
  });
});

describe('classifyAlert: null fields (raw ZTF alerts)', () => {
  const allNull: ClassificationInput = {
    cdsxmatch: null,
    roid: null,
    mulens: null,
    snn_snia_vs_nonia: null,
    snn_sn_vs_all: null,
    rf_snia_vs_nonia: null,
    ndethist: null,
    drb: null,
    classtar: null,
    jd: null,
    jdstarthist: null,
    rf_kn_vs_nonkn: null,
    tracklet: null,
  };

  it('gives Unknown for an alert without any value', () => {
    expect(classifyAlert(allNull)).toBe('Unknown');
  });

  it('treats null scores as 0, null cdsxmatch as Unknown and null tracklet as empty', () => {
    const raw = alert({ cdsxmatch: null, roid: null, mulens: null, rf_kn_vs_nonkn: null, tracklet: null });
    expect(classifyAlert(raw)).toBe('Unknown');
    // cdsxmatch null is host-compatible (Unknown is in the EG-host list).
    expect(classifyAlert({ ...raw, ...SN })).toBe('SN candidate');
    expect(classifyAlert(alert({ ...SN, roid: null }))).toBe('SN candidate');
    expect(classifyAlert(alert({ ...SN, cdsxmatch: '' }))).toBe('SN candidate');
  });

  it('makes every comparison on a null ZTF field false', () => {
    expect(classifyAlert(alert({ ...SN, drb: null }))).toBe('Unknown');
    expect(classifyAlert(alert({ ...SN, classtar: null }))).toBe('Unknown');
    expect(classifyAlert(alert({ ...SN, ndethist: null }))).toBe('Unknown');
    expect(classifyAlert(alert({ ...SN, jdstarthist: null }))).toBe('Unknown');
    expect(classifyAlert(alert({ ...KN, jd: null }))).toBe('Unknown');
    // Early SN Ia does not read the lapse.
    expect(classifyAlert(alert({ ...EARLY_ONLY, jd: null }))).toBe('Early SN Ia candidate');
    expect(classifyAlert(alert({ ...EARLY_ONLY, ndethist: null }))).toBe('Unknown');
  });

  it('treats NaN scores like failed comparisons', () => {
    expect(classifyAlert(alert({ mulens: Number.NaN }))).toBe('Unknown');
    expect(classifyAlert(alert({ ...SN, snn_snia_vs_nonia: Number.NaN }))).toBe('Unknown');
  });
});
