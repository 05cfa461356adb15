/**
 * Light curves of fink-science's SSO fixtures (one row per object, list columns cjd, cra, cdec, cmagpsf, csigmapsf,
 * cfid and Miriade's Dobs, Dhelio, Phase, RA, DEC) read as the SSOFT builder's inputs: detections, geometry and
 * the SOCCA fit's observations. Tests of the SOCCA fit and of /ssoft read them.
 */
import { DuckDBInstance } from '@duckdb/node-api';
import type { GeometryEphemerides } from '../../compute/sso/ephemeris/index.js';
import type { SsoDetections } from '../../compute/sso/index.js';
import { lightTimeCorrectedJd, type SoccaObservations } from '../../compute/sso/phase/index.js';

const RAD_PER_DEG = Math.PI / 180;
const KM_PER_AU = 149_597_870.7;

/** One object of a fixture. */
export interface Curve {
  readonly det: SsoDetections;
  readonly eph: GeometryEphemerides;
  readonly obs: SoccaObservations;
}

/** Light curves of a fink-science fixture: detections, Miriade geometry (Dobs, Dhelio in au or km) and fit inputs. */
export async function readCurves(file: string): Promise<Map<string, Curve>> {
  const instance = await DuckDBInstance.create(':memory:');
  const conn = await instance.connect();
  const out = new Map<string, Curve>();
  try {
    const reader = await conn.runAndReadAll('SELECT * FROM read_parquet($file)', { file });
    for (const row of reader.getRowObjectsJS()) {
      const n = (row.cjd as unknown[]).length;
      const column = (name: string): Float64Array => {
        const values = (row[name] as (number | bigint | null)[] | null) ?? [];
        return Float64Array.from({ length: n }, (_, i) =>
          values[i] == null ? Number.NaN : Number(values[i]),
        );
      };
      const dobs = column('Dobs');
      // test_SOCCA.parquet gives distances in km, the 2025 fixture in au
      const scale = dobs[0] > 1e4 ? KM_PER_AU : 1;
      const det = {
        jd: column('cjd'),
        raDeg: column('cra'),
        decDeg: column('cdec'),
        magpsf: column('cmagpsf'),
        sigmapsf: column('csigmapsf'),
        fid: column('cfid'),
      } satisfies SsoDetections;
      const eph = {
        detail: 'geometry',
        jdUtc: column('cjd'),
        dobsAu: dobs.map((d) => d / scale),
        dhelioAu: column('Dhelio').map((d) => d / scale),
        phaseDeg: column('Phase'),
        raDeg: column('RA'),
        decDeg: column('DEC'),
      } satisfies GeometryEphemerides;
      const obs: SoccaObservations = {
        magRed: det.magpsf.map((m, i) => m - 5 * Math.log10(eph.dobsAu[i] * eph.dhelioAu[i])),
        sigmaMag: det.sigmapsf,
        phaseAngleRad: eph.phaseDeg.map((p) => p * RAD_PER_DEG),
        fid: det.fid,
        raRad: det.raDeg.map((v) => v * RAD_PER_DEG),
        decRad: det.decDeg.map((v) => v * RAD_PER_DEG),
        jd: det.jd,
        jdLightTime: det.jd.map((jd, i) => lightTimeCorrectedJd(jd, eph.dobsAu[i])),
      };
      out.set(String(row.ssnamenr), { det, eph, obs });
    }
  } finally {
    conn.closeSync();
    instance.closeSync();
  }
  return out;
}
