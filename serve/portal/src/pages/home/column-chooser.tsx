/** The column chooser of the results table: one checkbox per column (lib/result-columns.ts), kept in the URL. */
import { RESULT_COLUMNS } from '../../lib/result-columns.js';

/** Props of {@link ColumnChooser}: the fields shown, and what to do with a new choice. */
export interface ColumnChooserProps {
  readonly shown: readonly string[];
  readonly onChange: (fields: string[]) => void;
}

/** A disclosure with a checkbox per column; at least one column stays shown. */
export function ColumnChooser({ shown, onChange }: ColumnChooserProps) {
  const chosen = new Set(shown);
  const toggle = (field: string, on: boolean): void => {
    const next = RESULT_COLUMNS.map((c) => c.field).filter((f) => (f === field ? on : chosen.has(f)));
    if (next.length > 0) onChange(next);
  };
  return (
    <details class="column-chooser">
      <summary>
        Columns ({shown.length} of {RESULT_COLUMNS.length})
      </summary>
      <fieldset>
        <legend class="visually-hidden">Columns shown</legend>
        {RESULT_COLUMNS.map((c) => (
          <label key={c.field} title={c.field}>
            <input
              type="checkbox"
              name="column"
              value={c.field}
              checked={chosen.has(c.field)}
              onChange={(e) => toggle(c.field, e.currentTarget.checked)}
            />{' '}
            {c.label}
          </label>
        ))}
      </fieldset>
      <p class="hint">Only the columns shown are transferred (the API's columns= argument).</p>
    </details>
  );
}
