import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { argListing, argValidation, describeArgs } from './arg-docs.js';
import { booleanArg, numberArg } from './common.js';
import { dateArg } from './dates.js';
import { parseArgs } from './request.js';

const CHOICES = ['gauss', 'box'] as const;

/** A schema using each way an argument documents itself. */
const SCHEMA = z.object({
  id: z.string({ message: 'id is required' }).meta({ description: 'An id', examples: ['ZTF19acihgng'] }),
  radius: numberArg((n) => n > 0, 'a positive number')
    .meta({ unit: 'arcsec' })
    .optional()
    .default(5)
    .meta({ description: 'Cone radius', examples: ['1.5'] }),
  start: dateArg.prefault('2019-11-01').meta({ description: 'Start date' }),
  format: z.enum(['json', 'csv']).optional().default('json').meta({ description: 'Output format' }),
  kernel: z
    .string()
    .transform((v) => CHOICES.find((c) => c === v.toLowerCase()) ?? 'gauss')
    .meta({ values: CHOICES })
    .optional()
    .meta({ description: 'Kernel, any case' }),
  withcutouts: booleanArg
    .optional()
    .default(false)
    .meta({ description: 'Stamps', aliases: ['withCutouts'] }),
});

describe('describeArgs', () => {
  it('reads name, required, description, default, example, values, unit and aliases from the schema', () => {
    const args = describeArgs(SCHEMA);
    expect(args.map(({ schema: _, ...a }) => a)).toEqual([
      { name: 'id', required: true, description: 'An id', example: 'ZTF19acihgng' },
      {
        name: 'radius',
        required: false,
        description: 'Cone radius',
        default: 5,
        example: '1.5',
        unit: 'arcsec',
      },
      // a prefault is documented as the client writes it
      { name: 'start', required: false, description: 'Start date', default: '2019-11-01' },
      {
        name: 'format',
        required: false,
        description: 'Output format',
        default: 'json',
        values: ['json', 'csv'],
      },
      { name: 'kernel', required: false, description: 'Kernel, any case', values: ['gauss', 'box'] },
      { name: 'withcutouts', required: false, description: 'Stamps', default: false },
      {
        name: 'withCutouts',
        required: false,
        description: 'Another spelling of `withcutouts`: Stamps',
        aliasOf: 'withcutouts',
      },
    ]);
  });

  it("gives each argument the JSON Schema of what it accepts (zod's input side), without its documentation", () => {
    const schemas = Object.fromEntries(describeArgs(SCHEMA).map((a) => [a.name, a.schema]));
    expect(schemas.id).toEqual({ type: 'string' });
    expect(schemas.radius).toEqual({ type: ['number', 'string'] });
    expect(schemas.format).toEqual({ type: 'string', enum: ['json', 'csv'] });
    expect(schemas.withCutouts).toEqual(schemas.withcutouts);
  });

  it('refuses an argument without description, or an alias of a required argument', () => {
    expect(() => describeArgs(z.object({ a: z.string() }))).toThrow(/a has no description/);
    expect(() =>
      describeArgs(z.object({ a: z.string().meta({ description: 'A', aliases: ['b'] }) })),
    ).toThrow(/required argument cannot have aliases/);
  });
});

describe('argListing', () => {
  it('answers {"args": [...]} without the JSON Schemas, the upload part first', () => {
    const listing = argListing(SCHEMA, { field: 'file', description: 'The file' });
    expect(listing.args[0]).toEqual({ name: 'file', required: false, description: 'The file' });
    expect(listing.args.map((a) => a.name).slice(1)).toEqual(describeArgs(SCHEMA).map((a) => a.name));
    expect(listing.args.every((a) => !('schema' in a))).toBe(true);
  });
});

describe('parseArgs with aliases', () => {
  it('validates with the aliases added after their argument, without default', () => {
    const shape = argValidation(SCHEMA).schema.shape;
    expect(Object.keys(shape)).toEqual([
      'id',
      'radius',
      'start',
      'format',
      'kernel',
      'withcutouts',
      'withCutouts',
    ]);
    expect(argValidation(SCHEMA)).toBe(argValidation(SCHEMA));
  });

  it('takes the alias for its argument when the argument is absent, and rejects unknown names', () => {
    expect(() => parseArgs(SCHEMA, { id: 'a', other: 3 })).toThrow('Unknown argument `other`');
    expect(parseArgs(SCHEMA, { id: 'a', withCutouts: '1' })).toEqual({
      id: 'a',
      radius: 5,
      start: 2458788.5,
      format: 'json',
      withcutouts: true,
    });
    expect(parseArgs(SCHEMA, { id: 'a', withcutouts: 'false', withCutouts: 'true' }).withcutouts).toBe(false);
    expect(() => parseArgs(SCHEMA, { id: 'a', withCutouts: 'yes' })).toThrow(
      'Invalid value for `withCutouts`: expected a boolean (true/false, True/False, 1/0), got "yes"',
    );
  });
});
