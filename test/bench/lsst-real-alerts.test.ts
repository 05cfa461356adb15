/**
 * The real-alert input of the LSST ingestion benchmark (bench/lsst-real-alerts.ts): a copy of one of Fink's 7 real
 * LSST alerts has every diaSource, diaForcedSource and diaObject id shifted and nothing else, a Solar System
 * alert keeps its diaObjectId 0 and ssSource, the 64-bit ids survive the Avro encoding, and the copies of a
 * 2,100-alert topic carry no id twice. Expected ids and counts are read off the data file (test/data/lsst/README).
 */
import fs from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ID_SHIFT_PER_COPY,
  loadRealLsstAlerts,
  type RealLsstAlerts,
  roundRobinMean,
  shiftLsstAlertIds,
} from '../../bench/lsst-real-alerts.js';
import { canonicalAvroValue } from '../support/avro-container.js';
import { testDataPath } from '../support/test-data.js';

type Row = Record<string, unknown>;

let real: RealLsstAlerts;

beforeAll(async () => {
  real = await loadRealLsstAlerts(testDataPath('lsst', 'part-2-918301.avro'));
});

/** The alert with a diaObject: first of the file. */
const OBJECT_ALERT = 0;
/** A Solar System alert (diaObjectId 0, ssSource of 2004 JQ12): fifth of the file. */
const SSO_ALERT = 4;

describe('copies of the real LSST alerts', () => {
  it("read the file's 7 alerts, their history lengths and their datums' bytes", () => {
    expect(real.records).toHaveLength(7);
    expect(real.prvDiaSources).toEqual([345, 319, 376, 303, 0, 391, 0]);
    expect(real.prvDiaForcedSources).toEqual([395, 408, 777, 401, 0, 340, 0]);
    // the datums re-encoded are the file's records: its size less the header (schema) and block framing
    const datumBytes = real.messageBytes.reduce((s, n) => s + n - 5, 0);
    const framing = fs.statSync(testDataPath('lsst', 'part-2-918301.avro')).size - datumBytes;
    expect(framing).toBeGreaterThan(real.schemaText.length);
    expect(framing).toBeLessThan(real.schemaText.length + 1000);
    expect(roundRobinMean(real.prvDiaSources, 2100)).toBeCloseTo(1734 / 7, 10);
    expect(roundRobinMean(real.prvDiaForcedSources, 8)).toBeCloseTo((2321 + 395) / 8, 10);
  });

  it('shift every diaSource, diaForcedSource and diaObject id of an alert with a diaObject, nothing else', () => {
    const input = real.records[OBJECT_ALERT];
    const before = canonicalAvroValue(input);
    const copy = shiftLsstAlertIds(input, 3n * ID_SHIFT_PER_COPY);
    expect(canonicalAvroValue(input)).toBe(before);
    // 170094456272322680 and 170028485706776685 in the file, plus 3·10^9
    expect(copy.diaSourceId).toBe(170094459272322680n);
    const source = copy.diaSource as Row;
    expect(source.diaSourceId).toBe(170094459272322680n);
    expect(source.diaObjectId).toBe(170028488706776685n);
    expect((copy.diaObject as Row).diaObjectId).toBe(170028488706776685n);
    // each history row: its own id shifted, the diaObjectId the shifted one, the rest as in the file
    const historyLists = [
      ['prvDiaSources', 'diaSourceId', 345],
      ['prvDiaForcedSources', 'diaForcedSourceId', 395],
    ] as const;
    for (const [list, idField, length] of historyLists) {
      const rows = copy[list] as Row[];
      const rowsIn = input[list] as Row[];
      expect(rows).toHaveLength(length);
      rows.forEach((row, i) => {
        expect(row.diaObjectId).toBe(170028488706776685n);
        expect(row[idField]).toBe((rowsIn[i][idField] as bigint) + 3_000_000_000n);
        expect(canonicalAvroValue({ ...row, [idField]: 0, diaObjectId: 0 })).toBe(
          canonicalAvroValue({ ...rowsIn[i], [idField]: 0, diaObjectId: 0 }),
        );
      });
    }
    // everything else as in the file
    const rest = (r: Row): string =>
      canonicalAvroValue({
        ...r,
        diaSourceId: 0,
        diaSource: { ...(r.diaSource as Row), diaSourceId: 0, diaObjectId: 0 },
        diaObject: { ...(r.diaObject as Row), diaObjectId: 0 },
        prvDiaSources: 0,
        prvDiaForcedSources: 0,
      });
    expect(rest(copy)).toBe(rest(input));
  });

  it('keep a Solar System alert a Solar System alert: diaObjectId 0, ssSource and ssObjectId unchanged', () => {
    const input = real.records[SSO_ALERT];
    const copy = shiftLsstAlertIds(input, 2n * ID_SHIFT_PER_COPY);
    // 170094456480989258 in the file, plus 2·10^9
    expect(copy.diaSourceId).toBe(170094458480989258n);
    const source = copy.diaSource as Row;
    expect(source.diaSourceId).toBe(170094458480989258n);
    expect(source.diaObjectId).toBe(0n);
    expect(source.ssObjectId).toBe(21163624394469969n);
    expect((copy.diaObject as Row).diaObjectId).toBeNull();
    expect(copy.prvDiaSources).toBeNull();
    expect(copy.prvDiaForcedSources).toBeNull();
    expect(canonicalAvroValue(copy.ssSource)).toBe(canonicalAvroValue(input.ssSource));
    expect((copy.ssSource as Row).designation).toBe('2004 JQ12');
  });

  it('encode the shifted 64-bit ids exactly (beyond 2^53) in the Avro datum', () => {
    const copy = shiftLsstAlertIds(real.records[OBJECT_ALERT], 299n * ID_SHIFT_PER_COPY);
    const back = real.type.fromBuffer(real.type.toBuffer(copy)) as Row;
    expect(back.diaSourceId).toBe(170094755272322680n);
    expect((back.diaObject as Row).diaObjectId).toBe(170028784706776685n);
  });

  it('give no id twice over the 300 copies of a 2,100-alert topic', () => {
    const sources = new Set<bigint>();
    const forced = new Set<bigint>();
    const objects = new Set<bigint>();
    let sourceRows = 0;
    let forcedRows = 0;
    for (let c = 0n; c < 300n; c++) {
      for (const r of real.records) {
        const copy = shiftLsstAlertIds(r, c * ID_SHIFT_PER_COPY);
        const source = copy.diaSource as Row;
        sources.add(source.diaSourceId as bigint);
        sourceRows++;
        if (source.diaObjectId !== 0n) objects.add(source.diaObjectId as bigint);
        for (const s of (copy.prvDiaSources as Row[] | null) ?? []) {
          sources.add(s.diaSourceId as bigint);
          sourceRows++;
        }
        for (const f of (copy.prvDiaForcedSources as Row[] | null) ?? []) {
          forced.add(f.diaForcedSourceId as bigint);
          forcedRows++;
        }
      }
    }
    expect(sourceRows).toBe(300 * (7 + 1734));
    expect(sources.size).toBe(sourceRows);
    expect(forcedRows).toBe(300 * 2321);
    expect(forced.size).toBe(forcedRows);
    expect(objects.size).toBe(300 * 5);
  });
});
