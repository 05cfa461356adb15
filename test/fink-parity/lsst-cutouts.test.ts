/**
 * Fink's LSST cutouts route tests (fink-object-api apps/routes/v1/lsst/cutouts/test.py @ 17051ca, Apache-2.0)
 * on the store of the 25 real Rubin alerts: Fink's diaSourceId 170424319673368579 is replaced by one of our
 * alerts. PNGs are read back by fast-png and FITS files by the tests' own FITS reader; "extrema" are the
 * minimum and maximum of each channel, as PIL's getextrema().
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFitsOracle } from '../support/fits-oracle.js';
import { type LsstFixtureApp, lsstSampleSql, openLsstFixtureApp } from '../support/lsst-fixture-store.js';
import { readPng } from '../support/png.js';
import { sql } from '../support/sql.js';

let fx: LsstFixtureApp;
let ID: string;

beforeAll(async () => {
  fx = await openLsstFixtureApp();
  const [r] = await sql(
    `SELECT CAST(diaSourceId AS VARCHAR) AS id FROM ${lsstSampleSql()} ORDER BY diaSourceId LIMIT 1`,
  );
  ID = String(r.id);
}, 60_000);
afterAll(() => fx?.close());

interface CutoutArgs {
  kind?: string;
  stretch?: string;
  colormap?: string;
  pmin?: number;
  pmax?: number;
  convolution_kernel?: string;
  output_format?: 'PNG' | 'FITS' | 'array';
}

async function cutouttest(a: CutoutArgs = {}): Promise<Response> {
  const payload: Record<string, unknown> = {
    diaSourceId: ID,
    kind: a.kind ?? 'Science',
    stretch: a.stretch ?? 'sigmoid',
    colormap: a.colormap ?? 'viridis',
    pmin: a.pmin ?? 0.5,
    pmax: a.pmax ?? 99.5,
    'output-format': a.output_format ?? 'PNG',
  };
  if (a.convolution_kernel !== undefined) payload.convolution_kernel = a.convolution_kernel;
  const r = await fx.app.request('/api/v1/cutouts', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(payload),
  });
  expect(r.status).toBe(200);
  return r;
}

async function png(a: CutoutArgs = {}) {
  return readPng(new Uint8Array(await (await cutouttest(a)).arrayBuffer()));
}

/** Per channel [min, max], as PIL's getextrema(). */
async function extrema(a: CutoutArgs = {}): Promise<number[][]> {
  const image = await png(a);
  const channels = image.color === 'rgb' ? 3 : 1;
  const out = Array.from({ length: channels }, () => [255, 0]);
  image.pixels.forEach((v, i) => {
    const c = out[i % channels];
    c[0] = Math.min(c[0], v);
    c[1] = Math.max(c[1], v);
  });
  return out;
}

async function array(kind: string): Promise<number[][]> {
  const body = (await (await cutouttest({ kind, output_format: 'array' })).json()) as Record<
    string,
    number[][]
  >;
  return body[`b:cutout${kind}`];
}

describe('fink-parity: LSST cutouts (cutouts/test.py)', () => {
  it('test_png_cutout', async () => {
    const image = await png();
    expect([image.width, image.height]).toEqual([30, 30]);
  });

  it('test_fits_cutout', async () => {
    const fits = readFitsOracle(
      new Uint8Array(await (await cutouttest({ output_format: 'FITS' })).arrayBuffer()),
    );
    expect(fits.hdus).toHaveLength(3);
    expect(fits.hdus[0].axes).toEqual([30, 30]);
  });

  it('test_array_cutout', async () => {
    const data = await array('Science');
    expect([data.length, data[0].length]).toEqual([30, 30]);
    expect(Array.isArray(data)).toBe(true);
  });

  it('test_kind_cutout', async () => {
    const [d1, d2, d3] = [await array('Science'), await array('Template'), await array('Difference')];
    expect(d1).not.toEqual(d2);
    expect(d2).not.toEqual(d3);
  });

  it('test_pvalues_cutout', async () => {
    // sigmoid ignores pmin/pmax; with linear they change the extrema (ours through the clipping percentiles)
    expect(await extrema()).toEqual(await extrema({ pmin: 0.1, pmax: 0.5 }));
    expect(await extrema()).not.toEqual(await extrema({ pmin: 0.1, pmax: 0.5, stretch: 'linear' }));
  });

  it('test_stretch_cutout', async () => {
    const sigmoid = await extrema({ stretch: 'sigmoid' });
    for (const stretch of ['linear', 'sqrt', 'power', 'log'])
      expect(await extrema({ stretch }), stretch).not.toEqual(sigmoid);
  });

  it('test_colormap_cutout', async () => {
    expect(await extrema()).not.toEqual(await extrema({ colormap: 'Greys' }));
  });

  it('test_convolution_kernel_cutout', async () => {
    expect(await extrema()).not.toEqual(await extrema({ convolution_kernel: 'gauss' }));
  });
});
