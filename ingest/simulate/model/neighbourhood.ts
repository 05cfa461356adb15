/**
 * The static neighbourhood of a simulated position, as the ZTF alert describes it: nearest source of the
 * reference image (magnr, distnr, ...), the three nearest Pan-STARRS1 sources (sgscore, distance, mags) and Gaia
 * sources. Drawn once per object so that every alert of the object agrees. Pure.
 */
import type { Prng } from '../../../compute/random/index.js';

/** What lies at the position: a star (the variable itself), a galaxy (transient host) or nothing in particular. */
export type SceneKind = 'star' | 'galaxy' | 'none';

/** One Pan-STARRS1 counterpart. */
export interface Ps1Source {
  readonly objectId: bigint;
  /** g, r, i, z PSF magnitudes (mag); -999 when missing (as ZTF). */
  readonly gMag: number;
  readonly rMag: number;
  readonly iMag: number;
  readonly zMag: number;
  /** Star/galaxy score 0..1 (1 = star). */
  readonly sgscore: number;
  /** Distance to the candidate (arcsec). */
  readonly distArcsec: number;
}

/** Static catalogue context of a position. */
export interface Neighbourhood {
  readonly scene: SceneKind;
  /** Nearest reference-image source: magnitude in g and r (mag), error, distance (pix), position (deg). */
  readonly magnrG: number;
  readonly magnrR: number;
  readonly sigmagnr: number;
  readonly distnrPix: number;
  readonly ranrDeg: number;
  readonly decnrDeg: number;
  readonly chinr: number;
  readonly sharpnr: number;
  readonly ps1: readonly [Ps1Source, Ps1Source, Ps1Source];
  readonly nmtchps: number;
  /** Distance to the nearest Gaia source and to the nearest one brighter than G = 14 (arcsec; -999 none). */
  readonly neargaia: number;
  readonly neargaiabright: number;
  readonly maggaia: number;
  readonly maggaiabright: number;
  /** Gaia DR3 designation, parallax and its error (mas) of the counterpart; null when none. */
  readonly gaiaDr3Name: string | null;
  readonly plxMas: number | null;
  readonly plxErrMas: number | null;
}

const ARCSEC_PER_PIX = 1.012;
const MISSING = -999;

function ps1Id(rng: Prng, decDeg: number): bigint {
  // PS1 objID = zone (dec in 1/30 deg from -90) * 1e13 + ra digits: ~1.0e17..2.2e17 for Dec -30..+90.
  const zone = BigInt(Math.floor((decDeg + 90) * 30 * 5));
  return zone * 10_000_000_000_000n + BigInt(rng.int(0, 999_999_999)) * 10_000n + BigInt(rng.int(0, 9999));
}

function ps1(
  rng: Prng,
  decDeg: number,
  rMag: number,
  colorMag: number,
  sgscore: number,
  distArcsec: number,
): Ps1Source {
  return {
    objectId: ps1Id(rng, decDeg),
    gMag: rMag + colorMag + rng.normal() * 0.03,
    rMag: rMag + rng.normal() * 0.03,
    iMag: rMag - 0.3 * colorMag + rng.normal() * 0.03,
    zMag: rMag - 0.45 * colorMag + rng.normal() * 0.04,
    sgscore,
    distArcsec,
  };
}

/**
 * Draws the neighbourhood of a position.
 * @param scene star: the source is a catalogued star (or AGN) of magnitude `refMagR` and colour `colorMag`;
 *   galaxy: a host galaxy 1-5 pix away; none: only unrelated field sources 2-15 pix away (the nearest PS1
 *   source 5.5-25 arcsec away, sgscore1 < 0.75).
 * @param raDeg, decDeg position of the object (deg).
 * @param refMagR reference magnitude of the source in r (mag), for `star`; ignored otherwise.
 * @param isPointLike true for stars (sgscore1 > 0.9, Gaia parallax), false for AGN (sgscore1 0.4-0.9).
 */
export function drawNeighbourhood(
  rng: Prng,
  scene: SceneKind,
  raDeg: number,
  decDeg: number,
  refMagR: number,
  colorMag: number,
  isPointLike = true,
): Neighbourhood {
  let magR: number;
  let color: number;
  let distnrPix: number;
  let sg1: number;
  switch (scene) {
    case 'star':
      magR = refMagR;
      color = colorMag;
      distnrPix = rng.range(0.03, 0.4);
      sg1 = isPointLike ? rng.range(0.93, 1) : rng.range(0.4, 0.9);
      break;
    case 'galaxy':
      magR = rng.range(17, 20.5);
      color = rng.range(0.5, 0.9);
      distnrPix = rng.range(0.8, 5);
      sg1 = rng.range(0, 0.3);
      break;
    default:
      magR = rng.range(19, 23);
      color = rng.range(0.2, 1.2);
      distnrPix = rng.range(2, 15);
      // no PS1 source within 5 arcsec and a galaxy-like nearest one: what Fink requires of SSO candidates
      sg1 = rng.range(0, 0.75);
  }
  const angle = rng.range(0, 2 * Math.PI);
  const distnrDeg = (distnrPix * ARCSEC_PER_PIX) / 3600;
  const ranrDeg = raDeg + (distnrDeg * Math.cos(angle)) / Math.cos((decDeg * Math.PI) / 180);
  const decnrDeg = decDeg + distnrDeg * Math.sin(angle);
  const d1 = scene === 'none' ? rng.range(5.5, 25) : distnrPix * ARCSEC_PER_PIX + rng.normal() * 0.05;
  const d2 = Math.max(d1, 0) + rng.range(1, 10);
  const d3 = d2 + rng.range(0.5, 8);
  const hasGaia = scene === 'star';
  const maggaia = hasGaia ? magR + 0.2 * color : rng.range(17, 20.5);
  const brightNear = rng.chance(0.1);
  return {
    scene,
    magnrG: magR + color,
    magnrR: magR,
    sigmagnr: Math.min(0.2, 0.01 + 0.02 * Math.max(0, magR - 16)),
    distnrPix,
    ranrDeg: ((ranrDeg % 360) + 360) % 360,
    decnrDeg,
    chinr: scene === 'galaxy' ? rng.range(2, 10) : rng.range(0.5, 2),
    sharpnr: scene === 'galaxy' ? rng.range(0.1, 0.5) : rng.range(-0.05, 0.05),
    ps1: [
      ps1(rng, decDeg, magR, color, sg1, Math.abs(d1)),
      ps1(rng, decDeg, rng.range(18, 22), rng.range(0.2, 1.4), rng.range(0, 1), d2),
      ps1(rng, decDeg, rng.range(18.5, 22.5), rng.range(0.2, 1.4), rng.range(0, 1), d3),
    ],
    nmtchps: rng.int(3, 25),
    neargaia: hasGaia ? rng.range(0.02, 0.3) : rng.chance(0.6) ? rng.range(2, 60) : MISSING,
    neargaiabright: brightNear ? rng.range(20, 90) : MISSING,
    maggaia,
    maggaiabright: brightNear ? rng.range(9, 14) : MISSING,
    gaiaDr3Name: hasGaia
      ? `Gaia DR3 ${BigInt(rng.int(1, 6_900_000)) * 1_000_000_000_000n + BigInt(rng.int(0, 999_999_999_999))}`
      : null,
    plxMas: hasGaia ? (isPointLike ? rng.range(0.05, 2.5) : rng.range(-0.1, 0.1)) : null,
    plxErrMas: hasGaia ? rng.range(0.01, 0.3) : null,
  };
}

/** Reference magnitude of the neighbourhood's nearest source in a band (fid 3 uses r). */
export function magnrFor(n: Neighbourhood, fid: 1 | 2 | 3): number {
  return fid === 1 ? n.magnrG : n.magnrR;
}
