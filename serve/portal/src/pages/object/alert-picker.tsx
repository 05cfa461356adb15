/** Choice of one alert of the object (by date and candid), kept in the URL (`?candid=`) so views are shareable. */
import type { ApiRow } from '../../lib/api.js';
import { numberField } from '../../lib/object-rows.js';
import { BAND_NAMES } from '../../lib/photometry.js';
import { jdText } from '../../lib/results.js';

/** A select of the detections, most recent first. */
export function AlertPicker({
  alerts,
  candid,
  onChange,
}: {
  alerts: readonly ApiRow[];
  candid: string;
  onChange: (candid: string) => void;
}) {
  const index = alerts.findIndex((a) => String(a['i:candid']) === candid);
  const step = (delta: number): void => {
    const next = alerts[index + delta];
    if (next) onChange(String(next['i:candid']));
  };
  return (
    <div class="alert-picker">
      <button
        type="button"
        onClick={() => step(1)}
        disabled={index >= alerts.length - 1}
        aria-label="Older alert"
      >
        ◀
      </button>
      <label>
        Alert{' '}
        <select name="candid" value={candid} onChange={(e) => onChange(e.currentTarget.value)}>
          {alerts.map((a) => {
            const id = String(a['i:candid']);
            const fid = numberField(a, 'i:fid');
            const band = fid === 1 || fid === 2 || fid === 3 ? BAND_NAMES[fid] : '?';
            return (
              <option key={id} value={id}>
                {jdText(numberField(a, 'i:jd'))} · {band} · {id}
                {a['d:tag'] === 'badquality' ? ' (bad quality)' : ''}
              </option>
            );
          })}
        </select>
      </label>
      <button type="button" onClick={() => step(-1)} disabled={index <= 0} aria-label="Newer alert">
        ▶
      </button>
    </div>
  );
}
