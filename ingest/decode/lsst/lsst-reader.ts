/**
 * Reads LSST alert records straight from their Avro bytes into the rows of an LsstAlert: reading functions are
 * generated at run time for each writer schema (avro-codegen.ts, as for ZTF's alert reader) from the schema's plan
 * (lsst-plan.ts), so that each kept field goes straight to its column of its row and every other field is skipped
 * without building a value. avsc's generic decoding builds an object per record (a diaSource of ~140 fields, for
 * each of the hundreds of prvDiaSources of a real alert) that lsstAlertFromRecord then reads back by name; this
 * gives the same alert (test/ingest/lsst-reader.test.ts compares the two on every sample and simulated alerts)
 * for a fraction of the time (docs/benchmarks.md).
 *
 * The generator takes the record shapes Rubin's schemas (7.0-11.0), Fink's transfers and the simulator's schema
 * use: each section (`diaSource`, `diaObject`, `ssSource`, the orbit, Fink's `xm`, `clf`, `pred`, `misc`) a record
 * or a nullable record, each list (`prvDiaSources`, `prvDiaForcedSources`) a (nullable) array of (nullable)
 * records, each column a (nullable) scalar. It throws LsstReaderUnsupported for any other shape, and the caller
 * then decodes with avsc (lsst-schema.ts).
 */
import type { ColumnValue } from '../../../data/index.js';
import { ReaderSource, type RecordReadFn } from '../avro-codegen.js';
import { type AvroType, compileAvroType, type Json, Op, viewOf } from '../avro-cursor.js';
import type { LsstPlan } from './lsst-plan.js';
import type { LsstRecordParts } from './lsst-record.js';

type Row = Record<string, ColumnValue>;

/** Where a field's value goes: an assignable expression of the generated code, and whether it is a column. */
interface Sink {
  readonly to: string;
  readonly column: boolean;
}

/** Tables of one row per alert: their rows are properties of the target (`target.source`, ...). */
const SINGLE_TABLES = ['source', 'object', 'sso', 'orbit'] as const;

/** Root fields holding the stamps, and the target property each goes to. */
const CUTOUTS: Readonly<Record<string, string>> = {
  cutoutScience: 'science',
  cutoutTemplate: 'template',
  cutoutDifference: 'difference',
};

/** diaSource fields the alert's identity needs, and the target property each goes to. */
const DIA_SOURCE_VALUES: Readonly<Record<string, string>> = {
  midpointMjdTai: 'midpointMjdTai',
  ra: 'ra',
  dec: 'dec',
  diaObjectId: 'diaObjectId',
  ssObjectId: 'ssObjectId',
};

/** A writer schema whose shape the generator does not take (avsc decodes it). */
export class LsstReaderUnsupported extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LsstReaderUnsupported';
  }
}

/** What the generated functions fill while reading one record (the parts of lsst-record.ts). */
class RecordTarget implements LsstRecordParts {
  id: unknown = undefined;
  hasDiaSource = false;
  midpointMjdTai: unknown = undefined;
  ra: unknown = undefined;
  dec: unknown = undefined;
  diaObjectId: unknown = undefined;
  ssObjectId: unknown = undefined;
  version: unknown = undefined;
  /** Whether the diaObject, ssSource and orbit sections hold a value (lsst-record.ts `presentSection`). */
  hasObject = false;
  hasSso = false;
  hasOrbit = false;
  readonly history: Row[] = [];
  readonly forced: Row[] = [];
  science: unknown = null;
  template: unknown = null;
  difference: unknown = null;
  constructor(
    readonly source: Row,
    public object: Row | null,
    public sso: Row | null,
    public orbit: Row | null,
  ) {}
}

/** The generated reader of one writer schema. */
export interface LsstReader {
  readonly plan: LsstPlan;
  readonly read: RecordReadFn<RecordTarget>;
}

/** The one non-null branch of a type (itself, or of a union of it and null); null for any other union. */
function nonNull(type: AvroType): AvroType | null {
  if (type.op !== Op.Union) return type;
  const others = type.branches.filter((b) => b.op !== Op.Null);
  return others.length === 1 && type.branches.length === 2 ? others[0] : null;
}

const SCALAR_OPS: ReadonlySet<number> = new Set([
  Op.Boolean,
  Op.Int,
  Op.Long,
  Op.Float,
  Op.Double,
  Op.String,
  Op.Enum,
]);

/** Builds the reading functions of one plan. */
class LsstReaderBuilder {
  readonly src = new ReaderSource();
  /** Section (root field; '' for the root) → field → where its value goes. */
  private readonly sinks = new Map<string, Map<string, Sink[]>>();

  constructor(readonly plan: LsstPlan) {
    for (const table of SINGLE_TABLES) {
      for (const part of plan.parts[table]) {
        for (const [field, column] of part.pairs)
          this.sink(part.section ?? '', field, `target.${table}[K[${this.src.constant(column)}]]`, true);
      }
    }
    if (plan.idField !== null) this.sink('', plan.idField, 'target.id');
    this.sink('', 'lsst_schema_version', 'target.version');
    for (const [field, to] of Object.entries(CUTOUTS)) this.sink('', field, `target.${to}`);
    for (const [field, to] of Object.entries(DIA_SOURCE_VALUES))
      this.sink('diaSource', field, `target.${to}`);
  }

  private sink(section: string, field: string, to: string, column = false): void {
    let fields = this.sinks.get(section);
    if (fields === undefined) {
      fields = new Map();
      this.sinks.set(section, fields);
    }
    fields.set(field, [...(fields.get(field) ?? []), { to, column }]);
  }

  /**
   * Code reading a field of `type` into its sinks (skipped without any), setting `flag` when the value is not
   * null. A field that goes to a column must be a (nullable) scalar: its value is then what avsc gives.
   */
  field(type: AvroType, sinks: readonly Sink[], flag: string | null): string {
    if (sinks.some((s) => s.column)) {
      const inner = nonNull(type);
      if (inner === null || !SCALAR_OPS.has(inner.op))
        throw new LsstReaderUnsupported('a column field that is not a (nullable) scalar');
    }
    const to = sinks.length === 0 ? null : sinks.length === 1 ? sinks[0].to : 'v';
    const copy = sinks.length > 1 ? sinks.map((s) => ` ${s.to} = v;`).join('') : '';
    const read = (t: AvroType) =>
      `${this.src.value(t, to)}${flag !== null && t.op !== Op.Null ? ` ${flag} = true;` : ''}`;
    return `${type.op === Op.Union ? this.src.union(type, read) : read(type)}${copy}`;
  }

  /** Code reading the fields of `record` into their sinks (`sinks`: field → sinks). */
  private fields(record: AvroType, sinks: ReadonlyMap<string, readonly Sink[]>, flag: string | null): string {
    return record.fieldNames
      .map((name, k) => this.field(record.fieldTypes[k], sinks.get(name) ?? [], flag))
      .join('\n');
  }

  /** A compiled function reading a section record into the target; its call. */
  private sectionCall(record: AvroType, section: string, flag: string | null): string {
    const sinks = this.sinks.get(section) ?? new Map<string, Sink[]>();
    const fn = this.src.compile(this.src.fn(`let v; ${this.fields(record, sinks, flag)}`));
    return `pos = K[${this.src.constant(fn)}](data, view, pos, end, target);`;
  }

  /** Code reading a root field holding a section: a record, or a nullable record. */
  section(type: AvroType, section: string, flag: string | null, onRecord = ''): string {
    const record = nonNull(type);
    if (record === null || record.op !== Op.Record)
      throw new LsstReaderUnsupported(`section ${section} is not a (nullable) record`);
    return this.src.record(type, (r) => `${this.sectionCall(r, section, flag)}${onRecord}`);
  }

  /** Code reading a root list (prvDiaSources, prvDiaForcedSources) into `target.<table>`. */
  list(type: AvroType, table: 'history' | 'forced'): string {
    const array = nonNull(type);
    const item = array?.op === Op.Array ? nonNull(array.child as AvroType) : null;
    if (item === null || item.op !== Op.Record)
      throw new LsstReaderUnsupported(`${table} is not a (nullable) array of (nullable) records`);
    const sinks = new Map<string, Sink[]>();
    for (const part of this.plan.parts[table])
      for (const [field, column] of part.pairs)
        sinks.set(field, [{ to: `r[K[${this.src.constant(column)}]]`, column: true }]);
    const template = this.src.constant(this.plan.templates[table]);
    const fn = this.src.compile(
      this.src.fn(
        `let v; const r = { ...K[${template}] }; ${this.fields(item, sinks, null)} target.push(r);`,
      ),
    );
    const call = `pos = K[${this.src.constant(fn)}](data, view, pos, end, list);`;
    return this.src.arrayField(type, (a) => {
      const items = a.child as AvroType;
      return `{ const list = target.${table}; ${this.src.array(
        items,
        this.src.record(items, () => call),
      )} }`;
    });
  }

  /** The root sinks of a root field. */
  rootSinks(name: string): readonly Sink[] {
    return this.sinks.get('')?.get(name) ?? [];
  }
}

/**
 * Generates the reader of an LSST writer schema (parsed JSON) with its plan.
 * @throws LsstReaderUnsupported for a shape the generator does not take; Error for a schema that does not compile.
 */
export function compileLsstReader(schema: Json, plan: LsstPlan): LsstReader {
  const root = compileAvroType(schema);
  if (root.op !== Op.Record) throw new LsstReaderUnsupported('the schema is not a record');
  const b = new LsstReaderBuilder(plan);
  const orbitSection = plan.parts.orbit[0]?.section ?? null;
  const flags: Readonly<Record<string, string>> = {
    diaObject: 'target.hasObject',
    ssSource: 'target.hasSso',
    ...(orbitSection === null ? {} : { [orbitSection]: 'target.hasOrbit' }),
  };
  const sections = new Set(
    SINGLE_TABLES.flatMap((t) => plan.parts[t].map((p) => p.section)).filter((s) => s !== null),
  );
  const lists: Readonly<Record<string, 'history' | 'forced'>> = Object.fromEntries(
    (['history', 'forced'] as const).flatMap((t) => {
      const section = plan.parts[t][0]?.section;
      return section ? [[section, t]] : [];
    }),
  );
  const body = root.fieldNames.map((name, k) => {
    const type = root.fieldTypes[k];
    const list = lists[name];
    const flag = flags[name] ?? null;
    const isSection = name === 'diaSource' || sections.has(name) || flag !== null;
    if (b.rootSinks(name).length > 0 && (isSection || list !== undefined))
      throw new LsstReaderUnsupported(`root field ${name} is both a value and a section`);
    if (list !== undefined) return b.list(type, list);
    if (name === 'diaSource') return b.section(type, name, null, ' target.hasDiaSource = true;');
    if (isSection) return b.section(type, name, flag);
    return b.field(type, b.rootSinks(name), null);
  });
  const read = b.src.compile<RecordTarget>(b.src.fn(`let v; ${body.join('\n')}`));
  return { plan, read };
}

/** One record read: its parts, and where the next record starts. */
export interface LsstRecordRead {
  readonly parts: LsstRecordParts;
  readonly next: number;
}

/**
 * Reads the record at `offset` of `bytes` (Avro binary of the reader's writer schema): the parts of its alert,
 * with stamps as views of `bytes`.
 * @throws RangeError when the bytes end before the record (avro-cursor.ts `isTruncation`), or for a bad union
 *   branch or enum index.
 */
export function readLsstRecord(reader: LsstReader, bytes: Buffer, offset: number): LsstRecordRead {
  const t = reader.plan.templates;
  const target = new RecordTarget({ ...t.source }, { ...t.object }, { ...t.sso }, { ...t.orbit });
  const next = reader.read(bytes, viewOf(bytes), offset, bytes.length, target);
  if (!target.hasObject) target.object = null;
  if (!target.hasSso) target.sso = null;
  if (!target.hasOrbit) target.orbit = null;
  return { parts: target, next };
}
