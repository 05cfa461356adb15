import { describe, expect, it } from 'vitest';
import {
  EG_HOST_LABELS,
  EG_HOST_LABELS_LATER,
  FINK_CLASSES,
  isFinkClass,
  isSimbadLabel,
  isTnsType,
  parseClassArgument,
  SIMBAD_LABELS,
  TNS_TYPES,
  UNKNOWN_CLASS,
} from './classes.js';

/** Case-insensitive stable sort, as the reference's `sorted(..., key=str.lower)`. */
function sortedCaseInsensitive(list: readonly string[]): string[] {
  return [...list].sort((a, b) => {
    const x = a.toLowerCase();
    const y = b.toLowerCase();
    return x < y ? -1 : x > y ? 1 : 0;
  });
}

describe('class lists (docs/references.md#api-classes, #eg-host-list, #simbad-labels)', () => {
  it('has the 8 G1 Fink labels, sorted case-insensitively, without Unknown', () => {
    expect(FINK_CLASSES).toEqual([
      'Ambiguous',
      'Early SN Ia candidate',
      'Kilonova candidate',
      'Microlensing candidate',
      'SN candidate',
      'Solar System candidate',
      'Solar System MPC',
      'Tracklet',
    ]);
    expect(FINK_CLASSES).not.toContain(UNKNOWN_CLASS);
    expect(UNKNOWN_CLASS).toBe('Unknown');
  });

  it('has the 43 TNS types, unique and sorted case-insensitively', () => {
    expect(TNS_TYPES).toHaveLength(43);
    expect(new Set(TNS_TYPES).size).toBe(43);
    expect([...TNS_TYPES]).toEqual(sortedCaseInsensitive(TNS_TYPES));
    expect(TNS_TYPES[0]).toBe('Afterglow');
    expect(TNS_TYPES[42]).toBe('Varstar');
    expect(TNS_TYPES).toContain('SN Iax[02cx-like]');
  });

  it('has the 315 SIMBAD labels, unique, sorted case-insensitively, without Unknown', () => {
    expect(SIMBAD_LABELS).toHaveLength(315);
    expect(new Set(SIMBAD_LABELS).size).toBe(315);
    expect([...SIMBAD_LABELS]).toEqual(sortedCaseInsensitive(SIMBAD_LABELS));
    expect(SIMBAD_LABELS[0]).toBe('**');
    expect(SIMBAD_LABELS[314]).toBe('YSO_Candidate');
    expect(SIMBAD_LABELS as readonly string[]).not.toContain('Unknown');
    // Three pairs differ only by case and are distinct labels.
    const lower = new Set(SIMBAD_LABELS.map((l) => l.toLowerCase()));
    expect(lower.size).toBe(312);
    for (const label of SIMBAD_LABELS) expect(label).toBe(label.trim());
  });

  it('has the 30 January-2025 EG-host values and the 4 later ones apart', () => {
    expect(EG_HOST_LABELS).toHaveLength(30);
    expect(new Set(EG_HOST_LABELS).size).toBe(30);
    expect(EG_HOST_LABELS).toContain('Unknown');
    expect(EG_HOST_LABELS).toContain('Fail 504');
    expect(EG_HOST_LABELS).toContain('galaxy');
    expect(EG_HOST_LABELS).toContain('SN*_Candidate');
    expect(EG_HOST_LABELS_LATER).toEqual(['LINER', 'Possible_ClG', 'Possible_SClG', 'GravLens_Candidate']);
    for (const label of EG_HOST_LABELS_LATER)
      expect(EG_HOST_LABELS as readonly string[]).not.toContain(label);
  });

  it('answers the membership predicates exactly and case-sensitively', () => {
    expect(isFinkClass('SN candidate')).toBe(true);
    expect(isFinkClass('sn candidate')).toBe(false);
    expect(isTnsType('SN Ia')).toBe(true);
    expect(isTnsType('(TNS) SN Ia')).toBe(false);
    expect(isSimbadLabel('QSO')).toBe(true);
    expect(isSimbadLabel('qso')).toBe(false);
    expect(isSimbadLabel('blue')).toBe(true);
    expect(isSimbadLabel('Blue')).toBe(true);
  });
});

describe('parseClassArgument', () => {
  it('recognises every Fink label', () => {
    for (const label of FINK_CLASSES) expect(parseClassArgument(label)).toEqual({ kind: 'fink', label });
  });

  it('recognises allclasses and Unknown', () => {
    expect(parseClassArgument('allclasses')).toEqual({ kind: 'all', label: 'allclasses' });
    expect(parseClassArgument('Unknown')).toEqual({ kind: 'unknown', label: 'Unknown' });
  });

  it('recognises SIMBAD labels with and without prefix, equivalently', () => {
    expect(parseClassArgument('(SIMBAD) QSO')).toEqual({ kind: 'simbad', label: 'QSO' });
    expect(parseClassArgument('QSO')).toEqual({ kind: 'simbad', label: 'QSO' });
    expect(parseClassArgument('(SIMBAD) EB*')).toEqual(parseClassArgument('EB*'));
    expect(parseClassArgument('(SIMBAD) Radio(sub-mm)')).toEqual({ kind: 'simbad', label: 'Radio(sub-mm)' });
    for (const label of SIMBAD_LABELS) {
      expect(parseClassArgument(`(SIMBAD) ${label}`)).toEqual({ kind: 'simbad', label });
      expect(parseClassArgument(label)).toEqual({ kind: 'simbad', label });
    }
  });

  it('recognises every TNS type with its prefix only', () => {
    for (const label of TNS_TYPES)
      expect(parseClassArgument(`(TNS) ${label}`)).toEqual({ kind: 'tns', label });
    // Bare "SN Ia" is not a SIMBAD label, and TNS types need their prefix.
    expect(parseClassArgument('SN Ia')).toBeNull();
    // Bare "QSO" is the SIMBAD label, "(TNS) QSO" the TNS type.
    expect(parseClassArgument('(TNS) QSO')).toEqual({ kind: 'tns', label: 'QSO' });
  });

  it('ignores surrounding white space', () => {
    expect(parseClassArgument('  Early SN Ia candidate ')).toEqual({
      kind: 'fink',
      label: 'Early SN Ia candidate',
    });
    expect(parseClassArgument('(SIMBAD)   QSO ')).toEqual({ kind: 'simbad', label: 'QSO' });
    expect(parseClassArgument('(TNS)SN Ia')).toEqual({ kind: 'tns', label: 'SN Ia' });
  });

  it('returns null for unknown or malformed classes, never throwing', () => {
    for (const text of [
      '',
      '   ',
      'early sn ia candidate',
      'qso',
      '(SIMBAD) Unknown',
      '(SIMBAD) SN candidate',
      '(TNS) Foo',
      '(TNS) ',
      '(cta) blazar low state',
      'SLSN',
      'Anomaly',
      'ALLCLASSES',
      '(simbad) QSO',
      'QSO; DROP TABLE alerts',
    ]) {
      expect(parseClassArgument(text)).toBeNull();
    }
    expect(parseClassArgument(42 as unknown as string)).toBeNull();
    expect(parseClassArgument(undefined as unknown as string)).toBeNull();
  });
});
