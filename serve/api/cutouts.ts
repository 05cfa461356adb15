/**
 * `/api/v1/cutouts`: the image stamps of an alert as PNG, the original FITS file (uncompressed), or 2-D arrays
 * (docs/references.md#api-cutouts), and every epoch of an object in one call (`candid=all`: a JSON list, or a
 * ZIP of PNG/FITS files).
 */
import { gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { z } from 'zod';
import { isGzip, readFitsImage } from '../../compute/fits/index.js';
import {
  COLORMAPS,
  CONVOLUTION_KERNELS,
  type Colormap,
  type ConvolutionKernel,
  DEFAULT_PMAX_PERCENT,
  DEFAULT_PMIN_PERCENT,
  findColormap,
  renderStampPng,
  STRETCHES,
  type Stretch,
  writeZip,
} from '../../compute/image/index.js';
import { INT64_MAX } from '../../data/index.js';
import {
  type AlertStamps,
  STAMP_KINDS,
  type StampKind,
  type StampSelection,
} from '../../data/queries/index.js';
import {
  type EndpointOptions,
  endpointHandler,
  numberArg,
  OBJECT_ID,
  OBJECT_ID_FORM,
  withExactIntegers,
} from '../args/index.js';
import { stampArray, stampField } from '../cutout-arrays.js';
import { ApiError } from '../errors.js';
import { objectReads } from '../object-reads.js';
import type { EndpointDoc } from '../openapi.js';
import type { StoreReader } from '../store-reader.js';

/** Output formats of this endpoint (the reference's spelling; matched in any case). */
export const CUTOUT_FORMATS = ['PNG', 'FITS', 'array'] as const;
type CutoutFormat = (typeof CUTOUT_FORMATS)[number];
/** `kind` values: one stamp, or `All` (array output, or candid=all). */
export const CUTOUT_KINDS = [...STAMP_KINDS, 'All'] as const;
type CutoutKind = (typeof CUTOUT_KINDS)[number];

/** Most stamp arrays (epochs × kinds) in one `candid=all` JSON answer: about 70 KB of JSON each (≈ 35 MB). */
export const MAX_ARRAY_STAMPS = 500;
/** Most files in one `candid=all` ZIP: PNG ≈ 5 KB, FITS ≈ 20 KB each before deflate (≈ 60 MB at most). */
export const MAX_ZIP_STAMPS = 3000;
/** Largest FITS file a stored stamp may inflate to (a ZTF stamp is 20,160 bytes); beyond it the stamp is damaged. */
const MAX_STAMP_FITS_BYTES = 16 * 1024 * 1024;

const CANDID_ARG = /^\d{1,19}$/;
const UNIX_EPOCH_JD = 2440587.5;
const MS_PER_DAY = 86_400_000;

/** One of `values`, matched in any case, returned in its canonical spelling. */
export function choice<T extends string>(values: readonly T[], aliases: Readonly<Record<string, T>> = {}) {
  const expected = `one of ${values.join(', ')}`;
  return z
    .string({ message: `expected ${expected}` })
    .transform((v, ctx) => {
      const key = v.trim().toLowerCase();
      const hit = values.find((x) => x.toLowerCase() === key) ?? aliases[key];
      if (hit) return hit;
      ctx.addIssue({ code: 'custom', message: `${JSON.stringify(v)} is not ${expected}` });
      return z.NEVER;
    })
    .meta({ values });
}

const percentArg = numberArg((n) => n >= 0 && n <= 100, 'a percentile between 0 and 100').meta({ unit: '%' });

const candidArg = z.union([z.string(), z.number()]).transform((v, ctx): StampSelection => {
  const text = String(v).trim();
  if (text.toLowerCase() === 'all') return 'all';
  if (typeof v === 'number' && !Number.isSafeInteger(v)) {
    ctx.addIssue({
      code: 'custom',
      message: `${v} is not an exact integer (JSON numbers above 2^53 lose digits): send the candid as a string`,
    });
    return z.NEVER;
  }
  if (CANDID_ARG.test(text) && BigInt(text) <= INT64_MAX) return BigInt(text);
  ctx.addIssue({
    code: 'custom',
    message: `expected an alert id (a non-negative integer such as 1060135832015015002) or \`all\`, got ${JSON.stringify(v)}`,
  });
  return z.NEVER;
});

/** How a stamp is drawn as PNG (shared by the ZTF and LSST cutouts endpoints). */
export const PNG_ARGS = {
  stretch: choice<Stretch>(STRETCHES, { arcsinh: 'asinh' })
    .optional()
    .default('sigmoid')
    .meta({
      description:
        'PNG only: sigmoid (z-score then logistic), linear, sqrt, power (x²), log (a = 1000), asinh (a = 0.1; ' +
        'arcsinh accepted).',
    }),
  colormap: z
    .string({ message: `expected a colour map name: ${COLORMAPS.join(', ')} (or with _r)` })
    .transform((v, ctx): Colormap => {
      const found = findColormap(v.trim());
      if (found) return found;
      ctx.addIssue({
        code: 'custom',
        message: `unknown colour map ${JSON.stringify(v)}; use one of ${COLORMAPS.join(', ')} (or with _r)`,
      });
      return z.NEVER;
    })
    .prefault('gray')
    .meta({
      description: `PNG only: ${COLORMAPS.join(', ')}, each also reversed with _r (matplotlib tables).`,
    }),
  pmin: percentArg
    .optional()
    .default(DEFAULT_PMIN_PERCENT)
    .meta({
      description:
        'PNG only: lower clipping percentile (0-100) of the finite pixels for the non-sigmoid stretches ' +
        '(honoured here; the reference ignored it).',
    }),
  pmax: percentArg.optional().default(DEFAULT_PMAX_PERCENT).meta({
    description: 'PNG only: upper clipping percentile (0-100, above pmin) for the non-sigmoid stretches.',
  }),
  convolution_kernel: choice<ConvolutionKernel | 'none'>([...CONVOLUTION_KERNELS, 'none'], {
    '': 'none',
  })
    .optional()
    .meta({
      description:
        'PNG only: smooth before stretching with gauss (σ = 1 px, 5×5 px) or box (3×3 px mean); none or empty ' +
        'for no smoothing.',
    }),
};

/** The PNG arguments as parsed. */
export type PngArgs = z.output<z.ZodObject<typeof PNG_ARGS>>;

const schema = z.object({
  objectId: z
    .string({ message: 'a value for objectId is required (a ZTF object id such as ZTF19acihgng)' })
    .trim()
    .regex(OBJECT_ID, { message: `object ids are ${OBJECT_ID_FORM}` })
    .meta({ description: 'ZTF object id (exact)', examples: ['ZTF19acihgng'] }),
  candid: candidArg.optional().meta({
    description:
      'Alert id (an integer; send it as a string from languages without 64-bit integers). Default: the most ' +
      'recent alert of the object. `all`: every alert, most recent first — with output-format=array a JSON list ' +
      '[{"i:candid", "i:jd", "b:cutout<Kind>_stampData"}], with PNG or FITS a ZIP of files named ' +
      `<objectId>_<candid>_<Kind>.png or .fits (at most ${MAX_ARRAY_STAMPS} arrays or ${MAX_ZIP_STAMPS} files). ` +
      'A candid that is not an alert of the object, or an object without alerts, is a 400 error; with ' +
      'candid=all and array output an unknown object gives [].',
    examples: ['1060135832015015002'],
  }),
  kind: choice(CUTOUT_KINDS)
    .optional()
    .default('Science')
    .meta({
      description:
        'Science, Template or Difference; All (the three) only with output-format=array or candid=all. ' +
        'Matched in any case.',
    }),
  'output-format': choice(CUTOUT_FORMATS)
    .optional()
    .default('PNG')
    .meta({
      description:
        'PNG (63×63 image, FITS row 1 at the bottom as on the sky), FITS (the FITS file of the stamp in the ' +
        'alert packet, uncompressed: one HDU, its header and pixels unchanged; application/octet-stream, file ' +
        '<objectId>_<candid>_<Kind>.fits), or array ({"b:cutout<Kind>_stampData": 63 rows of 63 numbers, row ' +
        '0 = FITS row 1, NaN as null}). Matched in any case.',
    }),
  ...PNG_ARGS,
});

/** The cutouts endpoint's entry in the API index and OpenAPI (docs/references.md#api-cutouts). */
export const CUTOUTS_ENDPOINT: EndpointDoc = {
  path: '/api/v1/cutouts',
  methods: ['GET', 'POST'],
  summary: 'Image stamps of an alert (PNG, FITS or array), or of every alert of an object',
  args: schema,
  contentTypes: ['image/png', 'application/octet-stream', 'application/json', 'application/zip'],
};

function kindsOf(kind: CutoutKind): StampKind[] {
  return kind === 'All' ? [...STAMP_KINDS] : [kind];
}

function noAlertText(objectId: string, which: StampSelection): string {
  return typeof which === 'bigint'
    ? `Alert ${which} is not an alert of ${objectId} with stamps in this store. List its alerts with ` +
        `/api/v1/objects?objectId=${objectId}, or omit candid for the latest one.`
    : `No alert of ${objectId} with stamps in this store. Check the id with /api/v1/objects?objectId=${objectId}.`;
}

function stampBytes(objectId: string, alert: AlertStamps, kind: StampKind): Uint8Array {
  const bytes = alert.stamps[kind];
  if (!bytes) throw new ApiError(400, `Alert ${alert.candid} of ${objectId} carries no ${kind} stamp.`);
  return bytes;
}

/**
 * The FITS file inside a stored stamp: the packet's gzipped bytes inflated (a stamp stored uncompressed is
 * returned as it is). Throws (a server error) for a stamp that does not inflate: the store is damaged.
 */
function fitsFile(bytes: Uint8Array): Uint8Array {
  return isGzip(bytes) ? new Uint8Array(gunzipSync(bytes, { maxOutputLength: MAX_STAMP_FITS_BYTES })) : bytes;
}

/** Draws the primary image of a FITS stamp (gzipped or not) as PNG with the request's PNG arguments. */
export function renderPng(bytes: Uint8Array, args: PngArgs): Uint8Array {
  const conv = args.convolution_kernel;
  return renderStampPng(readFitsImage(bytes), {
    stretch: args.stretch,
    pminPercent: args.pmin,
    pmaxPercent: args.pmax,
    colormap: args.colormap,
    convolution: conv && conv !== 'none' ? conv : null,
  });
}

function arrayFields(alert: AlertStamps, kinds: readonly StampKind[]): string {
  return kinds
    .map((k) => {
      const bytes = alert.stamps[k];
      return `${JSON.stringify(stampField(k))}:${JSON.stringify(bytes ? stampArray(bytes) : null)}`;
    })
    .join(',');
}

function attachment(body: Uint8Array, contentType: string, filename: string, immutable: boolean): Response {
  const headers: Record<string, string> = {
    'content-type': contentType,
    'content-disposition': `attachment; filename="${filename}"`,
  };
  if (immutable) headers['cache-control'] = 'public, max-age=86400';
  return new Response(body as Uint8Array<ArrayBuffer>, { status: 200, headers });
}

function jdToDate(jd: number): Date {
  return new Date((jd - UNIX_EPOCH_JD) * MS_PER_DAY);
}

/** The cutouts endpoint app, mounted at /api/v1/cutouts. */
export function cutoutsApp(reader: StoreReader): Hono {
  const app = new Hono();
  const options: EndpointOptions = { prepare: (raw, c) => withExactIntegers(c, raw, ['candid']) };
  const handler = endpointHandler(schema, options, async (c, args) => {
    if (args.pmin >= args.pmax)
      throw new ApiError(
        400,
        `pmin (${args.pmin}) must be below pmax (${args.pmax}); both are percentiles 0-100.`,
      );
    const which: StampSelection = args.candid ?? 'latest';
    const format: CutoutFormat = args['output-format'];
    if (args.kind === 'All' && format !== 'array' && which !== 'all')
      throw new ApiError(
        400,
        'The option `kind=All` is only compatible with `output-format=array` (or with candid=all, which ' +
          'returns a ZIP). Choose Science, Template or Difference.',
      );
    const { objectId } = args;
    const kinds = kindsOf(args.kind);
    const reads = objectReads(reader, reader.snapshot(), objectId, true);

    if (which === 'all') {
      const epochs = reads.stampEpochs(objectId);
      if (epochs.length === 0 && format === 'array') return c.json([]);
      if (epochs.length === 0) throw new ApiError(400, noAlertText(objectId, which));
      const cap = format === 'array' ? MAX_ARRAY_STAMPS : MAX_ZIP_STAMPS;
      if (epochs.length * kinds.length > cap)
        throw new ApiError(
          400,
          `${objectId} has ${epochs.length} alerts: more than ${cap} stamps in one answer. Ask for one kind, ` +
            'use output-format=FITS (ZIP), or fetch alerts one candid at a time.',
        );
      const alerts = reads.stamps(objectId, 'all', kinds);
      if (format === 'array') {
        const items = alerts.map((a) => `{"i:candid":${a.candid},"i:jd":${a.jd},${arrayFields(a, kinds)}}`);
        return c.body(`[${items.join(',')}]`, 200, { 'content-type': 'application/json' });
      }
      const isPng = format === 'PNG';
      const entries = alerts.flatMap((a) =>
        kinds
          .filter((k) => a.stamps[k])
          .map((k) => ({
            name: `${objectId}_${a.candid}_${k}.${isPng ? 'png' : 'fits'}`,
            data: isPng ? renderPng(a.stamps[k]!, args) : fitsFile(a.stamps[k]!),
            method: isPng ? ('store' as const) : ('deflate' as const),
            modifiedAt: jdToDate(a.jd),
          })),
      );
      return attachment(writeZip(entries), 'application/zip', `${objectId}_${args.kind}_all.zip`, false);
    }

    const [alert] = reads.stamps(objectId, which, kinds);
    if (!alert) throw new ApiError(400, noAlertText(objectId, which));
    const immutable = typeof which === 'bigint';
    if (format === 'array') {
      if (kinds.length === 1) stampBytes(objectId, alert, kinds[0]);
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (immutable) headers['cache-control'] = 'public, max-age=86400';
      return c.body(`{${arrayFields(alert, kinds)}}`, 200, headers);
    }
    const kind = kinds[0];
    const bytes = stampBytes(objectId, alert, kind);
    const base = `${objectId}_${alert.candid}_${kind}`;
    return format === 'FITS'
      ? attachment(fitsFile(bytes), 'application/octet-stream', `${base}.fits`, immutable)
      : attachment(renderPng(bytes, args), 'image/png', `${base}.png`, immutable);
  });
  app.on(['GET', 'POST'], '/', handler);
  return app;
}
