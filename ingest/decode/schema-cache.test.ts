import avro from 'avsc';
import { describe, expect, it } from 'vitest';
import { SCIENCE_FIELD_NAMES } from '../../data/columns.js';
import { bigintLongType, FINK_ZTF_SCHEMA, FINK_ZTF_SCHEMA_TEXT } from '../../data/index.js';
import { ZTF_CANDIDATE_FIELDS } from '../../data/ztf-candidate-fields.js';
import { SchemaCache } from './schema-cache.js';

describe('SchemaCache', () => {
  it('compiles the Fink ZTF schema from its text: records written by avsc read back with BigInt longs', () => {
    const type = avro.Type.forSchema(FINK_ZTF_SCHEMA as unknown as avro.Schema, {
      registry: { long: bigintLongType },
    });
    const compiled = new SchemaCache().get(FINK_ZTF_SCHEMA_TEXT);
    const candid = 2481321673515010006n;
    const record = {
      schemavsn: '4.02',
      publisher: 'Fink',
      objectId: 'ZTF23abcdefg',
      candid,
      candidate: Object.fromEntries(ZTF_CANDIDATE_FIELDS.map(([n]) => [n, null])),
      prv_candidates: null,
      cutoutScience: null,
      cutoutTemplate: { fileName: 'x.fits.gz', stampData: Buffer.from([1, 2, 3]) },
      cutoutDifference: null,
      fink_broker_version: '4.1',
      fink_science_version: null,
      ...Object.fromEntries(SCIENCE_FIELD_NAMES.map((n) => [n, null])),
    };
    const back = compiled.type.fromBuffer(type.toBuffer(record)) as typeof record;
    expect(back.candid).toBe(candid);
    expect(back.cutoutTemplate?.fileName).toBe('x.fits.gz');
  });
});
