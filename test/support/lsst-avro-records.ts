/**
 * The records of an LSST Avro container as avsc's generic decoder reads them (its BlockDecoder, not our mapping):
 * the independent reading LSST tests compare with. Every long is a BigInt, the `{"type": "long", "logicalType":
 * ...}` ones of Rubin's 8.0+ schemas too (avsc reads those with its own long type unless hooked).
 */
import fs from 'node:fs';
import avro from 'avsc';
import { bigintLongType } from '../../data/index.js';

export type AvroRecord = Record<string, unknown>;

export async function avscLsstRecords(file: string): Promise<AvroRecord[]> {
  const out: AvroRecord[] = [];
  await new Promise<void>((resolve, reject) => {
    fs.createReadStream(file)
      .pipe(
        new avro.streams.BlockDecoder({
          parseHook: (s: avro.Schema) =>
            avro.Type.forSchema(s, {
              registry: { long: bigintLongType },
              typeHook: (t) => ((t as { type?: unknown }).type === 'long' ? bigintLongType : undefined),
            }),
        }),
      )
      .on('data', (r: AvroRecord) => out.push(r))
      .on('end', resolve)
      .on('error', reject);
  });
  return out;
}

/**
 * The fields of Rubin's 10.0 alert record (lsst/alert_packet `lsst.v10_0.alert.avsc`), in its order; Fink's LSST
 * transfer schema starts with them.
 */
export const RUBIN_ALERT_FIELDS: readonly string[] = [
  'diaSourceId',
  'observation_reason',
  'target_name',
  'diaSource',
  'prvDiaSources',
  'prvDiaForcedSources',
  'diaObject',
  'ssSource',
  'mpc_orbits',
  'cutoutDifference',
  'cutoutScience',
  'cutoutTemplate',
];
