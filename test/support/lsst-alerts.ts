/**
 * Synthetic LsstAlert objects for store tests (docs/surveys.md, "LSST alerts"): a small writer schema (a few
 * columns of each section, typed as Rubin's), a later schema with one more diaSource column, and a builder whose
 * inputs are the expected values. Ids are BigInt above 2^53, as Rubin's are.
 */
import type {
  AvroScalar,
  ColumnValue,
  LsstAlert,
  LsstColumn,
  LsstColumns,
  LsstRow,
} from '../../data/index.js';

const c = (name: string, type: AvroScalar): LsstColumn => ({ name, type, doc: '', avroType: type });

const SOURCE: LsstColumn[] = [
  c('r:diaSourceId', 'long'),
  c('r:visit', 'long'),
  c('r:diaObjectId', 'long'),
  c('r:ssObjectId', 'long'),
  c('r:midpointMjdTai', 'double'),
  c('r:ra', 'double'),
  c('r:dec', 'double'),
  c('r:band', 'string'),
  c('r:psfFlux', 'float'),
  c('r:psfFluxErr', 'float'),
  c('r:isDipole', 'boolean'),
  c('r:glint_trail', 'boolean'),
  c('r:pixelFlags_cr', 'boolean'),
  c('r:pixelFlags_saturated', 'boolean'),
  c('r:pixelFlags_streak', 'boolean'),
];

/** The first test schema (as `lsst.v9_0` would be): diaSource, diaObject, forced source, ssSource and orbit. */
export const SCHEMA_A: LsstColumns = {
  source: [...SOURCE, c('f:xm_tns_fullname', 'string')],
  object: [
    c('r:diaObjectId', 'long'),
    c('r:ra', 'double'),
    c('r:dec', 'double'),
    c('r:nDiaSources', 'int'),
    c('r:g_psfFluxMean', 'float'),
    c('f:is_cataloged', 'boolean'),
  ],
  history: SOURCE,
  forced: [
    c('r:diaForcedSourceId', 'long'),
    c('r:diaObjectId', 'long'),
    c('r:midpointMjdTai', 'double'),
    c('r:band', 'string'),
    c('r:psfFlux', 'float'),
  ],
  sso: [
    c('r:diaSourceId', 'long'),
    c('r:ssObjectId', 'long'),
    c('r:phaseAngle', 'float'),
    c('r:packed_primary_provisional_designation', 'string'),
    c('r:designation', 'string'),
  ],
  orbit: [c('r:packed_primary_provisional_designation', 'string'), c('r:a', 'double'), c('r:e', 'double')],
};

/** A later schema: SCHEMA_A with one more diaSource column, `r:trailLength` (double). */
export const SCHEMA_B: LsstColumns = {
  ...SCHEMA_A,
  source: [...SCHEMA_A.source, c('r:trailLength', 'double')],
  history: [...SCHEMA_A.history, c('r:trailLength', 'double')],
};

/** Rubin's dayObs of an MJD (TAI): the date at UTC−12 h, TAI−UTC = 37 s (since 2017). */
export function dayObsOf(mjdTai: number): number {
  const ms = (mjdTai - 40587) * 86_400_000 - 37_000 - 12 * 3_600_000;
  const d = new Date(ms);
  return d.getUTCFullYear() * 10000 + (d.getUTCMonth() + 1) * 100 + d.getUTCDate();
}

/** One detection in the builder's terms. */
export interface Detection {
  readonly diaSourceId: bigint;
  readonly mjd: number;
  readonly band?: string;
  readonly psfFlux?: number;
  readonly ra?: number;
  readonly dec?: number;
  readonly flags?: Partial<Record<'isDipole' | 'glint_trail' | 'pixelFlags_cr', boolean>>;
  /** r:trailLength (only written with SCHEMA_B). */
  readonly trailLength?: number;
}

export interface AlertSpec extends Detection {
  /** 0n for a Solar System source. */
  readonly diaObjectId: bigint;
  readonly schema?: LsstColumns;
  readonly history?: readonly Detection[];
  readonly forced?: readonly { diaForcedSourceId: bigint; mjd: number; psfFlux: number }[];
  /** The diaObject's values (absent for a Solar System source). */
  readonly object?: { nDiaSources: number; gPsfFluxMean: number; isCataloged?: boolean };
  /** A Solar System source: its ssObjectId and packed designation. */
  readonly sso?: { ssObjectId: bigint; packed: string; phaseAngle: number };
  readonly tns?: string;
  /** Stamp bytes: each stamp is this byte repeated (distinct per alert in the tests). */
  readonly stampByte?: number;
}

const RA = 150.1;
const DEC = -30.2;

function sourceRow(
  s: Detection,
  diaObjectId: bigint,
  ssObjectId: bigint | null,
  schema: LsstColumns,
): LsstRow {
  const row: Record<string, ColumnValue> = {
    'r:diaSourceId': s.diaSourceId,
    'r:visit': 2025110100001n,
    'r:diaObjectId': diaObjectId,
    'r:ssObjectId': ssObjectId,
    'r:midpointMjdTai': s.mjd,
    'r:ra': s.ra ?? RA,
    'r:dec': s.dec ?? DEC,
    'r:band': s.band ?? 'g',
    'r:psfFlux': s.psfFlux ?? 1000,
    'r:psfFluxErr': 10,
    'r:isDipole': s.flags?.isDipole ?? false,
    'r:glint_trail': s.flags?.glint_trail ?? false,
    'r:pixelFlags_cr': s.flags?.pixelFlags_cr ?? false,
    'r:pixelFlags_saturated': false,
    'r:pixelFlags_streak': false,
  };
  if (schema.source.some((col) => col.name === 'r:trailLength')) row['r:trailLength'] = s.trailLength ?? null;
  return row;
}

/** An LsstAlert with the spec's values (history rows share the alert's diaObjectId). */
export function lsstAlert(spec: AlertSpec): LsstAlert {
  const schema = spec.schema ?? SCHEMA_A;
  const byte = spec.stampByte ?? 7;
  const stamp = (k: number) => new Uint8Array(64).fill((byte + k) % 256);
  const source = { ...sourceRow(spec, spec.diaObjectId, spec.sso?.ssObjectId ?? null, schema) };
  if (spec.tns !== undefined) source['f:xm_tns_fullname'] = spec.tns;
  return {
    diaSourceId: spec.diaSourceId,
    diaObjectId: spec.diaObjectId,
    midpointMjdTai: spec.mjd,
    night: dayObsOf(spec.mjd),
    schemaVersion: schema === SCHEMA_B ? 'lsst.v10_0' : 'lsst.v9_0',
    source,
    object: spec.object
      ? {
          'r:diaObjectId': spec.diaObjectId,
          'r:ra': RA,
          'r:dec': DEC,
          'r:nDiaSources': spec.object.nDiaSources,
          'r:g_psfFluxMean': spec.object.gPsfFluxMean,
          'f:is_cataloged': spec.object.isCataloged ?? false,
        }
      : null,
    history: (spec.history ?? []).map((h) => sourceRow(h, spec.diaObjectId, null, schema)),
    forced: (spec.forced ?? []).map((f) => ({
      'r:diaForcedSourceId': f.diaForcedSourceId,
      'r:diaObjectId': spec.diaObjectId,
      'r:midpointMjdTai': f.mjd,
      'r:band': 'r',
      'r:psfFlux': f.psfFlux,
    })),
    sso: spec.sso
      ? {
          'r:diaSourceId': spec.diaSourceId,
          'r:ssObjectId': spec.sso.ssObjectId,
          'r:phaseAngle': spec.sso.phaseAngle,
          'r:packed_primary_provisional_designation': spec.sso.packed,
          'r:designation': null,
        }
      : null,
    orbit: spec.sso
      ? { 'r:packed_primary_provisional_designation': spec.sso.packed, 'r:a': 2.5, 'r:e': 0.1 }
      : null,
    stamps: { science: stamp(0), template: stamp(1), difference: stamp(2) },
    columns: schema,
  };
}
