/**
 * `npm run bench -- phase-fits`: time of one phase-curve fit per flavour (HG, HG1G2, sHG1G2) on synthetic
 * main-belt curves of 100 and 300 points (noise 0.03 mag, several poles and seeds). Prints, per flavour, the median
 * and the best per-fit time over batches, both in wall-clock and in process CPU time (the latter less sensitive
 * to other load on the machine), the mean and largest solver iterations, and the objects per second of the three
 * flavours together on one core. CLI output only.
 */

import { fitPhaseCurve, type PhaseFlavor, type PhaseObservations } from '../compute/sso/phase/index.js';
import { samplePhaseCurve } from '../ingest/simulate/model/index.js';

const RAD_PER_DEG = Math.PI / 180;
const FLAVORS: readonly PhaseFlavor[] = ['HG', 'HG1G2', 'SHG1G2'];
const POLES_DEG: readonly [number, number][] = [
  [200, -30],
  [150, 30],
  [250, 50],
  [120, -60],
];
const BATCHES = 15;

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

/** Per-fit wall-clock and CPU times (ms) of each batch of fits over the set. */
function timeBatches(
  flavor: PhaseFlavor,
  set: readonly PhaseObservations[],
): { wall: number[]; cpu: number[] } {
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let b = 0; b < BATCHES; b++) {
    const cpuStart = process.cpuUsage();
    const start = performance.now();
    for (const obs of set) fitPhaseCurve(flavor, obs);
    wall.push((performance.now() - start) / set.length);
    const used = process.cpuUsage(cpuStart);
    cpu.push((used.user + used.system) / 1000 / set.length);
  }
  return { wall, cpu };
}

const sets = new Map([100, 300].map((count) => [count, curves(count)]));
// Warm-up: every flavour on every set, so that the timed batches run optimised code.
for (let round = 0; round < 3; round++) {
  for (const set of sets.values())
    for (const flavor of FLAVORS) for (const obs of set) fitPhaseCurve(flavor, obs);
}
for (const [count, set] of sets) {
  let totalMs = 0;
  for (const flavor of FLAVORS) {
    const iterations: number[] = [];
    let failures = 0;
    for (const obs of set) {
      const r = fitPhaseCurve(flavor, obs);
      iterations.push(r.iterations);
      if (r.fit !== 0) failures++;
    }
    const { wall, cpu } = timeBatches(flavor, set);
    totalMs += median(cpu);
    const meanIterations = iterations.reduce((a, b) => a + b, 0) / set.length;
    console.log(
      `${count} points ${flavor.padEnd(6)} wall median ${median(wall).toFixed(3)} best ${Math.min(...wall).toFixed(3)} ms/fit, ` +
        `cpu median ${median(cpu).toFixed(3)} best ${Math.min(...cpu).toFixed(3)} ms/fit, ` +
        `iterations mean ${meanIterations.toFixed(1)} max ${Math.max(...iterations)}, ${failures}/${set.length} fit != 0`,
    );
  }
  console.log(
    `${count} points: ${totalMs.toFixed(2)} ms of CPU per object for the three flavours, ${(1000 / totalMs).toFixed(0)} objects/s/core`,
  );
}
