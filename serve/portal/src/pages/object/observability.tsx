/**
 * Observability tonight (or on a chosen date): altitude and airmass of the object from a chosen observatory,
 * astronomical twilight shaded, the Moon's distance from the object and its illumination. Computed in the page
 * (compute/sky/observability.ts with astronomy-engine, loaded on first use as its own chunk). The site and date are
 * in the URL (`site`, `date`).
 */
import type { Data, Layout } from 'plotly.js-dist-min';
import { useEffect, useMemo, useState } from 'preact/hooks';
import type { NightObservability } from '../../../../../compute/sky/observability.js';
import { jdToIsoText } from '../../../../../compute/time/jd.js';
import { Plot } from '../../components/plot.js';
import { ErrorBox, Loading } from '../../components/status.js';

type ObservabilityModule = typeof import('../../../../../compute/sky/observability.js');
const JD_UNIX_EPOCH = 2440587.5;
const MS_PER_DAY = 86_400_000;

/** Today's UTC date as YYYY-MM-DD. */
function todayText(): string {
  return new Date().toISOString().slice(0, 10);
}

/** The JD (UTC) at 00:00 of a YYYY-MM-DD date, null when invalid. */
function dateJd(text: string): number | null {
  const ms = Date.parse(`${text}T00:00:00Z`);
  return /^\d{4}-\d{2}-\d{2}$/.test(text) && Number.isFinite(ms) ? JD_UNIX_EPOCH + ms / MS_PER_DAY : null;
}

/** The observability view of a position. */
export function Observability({
  raDeg,
  decDeg,
  site,
  date,
  onChange,
}: {
  raDeg: number;
  decDeg: number;
  /** Index of the site in OBSERVING_SITES (default 0, Palomar). */
  site: number;
  /** YYYY-MM-DD (UTC) of the night's start, null for today. */
  date: string | null;
  onChange: (patch: Record<string, string | null>) => void;
}) {
  const [engine, setEngine] = useState<ObservabilityModule | string | null>(null);
  useEffect(() => {
    import('../../../../../compute/sky/observability.js').then(setEngine, (e: unknown) =>
      setEngine(String(e)),
    );
  }, []);
  const day = date ?? todayText();
  const jd = dateJd(day);
  const sites = typeof engine === 'object' && engine !== null ? engine.OBSERVING_SITES : [];
  const chosen = sites[site] ?? sites[0];
  const night = useMemo<NightObservability | null>(
    () =>
      typeof engine === 'object' && engine !== null && chosen && jd !== null
        ? engine.nightObservability(raDeg, decDeg, chosen, jd)
        : null,
    [engine, chosen, jd, raDeg, decDeg],
  );
  if (engine === null) return <Loading what="ephemerides" />;
  if (typeof engine === 'string') return <ErrorBox title="Ephemerides unavailable">{engine}</ErrorBox>;
  return (
    <section class="panel observability" aria-label="Observability">
      <h2>Observability</h2>
      <form class="observability-controls" onSubmit={(e) => e.preventDefault()}>
        <label>
          Observatory{' '}
          <select
            name="site"
            value={String(site)}
            onChange={(e) => onChange({ site: e.currentTarget.value })}
          >
            {sites.map((s, i) => (
              <option key={s.name} value={String(i)}>
                {s.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          Night of (UTC date){' '}
          <input
            type="date"
            name="date"
            value={day}
            onChange={(e) => onChange({ date: e.currentTarget.value })}
          />
        </label>
      </form>
      {jd === null ? <p class="field-error">Invalid date: {day}</p> : null}
      {night ? <NightChart night={night} /> : null}
      {night ? <NightSummary night={night} /> : null}
    </section>
  );
}

function NightSummary({ night }: { night: NightObservability }) {
  const dark = [...night.jd.keys()].filter((k) => night.sunAltitudeDeg[k] < -18);
  const best = dark.reduce((b, k) => (b < 0 || night.altitudeDeg[k] > night.altitudeDeg[b] ? k : b), -1);
  const moon = dark.length > 0 ? Math.min(...dark.map((k) => night.moonSeparationDeg[k])) : Number.NaN;
  return (
    <dl class="props observability-summary">
      <dt>Highest in astronomical night</dt>
      <dd>
        {best < 0
          ? 'no astronomical night'
          : night.altitudeDeg[best] < 0
            ? 'below the horizon all night'
            : `${night.altitudeDeg[best].toFixed(1)}° (airmass ${night.airmass[best].toFixed(2)}) at ${jdToIsoText(night.jd[best]).slice(11, 16)} UTC`}
      </dd>
      <dt>Moon distance (night)</dt>
      <dd>{Number.isFinite(moon) ? `${moon.toFixed(1)}° at least` : '—'}</dd>
      <dt>Moon illuminated</dt>
      <dd>{(night.moonIlluminatedFraction * 100).toFixed(0)} %</dd>
    </dl>
  );
}

function NightChart({ night }: { night: NightObservability }) {
  const data = useMemo<Data[]>(() => {
    const x = Array.from(night.jd, (jd) => jdToIsoText(jd));
    return [
      {
        type: 'scatter',
        mode: 'lines',
        name: 'Altitude',
        x,
        y: Array.from(night.altitudeDeg),
        customdata: Array.from(night.airmass, (a) => (Number.isFinite(a) ? a.toFixed(2) : '—')),
        hovertemplate: '%{x}<br>altitude %{y:.1f}°<br>airmass %{customdata}<extra></extra>',
      } as Data,
      {
        type: 'scatter',
        mode: 'lines',
        name: 'Moon distance',
        x,
        y: Array.from(night.moonSeparationDeg),
        line: { dash: 'dot' },
        hovertemplate: '%{x}<br>Moon %{y:.1f}°<extra></extra>',
      } as Data,
      {
        type: 'scatter',
        mode: 'lines',
        name: 'Sun altitude',
        x,
        y: Array.from(night.sunAltitudeDeg),
        line: { dash: 'dash', width: 1 },
        hovertemplate: '%{x}<br>Sun %{y:.1f}°<extra></extra>',
      } as Data,
    ];
  }, [night]);
  const layout = useMemo<Partial<Layout>>(
    () => ({
      xaxis: { title: { text: 'Time (UTC)' }, type: 'date' },
      yaxis: { title: { text: 'Altitude / distance (deg)' }, range: [0, 90] },
      shapes: Array.from(night.jd.keys())
        .filter((k) => k > 0 && night.sunAltitudeDeg[k] < -18 && night.sunAltitudeDeg[k - 1] >= -18)
        .map((k) => {
          let end = k;
          while (end + 1 < night.jd.length && night.sunAltitudeDeg[end + 1] < -18) end++;
          return {
            type: 'rect' as const,
            xref: 'x' as const,
            yref: 'paper' as const,
            x0: jdToIsoText(night.jd[k]),
            x1: jdToIsoText(night.jd[end]),
            y0: 0,
            y1: 1,
            fillcolor: 'rgba(60, 70, 120, 0.15)',
            line: { width: 0 },
          };
        }),
    }),
    [night],
  );
  return <Plot data={data} layout={layout} label="Observability" height={360} />;
}
