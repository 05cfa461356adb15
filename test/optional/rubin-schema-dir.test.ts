/**
 * Optional check (`npm run test:rubin-schemas`; test/support/rubin-schemas.ts): Rubin's own schemas 7.0–11.0 as an
 * operator's `--schema-dir`: every version's alert schema under Rubin's id, and each version's sample alert,
 * framed with that id, decoded as avsc decodes Rubin's container.
 */
import fs from 'node:fs';
import path from 'node:path';
import avro from 'avsc';
import { describe, expect, it } from 'vitest';
import { bigintLongType } from '../../data/index.js';
import {
  ConfluentDecoder,
  encodeConfluentFrame,
  rubinSchemaId,
  SchemaDirSource,
} from '../../ingest/decode/index.js';
import { canonicalAvroValue, readContainerWithSchema } from '../support/avro-container.js';
import { rubinSchemasDir } from '../support/rubin-schemas.js';

describe("Rubin's schemas 7.0–11.0 as a schema directory (--schema-dir)", () => {
  const dir = rubinSchemasDir();
  const versions = fs
    .readdirSync(dir)
    .flatMap((major) => fs.readdirSync(path.join(dir, major)).map((minor) => ({ major, minor })))
    .sort((a, b) => Number(a.major) * 100 + Number(a.minor) - (Number(b.major) * 100 + Number(b.minor)));

  it("give every version's alert schema under Rubin's id", () => {
    const source = SchemaDirSource.load(dir);
    expect(source.ids).toEqual(versions.map((v) => Number(v.major) * 100 + Number(v.minor)));
    expect(source.ids).toEqual(expect.arrayContaining([700, 701, 702, 703, 704, 800, 900, 1000, 1100]));
  });

  it("decode each version's sample alert, framed with its id, as avsc decodes Rubin's container", async () => {
    const decoder = new ConfluentDecoder(SchemaDirSource.load(dir));
    for (const { major, minor } of versions) {
      const file = path.join(dir, major, minor, 'sample_data', 'fakeAlert.avro');
      const { schemaText, records } = await readContainerWithSchema(file);
      const version = `lsst.v${major}_${minor}`;
      const header = JSON.parse(schemaText) as { name: string; namespace?: string };
      expect(header.namespace ? `${header.namespace}.${header.name}` : header.name).toBe(`${version}.alert`);
      const writerType = avro.Type.forSchema(JSON.parse(schemaText), {
        registry: { long: bigintLongType },
      });
      const id = rubinSchemaId(version);
      expect(id).toBe(Number(major) * 100 + Number(minor));
      const out = await decoder.decode(
        records.map((r) => encodeConfluentFrame(id ?? -1, writerType.toBuffer(r))),
      );
      expect(out).toHaveLength(records.length);
      out.forEach((o, i) => {
        if (!o.ok) throw new Error(`${version}: ${o.reason}`);
        expect(o.schemaVersion).toBe(version);
        expect(canonicalAvroValue(o.record)).toBe(canonicalAvroValue(records[i]));
      });
    }
  });
});
