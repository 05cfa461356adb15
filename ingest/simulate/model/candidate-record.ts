/**
 * The ZTF `candidate` record of a simulated detection and the `prv_candidate` entries of its history
 * (detections and non-detections), with every ZTF 4.02 field filled in with realistic values. The measured
 * fields of a detection are drawn from a generator seeded by its candid, so that the alert and every later
 * history entry of the same detection agree. Pure.
 */

import { hashSeed, Prng } from '../../../compute/random/index.js';
import type { Detection, DetectionQuality } from './detection.js';
import { magnrFor } from './neighbourhood.js';
import { EXPTIME_S, type Exposure } from './night-schedule.js';
import { distanceToEdgePx } from './sky-grid.js';
import { diffImageFileName, ztfPid } from './ztf-ids.js';

/** A record value as avsc encodes it: longs are BigInt, absent values null. */
export type RecordValue = string | number | bigint | boolean | null;
/** A record keyed by Avro field name. */
export type AvroRecord = Record<string, RecordValue>;

/** ZTF "missing" value of catalogue fields. */
const MISSING = -999;
const PROGRAM_PI = 'Kulkarni';
const RB_VERSION = 't17_f5_c3';
const DRB_VERSION = 'd6_m7';

/** Per-detection measured quantities that are not kept in the Detection itself. */
interface Measured {
  readonly chipsf: number;
  readonly magap: number;
  readonly sigmagap: number;
  readonly magapbig: number;
  readonly sigmagapbig: number;
  readonly distnr: number;
  readonly sky: number;
  readonly fwhm: number;
  readonly classtar: number;
  readonly seeratio: number;
  readonly aimage: number;
  readonly bimage: number;
  readonly nneg: number;
  readonly nbad: number;
  readonly rb: number;
  readonly drb: number;
  readonly sumrat: number;
  readonly scorr: number;
  readonly dsnrms: number;
  readonly ssnrms: number;
}

function quality(
  rng: Prng,
  q: DetectionQuality,
): Pick<Measured, 'rb' | 'drb' | 'classtar' | 'nbad' | 'sumrat' | 'nneg' | 'chipsf'> & { elong: number } {
  switch (q) {
    case 'bogus':
      return {
        rb: rng.range(0.02, 0.5),
        drb: rng.range(0, 0.3),
        classtar: rng.range(0, 0.6),
        nbad: rng.chance(0.7) ? 0 : rng.int(1, 4),
        sumrat: rng.range(0.2, 0.7),
        nneg: rng.int(8, 20),
        chipsf: rng.range(5, 50),
        elong: rng.range(1, 3),
      };
    case 'streak':
      return {
        rb: rng.range(0.6, 0.9),
        drb: rng.range(0.6, 0.95),
        classtar: rng.range(0.45, 0.8),
        nbad: 0,
        sumrat: rng.range(0.85, 1),
        nneg: rng.int(0, 4),
        chipsf: rng.range(3, 20),
        elong: rng.range(2, 5),
      };
    default:
      return {
        rb: rng.chance(0.9) ? rng.range(0.7, 0.99) : rng.range(0.56, 0.7),
        drb: rng.chance(0.92) ? rng.range(0.9, 1) : rng.range(0.6, 0.9),
        classtar: rng.range(0.75, 1),
        nbad: 0,
        sumrat: rng.range(0.8, 1),
        nneg: rng.int(0, 10),
        chipsf: rng.range(0.5, 4),
        elong: rng.range(1, 1.3),
      };
  }
}

/** The measured fields of a detection (deterministic in its candid). */
function measured(det: Detection): Measured & { elong: number } {
  const rng = new Prng(hashSeed('measure', det.candidSeed));
  const q = quality(rng, det.quality);
  const fwhm = det.exposure.fwhmPix * rng.range(0.95, 1.12);
  const magap = det.magpsf + rng.normal() * det.sigmapsf;
  const sigmagap = det.sigmapsf * rng.range(1, 1.15);
  const aimage = fwhm * 0.3 * q.elong;
  const n = det.source.neighbourhood;
  const dsnrms = det.snr * rng.range(1.1, 1.6);
  const ssnrms = dsnrms * rng.range(1.3, 2.5);
  return {
    rb: q.rb,
    drb: q.drb,
    classtar: q.classtar,
    nbad: q.nbad,
    sumrat: q.sumrat,
    nneg: q.nneg,
    chipsf: q.chipsf,
    elong: q.elong,
    magap,
    sigmagap,
    magapbig: magap - rng.range(0, 0.05),
    sigmagapbig: sigmagap * rng.range(1.1, 1.25),
    distnr: det.source.position ? Math.max(0, n.distnrPix + rng.normal() * 0.05) : n.distnrPix,
    sky: rng.normal() * 0.6,
    fwhm,
    seeratio: rng.range(0.9, 1.25),
    aimage,
    bimage: aimage / q.elong,
    scorr: det.snr * rng.range(0.9, 1.3),
    dsnrms,
    ssnrms,
  };
}

function archiveFileName(exposure: Exposure, rcid: number): string {
  const y = String(exposure.night).slice(0, 4);
  const md = String(exposure.night).slice(4);
  const file = diffImageFileName(exposure, rcid);
  return `/ztf/archive/sci/${y}/${md}/${file.slice(12, 18)}/${file}.fz`;
}

/** Reference-image identifiers and epochs of a (field, fid, rcid): fixed for the run. */
function reference(
  exposure: Exposure,
  rcid: number,
): { rfid: bigint; jdstartref: number; jdendref: number; nframesref: number } {
  const rng = new Prng(hashSeed('reference', exposure.field, exposure.fid, rcid));
  const jdstartref = 2458200 + rng.range(0, 120);
  return {
    rfid: BigInt(exposure.field) * 1_000_000n + BigInt(exposure.fid) * 100_000n + 20_000n + BigInt(rcid),
    jdstartref,
    jdendref: jdstartref + rng.range(20, 200),
    nframesref: rng.int(15, 40),
  };
}

/**
 * The `prv_candidate` fields of a detection, as they appear in the history of later alerts.
 * Reference: ZTF Avro alert schema 4.02, `prv_candidate` record.
 */
export function prvDetectionRecord(det: Detection): AvroRecord {
  return prvFromMeasured(det, measured(det));
}

/**
 * The fields a candidate record and a history detection share (ZTF 4.02 `candidate` / `prv_candidate`), given
 * the difference-image file name.
 */
function detectionFields(
  det: Detection,
  m: Measured & { elong: number },
  pdiffimfilename: string,
): AvroRecord {
  const e = det.exposure;
  const n = det.source.neighbourhood;
  return {
    jd: e.jd,
    fid: e.fid,
    pid: det.pid,
    diffmaglim: e.diffmaglim,
    pdiffimfilename,
    programpi: PROGRAM_PI,
    programid: 1,
    candid: det.candid,
    isdiffpos: 't',
    tblid: BigInt(det.tblid),
    nid: e.nid,
    rcid: det.rcid,
    field: e.field,
    xpos: det.xpos,
    ypos: det.ypos,
    ra: det.raDeg,
    dec: det.decDeg,
    magpsf: det.magpsf,
    sigmapsf: det.sigmapsf,
    chipsf: m.chipsf,
    magap: m.magap,
    sigmagap: m.sigmagap,
    distnr: m.distnr,
    magnr: magnrFor(n, e.fid),
    sigmagnr: n.sigmagnr,
    chinr: n.chinr,
    sharpnr: n.sharpnr,
    sky: m.sky,
    magdiff: m.magap - det.magpsf,
    fwhm: m.fwhm,
    classtar: m.classtar,
    mindtoedge: distanceToEdgePx(det.xpos, det.ypos),
    magfromlim: e.diffmaglim - m.magap,
    seeratio: m.seeratio,
    aimage: m.aimage,
    bimage: m.bimage,
    aimagerat: m.aimage / m.fwhm,
    bimagerat: m.bimage / m.fwhm,
    elong: m.elong,
    nneg: m.nneg,
    nbad: m.nbad,
    rb: m.rb,
    ssdistnr: det.sso ? det.sso.ssdistnr : MISSING,
    ssmagnr: det.sso ? det.sso.ssmagnr : MISSING,
    ssnamenr: det.sso ? det.sso.ssnamenr : 'null',
    sumrat: m.sumrat,
    magapbig: m.magapbig,
    sigmagapbig: m.sigmagapbig,
    ranr: n.ranrDeg,
    decnr: n.decnrDeg,
  };
}

function prvFromMeasured(det: Detection, m: Measured & { elong: number }): AvroRecord {
  const e = det.exposure;
  return {
    ...detectionFields(det, m, archiveFileName(e, det.rcid)),
    scorr: m.scorr,
    magzpsci: e.magzpsci,
    magzpsciunc: e.magzpsciunc,
    magzpscirms: e.magzpscirms,
    clrcoeff: e.clrcoeff,
    clrcounc: e.clrcounc,
    rbversion: RB_VERSION,
  };
}

/** A non-detection (upper limit) of the history: the exposure covered the position, nothing was found. */
export function prvNonDetectionRecord(exposure: Exposure, rcid: number): AvroRecord {
  return {
    jd: exposure.jd,
    fid: exposure.fid,
    pid: ztfPid(exposure, rcid),
    diffmaglim: exposure.diffmaglim,
    pdiffimfilename: archiveFileName(exposure, rcid),
    programpi: PROGRAM_PI,
    programid: 1,
    candid: null,
    isdiffpos: null,
    tblid: null,
    nid: exposure.nid,
    rcid,
    field: exposure.field,
    xpos: null,
    ypos: null,
    ra: null,
    dec: null,
    magpsf: null,
    sigmapsf: null,
    chipsf: null,
    magap: null,
    sigmagap: null,
    distnr: null,
    magnr: null,
    sigmagnr: null,
    chinr: null,
    sharpnr: null,
    sky: null,
    magdiff: null,
    fwhm: null,
    classtar: null,
    mindtoedge: null,
    magfromlim: null,
    seeratio: null,
    aimage: null,
    bimage: null,
    aimagerat: null,
    bimagerat: null,
    elong: null,
    nneg: null,
    nbad: null,
    rb: null,
    ssdistnr: null,
    ssmagnr: null,
    ssnamenr: null,
    sumrat: null,
    magapbig: null,
    sigmagapbig: null,
    ranr: null,
    decnr: null,
    scorr: null,
    magzpsci: exposure.magzpsci,
    magzpsciunc: exposure.magzpsciunc,
    magzpscirms: exposure.magzpscirms,
    clrcoeff: exposure.clrcoeff,
    clrcounc: exposure.clrcounc,
    rbversion: RB_VERSION,
  };
}

/**
 * The full `candidate` record of a detection (every ZTF 4.02 field), with the history counters set on the
 * detection when its night was planned.
 * Reference: ZTF Avro alert schema 4.02, `candidate` record (data/ztf-candidate-fields.ts).
 */
export function candidateRecord(det: Detection): AvroRecord {
  const m = measured(det);
  const e = det.exposure;
  const n = det.source.neighbourhood;
  const [p1, p2, p3] = n.ps1;
  const ref = reference(e, det.rcid);
  return {
    ...detectionFields(det, m, diffImageFileName(e, det.rcid)),
    sgmag1: p1.gMag,
    srmag1: p1.rMag,
    simag1: p1.iMag,
    szmag1: p1.zMag,
    sgscore1: p1.sgscore,
    distpsnr1: p1.distArcsec,
    ndethist: det.ndethist,
    ncovhist: det.ncovhist,
    jdstarthist: det.jdstarthist,
    jdendhist: e.jd,
    scorr: m.scorr,
    tooflag: 0,
    objectidps1: p1.objectId,
    objectidps2: p2.objectId,
    sgmag2: p2.gMag,
    srmag2: p2.rMag,
    simag2: p2.iMag,
    szmag2: p2.zMag,
    sgscore2: p2.sgscore,
    distpsnr2: p2.distArcsec,
    objectidps3: p3.objectId,
    sgmag3: p3.gMag,
    srmag3: p3.rMag,
    simag3: p3.iMag,
    szmag3: p3.zMag,
    sgscore3: p3.sgscore,
    distpsnr3: p3.distArcsec,
    nmtchps: n.nmtchps,
    rfid: ref.rfid,
    jdstartref: ref.jdstartref,
    jdendref: ref.jdendref,
    nframesref: ref.nframesref,
    rbversion: RB_VERSION,
    dsnrms: m.dsnrms,
    ssnrms: m.ssnrms,
    dsdiff: m.dsnrms - m.ssnrms,
    magzpsci: e.magzpsci,
    magzpsciunc: e.magzpsciunc,
    magzpscirms: e.magzpscirms,
    nmatches: e.nmatches,
    clrcoeff: e.clrcoeff,
    clrcounc: e.clrcounc,
    zpclrcov: e.zpclrcov,
    zpmed: e.zpmed,
    clrmed: e.clrmed,
    clrrms: e.clrrms,
    neargaia: n.neargaia,
    neargaiabright: n.neargaiabright,
    maggaia: n.maggaia,
    maggaiabright: n.maggaiabright,
    exptime: EXPTIME_S,
    drb: m.drb,
    drbversion: DRB_VERSION,
  };
}
