/**
 * One-alert ZTF Avro files read and written again by the portal tests that change a real alert before ingesting it
 * (moved beside a Rubin diaObject, stripped of its stamps): avsc with the file's own writer schema (longs as BigInt),
 * so that what is written is the same alert but for the fields the test changed.
 */
import fs from 'node:fs';
import path from 'node:path';
import avro from 'avsc';
import { bigintLongType } from '../../data/index.js';
import { dropInvalidUnionDefaults } from '../../ingest/decode/schema-cache.js';
import { writeAvroContainer } from './avro-container.js';

/** A decoded ZTF alert. */
export type ZtfAlertRecord = Record<string, unknown> & {
  candidate: Record<string, unknown>;
  prv_candidates: Record<string, unknown>[] | null;
};

/** The writer type and the alert of a one-alert ZTF Avro file. */
export async function readZtfAlertFile(file: string): Promise<{ type: avro.Type; alert: ZtfAlertRecord }> {
  let type: avro.Type | null = null;
  const records: ZtfAlertRecord[] = [];
  await new Promise<void>((resolve, reject) => {
    avro
      .createFileDecoder(file, {
        parseHook: (schema) =>
          avro.Type.forSchema(dropInvalidUnionDefaults(schema as never) as avro.Schema, {
            registry: { long: bigintLongType },
          }),
      })
      .on('metadata', (t: avro.Type) => {
        type = t;
      })
      .on('data', (r: ZtfAlertRecord) => records.push(r))
      .on('end', resolve)
      .on('error', reject);
  });
  if (type === null || records[0] === undefined) throw new Error(`${file}: no alert read`);
  return { type, alert: records[0] };
}

/** Writes `alert` as a one-alert Avro file (codec null) of writer type `type`. */
export async function writeZtfAlertFile(file: string, type: avro.Type, alert: ZtfAlertRecord): Promise<void> {
  await writeAvroContainer(file, type, [alert]);
}

/** Fink's quality cut on a real alert (nbad = 0, rb ≥ 0.55, band g or r) and a positive subtraction. */
export function isGoodPositiveAlert(alert: ZtfAlertRecord): boolean {
  const c = alert.candidate;
  return c.nbad === 0 && Number(c.rb) >= 0.55 && c.fid !== 3 && c.isdiffpos === 't';
}

/**
 * The first alert (files in name order) of a directory of one-alert ZTF Avro files that passes
 * {@link isGoodPositiveAlert}, with its writer type.
 * @throws Error when none does.
 */
export async function firstGoodPositiveAlert(
  dir: string,
): Promise<{ type: avro.Type; alert: ZtfAlertRecord }> {
  for (const name of fs.readdirSync(dir).sort()) {
    const read = await readZtfAlertFile(path.join(dir, name));
    if (isGoodPositiveAlert(read.alert)) return read;
  }
  throw new Error(`${dir}: no alert passes the quality cut`);
}
