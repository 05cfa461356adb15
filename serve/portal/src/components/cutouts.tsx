/**
 * The three stamps (Science, Template, Difference) of one alert as PNG from a store's `cutouts` endpoint, with the
 * stretch, colour map and clipping percentiles of that endpoint. Each image has its own loading/error state.
 * The alert is named as the survey's endpoint names it: ZTF `objectId` and `candid`, LSST `diaSourceId`. An alert
 * the store holds no stamps of (`v:hasCutouts` false in its `objects` row) gets a line saying so and no request.
 */
import { useState } from 'preact/hooks';
import { DEFAULT_PMAX_PERCENT, DEFAULT_PMIN_PERCENT, STRETCHES } from '../../../../compute/image/stretch.js';
import { type ApiArgs, apiUrl } from '../lib/api.js';
import { DraftInput } from './draft-input.js';

/** Colour maps of the cutout endpoint (compute/image/colormaps.ts; each also reversed with `_r`). */
export const CUTOUT_COLORMAPS = [
  'gray',
  'Greys',
  'viridis',
  'magma',
  'inferno',
  'plasma',
  'cividis',
  'Blues',
  'Reds',
  'hot',
  'coolwarm',
] as const;
const KINDS = ['Science', 'Template', 'Difference'] as const;

/** Display settings of the stamps. */
export interface CutoutSettings {
  readonly stretch: (typeof STRETCHES)[number];
  readonly colormap: string;
  readonly pminPercent: number;
  readonly pmaxPercent: number;
}

/** The endpoint's defaults. */
export const DEFAULT_CUTOUT_SETTINGS: CutoutSettings = {
  stretch: 'sigmoid',
  colormap: 'gray',
  pminPercent: DEFAULT_PMIN_PERCENT,
  pmaxPercent: DEFAULT_PMAX_PERCENT,
};

function Stamp({ src, kind }: { src: string; kind: string }) {
  const [state, setState] = useState<{ src: string; status: 'loading' | 'ready' | 'error' }>({
    src,
    status: 'loading',
  });
  const status = state.src === src ? state.status : 'loading';
  return (
    <figure class="stamp" data-state={status}>
      <img
        src={src}
        alt={`${kind} stamp`}
        width={63}
        height={63}
        onLoad={() => setState({ src, status: 'ready' })}
        onError={() => setState({ src, status: 'error' })}
      />
      <figcaption>{status === 'error' ? `${kind}: not available` : kind}</figcaption>
    </figure>
  );
}

/** Props of {@link Cutouts}: the endpoint (`cutouts`, or a store's `/lsst/api/v1/cutouts`) and the alert's ids. */
export interface CutoutsProps {
  readonly endpoint?: string;
  /** The arguments naming the alert: `{objectId, candid}` (ZTF) or `{diaSourceId}` (LSST), ids as exact text. */
  readonly alert: ApiArgs;
  /** False when the store holds no stamps of the alert (nothing is asked then); default true. */
  readonly available?: boolean;
}

/** Stamps of an alert with display controls. */
export function Cutouts({ endpoint = 'cutouts', alert, available = true }: CutoutsProps) {
  const [settings, setSettings] = useState<CutoutSettings>(DEFAULT_CUTOUT_SETTINGS);
  if (!available)
    return (
      <p class="notice no-cutouts" role="status">
        No cutouts for this alert: this store holds no image stamps of it.
      </p>
    );
  const update = (patch: Partial<CutoutSettings>): void => setSettings((s) => ({ ...s, ...patch }));
  const percentiles = settings.stretch !== 'sigmoid';
  const src = (kind: string): string =>
    apiUrl(endpoint, {
      ...alert,
      kind,
      'output-format': 'PNG',
      stretch: settings.stretch,
      colormap: settings.colormap,
      pmin: percentiles ? settings.pminPercent : undefined,
      pmax: percentiles ? settings.pmaxPercent : undefined,
    });
  return (
    <div class="cutouts">
      <div class="stamps">
        {KINDS.map((kind) => (
          <Stamp key={kind} kind={kind} src={src(kind)} />
        ))}
      </div>
      <div class="cutout-controls">
        <label>
          Stretch{' '}
          <select
            name="stretch"
            value={settings.stretch}
            onChange={(e) => update({ stretch: e.currentTarget.value as CutoutSettings['stretch'] })}
          >
            {STRETCHES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
        <label>
          Colour map{' '}
          <select
            name="colormap"
            value={settings.colormap}
            onChange={(e) => update({ colormap: e.currentTarget.value })}
          >
            {CUTOUT_COLORMAPS.flatMap((c) => [c, `${c}_r`]).map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </label>
        <label title="Lower clipping percentile (not for sigmoid)">
          pmin{' '}
          <DraftInput
            name="pmin"
            type="number"
            min={0}
            max={100}
            step={0.5}
            value={settings.pminPercent}
            disabled={!percentiles}
            onCommit={(text) => update({ pminPercent: Number(text) })}
          />
        </label>
        <label title="Upper clipping percentile (not for sigmoid)">
          pmax{' '}
          <DraftInput
            name="pmax"
            type="number"
            min={0}
            max={100}
            step={0.5}
            value={settings.pmaxPercent}
            disabled={!percentiles}
            onCommit={(text) => update({ pmaxPercent: Number(text) })}
          />
        </label>
        <a
          class="button"
          href={apiUrl(endpoint, { ...alert, kind: 'Science', 'output-format': 'FITS' })}
          download
        >
          FITS (Science)
        </a>
      </div>
    </div>
  );
}
