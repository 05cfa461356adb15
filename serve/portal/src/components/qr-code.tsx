/** A QR code of a text (qrcode-generator), drawn as SVG in the theme's text colour on the panel colour. */

import { useMemo } from 'preact/hooks';
import qrcode from 'qrcode-generator';

/** Dark modules of the QR code of a text as one SVG path (`M x y h1 v1 h-1 z` per module), and its size. */
function qrPath(text: string): { size: number; path: string } {
  const qr = qrcode(0, 'M');
  qr.addData(text);
  qr.make();
  const size = qr.getModuleCount();
  let path = '';
  for (let row = 0; row < size; row += 1) {
    for (let col = 0; col < size; col += 1) {
      if (qr.isDark(row, col)) path += `M${col} ${row}h1v1h-1z`;
    }
  }
  return { size, path };
}

/** The QR code of `text`, `sizePx` wide, with a 4-module quiet zone. */
export function QrCode({ text, sizePx = 160 }: { text: string; sizePx?: number }) {
  const { size, path } = useMemo(() => qrPath(text), [text]);
  const quiet = 4;
  return (
    <svg
      class="qr-code"
      role="img"
      aria-label={`QR code of ${text}`}
      width={sizePx}
      height={sizePx}
      viewBox={`${-quiet} ${-quiet} ${size + 2 * quiet} ${size + 2 * quiet}`}
      shape-rendering="crispEdges"
    >
      <rect x={-quiet} y={-quiet} width={size + 2 * quiet} height={size + 2 * quiet} fill="#ffffff" />
      <path d={path} fill="#000000" />
    </svg>
  );
}
