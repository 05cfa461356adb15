/**
 * `/api/v1/orbits` on a store holding only JPL SBDB's asteroid table (test/data/orbits): the record of an object
 * by number, name and designation equals the table's row read here as JSON; unknown names answer `[]`, a store
 * without a catalogue and bad names 400.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentOrbitCatalogue } from '../../data/index.js';
import { loadOrbitFiles } from '../../ingest/orbits/index.js';
import { createApp } from '../../serve/app.js';
import { StoreReader } from '../../serve/store-reader.js';
import { tempStore, testLog } from '../support/store.js';
import { testDataPath } from '../support/test-data.js';

const TABLE = () => testDataPath('orbits', 'jpl_sbdb_asteroids_kstars.json');

type Row = Record<string, unknown>;

describe('/api/v1/orbits', () => {
  const layout = tempStore('skyalert-orbits-');
  const bare = tempStore('skyalert-orbits-none-');
  let reader: StoreReader;
  let bareReader: StoreReader;
  let ceres: Record<string, string>;

  beforeAll(async () => {
    const json = JSON.parse(fs.readFileSync(TABLE(), 'utf8')) as { fields: string[]; data: string[][] };
    const row = json.data.find((r) => r[0].trim().startsWith('1 Ceres'));
    expect(row).toBeDefined();
    ceres = Object.fromEntries(json.fields.map((f, i) => [f, (row as string[])[i]]));
    await loadOrbitFiles(layout, [TABLE()], testLog);
    reader = await StoreReader.open(layout, testLog);
    bareReader = await StoreReader.open(bare, testLog);
  }, 120_000);

  afterAll(() => {
    reader?.close();
    bareReader?.close();
    for (const l of [layout, bare]) fs.rmSync(l.root, { recursive: true, force: true });
  });

  const get = async (r: StoreReader, query: string): Promise<{ status: number; body: unknown }> => {
    const response = await createApp(r, testLog).request(`/api/v1/orbits?${query}`);
    return { status: response.status, body: await response.json() };
  };

  it("answers an object's elements, the same by number, name and designation", async () => {
    for (const name of ['1', 'Ceres', 'ceres', 'A801%20AA']) {
      const { status, body } = await get(reader, `n_or_d=${name}`);
      expect(status, name).toBe(200);
      const [record] = body as Row[];
      expect(record.number, name).toBe(1);
      expect(record.name).toBe('Ceres');
      for (const [field, jpl] of [
        ['e', 'e'],
        ['a_au', 'a'],
        ['q_au', 'q'],
        ['incl_deg', 'i'],
        ['node_deg', 'om'],
        ['peri_deg', 'w'],
        ['h_mag', 'H'],
        ['g_slope', 'G'],
      ] as const) {
        expect(Math.abs(Number(record[field]) - Number(ceres[jpl])), field).toBeLessThan(1e-9);
      }
      expect(Number(record.epoch_jd_tt)).toBeCloseTo(Number(ceres.epoch_mjd) + 2400000.5, 6);
    }
  });

  it('answers [] for an unknown name, 400 for a bad one and without a catalogue', async () => {
    expect(await get(reader, 'n_or_d=Nosuchasteroid')).toEqual({ status: 200, body: [] });
    const bad = await get(reader, 'n_or_d=%3Cscript%3E');
    expect(bad.status).toBe(400);
    const none = await get(bareReader, 'n_or_d=1');
    expect(none.status).toBe(400);
    expect((none.body as { text: string }).text).toContain('skyalert orbits load');
  });

  it('answers 503 on a catalogue written before the lookup files, until orbit files are loaded again', async () => {
    const files = currentOrbitCatalogue(layout);
    if (!files) throw new Error('no orbit catalogue');
    fs.rmSync(files.nameLookup);
    const old = await get(reader, 'n_or_d=Ceres');
    expect(old.status).toBe(503);
    expect((old.body as { text: string }).text).toMatch(/no lookup file .*skyalert orbits load/);
    await loadOrbitFiles(layout, [TABLE()], testLog);
    expect(currentOrbitCatalogue(layout)?.version).toBe(files.version + 1);
    const migrated = await get(reader, 'n_or_d=Ceres');
    expect(migrated.status).toBe(200);
    expect((migrated.body as Row[])[0].name).toBe('Ceres');
  }, 120_000);
});
