/**
 * The phase curve of a Rubin Solar System object: reduced AB magnitude m − 5 log10(r Δ) against the phase angle
 * per band, from the ssSource fields of the store's `sso` rows (`r:phaseAngle`, `r:helioRange`, `r:topoRange`),
 * with the HG and HG1G2 parameters of the store's SSOFT (`ssoft?flavor=…&sso_name=<designation>`, Fink's LSST
 * table) drawn as curves and listed ± 1σ per band, a value at a bound of the fit flagged.
 * Reference: docs/references.md#reduced-magnitude, #hg-model, #hg1g2-model; compute/sso/phase/models.ts.
 */
import type { Data } from 'plotly.js-dist-min';
import { useMemo } from 'preact/hooks';
import { hg1g2Mag, hgMag } from '../../../../../compute/sso/phase/models.js';
import { Plot } from '../../components/plot.js';
import { Notice } from '../../components/status.js';
import { ApiRequestError, type ApiRow, getJson } from '../../lib/api.js';
import { boundReached } from '../../lib/fit-explain.js';
import { abMagOfNJy, LSST_BANDS } from '../../lib/lsst-photometry.js';
import { numberField } from '../../lib/object-rows.js';
import { curveRangeDeg, reducedMag } from '../../lib/phase-curve.js';
import { type StoreEntry, storeEndpoint } from '../../lib/stores.js';
import { useLoad } from '../../lib/use-api.js';
import { bandColour } from '../object/light-curve.js';

const RAD = Math.PI / 180;
/** The LSST SSOFT flavours (Fink's LSST table). */
const FLAVORS = ['HG', 'HG1G2'] as const;
type Flavor = (typeof FLAVORS)[number];

/** One detection on the phase curve. */
interface PhasePoint {
  readonly band: string;
  readonly phaseDeg: number;
  readonly magRed: number;
  readonly errorMag: number | null;
}

/** Detections with a positive flux, a phase angle and both distances. */
export function lsstPhasePoints(rows: readonly ApiRow[]): PhasePoint[] {
  return rows.flatMap((r) => {
    const phaseDeg = numberField(r, 'r:phaseAngle');
    const helio = numberField(r, 'r:helioRange');
    const topo = numberField(r, 'r:topoRange');
    const flux = numberField(r, 'r:psfFlux');
    if (phaseDeg === null || helio === null || topo === null || flux === null) return [];
    const mag = abMagOfNJy(flux, numberField(r, 'r:psfFluxErr'));
    const magRed = mag ? reducedMag(mag.mag, helio, topo) : null;
    if (!mag || magRed === null) return [];
    return [{ band: String(r['r:band'] ?? ''), phaseDeg, magRed, errorMag: mag.errorMag }];
  });
}

/** The model magnitude of a band's SSOFT parameters at a phase angle (deg); null without parameters. */
function modelMag(flavor: Flavor, row: ApiRow, band: string, phaseDeg: number): number | null {
  const hMag = numberField(row, `H_${band}`);
  if (hMag === null) return null;
  if (flavor === 'HG') {
    const g = numberField(row, `G_${band}`);
    return g === null ? null : hgMag(phaseDeg * RAD, { hMag, g });
  }
  const g1 = numberField(row, `G1_${band}`);
  const g2 = numberField(row, `G2_${band}`);
  return g1 === null || g2 === null ? null : hg1g2Mag(phaseDeg * RAD, { hMag, g1, g2 });
}

async function ssoftRow(
  store: StoreEntry,
  flavor: Flavor,
  designation: string,
  signal: AbortSignal,
): Promise<ApiRow | null> {
  try {
    const rows = await getJson<ApiRow[]>(
      storeEndpoint(store, 'ssoft'),
      { flavor, sso_name: designation, 'output-format': 'json' },
      signal,
    );
    return rows.find((r) => r.fit === 0 || r.fit === undefined) ?? null;
  } catch (error) {
    // a store without a table of the flavour answers 404: no parameters, not an error of the page
    if (error instanceof ApiRequestError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}

/** Phase curve and SSOFT parameters of an LSST Solar System object. */
export function LsstSsoPhase(props: { store: StoreEntry; designation: string; rows: readonly ApiRow[] }) {
  const { store, designation, rows } = props;
  const points = useMemo(() => lsstPhasePoints(rows), [rows]);
  const fits = useLoad(`${store.name}:ssoft:${designation}`, async (signal) => {
    const found = await Promise.all(FLAVORS.map((f) => ssoftRow(store, f, designation, signal)));
    return FLAVORS.map((flavor, i) => ({ flavor, row: found[i] }));
  });
  const fitted = useMemo(
    () => (fits.state === 'done' ? fits.value.flatMap((f) => (f.row ? [{ ...f, row: f.row }] : [])) : []),
    [fits],
  );
  const data = useMemo(() => {
    const bands = LSST_BANDS.filter((b) => points.some((p) => p.band === b));
    const traces: Data[] = [];
    const range = curveRangeDeg(points.map((p) => p.phaseDeg));
    for (const band of bands) {
      const own = points.filter((p) => p.band === band);
      const colour = bandColour(band);
      traces.push({
        type: 'scatter',
        mode: 'markers',
        name: `${band} observed`,
        legendgroup: 'observed',
        x: own.map((p) => p.phaseDeg),
        y: own.map((p) => p.magRed),
        error_y: { type: 'data', array: own.map((p) => p.errorMag ?? 0), visible: true, color: colour },
        marker: { color: colour, size: 7 },
      });
      for (const { flavor, row } of fitted) {
        const x: number[] = [];
        const y: number[] = [];
        for (let k = 0; k <= 100; k++) {
          const phase = range.fromDeg + ((range.toDeg - range.fromDeg) * k) / 100;
          const mag = modelMag(flavor, row, band, phase);
          if (mag === null || !Number.isFinite(mag)) continue;
          x.push(phase);
          y.push(mag);
        }
        if (x.length > 0)
          traces.push({
            type: 'scatter',
            mode: 'lines',
            name: `${band} ${flavor}`,
            legendgroup: flavor,
            x,
            y,
            line: { color: colour, dash: flavor === 'HG' ? 'dot' : 'dash', width: 1.5 },
          });
      }
    }
    return traces;
  }, [points, fitted]);
  if (points.length === 0)
    return (
      <section class="panel" aria-label="Phase curve">
        <h2>Phase curve</h2>
        <Notice>No detection carries a phase angle and distances (ssSource): no phase curve.</Notice>
      </section>
    );
  return (
    <section class="panel" aria-label="Phase curve">
      <h2>Phase curve</h2>
      <Plot
        data={data}
        label="LSST phase curve"
        layout={{
          margin: { l: 60, r: 20, t: 20, b: 50 },
          legend: { orientation: 'h', y: -0.25 },
          xaxis: { title: { text: 'Phase angle (deg)' }, rangemode: 'tozero' },
          yaxis: { title: { text: 'Reduced magnitude (AB)' }, autorange: 'reversed' },
        }}
      />
      {fits.state === 'done' && fitted.length === 0 ? (
        <Notice>
          This object is not in the store's SSOFT (phase-curve table, `skyalert ssoft build`): no fitted H and
          G.
        </Notice>
      ) : null}
      {fitted.length > 0 ? (
        <div class="table-scroll">
          <table class="data fit-table" aria-label="LSST phase-curve parameters">
            <caption>Fitted parameters ± 1σ (SSOFT {String(fitted[0].row.version ?? '')})</caption>
            <thead>
              <tr>
                <th scope="col">Model</th>
                <th scope="col">Band</th>
                <th scope="col">H (mag)</th>
                <th scope="col">G or G1</th>
                <th scope="col">G2</th>
              </tr>
            </thead>
            <tbody>
              {fitted.flatMap(({ flavor, row }) =>
                LSST_BANDS.filter((b) => numberField(row, `H_${b}`) !== null).map((band) => (
                  <tr key={`${flavor}-${band}`} data-model={flavor} data-band={band}>
                    <th scope="row">{flavor}</th>
                    <td>{band}</td>
                    {(flavor === 'HG' ? ['H', 'G', null] : ['H', 'G1', 'G2']).map((base, i) =>
                      base === null ? (
                        <td key={i} />
                      ) : (
                        <ParameterCell key={base} row={row} base={base} band={band} />
                      ),
                    )}
                  </tr>
                )),
              )}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}

function ParameterCell({ row, base, band }: { row: ApiRow; base: string; band: string }) {
  const value = numberField(row, `${base}_${band}`);
  const err = numberField(row, `err_${base}_${band}`);
  if (value === null) return <td data-param={`${base}_${band}`}>—</td>;
  const bound = boundReached(base, value);
  return (
    <td
      data-param={`${base}_${band}`}
      data-value={String(value)}
      data-err={err === null ? undefined : String(err)}
    >
      {value.toFixed(3)}
      {err === null ? null : <span class="fit-err"> ± {err.toFixed(3)}</span>}
      {bound ? (
        <span class="fit-bound" data-at-bound={bound}>
          {' '}
          at {bound} bound
        </span>
      ) : null}
    </td>
  );
}
