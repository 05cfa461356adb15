/** Rubin's id rule, with the examples of docs/references.md, "Rubin's alert stream" (lsst/alert_packet). */
import { describe, expect, it } from 'vitest';
import { lsstSchemaVersionOf, rubinSchemaId } from './rubin-schema-id.js';

describe('rubinSchemaId', () => {
  it('writes the major followed by the minor on two digits', () => {
    expect(rubinSchemaId('lsst.v7_3')).toBe(703);
    expect(rubinSchemaId('lsst.v7_0')).toBe(700);
    expect(rubinSchemaId('lsst.v10_0')).toBe(1000);
    expect(rubinSchemaId('lsst.v11_0')).toBe(1100);
    expect(rubinSchemaId('lsst.v12_34')).toBe(1234);
  });

  it('gives null outside the rule', () => {
    for (const v of ['lsst.v7_100', 'lsst.v7', 'ztf.v7_3', 'lsst.v7_3.alert', 'lsst.vx_3', '']) {
      expect(rubinSchemaId(v)).toBeNull();
    }
  });
});

describe('lsstSchemaVersionOf', () => {
  it("is the namespace of a name in Rubin's namespace", () => {
    expect(lsstSchemaVersionOf('lsst.v10_0.alert')).toBe('lsst.v10_0');
    expect(lsstSchemaVersionOf('lsst.v7_4.diaSource')).toBe('lsst.v7_4');
  });

  it('is null for other names', () => {
    for (const n of ['topLevelRecord', 'ztf.alert', 'lsst.alert', 'alert', undefined]) {
      expect(lsstSchemaVersionOf(n)).toBeNull();
    }
  });
});
