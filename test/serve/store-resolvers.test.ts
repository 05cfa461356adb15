import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type Catalog,
  EMPTY_CATALOG,
  type PartEntry,
  type StoreLayout,
  writeCatalog,
} from '../../data/index.js';
import { loadTns } from '../../ingest/tns/load-tns.js';
import { storeEntries } from '../../serve/api/stores.js';
import { tempStore, testLog } from '../support/store.js';
import { testDataPath } from '../support/test-data.js';

const SESAME = 'https://cds.unistra.fr/cgi-bin/nph-sesame/-oxp/~S?{name}';
const stores: StoreLayout[] = [];

function store(): StoreLayout {
  const layout = tempStore('skyalert-resolvers-');
  stores.push(layout);
  return layout;
}

/** Publishes a catalog of `parts` and night statistics (as the ingestion writes them). */
function publish(layout: StoreLayout, parts: PartEntry[], statistics: Catalog['statistics']): void {
  writeCatalog(layout, {
    ...EMPTY_CATALOG,
    version: 1,
    publishedAt: '2026-01-01T00:00:00Z',
    parts,
    statistics,
  });
}

const part = (lsstRows?: PartEntry['lsstRows']): PartEntry => ({
  id: 'p1',
  nights: [20260101],
  rows: { alerts: 1, upperlim: 0, cutouts: 1 },
  cutouts: [],
  ...(lsstRows ? { lsstRows } : {}),
  createdAt: '2026-01-01T00:00:00Z',
});

const resolversOf = (layout: StoreLayout, survey: 'ztf' | 'lsst', sesame: string | null) =>
  storeEntries([{ name: survey, survey, layout }], sesame)[0].resolvers;

afterEach(() => {
  for (const s of stores.splice(0)) fs.rmSync(s.root, { recursive: true, force: true });
});

describe('/api/v1/stores: the resolvers of each store', () => {
  it('lists none on an empty store without a SIMBAD service, simbad once one is configured', () => {
    for (const survey of ['ztf', 'lsst'] as const) {
      const layout = store();
      expect(resolversOf(layout, survey, null)).toEqual([]);
      expect(resolversOf(layout, survey, SESAME)).toEqual(['simbad']);
    }
  });

  it('lists tns once a TNS table is loaded (skyalert tns load)', async () => {
    const layout = store();
    await loadTns(layout, testDataPath('tns', 'tns_public_objects_sample.csv'), testLog);
    expect(resolversOf(layout, 'ztf', null)).toEqual(['tns']);
    expect(resolversOf(layout, 'lsst', SESAME)).toEqual(['tns', 'simbad']);
  });

  it('lists ssodnet for ZTF with an orbit catalogue or alerts of known Solar System objects', () => {
    const orbits = store();
    // the pointer `skyalert orbits load` writes to its first version (test/sso/orbits-load.test.ts)
    fs.mkdirSync(path.dirname(orbits.orbitsPointer), { recursive: true });
    fs.writeFileSync(orbits.orbitsPointer, 'v0000000001\n');
    expect(resolversOf(orbits, 'ztf', null)).toEqual(['ssodnet']);
    const alerts = store();
    publish(alerts, [part()], { '20260101': { 'class:SN candidate': 4 } });
    expect(resolversOf(alerts, 'ztf', null)).toEqual([]);
    publish(alerts, [part()], { '20260101': { 'class:SN candidate': 4, 'class:Solar System MPC': 2 } });
    expect(resolversOf(alerts, 'ztf', null)).toEqual(['ssodnet']);
  });

  it('lists ssodnet for LSST when a part holds Solar System detections', () => {
    const layout = store();
    const rows = { sources: 3, objects: 1, fp: 0, sso: 0, cutouts: 1 };
    publish(layout, [part(rows)], {});
    expect(resolversOf(layout, 'lsst', null)).toEqual([]);
    publish(layout, [part(rows), { ...part({ ...rows, sso: 2 }), id: 'p2' }], {});
    expect(resolversOf(layout, 'lsst', null)).toEqual(['ssodnet']);
  });
});
