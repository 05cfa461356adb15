/**
 * What an endpoint's argument schema says about its arguments, read from the schema itself (one declaration per
 * endpoint): the list a GET without argument answers (`{"args": [...]}`, the shape Fink answers) and the JSON
 * Schema of each argument for OpenAPI (serve/openapi.ts). A field documents itself with zod's metadata,
 * `.meta({ description, examples, unit, values, aliases })`, its default with `.default()` (or `.prefault()` for
 * a default written as a client sends it), and its allowed values with `z.enum` (or `values` for choices that a
 * transform matches in any case). Metadata may sit on a shared type (serve/args/) and on the field that uses it;
 * the field's wins. `aliases` are other spellings of an argument: accepted (serve/args/request.ts), listed and
 * documented beside it.
 *
 * Reference: zod 4 metadata and `z.toJSONSchema` (https://zod.dev/metadata, https://zod.dev/json-schema).
 */
import { z } from 'zod';

declare module 'zod' {
  interface GlobalMeta {
    /** Values a client could send, as it writes them; the first is the one listed. */
    examples?: readonly (string | number | boolean)[];
    /** Unit of a number (`arcsec`, `d`, `%`, ...). */
    unit?: string;
    /** Accepted values, for a choice whose schema is not a `z.enum` (e.g. matched in any case). */
    values?: readonly string[];
    /** Other names of the argument, accepted as it (e.g. `withCutouts` for `withcutouts`). */
    aliases?: readonly string[];
  }
}

/** An endpoint's arguments: a zod object whose fields are the arguments, in the order they are listed. */
export type ArgsSchema = z.ZodObject<z.ZodRawShape>;

/** A JSON Schema (2020-12) object. */
export type JsonSchema = Record<string, unknown>;

/** A default or example value of an argument. */
export type ArgValue = string | number | boolean;

/** One argument as the GET-without-argument answer lists it. */
export interface ArgListing {
  readonly name: string;
  readonly required: boolean;
  readonly description: string;
  readonly default?: ArgValue;
  readonly example?: ArgValue;
  /** The accepted values, when they are a fixed list. */
  readonly values?: readonly string[];
  readonly unit?: string;
  /** For another spelling of an argument: the argument it stands for. */
  readonly aliasOf?: string;
}

/** An argument and the JSON Schema of the values it accepts (input side; no description nor default). */
export interface ArgInfo extends ArgListing {
  readonly schema: JsonSchema;
}

/** The file part of an endpoint that takes an upload (multipart/form-data), listed with the arguments. */
export interface UploadArg {
  readonly field: string;
  readonly description: string;
}

/** Metadata keys that describe rather than type an argument: taken out of its JSON Schema. */
const DOC_KEYS = ['description', 'examples', 'default', 'unit', 'values', 'aliases', 'title'];

/** The schema and the schemas it wraps (optional, default, prefault, nullable, pipe input), outermost first. */
function wrapperChain(schema: z.ZodType): z.ZodType[] {
  const chain: z.ZodType[] = [];
  let s: z.ZodType | undefined = schema;
  while (s !== undefined) {
    chain.push(s);
    if (s instanceof z.ZodOptional || s instanceof z.ZodNullable) s = s.unwrap() as z.ZodType;
    else if (s instanceof z.ZodDefault || s instanceof z.ZodPrefault) s = s.unwrap() as z.ZodType;
    else if (s instanceof z.ZodPipe) s = (s.in instanceof z.ZodTransform ? s.out : s.in) as z.ZodType;
    else s = undefined;
  }
  return chain;
}

/** The metadata of a field, merged along its wrappers (the outer ones win). */
function fieldMeta(schema: z.ZodType): z.GlobalMeta {
  return Object.assign(
    {},
    ...wrapperChain(schema)
      .map((s) => s.meta() ?? {})
      .reverse(),
  ) as z.GlobalMeta;
}

/** The default of a field as a client would send it; undefined when it has none. */
function fieldDefault(name: string, schema: z.ZodType): ArgValue | undefined {
  for (const s of wrapperChain(schema)) {
    if (!(s instanceof z.ZodDefault || s instanceof z.ZodPrefault)) continue;
    const value: unknown = s.def.defaultValue;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
    throw new Error(`argument ${name}: its default ${String(value)} is not a JSON text, number or boolean`);
  }
  return undefined;
}

/** The JSON Schema of the values a field accepts (zod's input side), without the documentation keys. */
function typeSchema(schema: z.ZodType): JsonSchema {
  const json: JsonSchema = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
  delete json.$schema;
  for (const key of DOC_KEYS) delete json[key];
  return json;
}

/**
 * The arguments of a schema, in its field order, each alias right after its argument.
 *
 * @throws Error when a field has no description, a default that is not JSON text, number or boolean, or an
 *   alias on a required argument (programming errors, caught by the tests).
 */
export function describeArgs(args: ArgsSchema): ArgInfo[] {
  const out: ArgInfo[] = [];
  for (const [name, field] of Object.entries(args.shape) as [string, z.ZodType][]) {
    const meta = fieldMeta(field);
    if (!meta.description) throw new Error(`argument ${name} has no description (.meta({ description }))`);
    const schema = typeSchema(field);
    const values = Array.isArray(schema.enum) ? schema.enum.map(String) : meta.values;
    const required = !field.isOptional();
    const info: ArgInfo = {
      name,
      required,
      description: meta.description,
      ...optional('default', fieldDefault(name, field)),
      ...optional('example', meta.examples?.[0]),
      ...optional('values', values),
      ...optional('unit', meta.unit),
      schema,
    };
    out.push(info);
    for (const alias of meta.aliases ?? []) {
      if (required) throw new Error(`argument ${name}: a required argument cannot have aliases`);
      out.push({
        name: alias,
        required: false,
        description: `Another spelling of \`${name}\`: ${meta.description}`,
        ...optional('values', values),
        ...optional('unit', meta.unit),
        aliasOf: name,
        schema,
      });
    }
  }
  return out;
}

function optional<K extends string, V>(key: K, value: V | undefined): { [k in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [k in K]?: V };
}

/** `[argument, alias]` for every alias a schema declares. */
export function argAliases(args: ArgsSchema): [string, string][] {
  return Object.entries(args.shape).flatMap(([name, field]) =>
    (fieldMeta(field as z.ZodType).aliases ?? []).map((alias): [string, string] => [name, alias]),
  );
}

/** How a request is validated: the schema, and the `[argument, alias]` pairs to fold after validation. */
export interface ArgValidation {
  readonly schema: ArgsSchema;
  readonly aliases: readonly (readonly [string, string])[];
}

const VALIDATION = new WeakMap<ArgsSchema, ArgValidation>();

/**
 * How a request is validated (built once per schema): the declared schema, plus each alias after its argument as
 * an optional field of the same type without default, so that a bad value is reported under the name the client
 * used.
 */
export function argValidation(args: ArgsSchema): ArgValidation {
  let validation = VALIDATION.get(args);
  if (validation === undefined) {
    const aliases = argAliases(args);
    const shape: Record<string, z.core.$ZodType> = {};
    for (const [name, field] of Object.entries(args.shape)) {
      shape[name] = field;
      for (const [, alias] of aliases.filter(([n]) => n === name))
        shape[alias] = withoutDefault(field).optional();
    }
    validation = { schema: aliases.length === 0 ? args : z.object(shape), aliases };
    VALIDATION.set(args, validation);
  }
  return validation;
}

function withoutDefault(field: z.core.$ZodType): z.ZodType {
  return field instanceof z.ZodDefault || field instanceof z.ZodPrefault
    ? (field.unwrap() as z.ZodType)
    : (field as z.ZodType);
}

/**
 * The answer of a GET without argument: `{"args": [{name, required, description, default?, example?, values?,
 * unit?, aliasOf?}]}`, the upload part first when the endpoint takes a file.
 */
export function argListing(args: ArgsSchema, upload?: UploadArg): { args: ArgListing[] } {
  const listed: ArgListing[] = describeArgs(args).map(({ schema: _, ...arg }) => arg);
  if (upload) listed.unshift({ name: upload.field, required: false, description: upload.description });
  return { args: listed };
}
