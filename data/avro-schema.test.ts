import avro from 'avsc';
import { describe, expect, it } from 'vitest';
import { bigintLongType } from './avro-long.js';
import {
  FINK_SCIENCE_FIELDS,
  FINK_ZTF_SCHEMA,
  FINK_ZTF_SCHEMA_TEXT,
  ZTF_PRV_CANDIDATE_FIELD_NAMES,
} from './avro-schema.js';
import { SCIENCE_FIELD_NAMES } from './columns.js';
import { ZTF_CANDIDATE_FIELDS } from './ztf-candidate-fields.js';

type FieldJson = { name: string; type: unknown };
const fieldsOf = (schema: unknown): FieldJson[] => (schema as { fields: FieldJson[] }).fields;

describe('FINK_ZTF_SCHEMA', () => {
  const type = avro.Type.forSchema(FINK_ZTF_SCHEMA as unknown as avro.Schema, {
    registry: { long: bigintLongType },
  });

  it('has the ZTF alert fields in order, then the Fink fields', () => {
    const names = FINK_ZTF_SCHEMA.fields.map((f) => f.name);
    expect(names.slice(0, 11)).toEqual([
      'schemavsn',
      'publisher',
      'objectId',
      'candid',
      'candidate',
      'prv_candidates',
      'cutoutScience',
      'cutoutTemplate',
      'cutoutDifference',
      'fink_broker_version',
      'fink_science_version',
    ]);
    expect(names.slice(11)).toEqual([...SCIENCE_FIELD_NAMES]);
    expect(FINK_ZTF_SCHEMA.name).toBe('alert');
    expect(FINK_ZTF_SCHEMA.namespace).toBe('ztf');
  });

  it('declares every ZTF 4.02 candidate field as a nullable union of its type', () => {
    const candidate = fieldsOf(FINK_ZTF_SCHEMA.fields[4].type);
    expect(candidate.map((f) => f.name)).toEqual(ZTF_CANDIDATE_FIELDS.map(([n]) => n));
    for (const [i, [, t]] of ZTF_CANDIDATE_FIELDS.entries()) expect(candidate[i].type).toEqual([t, 'null']);
    expect(FINK_ZTF_SCHEMA.fields[3].type).toBe('long');
  });

  it('has the 57 prv_candidate fields with the candidate types', () => {
    expect(ZTF_PRV_CANDIDATE_FIELD_NAMES).toHaveLength(57);
    const prv = (FINK_ZTF_SCHEMA.fields[5].type as unknown as [{ items: unknown }, string])[0].items;
    const fields = fieldsOf(prv);
    expect(fields.map((f) => f.name)).toEqual(ZTF_PRV_CANDIDATE_FIELD_NAMES);
    expect(fields.find((f) => f.name === 'candid')?.type).toEqual(['long', 'null']);
    expect(fields.find((f) => f.name === 'magpsf')?.type).toEqual(['float', 'null']);
  });

  it('types the Fink fields as the catalogue does', () => {
    const byName = new Map(FINK_SCIENCE_FIELDS);
    expect(byName.get('roid')).toBe('int');
    expect(byName.get('mulens')).toBe('double');
    expect(byName.get('cdsxmatch')).toBe('string');
    expect(byName.get('from_upper')).toBe('boolean');
    expect(byName.get('nalerthist')).toBe('int');
  });

  it('compiles in avsc (BigInt longs) and is the parse of its text', () => {
    expect(type.typeName).toBe('record');
    expect(JSON.parse(FINK_ZTF_SCHEMA_TEXT)).toEqual(FINK_ZTF_SCHEMA);
  });
});
