/**
 * Download buttons for an API query: the same endpoint and arguments with `output-format` csv, json or votable,
 * so a download holds exactly the rows the API gives a script. The query URL is shown for copying.
 */
import { type ApiArgs, apiUrl } from '../lib/api.js';

const FORMATS = [
  ['csv', 'CSV', 'csv'],
  ['json', 'JSON', 'json'],
  ['votable', 'VOTable', 'vot'],
] as const;

/** Props of {@link Downloads}: a GET endpoint of the API, its arguments, and a base name for the files. */
export interface DownloadsProps {
  readonly endpoint: string;
  readonly args: ApiArgs;
  readonly fileName: string;
}

/** CSV / JSON / VOTable links and the API URL behind them. */
export function Downloads({ endpoint, args, fileName }: DownloadsProps) {
  const jsonUrl = apiUrl(endpoint, { ...args, 'output-format': 'json' });
  return (
    <div class="downloads">
      <span>Download:</span>
      {FORMATS.map(([format, label, ext]) => (
        <a
          key={format}
          class="button"
          href={apiUrl(endpoint, { ...args, 'output-format': format })}
          download={`${fileName}.${ext}`}
          data-format={format}
        >
          {label}
        </a>
      ))}
      <details>
        <summary>API query</summary>
        <code class="api-url">{new URL(jsonUrl, location.href).href}</code>
      </details>
    </div>
  );
}
