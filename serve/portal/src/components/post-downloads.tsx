/**
 * Download buttons for a POST query of the API (cross-match, GW sky map): the same form sent again with
 * `output-format` csv, json or votable, the answer saved as a file. Errors show the API's message.
 */
import { useState } from 'preact/hooks';
import { ApiRequestError } from '../lib/api.js';
import { ErrorBox } from './status.js';

const FORMATS = [
  ['csv', 'CSV', 'csv'],
  ['json', 'JSON', 'json'],
  ['votable', 'VOTable', 'vot'],
] as const;

async function postBlob(endpoint: string, form: FormData): Promise<Blob> {
  const response = await fetch(`/api/v1/${endpoint}`, { method: 'POST', body: form });
  if (!response.ok) {
    let text = `${response.status} ${response.statusText}`;
    try {
      const body = (await response.json()) as { text?: unknown };
      if (typeof body.text === 'string') text = body.text;
    } catch {
      // not a JSON error body: keep the status line
    }
    throw new ApiRequestError(response.status, text);
  }
  return response.blob();
}

/** Props: the endpoint, a builder of the form for a format, and the files' base name. */
export interface PostDownloadsProps {
  readonly endpoint: string;
  readonly form: (outputFormat: string) => FormData;
  readonly fileName: string;
}

/** CSV / JSON / VOTable buttons re-sending the query. */
export function PostDownloads({ endpoint, form, fileName }: PostDownloadsProps) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const download = async (format: string, ext: string): Promise<void> => {
    setBusy(format);
    setError(null);
    try {
      const blob = await postBlob(endpoint, form(format));
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = `${fileName}.${ext}`;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(null);
    }
  };
  return (
    <div class="downloads">
      <span>Download:</span>
      {FORMATS.map(([format, label, ext]) => (
        <button
          key={format}
          type="button"
          data-format={format}
          disabled={busy !== null}
          onClick={() => void download(format, ext)}
        >
          {busy === format ? `${label}…` : label}
        </button>
      ))}
      {error ? <ErrorBox title="The download failed">{error}</ErrorBox> : null}
    </div>
  );
}
