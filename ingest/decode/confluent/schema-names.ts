/**
 * Avro named types across several schema texts: a writer schema that names record types defined elsewhere (in
 * sibling `.avsc` files, as Rubin's `lsst.v10_0.alert.avsc` names `lsst.v10_0.diaSource`, or in schemas a registry
 * lists as references) made self-contained by defining each named type where it is first used.
 *
 * Reference: Apache Avro 1.11 specification, "Names" (full names, namespaces, resolution of unqualified names).
 */
import type { Json } from '../avro-cursor.js';

/** An Avro schema as parsed JSON. */
export type AvroSchemaJson = Json;
type JsonObject = { [key: string]: Json };

const PRIMITIVE_TYPES = new Set(['null', 'boolean', 'int', 'long', 'float', 'double', 'bytes', 'string']);
const NAMED_KINDS = new Set(['record', 'error', 'enum', 'fixed']);

/** A schema that is not valid Avro, or names a type defined nowhere. */
export class AvroSchemaError extends Error {}

function isObject(x: Json | undefined): x is JsonObject {
  return x !== null && typeof x === 'object' && !Array.isArray(x);
}

/** Full name of a type: `name` itself when it holds a dot, else `namespace.name` (or `name` without a namespace). */
export function fullNameOf(name: string, namespace: string | undefined): string {
  if (name.includes('.') || !namespace) return name;
  return `${namespace}.${name}`;
}

/** Namespace part of a full name (`lsst.v10_0.alert` → `lsst.v10_0`), undefined for a name without one. */
export function namespaceOf(fullName: string): string | undefined {
  const dot = fullName.lastIndexOf('.');
  return dot > 0 ? fullName.slice(0, dot) : undefined;
}

/** A named type a schema defines at its top level (the schema itself, or each named branch of a top-level union). */
export interface NamedDefinition {
  readonly fullName: string;
  readonly schema: AvroSchemaJson;
}

/** The named types a schema defines at its top level (nested definitions are not listed). */
export function topLevelNamedTypes(schema: AvroSchemaJson): NamedDefinition[] {
  const roots = Array.isArray(schema) ? schema : [schema];
  const out: NamedDefinition[] = [];
  for (const s of roots) {
    if (
      !isObject(s) ||
      typeof s.type !== 'string' ||
      !NAMED_KINDS.has(s.type) ||
      typeof s.name !== 'string'
    ) {
      continue;
    }
    const namespace = typeof s.namespace === 'string' ? s.namespace : undefined;
    out.push({ fullName: fullNameOf(s.name, namespace), schema: s });
  }
  return out;
}

interface InlineContext {
  readonly lookup: (fullName: string) => AvroSchemaJson | undefined;
  readonly defined: Set<string>;
}

function inlineRef(name: string, namespace: string | undefined, ctx: InlineContext): AvroSchemaJson {
  if (PRIMITIVE_TYPES.has(name)) return name;
  // an unqualified name resolves in the enclosing namespace; some writers mean the null namespace
  const candidates = name.includes('.') || !namespace ? [name] : [`${namespace}.${name}`, name];
  for (const c of candidates) if (ctx.defined.has(c)) return c;
  for (const c of candidates) {
    const definition = ctx.lookup(c);
    if (isObject(definition)) {
      const { namespace: _dropped, ...rest } = definition;
      return inlineNode({ ...rest, name: c }, undefined, ctx);
    }
  }
  throw new AvroSchemaError(
    `type ${candidates[0]} is used but defined neither in the schema nor in the ones it refers to`,
  );
}

function inlineNode(node: AvroSchemaJson, namespace: string | undefined, ctx: InlineContext): AvroSchemaJson {
  if (typeof node === 'string') return inlineRef(node, namespace, ctx);
  if (Array.isArray(node)) return node.map((branch) => inlineNode(branch, namespace, ctx));
  if (!isObject(node)) throw new AvroSchemaError(`not an Avro schema: ${JSON.stringify(node)}`);
  const type = node.type;
  if (typeof type === 'string' && NAMED_KINDS.has(type)) {
    if (typeof node.name !== 'string') throw new AvroSchemaError(`a ${type} without a name`);
    const own = typeof node.namespace === 'string' ? node.namespace : namespace;
    const fullName = fullNameOf(node.name, own);
    if (ctx.defined.has(fullName)) throw new AvroSchemaError(`type ${fullName} is defined twice`);
    ctx.defined.add(fullName);
    const { namespace: _dropped, ...rest } = node;
    const out: JsonObject = { ...rest, name: fullName };
    if (type === 'record' || type === 'error') {
      if (!Array.isArray(node.fields)) throw new AvroSchemaError(`record ${fullName} has no fields array`);
      const inner = namespaceOf(fullName);
      out.fields = node.fields.map((f) => {
        if (!isObject(f) || f.type === undefined) {
          throw new AvroSchemaError(`a field of ${fullName} is not an object with a "type"`);
        }
        return { ...f, type: inlineNode(f.type, inner, ctx) };
      });
    }
    return out;
  }
  if (type === 'array') return { ...node, items: inlineNode(node.items, namespace, ctx) };
  if (type === 'map') return { ...node, values: inlineNode(node.values, namespace, ctx) };
  if (typeof type === 'string' && PRIMITIVE_TYPES.has(type)) return node;
  // {"type": "<name>"} or {"type": {...}}: the same as the inner type
  if (type === undefined)
    throw new AvroSchemaError(`not an Avro schema (no "type"): ${JSON.stringify(node)}`);
  return inlineNode(type, namespace, ctx);
}

/**
 * The schema with every named type it uses but does not define replaced by its definition (at its first use;
 * later uses refer to it by full name). Every named type's `name` becomes its full name.
 *
 * @param lookup definition of a named type by full name (undefined when unknown).
 * @throws AvroSchemaError when a used type is defined nowhere, defined twice, or the JSON is not an Avro schema.
 */
export function inlineNamedTypes(
  schema: AvroSchemaJson,
  lookup: (fullName: string) => AvroSchemaJson | undefined,
): AvroSchemaJson {
  return inlineNode(schema, undefined, { lookup, defined: new Set() });
}

/** Full name of a schema's top-level named type (after {@link inlineNamedTypes}), undefined for an unnamed one. */
export function rootNameOf(schema: AvroSchemaJson): string | undefined {
  if (!isObject(schema) || typeof schema.name !== 'string') return undefined;
  return fullNameOf(schema.name, typeof schema.namespace === 'string' ? schema.namespace : undefined);
}
