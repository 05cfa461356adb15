/**
 * The one-night alert sources of the simulator: asteroid detections (positions from the production ephemerides,
 * HG1G2 magnitudes, a new objectId per asteroid and night), satellite tracklets (a line of alerts on one exposure) and bogus detections.
 * Pure: the caller passes the generator and the id allocator.
 */

import type { Prng } from '../../../compute/random/index.js';
import type { AsteroidEphemerides } from './asteroid-ephemerides.js';
import type { SimAsteroid } from './asteroid-population.js';
import type { AlertSource, Detection, DetectionQuality, SourceClass, SsoMatch } from './detection.js';
import { measureFlux } from './detection.js';
import { hg1g2ApparentMagV, vToZtfBandMag } from './hg1g2-magnitude.js';
import { magToFlux } from './light-curves.js';
import { drawNeighbourhood } from './neighbourhood.js';
import type { Exposure, NightSchedule } from './night-schedule.js';
import { type FieldPosition, locate, pointInField, skyField } from './sky-grid.js';
import type { StampKind } from './stamp-pool.js';
import { trackletId } from './ztf-ids.js';

const ARCSEC_PER_DEG = 3600;
const RAD_PER_DEG = Math.PI / 180;
const NO_LABELS = {
  cdsxmatch: 'Unknown',
  gcvs: 'Unknown',
  vsx: 'nan',
  gaiaVarFlag: 0,
  gaiaClass: 'nan',
} as const;

/** What the one-night generators need from the planner. */
export interface NightContext {
  readonly rng: Prng;
  readonly schedule: NightSchedule;
  readonly allocateObjectId: () => string;
}

/** A detection before the night is finalised (ids and history counters are set later). */
export function newDetection(
  source: AlertSource,
  exposure: Exposure,
  pos: FieldPosition,
  raDeg: number,
  decDeg: number,
  magpsf: number,
  sigmapsf: number,
  snr: number,
  quality: DetectionQuality,
  sso: SsoMatch | null = null,
  tracklet: string | null = null,
): Detection {
  return {
    source,
    exposure,
    rcid: pos.rcid,
    xpos: pos.xpos,
    ypos: pos.ypos,
    raDeg,
    decDeg,
    magpsf,
    sigmapsf,
    snr,
    quality,
    sso,
    tracklet,
    candid: 0n,
    candidSeed: 0,
    pid: 0n,
    tblid: 0,
    ndethist: 0,
    ncovhist: 0,
    jdstarthist: exposure.jd,
  };
}

/** A source that lives for one night only. */
function oneNightSource(
  ctx: NightContext,
  sourceClass: SourceClass,
  raDeg: number,
  decDeg: number,
  stampKind: StampKind,
  scene: 'star' | 'none',
): AlertSource {
  const { rng } = ctx;
  return {
    objectId: ctx.allocateObjectId(),
    sourceClass,
    labels: NO_LABELS,
    model: null,
    raDeg,
    decDeg,
    position: null,
    neighbourhood: drawNeighbourhood(rng, scene, raDeg, decDeg, rng.range(13, 16), rng.range(0.3, 1)),
    stampKind,
    priorDetections: 0,
    priorCoverage: rng.int(300, 2600),
    priorStartJd: null,
    scoreLevel: rng.uniform(),
    retireJd: ctx.schedule.jd0 + 1,
    firstDetectionJd: null,
    detectionCount: 0,
    detections: [],
    drw: null,
  };
}

function jitterDeg(rng: Prng, sigmaArcsec: number): number {
  return (rng.normal() * sigmaArcsec) / ARCSEC_PER_DEG;
}

/**
 * Detections of asteroids on tonight's exposures: an asteroid is looked for on every exposure of the field it
 * occupies at midnight (when that field is observed and it has not left it), and detected when its magnitude,
 * HG1G2 in V plus the ZTF colour offset, passes the exposure's limit. Positions are the production ephemerides
 * (topocentric from Palomar at mid-exposure) plus ZTF's astrometric noise. Known objects carry `ssnamenr`,
 * `ssdistnr` (0-2 arcsec) and `ssmagnr` (predicted V, 0.1 mag steps); each asteroid gets one objectId for the
 * night.
 * @param ephemerides the run's asteroid ephemerides (their trajectory cache).
 */
export function asteroidDetections(
  ctx: NightContext,
  asteroids: readonly SimAsteroid[],
  ephemerides: AsteroidEphemerides,
): Detection[] {
  const { rng, schedule } = ctx;
  const midJd = schedule.jd0 + 7.5 / 24;
  const out: Detection[] = [];
  for (const asteroid of asteroids) {
    const mid = ephemerides.places(asteroid, [midJd]);
    const at = locate(mid.raDeg[0], mid.decDeg[0]);
    const exposures = at ? schedule.byField.get(at.field) : undefined;
    if (!at || !exposures) continue;
    const places = ephemerides.places(
      asteroid,
      exposures.map((x) => x.jd),
    );
    let source: AlertSource | null = null;
    for (let k = 0; k < exposures.length; k++) {
      const exposure = exposures[k];
      const placeRaDeg = places.raDeg[k];
      const placeDecDeg = places.decDeg[k];
      if (!Number.isFinite(placeRaDeg)) continue;
      const vMag = hg1g2ApparentMagV(
        asteroid.hMag,
        asteroid.g1,
        asteroid.g2,
        places.phaseDeg[k] * RAD_PER_DEG,
        places.dhelioAu[k],
        places.dobsAu[k],
      );
      const m = measureFlux(magToFlux(vToZtfBandMag(vMag, exposure.fid)), exposure.diffmaglim, rng.normal());
      if (!m.detected) continue;
      // astrometric error of ZTF for faint point sources: ~0.1 arcsec per axis
      const raDeg = placeRaDeg + jitterDeg(rng, 0.1) / Math.cos(placeDecDeg * RAD_PER_DEG);
      const decDeg = placeDecDeg + jitterDeg(rng, 0.1);
      const pos = locate(raDeg, decDeg);
      if (!pos || pos.field !== exposure.field) continue;
      if (!source) {
        const cls: SourceClass = asteroid.ssnamenr === null ? 'asteroid-candidate' : 'asteroid';
        source = oneNightSource(ctx, cls, raDeg, decDeg, 'bare', 'none');
      }
      const sso: SsoMatch | null =
        asteroid.ssnamenr === null
          ? null
          : {
              ssnamenr: asteroid.ssnamenr,
              ssdistnr: Math.min(2, Math.abs(rng.normal() * 0.6)),
              ssmagnr: Math.round(vMag * 10) / 10,
            };
      out.push(newDetection(source, exposure, pos, raDeg, decDeg, m.magpsf, m.sigmapsf, m.snr, 'real', sso));
    }
  }
  return out;
}

/**
 * A satellite glint tracklet: 3-7 alerts on one exposure along a straight line (0.05-0.4 deg apart), each with
 * its own objectId and the Fink tracklet id `TRCK_YYYYMMDD_HHMMSS_NN`.
 * @param indexInExposure rank of this tracklet among the tracklets of the same exposure (NN).
 */
export function trackletDetections(
  ctx: NightContext,
  exposure: Exposure,
  indexInExposure: number,
): Detection[] {
  const { rng } = ctx;
  const field = skyField(exposure.field);
  if (!field) return [];
  const id = trackletId(exposure, indexInExposure);
  const angle = rng.range(0, 2 * Math.PI);
  const stepDeg = rng.range(0.05, 0.4);
  const start = pointInField(field, rng.range(0.2, 0.8), rng.range(0.2, 0.8));
  const baseMag = rng.range(14.5, 18);
  const out: Detection[] = [];
  const count = rng.int(3, 7);
  for (let k = 0; k < count; k++) {
    const decDeg = start.decDeg + k * stepDeg * Math.sin(angle);
    const raDeg = start.raDeg + (k * stepDeg * Math.cos(angle)) / Math.cos((decDeg * Math.PI) / 180);
    const pos = locate(raDeg, decDeg);
    if (!pos || pos.field !== exposure.field) break;
    const mag = baseMag + 0.4 * Math.sin(k * 1.3) + rng.normal() * 0.1;
    const snr = 10 ** (-0.4 * (mag - exposure.diffmaglim)) * 5;
    const source = oneNightSource(ctx, 'tracklet', raDeg, decDeg, 'streak', 'none');
    out.push(newDetection(source, exposure, pos, raDeg, decDeg, mag, 1.0857 / snr, snr, 'streak', null, id));
  }
  return out;
}

/** A bogus detection (subtraction artefact or cosmic ray) near the limit of a random exposure of the night. */
export function bogusDetection(ctx: NightContext): Detection | null {
  const { rng, schedule } = ctx;
  if (schedule.exposures.length === 0) return null;
  const exposure = rng.pick(schedule.exposures);
  const field = skyField(exposure.field);
  if (!field) return null;
  const { raDeg, decDeg } = pointInField(field, rng.range(0.01, 0.99), rng.range(0.01, 0.99));
  const pos = locate(raDeg, decDeg);
  if (!pos) return null;
  const mag = exposure.diffmaglim - rng.range(0.05, 1.5);
  const snr = 10 ** (-0.4 * (mag - exposure.diffmaglim)) * 5;
  const source = oneNightSource(ctx, 'bogus', raDeg, decDeg, 'bogus', rng.chance(0.5) ? 'star' : 'none');
  return newDetection(source, exposure, pos, raDeg, decDeg, mag, 1.0857 / snr, snr, 'bogus');
}
