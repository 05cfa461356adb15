/**
 * Fink parity: `/api/v1/tracklet`. Adapted from fink-object-api `apps/routes/v1/ztf/tracklet/test.py` at commit
 * 17051ca (astrolabsoftware/fink-object-api, Apache-2.0): every test function of that file is an `it` of the same
 * name and meaning. No real alert of test/data belongs to a tracklet (the Fink files there carry empty
 * `tracklet` fields), so these tests run on the simulated store (SIM_OPTIONS: seeded, byte-identical Avro files).
 * The expected tracklets are read from those Avro files, regenerated here and decoded with avsc, never from our
 * answers or our store.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSimulate } from '../../ingest/simulate/index.js';
import { parseJsonExact, readInputAlerts } from '../support/input-alerts.js';
import { call, type ServedStore, SIM_OPTIONS, simulatedStore } from '../support/serve-stores.js';
import { testLog } from '../support/store.js';

type Row = Record<string, unknown>;
const PATH = '/api/v1/tracklet';

/** One input alert of a tracklet. */
interface TrackletAlert {
  readonly tracklet: string;
  readonly candid: string;
  readonly jd: number;
}

/** JD (UTC) of `YYYY-MM-DD hh:mm:ss` (UTC): the Unix epoch is JD 2440587.5. */
const isoToJd = (iso: string) => Date.parse(`${iso.replace(' ', 'T')}Z`) / 86_400_000 + 2440587.5;

describe('Fink tracklet/test.py against /api/v1/tracklet', () => {
  let store: ServedStore;
  let inputs: TrackletAlert[];

  /** Fink's helper: POST with date, columns and output-format. */
  async function trackletsearch(date: string, columns = '*', outputFormat = 'json'): Promise<Row[]> {
    const { status, res } = await call(store.app, PATH, { date, columns, 'output-format': outputFormat });
    expect(status).toBe(200);
    return parseJsonExact(await res.text()) as Row[];
  }

  beforeAll(async () => {
    store = await simulatedStore();
    const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'skyalert-parity-tracklet-'));
    try {
      await runSimulate({ ...SIM_OPTIONS, outDir, log: testLog });
      const read = await readInputAlerts(outDir);
      inputs = read.alerts
        .filter((a) => typeof a.record.tracklet === 'string' && a.record.tracklet !== '')
        .map((a) => ({
          tracklet: String(a.record.tracklet),
          candid: a.candid,
          jd: a.candidate.jd as number,
        }));
    } finally {
      fs.rmSync(outDir, { recursive: true, force: true });
    }
    expect(inputs.length).toBeGreaterThan(0);
  });
  afterAll(() => store?.close());

  /** The first tracklet of the inputs (by id) and its exposure time as `YYYY-MM-DD hh:mm:ss`. */
  function firstTracklet(): { id: string; iso: string } {
    const id = [...new Set(inputs.map((a) => a.tracklet))].sort()[0];
    const m = /^TRCK_(\d{4})(\d{2})(\d{2})_(\d{2})(\d{2})(\d{2})_\d{2}$/.exec(id);
    if (!m) throw new Error(`unexpected tracklet id ${id}`);
    return { id, iso: `${m[1]}-${m[2]}-${m[3]} ${m[4]}:${m[5]}:${m[6]}` };
  }

  it('test_simple_trackletsearch', async () => {
    // Fink: 2021-08-10. Here the simulation's first night.
    const pdf = await trackletsearch(SIM_OPTIONS.startNight);
    expect(pdf.length).toBeGreaterThan(0);
    expect(pdf.every((r) => r['d:tracklet'] !== '')).toBe(true);
    expect(pdf.every((r) => String(r['d:tracklet']).startsWith('TRCK'))).toBe(true);
    const prefix = `TRCK_${SIM_OPTIONS.startNight.replace(/-/g, '')}`;
    const expected = inputs.filter((a) => a.tracklet.startsWith(prefix)).map((a) => a.candid);
    expect(pdf.map((r) => String(r['i:candid'])).sort()).toEqual(expected.sort());
  });

  it('test_fulldate', async () => {
    // Fink: 2021-10-22 09:19:49. Here the exposure time of the simulation's first tracklet.
    const { iso } = firstTracklet();
    const pdf = await trackletsearch(iso);
    const jd0 = isoToJd(iso);
    expect(pdf.length).toBeGreaterThan(0);
    for (const r of pdf) expect((r['i:jd'] as number).toFixed(3), String(r['i:jd'])).toBe(jd0.toFixed(3));
  });

  it('test_single_tracklet', async () => {
    // Fink: "2021-10-22 09:19:49 00" → TRCK_20211022_091949_00.
    const { id, iso } = firstTracklet();
    const pdf = await trackletsearch(`${iso} ${id.slice(-2)}`);
    expect(pdf.length).toBeGreaterThan(0);
    expect(pdf.every((r) => r['d:tracklet'] === id)).toBe(true);
    expect(pdf).toHaveLength(inputs.filter((a) => a.tracklet === id).length);
  });
});
