/** Test oracles of sky geometry, written independently of the code under test. */

/** Angular distance (degrees) between two positions, from unit vectors (test oracle, independent of the haversine form the code uses). */
export function separationDeg(ra1Deg: number, dec1Deg: number, ra2Deg: number, dec2Deg: number): number {
  const r = Math.PI / 180;
  const v = (ra: number, dec: number) => [
    Math.cos(dec * r) * Math.cos(ra * r),
    Math.cos(dec * r) * Math.sin(ra * r),
    Math.sin(dec * r),
  ];
  const [a, b] = [v(ra1Deg, dec1Deg), v(ra2Deg, dec2Deg)];
  const cross = [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
  const dot = a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
  return Math.atan2(Math.hypot(cross[0], cross[1], cross[2]), dot) / r;
}
