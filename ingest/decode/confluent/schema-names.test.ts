import avro from 'avsc';
import { describe, expect, it } from 'vitest';
import {
  AvroSchemaError,
  type AvroSchemaJson,
  inlineNamedTypes,
  topLevelNamedTypes,
} from './schema-names.js';

const point: AvroSchemaJson = {
  type: 'record',
  name: 'point',
  namespace: 'sky.v1',
  fields: [
    { name: 'ra', type: 'double' },
    { name: 'band', type: { type: 'enum', name: 'band', symbols: ['u', 'g'] } },
  ],
};

function lookupOf(...schemas: AvroSchemaJson[]): (name: string) => AvroSchemaJson | undefined {
  const byName = new Map(schemas.flatMap(topLevelNamedTypes).map((d) => [d.fullName, d.schema]));
  return (name) => byName.get(name);
}

describe('topLevelNamedTypes', () => {
  it('lists the top-level named type, or each of a top-level union, by full name', () => {
    expect(topLevelNamedTypes(point).map((d) => d.fullName)).toEqual(['sky.v1.point']);
    const union: AvroSchemaJson = [point, { type: 'fixed', name: 'a.b.id', size: 2 }, 'string'];
    expect(topLevelNamedTypes(union).map((d) => d.fullName)).toEqual(['sky.v1.point', 'a.b.id']);
    expect(topLevelNamedTypes('long')).toEqual([]);
  });
});

describe('inlineNamedTypes', () => {
  it('defines a referenced type at its first use and refers to it by full name afterwards', () => {
    const root: AvroSchemaJson = {
      type: 'record',
      name: 'alert',
      namespace: 'sky.v1',
      fields: [
        { name: 'now', type: 'point' }, // relative: sky.v1.point
        { name: 'before', type: { type: 'array', items: 'sky.v1.point' } },
        { name: 'maybe', type: ['null', 'point'] },
      ],
    };
    const inlined = inlineNamedTypes(root, lookupOf(point));
    const type = avro.Type.forSchema(inlined as avro.Schema);
    const value = {
      now: { ra: 1.5, band: 'g' },
      before: [{ ra: 2, band: 'u' }],
      maybe: { ra: 3, band: 'u' },
    };
    expect(type.fromBuffer(type.toBuffer(value))).toEqual(value);
    expect(JSON.stringify(inlined).match(/"type":"record","name":"sky.v1.point"/g)).toHaveLength(1);
  });

  it('resolves nested relative names in the namespace of the referenced type, not of the user', () => {
    const root: AvroSchemaJson = {
      type: 'record',
      name: 'other.ns.holder',
      fields: [
        { name: 'p', type: 'sky.v1.point' },
        { name: 'b', type: 'sky.v1.band' }, // defined inside point, under point's namespace
      ],
    };
    const type = avro.Type.forSchema(inlineNamedTypes(root, lookupOf(point)) as avro.Schema);
    const value = { p: { ra: 0, band: 'u' }, b: 'g' };
    expect(type.fromBuffer(type.toBuffer(value))).toEqual(value);
  });

  it('keeps a recursive type a reference to itself', () => {
    const node: AvroSchemaJson = {
      type: 'record',
      name: 'node',
      fields: [
        { name: 'v', type: 'int' },
        { name: 'next', type: ['null', 'node'] },
      ],
    };
    const type = avro.Type.forSchema(inlineNamedTypes(node, () => undefined) as avro.Schema);
    const value = { v: 1, next: { v: 2, next: null } };
    expect(type.fromBuffer(type.toBuffer(value))).toEqual(value);
  });

  it('finds a type of the null namespace named unqualified inside a namespace', () => {
    const loose: AvroSchemaJson = { type: 'fixed', name: 'stamp', size: 1 };
    const root: AvroSchemaJson = { type: 'record', name: 'a.b', fields: [{ name: 's', type: 'stamp' }] };
    expect(inlineNamedTypes(root, lookupOf(loose))).toEqual({
      type: 'record',
      name: 'a.b',
      fields: [{ name: 's', type: { type: 'fixed', name: 'stamp', size: 1 } }],
    });
  });

  it('throws on a type defined nowhere, or defined twice', () => {
    const root: AvroSchemaJson = { type: 'record', name: 'a.r', fields: [{ name: 'x', type: 'a.missing' }] };
    expect(() => inlineNamedTypes(root, () => undefined)).toThrow(AvroSchemaError);
    expect(() => inlineNamedTypes(root, () => undefined)).toThrow(
      /type a.missing is used but defined neither/,
    );
    const twice: AvroSchemaJson = {
      type: 'record',
      name: 'a.r',
      fields: [
        { name: 'x', type: point },
        { name: 'y', type: point },
      ],
    };
    expect(() => inlineNamedTypes(twice, () => undefined)).toThrow(/sky.v1.point is defined twice/);
  });
});
