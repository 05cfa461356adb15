/**
 * LSST `/api/v1/schema` answers each field with its Avro type and doc as the writer schema of the store's alerts
 * gives them (Fink's `{type, doc}`): stores made by `skyalert ingest` from simulated LSST container files (the
 * project's schema, documented) and from the real Rubin alerts of test/data/lsst (Fink's transfer schema,
 * undocumented, nullable unions), each checked against the writer schema read here from the container's own
 * header (avsc's file decoder).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ingestFiles } from '../../ingest/index.js';
import { runSimulateLsst } from '../../ingest/simulate/index.js';
import { createLsstApp } from '../../serve/app.js';
import { LsstStoreReader } from '../../serve/lsst-store-reader.js';
import { readContainerWithSchema } from '../support/avro-container.js';
import { tempStore, testLog } from '../support/store.js';
import { testDataPath } from '../support/test-data.js';

interface AvroField {
  readonly name: string;
  readonly type: unknown;
  readonly doc?: string;
}

type SchemaAnswer = Record<string, Record<string, { type: unknown; doc: string }>>;

const R_FAMILY = 'LSST original fields (r:)';
const cleanups: (() => void)[] = [];
afterAll(() => {
  for (const c of cleanups) c();
});

/** The scalar fields of a record field of the root (its type a record, or a nullable union with one). */
function sectionFields(root: { fields: AvroField[] }, section: string): AvroField[] {
  const field = root.fields.find((f) => f.name === section);
  const type = Array.isArray(field?.type) ? field.type.find((t) => t !== 'null') : field?.type;
  const fields = (type as { fields?: AvroField[] } | undefined)?.fields ?? [];
  const scalar = (t: unknown): boolean =>
    typeof t === 'string' ||
    (Array.isArray(t) && t.every((b) => typeof b === 'string')) ||
    (typeof t === 'object' && t !== null && !Array.isArray(t) && (t as { type: unknown }).type === 'long');
  return fields.filter((f) => scalar(f.type) && !/bytes/.test(JSON.stringify(f.type)));
}

/** Ingests `files` into a new store and answers `/api/v1/schema` for each endpoint. */
async function schemaAnswers(files: string[], endpoints: string[]): Promise<Map<string, SchemaAnswer>> {
  const layout = tempStore('skyalert-lsst-docs-');
  await ingestFiles(layout, files, { ingesterId: 'docs', log: testLog, publish: true });
  const reader = await LsstStoreReader.open(layout, testLog);
  cleanups.push(() => {
    reader.close();
    fs.rmSync(layout.root, { recursive: true, force: true });
  });
  const app = createLsstApp(reader, testLog);
  const out = new Map<string, SchemaAnswer>();
  for (const endpoint of endpoints) {
    const res = await app.request(`/api/v1/schema?endpoint=${encodeURIComponent(endpoint)}`);
    expect(res.status).toBe(200);
    out.set(endpoint, (await res.json()) as SchemaAnswer);
  }
  return out;
}

/** Checks the served r: entries of `section`'s fields against the writer schema (names of the root aside). */
function expectSectionServed(answer: SchemaAnswer, root: { fields: AvroField[] }, section: string): number {
  const rootNames = new Set(root.fields.map((f) => f.name));
  let checked = 0;
  for (const f of sectionFields(root, section)) {
    if (rootNames.has(f.name)) continue;
    const served = answer[R_FAMILY]?.[f.name];
    expect(served, `${section}.${f.name}`).toBeDefined();
    expect(served.doc, `${section}.${f.name}`).toBe(f.doc ?? '');
    expect(served.type, `${section}.${f.name}`).toEqual(f.type);
    checked++;
  }
  return checked;
}

describe('LSST schema field docs', () => {
  it("serves each field's doc and Avro type from the simulator's documented writer schema", async () => {
    const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'skyalert-lsst-docs-sim-'));
    cleanups.push(() => fs.rmSync(outDir, { recursive: true, force: true }));
    const sim = await runSimulateLsst({
      outDir,
      nights: 1,
      alertsPerNight: 40,
      seed: 5,
      startNight: 20260310,
      noStamps: true,
      log: testLog,
    });
    const { schemaText } = await readContainerWithSchema(sim.files[0]);
    const root = JSON.parse(schemaText) as { fields: AvroField[] };
    const answers = await schemaAnswers([...sim.files], ['/api/v1/sources', '/api/v1/objects', '/api/v1/fp']);
    const sources = answers.get('/api/v1/sources')!;
    expect(expectSectionServed(sources, root, 'diaSource')).toBeGreaterThan(20);
    expect(expectSectionServed(answers.get('/api/v1/objects')!, root, 'diaObject')).toBeGreaterThan(10);
    // the header's diaSource docs are not empty: what is compared is text, not absence
    const psfFlux = sectionFields(root, 'diaSource').find((f) => f.name === 'psfFlux');
    expect(psfFlux?.doc).toMatch(/\w+ \w+/);
    expect(sources[R_FAMILY].psfFlux.doc).toBe(psfFlux?.doc);
    // an object's ra is documented as the object's, a source's as the source's
    const objectRa = sectionFields(root, 'diaObject').find((f) => f.name === 'ra')?.doc;
    expect(answers.get('/api/v1/objects')![R_FAMILY].ra.doc).toBe(objectRa);
  }, 120_000);

  it('serves the nullable Avro types of the real Rubin alerts as their container header gives them', async () => {
    const file = testDataPath('lsst', 'part-2-918301.avro');
    const { schemaText } = await readContainerWithSchema(file);
    const root = JSON.parse(schemaText) as { fields: AvroField[] };
    const answers = await schemaAnswers([file], ['/api/v1/sources']);
    const sources = answers.get('/api/v1/sources')!;
    expect(expectSectionServed(sources, root, 'diaSource')).toBeGreaterThan(50);
    expect(sources[R_FAMILY].psfFlux.type).toEqual(['float', 'null']);
  }, 120_000);
});
