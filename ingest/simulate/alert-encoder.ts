/**
 * Encodes simulated alerts in the Avro binary form of FINK_ZTF_SCHEMA, part by part: the Avro encoding of a
 * record is the concatenation of its fields' encodings, so the flat parts (candidate, history entries, Fink
 * fields) are written by a specialised writer, and history entries (which recur in many later alerts) are
 * encoded once and their bytes cached. The result is byte-identical to avsc's `type.toBuffer(record)`.
 */
import avro from 'avsc';
import {
  type AvroRecordSchema,
  ByteSink,
  bigintLongType,
  FINK_ZTF_SCHEMA,
  FlatRecordWriter,
  ZTF_SCHEMA_VERSION,
} from '../../data/index.js';
import { type AlertParts, type Cutout, historyKey, historyRecord, PUBLISHER } from './model/index.js';

/** Index of `candidate`, of `prv_candidates` (the three cutouts follow it) and of the first Fink field. */
const CANDIDATE_FIELD = 4;
const PRV_FIELD = 5;
const FIRST_TAIL_FIELD = 9;

/** Compiles FINK_ZTF_SCHEMA with BigInt longs (the type Kafka consumers and tests decode with). */
export function compileFinkSchema(): avro.Type {
  return avro.Type.forSchema(FINK_ZTF_SCHEMA as unknown as avro.Schema, {
    registry: { long: bigintLongType },
  });
}

interface CachedEntry {
  readonly jd: number;
  readonly bytes: Buffer;
}

/** Part-wise encoder with a cache of encoded history entries. */
export class AlertEncoder {
  private readonly candidateWriter: FlatRecordWriter;
  private readonly prvWriter: FlatRecordWriter;
  private readonly tailWriter: FlatRecordWriter;
  private readonly sink = new ByteSink();
  private readonly cache = new Map<bigint | number, CachedEntry>();

  constructor() {
    const fields = FINK_ZTF_SCHEMA.fields;
    this.candidateWriter = FlatRecordWriter.fromSchema(
      fields[CANDIDATE_FIELD].type as unknown as AvroRecordSchema,
    );
    const prvUnion = fields[PRV_FIELD].type as unknown as readonly { items: AvroRecordSchema }[];
    this.prvWriter = FlatRecordWriter.fromSchema(prvUnion[0].items);
    this.tailWriter = FlatRecordWriter.fromSchema({ fields: fields.slice(FIRST_TAIL_FIELD) });
  }

  /** Number of history entries whose bytes are cached. */
  get cachedEntries(): number {
    return this.cache.size;
  }

  private historyEntry(parts: AlertParts, i: number): Buffer {
    const item = parts.history[i];
    const key = historyKey(item);
    let hit = this.cache.get(key);
    if (!hit) {
      const record = historyRecord(item);
      const start = this.sink.pos;
      this.prvWriter.write(record, this.sink);
      hit = { jd: record.jd as number, bytes: this.sink.take(start) };
      this.cache.set(key, hit);
    }
    return hit.bytes;
  }

  private cutout(c: Cutout): void {
    this.sink.byte(0);
    this.sink.string(c.fileName);
    this.sink.bytes(c.stampData);
  }

  /** The Avro binary encoding of one alert (no container framing). Throws TypeError for a mistyped field. */
  encode(parts: AlertParts): Buffer {
    // history entries first (they may use the sink to encode themselves), then the alert in field order
    const history = parts.history.map((_, i) => this.historyEntry(parts, i));
    const s = this.sink;
    s.pos = 0;
    s.string(ZTF_SCHEMA_VERSION);
    s.string(PUBLISHER);
    s.string(parts.objectId);
    s.varBigInt(parts.candid);
    this.candidateWriter.write(parts.candidate, s);
    if (history.length === 0) s.byte(2);
    else {
      s.byte(0);
      s.varLong(history.length);
      for (const h of history) s.raw(h);
      s.byte(0);
    }
    this.cutout(parts.cutoutScience);
    this.cutout(parts.cutoutTemplate);
    this.cutout(parts.cutoutDifference);
    this.tailWriter.write(parts.fink, s);
    return s.take(0);
  }

  /** Forgets cached history entries older than a JD (no later alert can contain them). */
  pruneBefore(jd: number): void {
    for (const [key, entry] of this.cache) if (entry.jd < jd) this.cache.delete(key);
  }
}
