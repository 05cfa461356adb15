/**
 * `v:constellation`: the IAU constellation that contains a sky position.
 *
 * The boundaries (Delporte 1930, tabulated by Roman 1987) are lines of constant right ascension and
 * declination in the mean equator and equinox of B1875.0, so a J2000 position must first be carried to B1875.
 * The reference service does it with astropy (`get_constellation`: ICRS →
 * `PrecessedGeocentric(equinox='B1875')`), which applies the annual aberration of J2000.0 (ICRS → GCRS at
 * obstime J2000, about 20″) and then the IAU 2006 bias-precession matrix, without nutation.
 * astronomy-engine's `Constellation` instead rotates to the true equator of B1875 (precession and nutation,
 * no aberration). The two disagree for positions within about 20″ of a boundary (0.03 % of the sky). We
 * reproduce astropy's chain, then hand the B1875 position to astronomy-engine's boundary search by undoing
 * its own rotation. Gravitational light deflection by the Sun (part of astropy's GCRS, a few mas away from
 * the Sun) is neglected.
 *
 * Reference: docs/references.md#derived-fields (`v:constellation`); Roman N. G. 1987, PASP 99, 695 (boundaries); Capitaine N. et
 * al. 2003, A&A 412, 567 and Hilton J. L. et al. 2006, Celest. Mech. 94, 351 (IAU 2006 precession,
 * Fukushima-Williams angles as in ERFA `pfw06`/`fw2m`).
 */
import {
  AstroTime,
  BaryState,
  Body,
  Constellation,
  MakeTime,
  Rotation_EQJ_EQD,
  type RotationMatrix,
} from 'astronomy-engine';

type Matrix3 = readonly (readonly number[])[];
type Vector3 = readonly number[];

const RAD_PER_DEG = Math.PI / 180;
const DEG_PER_RAD = 180 / Math.PI;
const RAD_PER_ARCSEC = Math.PI / 648_000;
/** Degrees of right ascension per hour. */
const DEG_PER_HOUR = 15;
/** Speed of light (AU/day): 299792.458 km/s × 86400 s / 149597870.7 km. */
const C_AU_PER_DAY = 173.1446326846693;
/** J2000.0 (JD TT). */
const J2000_JD = 2451545.0;
/** B1875.0 (JD TT): 2415020.31352 + (1875 − 1900) × 365.242198781, as astropy's `Time('B1875')`. */
const B1875_JD_TT = 2405889.258550475;
/** The B1875 epoch as astronomy-engine's `Constellation` builds it (UT days since J2000; see its source). */
const AE_B1875_UT_DAYS = -45655.74141261017;

function multiply(a: Matrix3, b: Matrix3): Matrix3 {
  return a.map((row) => [0, 1, 2].map((j) => row[0] * b[0][j] + row[1] * b[1][j] + row[2] * b[2][j]));
}

/** Frame rotations about x and z by an angle (radians), as ERFA `eraRx`/`eraRz`. */
function rotX(angle: number): Matrix3 {
  const [c, s] = [Math.cos(angle), Math.sin(angle)];
  return [
    [1, 0, 0],
    [0, c, s],
    [0, -s, c],
  ];
}

function rotZ(angle: number): Matrix3 {
  const [c, s] = [Math.cos(angle), Math.sin(angle)];
  return [
    [c, s, 0],
    [-s, c, 0],
    [0, 0, 1],
  ];
}

/** IAU 2006 bias-precession matrix GCRS → mean equator and equinox of a date (ERFA `bp06`, `rbp`). */
function biasPrecession(jdTT: number): Matrix3 {
  const t = (jdTT - J2000_JD) / 36525;
  const poly = (c: readonly number[]) => c.reduceRight((acc, x) => acc * t + x, 0) * RAD_PER_ARCSEC;
  // Fukushima-Williams angles (arcsec), Hilton et al. 2006 Table 1 / ERFA pfw06; obliquity ERFA obl06.
  const gamb = poly([-0.052928, 10.556378, 0.4932044, -0.00031238, -0.000002788, 0.000000026]);
  const phib = poly([84381.412819, -46.811016, 0.0511268, 0.00053289, -0.00000044, -0.0000000176]);
  const psib = poly([-0.041775, 5038.481484, 1.5584175, -0.00018522, -0.000026452, -0.0000000148]);
  const epsa = poly([84381.406, -46.836769, -0.0001831, 0.0020034, -0.000000576, -0.0000000434]);
  return multiply(rotX(-epsa), multiply(rotZ(-psib), multiply(rotX(phib), rotZ(gamb))));
}

/** Earth's barycentric velocity at J2000.0 over c (ICRS); UT instead of TT (64 s) changes it by 1e-5. */
const EARTH_BETA_J2000: Vector3 = (() => {
  const state = BaryState(Body.Earth, MakeTime(0));
  return [state.vx / C_AU_PER_DAY, state.vy / C_AU_PER_DAY, state.vz / C_AU_PER_DAY];
})();
/** GCRS → mean equator of B1875 (astropy `PrecessedGeocentric(equinox='B1875')`). */
const GCRS_TO_B1875: Matrix3 = biasPrecession(B1875_JD_TT);
/** astronomy-engine's J2000 → true equator of B1875 rotation, as `Constellation` applies it. */
const AE_ROTATION: RotationMatrix = Rotation_EQJ_EQD(new AstroTime(AE_B1875_UT_DAYS));

/** R·v for a 3×3 matrix R and the vector (x, y, z), into `out`. */
function applyInto(m: Matrix3, x: number, y: number, z: number, out: number[]): void {
  out[0] = m[0][0] * x + m[0][1] * y + m[0][2] * z;
  out[1] = m[1][0] * x + m[1][1] * y + m[1][2] * z;
  out[2] = m[2][0] * x + m[2][1] * y + m[2][2] * z;
}

const b1875 = [0, 0, 0];
const q = [0, 0, 0];
/** The result of {@link astropyEquivalent} (one per call, overwritten by the next). */
const equivalent = { raHours: 0, decDeg: 0 };

/**
 * The J2000 position that astronomy-engine's `Constellation` carries to the astropy B1875 position, into
 * `equivalent` (called per alert at publication: no arrays allocated).
 */
function astropyEquivalent(raDeg: number, decDeg: number): typeof equivalent {
  const a = raDeg * RAD_PER_DEG;
  const d = decDeg * RAD_PER_DEG;
  const px = Math.cos(d) * Math.cos(a);
  const py = Math.cos(d) * Math.sin(a);
  const pz = Math.sin(d);
  // Annual aberration to first order (the second order is ~1e-8 rad): p + β − (p·β) p, renormalised.
  const beta = EARTH_BETA_J2000;
  const pb = px * beta[0] + py * beta[1] + pz * beta[2];
  const ax = px + beta[0] - pb * px;
  const ay = py + beta[1] - pb * py;
  const az = pz + beta[2] - pb * pz;
  const norm = Math.hypot(ax, ay, az);
  applyInto(GCRS_TO_B1875, ax / norm, ay / norm, az / norm, b1875);
  // astronomy-engine rotates with v' = Rᵀ·v (RotateVector reads rot[i][j] by columns): undo it with R·v.
  applyInto(AE_ROTATION.rot, b1875[0], b1875[1], b1875[2], q);
  const raDeg2000 = Math.atan2(q[1], q[0]) * DEG_PER_RAD;
  equivalent.raHours = (raDeg2000 < 0 ? raDeg2000 + 360 : raDeg2000) / DEG_PER_HOUR;
  equivalent.decDeg = Math.atan2(q[2], Math.hypot(q[0], q[1])) * DEG_PER_RAD;
  return equivalent;
}

/**
 * Official IAU names by abbreviation. astronomy-engine's own table misspells three of them (`Antila`,
 * `Camelopardis`, `Pisces Austrinus`) and writes `Bootes`; we look the name up by its abbreviation here.
 * The reference service (astropy's `constellation_names.dat`) writes `Chamaleon`, `Ophiucus` and
 * `Pisces Austrinus` instead of the IAU `Chamaeleon`, `Ophiuchus` and `Piscis Austrinus`; we use the IAU
 * names.
 */
// biome-ignore format: a table of 88 names, kept compact.
const IAU_NAMES: Readonly<Record<string, string>> = {
  And: 'Andromeda', Ant: 'Antlia', Aps: 'Apus', Aql: 'Aquila', Aqr: 'Aquarius', Ara: 'Ara', Ari: 'Aries',
  Aur: 'Auriga', Boo: 'Boötes', Cae: 'Caelum', Cam: 'Camelopardalis', Cap: 'Capricornus', Car: 'Carina',
  Cas: 'Cassiopeia', Cen: 'Centaurus', Cep: 'Cepheus', Cet: 'Cetus', Cha: 'Chamaeleon', Cir: 'Circinus',
  CMa: 'Canis Major', CMi: 'Canis Minor', Cnc: 'Cancer', Col: 'Columba', Com: 'Coma Berenices',
  CrA: 'Corona Australis', CrB: 'Corona Borealis', Crt: 'Crater', Cru: 'Crux', Crv: 'Corvus',
  CVn: 'Canes Venatici', Cyg: 'Cygnus', Del: 'Delphinus', Dor: 'Dorado', Dra: 'Draco', Equ: 'Equuleus',
  Eri: 'Eridanus', For: 'Fornax', Gem: 'Gemini', Gru: 'Grus', Her: 'Hercules', Hor: 'Horologium',
  Hya: 'Hydra', Hyi: 'Hydrus', Ind: 'Indus', Lac: 'Lacerta', Leo: 'Leo', Lep: 'Lepus', Lib: 'Libra',
  LMi: 'Leo Minor', Lup: 'Lupus', Lyn: 'Lynx', Lyr: 'Lyra', Men: 'Mensa', Mic: 'Microscopium',
  Mon: 'Monoceros', Mus: 'Musca',
  Nor: 'Norma', Oct: 'Octans', Oph: 'Ophiuchus', Ori: 'Orion', Pav: 'Pavo', Peg: 'Pegasus', Per: 'Perseus',
  Phe: 'Phoenix', Pic: 'Pictor', PsA: 'Piscis Austrinus', Psc: 'Pisces', Pup: 'Puppis', Pyx: 'Pyxis',
  Ret: 'Reticulum', Scl: 'Sculptor', Sco: 'Scorpius', Sct: 'Scutum', Ser: 'Serpens', Sex: 'Sextans',
  Sge: 'Sagitta', Sgr: 'Sagittarius', Tau: 'Taurus', Tel: 'Telescopium', TrA: 'Triangulum Australe',
  Tri: 'Triangulum', Tuc: 'Tucana', UMa: 'Ursa Major', UMi: 'Ursa Minor', Vel: 'Vela', Vir: 'Virgo',
  Vol: 'Volans', Vul: 'Vulpecula',
};

/**
 * The IAU constellation containing a position, as the reference service (astropy) assigns it.
 *
 * @param raDeg right ascension, ICRS/J2000 (degrees; any finite value).
 * @param decDeg declination, ICRS/J2000 (degrees, −90..90).
 * @returns the full IAU name (e.g. `Virgo`, `Ursa Major`, `Boötes`); null when a coordinate is not finite or
 *   the declination is outside −90..90.
 *
 * Reference: Roman 1987, PASP 99, 695; astropy `get_constellation`; astronomy-engine `Constellation` (hours).
 */
export function constellationName(raDeg: number, decDeg: number): string | null {
  if (!Number.isFinite(raDeg) || !Number.isFinite(decDeg) || decDeg < -90 || decDeg > 90) return null;
  const position = astropyEquivalent(raDeg, decDeg);
  const info = Constellation(position.raHours, position.decDeg);
  return IAU_NAMES[info.symbol] ?? info.name;
}
