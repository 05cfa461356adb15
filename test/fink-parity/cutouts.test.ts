/**
 * Fink's cutout tests against our server. Adapted from fink-object-api `apps/routes/v1/ztf/cutouts/test.py` at
 * commit 17051ca (github.com/astrolabsoftware/fink-object-api, Apache-2.0, AstroLab Software): every test
 * function is an `it` of the same name with the same assertions. Fink's object ZTF21aaxtctv and its alert
 * 1622215345315015012 are replaced by the first object (by id) of our test data with two valid alerts whose
 * Science stamps have no NaN pixel, and by its older alert, found by reading the Avro files with avsc
 * (test/data/README.md §1, fink-broker_ci_alerts_2023-10-18), never from our answers.
 *
 * Fink's client posts a JSON body with every argument (`cutouttest`) and opens the answer with PIL
 * (`Image.open`, `getextrema`), astropy (`fits.open`) or `r.json()`. Here the PNG is decoded by fast-png
 * (test/support/png.ts), the FITS file by a reader written from the FITS standard (test/support/fits-oracle.ts),
 * and the pixels are compared with the alert's own stamp, gunzipped by zlib.
 */
import fs from 'node:fs';
import { gunzipSync } from 'node:zlib';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoreLayout } from '../../data/index.js';
import { createApp } from '../../serve/app.js';
import { StoreReader } from '../../serve/store-reader.js';
import { float32Rows, readFitsOracle } from '../support/fits-oracle.js';
import { type InputAlert, isValidInput, readInputAlerts } from '../support/input-alerts.js';
import { type PngImage, readPng } from '../support/png.js';
import { rawStoreLayout } from '../support/serve-stores.js';
import { testLog } from '../support/store.js';
import { testDataPath } from '../support/test-data.js';

type Kind = 'Science' | 'Template' | 'Difference';

/** Fink's `cutouttest` arguments, with its defaults (viridis, sigmoid, 0.5 / 99.5, PNG). */
interface CutoutTestArgs {
  objectId?: string;
  kind?: Kind;
  stretch?: string;
  colormap?: string;
  pmin?: number;
  pmax?: number;
  convolution_kernel?: string;
  output_format?: 'PNG' | 'FITS' | 'array';
  candid?: string;
}

/** The object of the test: its alerts, most recent first. */
interface TestObject {
  readonly objectId: string;
  readonly alerts: readonly InputAlert[];
}

/** Per-channel [min, max] of a PNG, as PIL's `Image.getextrema()` gives them. */
function getextrema(png: PngImage): [number, number][] {
  const channels = png.color === 'grey' ? 1 : 3;
  const out: [number, number][] = Array.from({ length: channels }, () => [255, 0]);
  png.pixels.forEach((v, i) => {
    const range = out[i % channels];
    range[0] = Math.min(range[0], v);
    range[1] = Math.max(range[1], v);
  });
  return out;
}

/** The FITS file inside an alert's stamp: avsc's bytes, gunzipped by zlib. */
function stampFits(alert: InputAlert, kind: Kind): Uint8Array {
  const cutout = alert.record[`cutout${kind}`] as { stampData: Uint8Array };
  return new Uint8Array(gunzipSync(cutout.stampData));
}

/**
 * True when the alert's Science stamp has no NaN pixel. Fink's ZTF21aaxtctv has clean stamps; a NaN pixel is
 * drawn at level 0 by every stretch here (compute/image/stretch.ts), so on a stamp with NaN pixels the extrema of
 * two stretches can coincide and the extrema tests below could not tell stretches apart.
 */
function hasCleanScience(alert: InputAlert): boolean {
  const fits = stampFits(alert, 'Science');
  return float32Rows(fits, readFitsOracle(fits).hdus[0]).every((row) => row.every((v) => !Number.isNaN(v)));
}

describe('fink-object-api cutouts/test.py', () => {
  let layout: StoreLayout;
  let reader: StoreReader;
  let app: Hono;
  let object: TestObject;

  beforeAll(async () => {
    const input = await readInputAlerts(testDataPath('ztf_raw_avro', 'fink-broker_ci_alerts_2023-10-18'));
    // distinct alerts (the files hold one alert twice), valid ones only (the store serves those)
    const byCandid = new Map(input.alerts.filter(isValidInput).map((a) => [a.candid, a]));
    const byObject = new Map<string, InputAlert[]>();
    for (const a of byCandid.values()) byObject.set(a.objectId, [...(byObject.get(a.objectId) ?? []), a]);
    const [objectId, alerts] = [...byObject]
      .filter(([, list]) => list.length >= 2 && list.every(hasCleanScience))
      .sort(([a], [b]) => a.localeCompare(b))[0];
    object = {
      objectId,
      alerts: [...alerts].sort((a, b) => (b.candidate.jd as number) - (a.candidate.jd as number)),
    };
    layout = await rawStoreLayout('skyalert-fink-cutouts-');
    reader = await StoreReader.open(layout, testLog);
    app = createApp(reader, testLog);
  });
  afterAll(() => {
    reader?.close();
    if (layout) fs.rmSync(layout.root, { recursive: true, force: true });
  });

  /** Fink's `cutouttest`: a POST with every argument; asserts 200 and returns the answer decoded. */
  async function cutouttest(args: CutoutTestArgs = {}): Promise<Response> {
    const payload: Record<string, unknown> = {
      objectId: args.objectId ?? object.objectId,
      kind: args.kind ?? 'Science',
      stretch: args.stretch ?? 'sigmoid',
      colormap: args.colormap ?? 'viridis',
      pmin: args.pmin ?? 0.5,
      pmax: args.pmax ?? 99.5,
      'output-format': args.output_format ?? 'PNG',
    };
    if (args.candid !== undefined) payload.candid = args.candid;
    if (args.convolution_kernel !== undefined) payload.convolution_kernel = args.convolution_kernel;
    const r = await app.request('/api/v1/cutouts', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(payload),
    });
    expect(r.status, await r.clone().text()).toBe(200);
    return r;
  }

  const png = async (args: CutoutTestArgs = {}): Promise<PngImage> =>
    readPng(new Uint8Array(await (await cutouttest(args)).arrayBuffer()));
  const array = async (args: CutoutTestArgs): Promise<unknown> => {
    const kind = args.kind ?? 'Science';
    const body = (await (await cutouttest({ ...args, output_format: 'array' })).json()) as Record<
      string,
      unknown
    >;
    return body[`b:cutout${kind}_stampData`];
  };

  it('test_png_cutout', async () => {
    const r = await cutouttest();
    expect(r.headers.get('content-type')).toBe('image/png');
    // data.format == "PNG": fast-png reads it (signature and CRCs checked); data.size == (63, 63)
    const data = readPng(new Uint8Array(await r.arrayBuffer()));
    expect([data.width, data.height]).toEqual([63, 63]);
  });

  it('test_fits_cutout', async () => {
    const r = await cutouttest({ output_format: 'FITS' });
    expect(r.headers.get('content-disposition')).toMatch(/filename="[^"]+\.fits"$/);
    const bytes = new Uint8Array(await r.arrayBuffer());
    const data = readFitsOracle(bytes);
    // len(data) == 1: one HDU, and nothing after its padded data
    expect(data.hdus).toHaveLength(1);
    expect(data.wholeBlocks).toBe(true);
    // np.shape(data[0].data) == (63, 63): NAXIS1 = NAXIS2 = 63
    expect(data.hdus[0].axes).toEqual([63, 63]);
    // the pixels are those of the latest alert's Science stamp
    const stamp = stampFits(object.alerts[0], 'Science');
    const expected = readFitsOracle(stamp);
    expect(float32Rows(bytes, data.hdus[0])).toEqual(float32Rows(stamp, expected.hdus[0]));
  });

  it('test_array_cutout', async () => {
    const data = await array({});
    // np.shape(data) == (63, 63); isinstance(data, list)
    expect(Array.isArray(data)).toBe(true);
    const rows = data as unknown[][];
    expect(rows).toHaveLength(63);
    expect(rows.every((row) => Array.isArray(row) && row.length === 63)).toBe(true);
    const stamp = stampFits(object.alerts[0], 'Science');
    const expected = float32Rows(stamp, readFitsOracle(stamp).hdus[0]);
    expect(rows).toEqual(expected.map((row) => row.map((v) => (Number.isNaN(v) ? null : v))));
  });

  it('test_kind_cutout', async () => {
    const data1 = await array({ kind: 'Science' });
    const data2 = await array({ kind: 'Template' });
    const data3 = await array({ kind: 'Difference' });
    expect(data1).not.toEqual(data2);
    expect(data2).not.toEqual(data3);
  });

  it('test_pvalues_cutout', async () => {
    // pmin and pmax have no effect if stretch = sigmoid
    expect(getextrema(await png({ pmin: 0.1, pmax: 0.5 }))).toEqual(getextrema(await png()));
    // pmin and pmax have an effect otherwise
    expect(getextrema(await png({ pmin: 0.1, pmax: 0.5, stretch: 'linear' }))).not.toEqual(
      getextrema(await png()),
    );
  });

  it('test_stretch_cutout', async () => {
    const data1 = getextrema(await png({ stretch: 'sigmoid' }));
    for (const stretch of ['linear', 'sqrt', 'power', 'log'])
      expect(getextrema(await png({ stretch })), stretch).not.toEqual(data1);
  });

  it('test_colormap_cutout', async () => {
    expect(getextrema(await png({ colormap: 'Greys' }))).not.toEqual(getextrema(await png()));
  });

  it('test_convolution_kernel_cutout', async () => {
    expect(getextrema(await png({ convolution_kernel: 'gauss' }))).not.toEqual(getextrema(await png()));
  });

  it('test_candid_cutout', async () => {
    // the default is the latest alert; Fink's older alert of ZTF21aaxtctv becomes our object's older one
    const older = object.alerts[object.alerts.length - 1];
    expect(older.candid).not.toBe(object.alerts[0].candid);
    expect(getextrema(await png({ candid: older.candid }))).not.toEqual(getextrema(await png()));
  });
});
