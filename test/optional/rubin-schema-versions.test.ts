/**
 * Every Rubin alert schema 7.0-11.0 (lsst/alert_packet python/lsst/alert/packet/schema/<M>/<m>/, GPL-3.0, not
 * copied into the project): each version's `sample_data/fakeAlert.avro` (one synthetic alert written by Rubin's
 * tools) read by readLsstAvroFile, checked against avsc's generic decoding and the schema's own field lists.
 * Optional check, run only when asked (`npm run test:rubin-schemas`; where the schemas are read from:
 * test/support/rubin-schemas.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { LsstAlert } from '../../data/index.js';
import { readHeader } from '../../ingest/decode/index.js';
import {
  inferLsstVersion,
  LsstSchemaCache,
  lsstAlertFromRecord,
  lsstColumnsFromAvroSchema,
  lsstPlanFromAvroSchema,
  shapeFromAvroSchema,
} from '../../ingest/decode/lsst/index.js';
import { encodeContainer } from '../../ingest/simulate/index.js';
import { readLsstAvroFile } from '../../ingest/sources/index.js';
import { avscLsstRecords } from '../support/lsst-avro-records.js';
import { decodeBothWays, expectBothWaysEqual } from '../support/lsst-both-ways.js';
import { rubinSchemasDir } from '../support/rubin-schemas.js';

type Rec = Record<string, unknown>;
type Field = { name: string; type: unknown };

const SCHEMAS = rubinSchemasDir();
const VERSIONS = ['7/0', '7/1', '7/2', '7/3', '7/4', '8/0', '9/0', '10/0', '11/0'];

function sampleOf(version: string): string {
  return path.join(SCHEMAS, version, 'sample_data', 'fakeAlert.avro');
}

/** The fields of the record a root field holds (a record, a nullable record, or an array of them). */
function recordFields(schema: { fields: Field[] }, name: string, named: Map<string, Field[]>): string[] {
  let t = schema.fields.find((f) => f.name === name)?.type;
  if (Array.isArray(t)) t = t.find((b) => b !== 'null');
  if (t && typeof t === 'object' && (t as { type: string }).type === 'array')
    t = (t as { items: unknown }).items;
  if (typeof t === 'string') return (named.get(t) ?? []).map((f) => f.name);
  return ((t as { fields?: Field[] })?.fields ?? []).map((f) => f.name);
}

describe('Rubin alert schemas 7.0-11.0', () => {
  it.each(VERSIONS)('reads schema %s: its catalogue, version and sample alert', async (version) => {
    const [major, minor] = version.split('/');
    const name = `lsst.v${major}_${minor}`;
    const file = sampleOf(version);
    const text = readHeader(fs.readFileSync(file))?.schemaText ?? '';
    const schema = JSON.parse(text) as { name: string; fields: Field[] };
    const named = new Map<string, Field[]>();
    const diaSourceType = schema.fields.find((f) => f.name === 'diaSource')?.type as {
      name: string;
      fields: Field[];
    };
    named.set(diaSourceType.name, diaSourceType.fields);

    const columns = lsstColumnsFromAvroSchema(text);
    const plan = lsstPlanFromAvroSchema(text);
    expect(plan.version).toBe(name);
    // 11.0 differs from 10.0 only by the nullability of a few fields: the earliest consistent version is 10.0
    expect(inferLsstVersion(shapeFromAvroSchema(JSON.parse(text)) ?? { name: '', fields: [] })).toBe(
      name === 'lsst.v11_0' ? 'lsst.v10_0' : name,
    );
    const rootRubin = ['observation_reason', 'target_name'].filter((n) =>
      schema.fields.some((f) => f.name === n),
    );
    expect(columns.source.map((c) => c.name)).toEqual(
      [...recordFields(schema, 'diaSource', named), ...rootRubin].map((n) => `r:${n}`),
    );
    expect(columns.history.map((c) => c.name)).toEqual(
      recordFields(schema, 'prvDiaSources', named).map((n) => `r:${n}`),
    );
    expect(columns.forced.map((c) => c.name)).toEqual(
      recordFields(schema, 'prvDiaForcedSources', named).map((n) => `r:${n}`),
    );
    const orbitField = Number(major) >= 10 ? 'mpc_orbits' : Number(major) >= 8 ? 'MPCORB' : null;
    expect(columns.orbit.map((c) => c.name)).toEqual(
      orbitField ? recordFields(schema, orbitField, named).map((n) => `r:${n}`) : [],
    );
    expect(columns.source.find((c) => c.name === 'r:diaSourceId')?.type).toBe('long');
    expect(columns.source.find((c) => c.name === 'r:midpointMjdTai')?.type).toBe('double');
    expect(columns.source.find((c) => c.name === 'r:ra')?.doc).not.toBe('');

    const [rec] = await avscLsstRecords(file);
    const outcomes: ({ ok: true; alert: LsstAlert } | { ok: false; reason: string })[] = [];
    for await (const ev of readLsstAvroFile(file)) {
      if (ev.kind === 'items') outcomes.push(...ev.items.map((i) => i.outcome));
    }
    expect(outcomes).toHaveLength(1);
    const diaSource = rec.diaSource as Rec;
    let alert: LsstAlert;
    if (Number(major) < 8) {
      // the 7.x samples hold midpointMjdTai = 1480360995 (not an MJD): rejected; the mapping is checked on the
      // same record with a real time
      expect(outcomes[0].ok ? '' : outcomes[0].reason).toMatch(/midpointMjdTai 1480360995 is not an MJD/);
      const fixed = lsstAlertFromRecord(
        { ...rec, diaSource: { ...diaSource, midpointMjdTai: 60_000.5 } },
        columns,
        name,
      );
      if (!fixed.ok) throw new Error(fixed.reason);
      alert = fixed.alert;
      expect(alert.diaSourceId).toBe(rec.alertId);
      // MJD 60000.5 TAI = 2023-02-25 12:00:00 TAI = 11:59:23 UTC, before the noon (UTC) rollover of dayObs
      expect(alert.night).toBe(20230224);
    } else {
      if (!outcomes[0].ok) throw new Error(outcomes[0].reason);
      alert = outcomes[0].alert;
      expect(alert.diaSourceId).toBe(rec.diaSourceId);
      expect(alert.midpointMjdTai).toBe(diaSource.midpointMjdTai);
    }
    expect(alert.schemaVersion).toBe(name);
    expect(alert.diaObjectId).toBe(diaSource.diaObjectId ?? 0n);
    expect(alert.history).toHaveLength(((rec.prvDiaSources as unknown[] | null) ?? []).length);
    expect(alert.forced).toHaveLength(((rec.prvDiaForcedSources as unknown[] | null) ?? []).length);
    expect(alert.object === null).toBe(rec.diaObject === null);
    for (const [k, v] of Object.entries(diaSource))
      if (k !== 'midpointMjdTai') expect(alert.source[`r:${k}`], k).toBe(v);
  });

  it.each(VERSIONS)(
    'decodes schema %s with the generated reader as avsc does, field by field',
    async (version) => {
      const file = sampleOf(version);
      const text = readHeader(fs.readFileSync(file))?.schemaText ?? '';
      const schema = new LsstSchemaCache().get(text);
      expect(schema.reader, 'the generator takes the schema').not.toBeNull();
      // the 7.x samples' midpointMjdTai (1480360995) is not an MJD: re-encoded with a real time, so that the alert
      // is made, not rejected, and every row is compared
      const records = (await avscLsstRecords(file)).map((rec) => ({
        ...rec,
        diaSource: { ...(rec.diaSource as Rec), midpointMjdTai: 60_000.5 },
      }));
      const both = decodeBothWays(encodeContainer(records, schema.type, { schemaText: text }));
      expect(expectBothWaysEqual(both, `fakeAlert ${version}`)).toBe(1);
    },
  );
});
