/**
 * Choice of one alert of the object (by date and id), kept in the URL (`?candid=`, LSST `?diaSourceId=`) so views
 * are shareable. The survey says how an alert is named (`describe`).
 */
import type { ApiRow } from '../../lib/api.js';
import { numberField } from '../../lib/object-rows.js';
import { BAND_NAMES } from '../../lib/photometry.js';
import { jdText } from '../../lib/results.js';

/** An alert's id (exact text) and its line in the picker. */
export type DescribeAlert = (alert: ApiRow) => { readonly id: string; readonly label: string };

/** ZTF: date, band and candid, bad-quality alerts said. */
const describeZtfAlert: DescribeAlert = (a) => {
  const id = String(a['i:candid']);
  const fid = numberField(a, 'i:fid');
  const band = fid === 1 || fid === 2 || fid === 3 ? BAND_NAMES[fid] : '?';
  const bad = a['d:tag'] === 'badquality' ? ' (bad quality)' : '';
  return { id, label: `${jdText(numberField(a, 'i:jd'))} · ${band} · ${id}${bad}` };
};

/** A select of the detections, most recent first. */
export function AlertPicker({
  alerts,
  candid,
  onChange,
  describe = describeZtfAlert,
  name = 'candid',
}: {
  alerts: readonly ApiRow[];
  /** The chosen alert's id. */
  candid: string;
  onChange: (candid: string) => void;
  describe?: DescribeAlert;
  /** The select's name. */
  name?: string;
}) {
  const index = alerts.findIndex((a) => describe(a).id === candid);
  const step = (delta: number): void => {
    const next = alerts[index + delta];
    if (next) onChange(describe(next).id);
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
        <select name={name} value={candid} onChange={(e) => onChange(e.currentTarget.value)}>
          {alerts.map((a) => {
            const { id, label } = describe(a);
            return (
              <option key={id} value={id}>
                {label}
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
