/**
 * Writer schemas from an operator's directory of `.avsc` files (`--schema-dir`): named types resolved across
 * files as Rubin lays its schemas out, ids by Rubin's rule or by file name, and the errors of a bad directory. Rubin's own schemas 7.0–11.0 (GPL,
 * not in the project) are checked by test/optional/rubin-schema-dir.test.ts (`npm run test:rubin-schemas`).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import avro from 'avsc';
import { afterAll, describe, expect, it } from 'vitest';
import { bigintLongType } from '../../data/index.js';
import {
  ConfluentDecoder,
  encodeConfluentFrame,
  SchemaDirSource,
  SchemaSourceError,
} from '../../ingest/decode/index.js';

const tmpRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'skyalert-schema-dir-'));
afterAll(() => fs.rmSync(tmpRoot, { recursive: true, force: true }));

/** Writes `files` (relative path → schema JSON) into a new directory. */
function schemaDir(files: Record<string, unknown>): string {
  const dir = fs.mkdtempSync(path.join(tmpRoot, 'd-'));
  for (const [rel, schema] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(
      path.join(dir, rel),
      typeof schema === 'string' ? schema : JSON.stringify(schema, null, 2),
    );
  }
  return dir;
}

// A small Rubin-like layout: the alert names records defined in sibling files, one of which names an enum
// defined in a third file and refers to a record relatively.
const files = {
  'lsst.v9_1.alert.avsc': {
    namespace: 'lsst.v9_1',
    type: 'record',
    name: 'alert',
    fields: [
      { name: 'diaSourceId', type: 'long' },
      { name: 'diaSource', type: 'lsst.v9_1.diaSource' },
      {
        name: 'prvDiaSources',
        type: ['null', { type: 'array', items: 'lsst.v9_1.diaSource' }],
        default: null,
      },
      { name: 'diaObject', type: ['null', 'lsst.v9_1.diaObject'], default: null },
    ],
  },
  'lsst.v9_1.diaSource.avsc': {
    type: 'record',
    namespace: 'lsst.v9_1',
    name: 'diaSource',
    fields: [
      { name: 'diaSourceId', type: 'long' },
      { name: 'band', type: 'band' },
      { name: 'psfFlux', type: ['null', 'float'], default: null },
    ],
  },
  'nested/lsst.v9_1.diaObject.avsc': {
    type: 'record',
    name: 'lsst.v9_1.diaObject',
    fields: [{ name: 'diaObjectId', type: 'long' }],
  },
  'lsst.v9_1.band.avsc': { type: 'enum', namespace: 'lsst.v9_1', name: 'band', symbols: ['u', 'g', 'r'] },
  // unreferenced, as Rubin's 10.0 ssObject.avsc
  'lsst.v9_1.ssObject.avsc': { type: 'record', namespace: 'lsst.v9_1', name: 'ssObject', fields: [] },
  // an id given by the file name
  '55.avsc': { type: 'record', name: 'ping', fields: [{ name: 'n', type: 'long' }] },
  'README.txt': 'not a schema',
};

/** The alert schema written self-contained by hand: how a producer encodes. */
const writer = avro.Type.forSchema(
  {
    type: 'record',
    name: 'lsst.v9_1.alert',
    fields: [
      { name: 'diaSourceId', type: 'long' },
      {
        name: 'diaSource',
        type: {
          type: 'record',
          name: 'lsst.v9_1.diaSource',
          fields: [
            { name: 'diaSourceId', type: 'long' },
            { name: 'band', type: { type: 'enum', name: 'lsst.v9_1.band', symbols: ['u', 'g', 'r'] } },
            { name: 'psfFlux', type: ['null', 'float'], default: null },
          ],
        },
      },
      {
        name: 'prvDiaSources',
        type: ['null', { type: 'array', items: 'lsst.v9_1.diaSource' }],
        default: null,
      },
      {
        name: 'diaObject',
        type: [
          'null',
          { type: 'record', name: 'lsst.v9_1.diaObject', fields: [{ name: 'diaObjectId', type: 'long' }] },
        ],
        default: null,
      },
    ],
  },
  { registry: { long: bigintLongType } },
);
const alert = {
  diaSourceId: 2n ** 61n + 3n,
  diaSource: { diaSourceId: 2n ** 61n + 3n, band: 'r', psfFlux: 125.5 },
  prvDiaSources: [{ diaSourceId: 5n, band: 'u', psfFlux: null }],
  diaObject: { diaObjectId: 2n ** 62n },
};

describe('a schema directory', () => {
  it("gives ids by Rubin's rule and by file name, resolving named types across files", async () => {
    const dir = schemaDir(files);
    const source = SchemaDirSource.load(dir);
    expect(source.ids).toEqual([55, 901]);
    expect(source.fileOf(901)).toBe(path.join(dir, 'lsst.v9_1.alert.avsc'));
    const decoder = new ConfluentDecoder(source);
    const ping = avro.Type.forSchema(
      { type: 'record', name: 'ping', fields: [{ name: 'n', type: 'long' }] },
      {
        registry: { long: bigintLongType },
      },
    );
    const out = await decoder.decode([
      encodeConfluentFrame(901, writer.toBuffer(alert)),
      encodeConfluentFrame(55, ping.toBuffer({ n: -(2n ** 63n) })),
      encodeConfluentFrame(902, writer.toBuffer(alert)),
    ]);
    if (!out[0].ok || !out[1].ok) throw new Error('a frame was rejected');
    expect(out[0].record).toEqual(alert);
    expect(out[0].schemaVersion).toBe('lsst.v9_1');
    expect(out[1].record).toEqual({ n: -(2n ** 63n) });
    expect(out[1].schemaVersion).toBeNull();
    expect(out[2]).toEqual({ ok: false, reason: `unknown schema id 902 (schema directory ${dir})` });
  });

  const loadError = (f: Record<string, unknown>): string => {
    try {
      SchemaDirSource.load(schemaDir(f));
    } catch (err) {
      expect(err).toBeInstanceOf(SchemaSourceError);
      return (err as Error).message;
    }
    throw new Error('the directory loaded');
  };

  it('is refused at load, naming the file, when it is unusable', () => {
    expect(() => SchemaDirSource.load(path.join(tmpRoot, 'absent'))).toThrow(
      /schema directory .*absent: ENOENT/,
    );
    const { 'lsst.v9_1.band.avsc': _band, ...withoutBand } = files;
    expect(loadError(withoutBand)).toMatch(
      /lsst\.v9_1\.alert\.avsc: type lsst\.v9_1\.band is used but defined neither in the schema nor/,
    );
    expect(loadError({ ...files, 'broken.avsc': '{"type": ' })).toMatch(
      /broken\.avsc: not a JSON Avro schema/,
    );
    expect(
      loadError({ ...files, 'other/band.avsc': { type: 'enum', name: 'lsst.v9_1.band', symbols: ['y'] } }),
    ).toMatch(
      /type lsst\.v9_1\.band is defined differently in .*lsst\.v9_1\.band\.avsc and .*other\/band\.avsc/,
    );
    expect(loadError({ ...files, '901.avsc': { type: 'record', name: 'x', fields: [] } })).toMatch(
      /schema id 901 is given by both .*901\.avsc and .*lsst\.v9_1\.alert\.avsc/,
    );
    expect(
      loadError({ 'lsst.v9_100.alert.avsc': { type: 'record', name: 'lsst.v9_100.alert', fields: [] } }),
    ).toMatch(/minor of lsst\.v9_100 on two digits; name the file <id>\.avsc/);
    expect(loadError({ 'a.avsc': { type: 'record', name: 'a', fields: [] } })).toMatch(
      /no schema with an id/,
    );
  });
});
