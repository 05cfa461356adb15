/** Share the object page: its URL with a copy button, and a QR code of it. */
import { useState } from 'preact/hooks';
import { QrCode } from '../../components/qr-code.js';

/** URL, copy button and QR code of an object page (`path`: its path, default `/<objectId>`). */
export function Share({ objectId, path }: { objectId: string; path?: string }) {
  const url = new URL(path ?? `/${encodeURIComponent(objectId)}`, location.href).href;
  const [copied, setCopied] = useState<'no' | 'yes' | 'failed'>('no');
  const copy = (): void => {
    navigator.clipboard?.writeText(url).then(
      () => setCopied('yes'),
      () => setCopied('failed'),
    ) ?? setCopied('failed');
  };
  return (
    <div class="share">
      <div class="share-url">
        <input
          type="text"
          readOnly
          value={url}
          aria-label="Link to this object"
          onFocus={(e) => e.currentTarget.select()}
        />
        <button type="button" onClick={copy}>
          Copy link
        </button>
        <span role="status">
          {copied === 'yes' ? 'Copied.' : copied === 'failed' ? 'Select the link and copy it.' : ''}
        </span>
      </div>
      <QrCode text={url} />
    </div>
  );
}
