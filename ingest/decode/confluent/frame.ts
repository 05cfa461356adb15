/**
 * The Confluent wire format of a Kafka message, as Rubin's alert stream uses it: byte 0 = 0 (magic), bytes 1-4 =
 * the writer schema's id in a schema registry (big-endian), then the Avro binary datum, with no container.
 *
 * Reference: Confluent Schema Registry documentation, "Wire format"; docs/references.md, "Rubin's alert stream".
 */

/** The magic byte of the format (version 0). */
export const CONFLUENT_MAGIC = 0;
/** Bytes before the datum: the magic byte and the 4-byte schema id. */
export const CONFLUENT_HEADER_BYTES = 5;

/** Largest schema id the 4 bytes can carry (read unsigned). */
export const MAX_SCHEMA_ID = 0xffff_ffff;

/** A parsed frame (the datum is a view of the message's bytes), or the reason the bytes are not one. */
export type ConfluentFrame =
  | { readonly ok: true; readonly schemaId: number; readonly datum: Uint8Array }
  | { readonly ok: false; readonly reason: string };

/** The first bytes of an Avro object container ("Obj" 1), for a better rejection text. */
const CONTAINER_MAGIC = [0x4f, 0x62, 0x6a, 0x01];

/**
 * Splits a message into its schema id and its Avro datum. Never throws: bytes shorter than the header, or whose
 * first byte is not 0, give a rejection reason.
 */
export function parseConfluentFrame(bytes: Uint8Array): ConfluentFrame {
  if (bytes.length < CONFLUENT_HEADER_BYTES) {
    return {
      ok: false,
      reason: `Confluent frame too short: ${bytes.length} bytes, at least ${CONFLUENT_HEADER_BYTES} needed (magic byte 0 and a 4-byte schema id)`,
    };
  }
  if (bytes[0] !== CONFLUENT_MAGIC) {
    const isContainer = CONTAINER_MAGIC.every((b, i) => bytes[i] === b);
    return {
      ok: false,
      reason:
        `not a Confluent frame: magic byte is 0x${bytes[0].toString(16).padStart(2, '0')}, expected 0x00` +
        (isContainer ? ' (the message is an Avro object container)' : ''),
    };
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.length);
  return { ok: true, schemaId: view.getUint32(1, false), datum: bytes.subarray(CONFLUENT_HEADER_BYTES) };
}

/**
 * Frames an Avro datum with its schema id (what a producer using a schema registry sends).
 *
 * @param schemaId registry id, 0 … {@link MAX_SCHEMA_ID}.
 * @throws RangeError for an id out of that range or not an integer.
 */
export function encodeConfluentFrame(schemaId: number, datum: Uint8Array): Uint8Array {
  if (!Number.isInteger(schemaId) || schemaId < 0 || schemaId > MAX_SCHEMA_ID) {
    throw new RangeError(`schema id ${schemaId} is not an integer in 0 … ${MAX_SCHEMA_ID}`);
  }
  const out = new Uint8Array(CONFLUENT_HEADER_BYTES + datum.length);
  out[0] = CONFLUENT_MAGIC;
  new DataView(out.buffer).setUint32(1, schemaId, false);
  out.set(datum, CONFLUENT_HEADER_BYTES);
  return out;
}
