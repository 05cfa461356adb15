/**
 * A light curve drawn at once as plain SVG (points, error bars, date and value axes, band colours from the theme's
 * `--band-*` variables) while the interactive chart's library (Plotly, 1.4 MB) loads; the interactive chart replaces
 * it when drawn (alerts are chosen on the interactive chart or with the alert picker).
 */
import { jdToIsoText } from '../../../../../compute/time/jd.js';

/** One point of the preview. */
export interface PreviewPoint {
  readonly jd: number;
  readonly value: number;
  readonly error: number | null;
  /** Band name (`g`, `r`, `i`), for its colour. */
  readonly band: string;
  /** Open marker (upper limit). */
  readonly open: boolean;
}

const WIDTH = 800;
const MARGIN = { left: 60, right: 20, top: 20, bottom: 50 } as const;
const TICKS = 5;

/** About `count` round tick values covering [low, high]. */
function ticks(low: number, high: number, count: number): number[] {
  const span = high - low || 1;
  const raw = span / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? raw;
  const out: number[] = [];
  for (let v = Math.ceil(low / step) * step; v <= high + 1e-9 * span; v += step)
    out.push(Number(v.toPrecision(12)));
  return out;
}

/** Points converted to SVG, y reversed for magnitudes. */
export function LightCurvePreview({
  points,
  height,
  reversed,
  yTitle,
}: {
  points: readonly PreviewPoint[];
  height: number;
  reversed: boolean;
  yTitle: string;
}) {
  if (points.length === 0) return null;
  const jds = points.map((p) => p.jd);
  const lows = points.map((p) => p.value - (p.error ?? 0));
  const highs = points.map((p) => p.value + (p.error ?? 0));
  const pad = (a: number, b: number): [number, number] => {
    const margin = (b - a || Math.abs(a) || 1) * 0.05;
    return [a - margin, b + margin];
  };
  const [x0, x1] = pad(Math.min(...jds), Math.max(...jds));
  const [y0, y1] = pad(Math.min(...lows), Math.max(...highs));
  const plotWidth = WIDTH - MARGIN.left - MARGIN.right;
  const plotHeight = height - MARGIN.top - MARGIN.bottom;
  const sx = (jd: number): number => MARGIN.left + ((jd - x0) / (x1 - x0)) * plotWidth;
  const sy = (v: number): number => {
    const f = (v - y0) / (y1 - y0);
    return MARGIN.top + (reversed ? f : 1 - f) * plotHeight;
  };
  const colour = (band: string): string => `var(--band-${band}, #5b6675)`;
  return (
    <svg
      class="lc-preview"
      viewBox={`0 0 ${WIDTH} ${height}`}
      role="img"
      aria-label={`Light curve preview: ${points.length} points`}
      preserveAspectRatio="none"
    >
      <g class="lc-preview-axes">
        {ticks(y0, y1, TICKS).map((v) => (
          <g key={`y${v}`}>
            <line x1={MARGIN.left} x2={WIDTH - MARGIN.right} y1={sy(v)} y2={sy(v)} />
            <text x={MARGIN.left - 6} y={sy(v) + 4} text-anchor="end">
              {v}
            </text>
          </g>
        ))}
        {ticks(x0, x1, TICKS).map((jd) => (
          <text key={`x${jd}`} x={sx(jd)} y={height - MARGIN.bottom + 18} text-anchor="middle">
            {jdToIsoText(jd).slice(0, 10)}
          </text>
        ))}
        <text
          x={12}
          y={MARGIN.top + plotHeight / 2}
          transform={`rotate(-90 12 ${MARGIN.top + plotHeight / 2})`}
        >
          {yTitle}
        </text>
      </g>
      {points.map((p, i) => {
        const x = sx(p.jd);
        const y = sy(p.value);
        const fill = colour(p.band);
        return (
          <g key={i} class="lc-preview-point">
            {p.error !== null ? (
              <line x1={x} x2={x} y1={sy(p.value - p.error)} y2={sy(p.value + p.error)} stroke={fill} />
            ) : null}
            <circle cx={x} cy={y} r={4} fill={p.open ? 'none' : fill} stroke={fill}>
              <title>{`${p.band} ${jdToIsoText(p.jd)} ${p.value.toFixed(3)}${p.error === null ? '' : ` ± ${p.error.toFixed(3)}`}`}</title>
            </circle>
          </g>
        );
      })}
    </svg>
  );
}
