/**
 * Fink's schema tests against our `/api/v1/schema` and the `/api/v1/objects` answers it describes, on the store
 * built from test/data.
 *
 * Adapted from fink-object-api `apps/routes/v1/ztf/schema/test.py` at commit 17051ca
 * (astrolabsoftware/fink-object-api, Apache-2.0; authors: AstroLab Software, Julien Peloton). Both test functions
 * are `it`s of the same name with the same checks (`check_recent_columns`, `check_old_columns`, with Fink's
 * exemption lists); Fink's old object ZTF21abfmbix is replaced by ZTF19acihgng (a raw 2019 alert of test/data
 * §1, without science-module fields), and the recent object comes from `/latests` as in Fink.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, realStore, type ServedStore } from '../support/serve-stores.js';
import { readOracleAlerts } from './input-oracle.js';

type Row = Record<string, unknown>;
const FAMILIES = ['i:', 'd:', 'b:', 'v:'] as const;

/** Fields Fink's `check_recent_columns` does not require in an answer (images discarded; may be null). */
const RECENT_EXEMPT = [
  'cutoutDifference_stampData',
  'cutoutScience_stampData',
  'cutoutTemplate_stampData',
  'anomaly_score',
  'blazar_stats_instantness_high',
  'blazar_stats_instantness_low',
  'blazar_stats_robustness_high',
  'blazar_stats_robustness_low',
];

/** `d:` fields Fink's `check_old_columns` does not require in an old object's answer (added later). */
const RECENT_D_FIELDS = [
  'DR3Name',
  'Plx',
  'anomaly_score',
  'delta_time',
  'e_Plx',
  'from_upper',
  'gcvs',
  'jd_first_real_det',
  'jdstarthist_dt',
  'lc_features_g',
  'lc_features_r',
  'lower_rate',
  'mag_rate',
  'mangrove_2MASS_name',
  'mangrove_HyperLEDA_name',
  'mangrove_ang_dist',
  'mangrove_lum_dist',
  'sigma_rate',
  'spicy_class',
  'spicy_id',
  'upper_rate',
  'vsx',
  'x3hsp',
  'x4lac',
  'blazar_stats_m0',
  'blazar_stats_m1',
  'blazar_stats_m2',
  'gaiaVarFlag',
  'gaiaClass',
  'is_transient',
  'slsn_score',
  'blazar_stats_instantness_high',
  'blazar_stats_instantness_low',
  'blazar_stats_robustness_high',
  'blazar_stats_robustness_low',
];

describe('Fink parity: schema/test.py', () => {
  let store: ServedStore;

  /** Fink's `get_fields_per_family`: the field names of each family of /api/v1/schema. */
  async function getFieldsPerFamily(): Promise<Record<string, string[]>> {
    const r = await store.app.request('/api/v1/schema');
    expect(r.status).toBe(200);
    const schema = (await r.json()) as Record<string, Row>;
    const dic: Record<string, string[]> = {};
    for (const i of FAMILIES)
      for (const category of Object.keys(schema))
        if (category.includes(i)) dic[i] = Object.keys(schema[category]);
    return dic;
  }

  const obtainedOf = (columns: readonly string[], family: string) =>
    columns.filter((c) => c.startsWith(family) && !c.includes('t2_')).map((c) => c.slice(family.length));

  async function checkRecentColumns(columns: readonly string[], objectId: string): Promise<void> {
    const fieldsPerFamily = await getFieldsPerFamily();
    expect(Object.keys(fieldsPerFamily).sort()).toEqual([...FAMILIES].sort());
    for (const [family, definition] of Object.entries(fieldsPerFamily)) {
      const obtained = obtainedOf(columns, family);
      const outsideObtained = definition.filter((i) => !obtained.includes(i) && !RECENT_EXEMPT.includes(i));
      expect(outsideObtained, `Not in obtained fields ${family} ${objectId}`).toEqual([]);
      // `spicy_name` was introduced by mistake instead of `spicy_class` for 2024/02/01; anomaly can be null
      const outsideDefinition = obtained.filter(
        (i) => !definition.includes(i) && i !== 'spicy_name' && i !== 'anomaly_score',
      );
      expect(outsideDefinition, `Not in defined fields ${family} ${objectId}`).toEqual([]);
    }
  }

  async function checkOldColumns(columns: readonly string[], objectId: string): Promise<void> {
    const fieldsPerFamily = await getFieldsPerFamily();
    expect(Object.keys(fieldsPerFamily).sort()).toEqual([...FAMILIES].sort());
    for (const [family, definition] of Object.entries(fieldsPerFamily)) {
      const obtained = obtainedOf(columns, family);
      // Only d: has changed
      const outsideObtained = definition.filter(
        (i) => !obtained.includes(i) && (family !== 'd:' || !RECENT_D_FIELDS.includes(i)),
      );
      expect(outsideObtained, `Not in obtained fields ${family} ${objectId}`).toEqual([]);
      const outsideDefinition = obtained.filter((i) => !definition.includes(i) && i !== 'spicy_name');
      expect(outsideDefinition, `Not in defined fields ${family} ${objectId}`).toEqual([]);
    }
  }

  beforeAll(async () => {
    store = await realStore();
  });
  afterAll(() => store?.close());

  it('test_recent_object', async () => {
    // Need a class that brings objects frequently (to have new cols): the 2026-03 Fink alerts of test/data §2
    // are all "SN candidate" by Fink (finkclass).
    const r = await call(store.app, '/api/v1/latests', {
      class: 'SN candidate',
      n: 1,
      columns: 'i:objectId',
    });
    expect(r.status).toBe(200);
    const objectId = String((r.body as Row[])[0]['i:objectId']);
    const inputIds = new Set((await readOracleAlerts()).map((a) => a.objectId));
    expect(inputIds.has(objectId)).toBe(true);
    // Note that we discard images on purpose for speed
    const r2 = await call(store.app, '/api/v1/objects', {
      objectId,
      columns: '*',
      'output-format': 'json',
      withupperlim: true,
      withcutouts: false,
    });
    expect(r2.status).toBe(200);
    const columns = [...new Set((r2.body as Row[]).flatMap((row) => Object.keys(row)))];
    await checkRecentColumns(columns, objectId);
  });

  it('test_old_object', async () => {
    const objectId = 'ZTF19acihgng';
    const r = await call(store.app, '/api/v1/objects', {
      objectId,
      columns: '*',
      'output-format': 'json',
      withupperlim: true,
      withcutouts: true,
    });
    expect(r.status).toBe(200);
    const columns = [...new Set((r.body as Row[]).flatMap((row) => Object.keys(row)))];
    expect(columns.length).toBeGreaterThan(0);
    await checkOldColumns(columns, objectId);
  });
});
