/**
 * `npm run bench -- phase-fits`: time of one phase-curve fit per flavour (HG, HG1G2, sHG1G2) on synthetic
 * main-belt curves of 100 and 300 points (noise 0.03 mag, several poles and seeds). Prints the median and the best
 * per-fit time over batches, the mean solver iterations, and the objects per second of the three flavours
 * together on one core. CLI output only.
 */
import { samplePhaseCurve } from '../compute/sim/index.js';
import { fitPhaseCurve, type PhaseFlavor, type PhaseObservations } from '../compute/sso/phase/index.js';

const RAD_PER_DEG = Math.PI / 180;
const FLAVORS: readonly PhaseFlavor[] = ['HG', 'HG1G2', 'SHG1G2'];
const POLES_DEG: readonly [number, number][] = [
  [200, -30],
  [150, 30],
  [250, 50],
  [120, -60],
];
const BATCHES = 7;

function curves(count: number): PhaseObservations[] {
  const out: PhaseObservations[] = [];
  POLES_DEG.forEach(([alpha0Deg, delta0Deg], i) => {
    for (const seed of [1, 2, 3]) {
      const truth = {
        bands: [
          { fid: 1 as const, hMag: 15.6, g1: 0.3, g2: 0.35 },
          { fid: 2 as const, hMag: 15.1, g1: 0.4, g2: 0.3 },
        ],
        r: 0.7,
        alpha0Rad: alpha0Deg * RAD_PER_DEG,
        delta0Rad: delta0Deg * RAD_PER_DEG,
      };
      out.push(samplePhaseCurve(truth, { seed: seed + 10 * i, count, noiseMag: 0.03 }));
    }
  });
  return out;
}

function median(values: number[]): number {
  const s = values.slice().sort((a, b) => a - b);
  return s[s.length >> 1];
}

for (const count of [100, 300]) {
  const set = curves(count);
  let totalMs = 0;
  for (const flavor of FLAVORS) {
    for (const obs of set) fitPhaseCurve(flavor, obs);
    const perFit: number[] = [];
    let iterations = 0;
    let failures = 0;
    for (let b = 0; b < BATCHES; b++) {
      const start = performance.now();
      for (const obs of set) {
        const r = fitPhaseCurve(flavor, obs);
        if (b === 0) {
          iterations += r.iterations;
          if (r.fit !== 0) failures++;
        }
      }
      perFit.push((performance.now() - start) / set.length);
    }
    totalMs += median(perFit);
    console.log(
      `${count} points ${flavor.padEnd(6)} median ${median(perFit).toFixed(3)} ms/fit, best ${Math.min(...perFit).toFixed(3)} ms/fit, ` +
        `${(iterations / set.length).toFixed(1)} iterations/fit, ${failures}/${set.length} fit != 0`,
    );
  }
  console.log(
    `${count} points: ${totalMs.toFixed(2)} ms per object for the three flavours, ${(1000 / totalMs).toFixed(0)} objects/s/core`,
  );
}
