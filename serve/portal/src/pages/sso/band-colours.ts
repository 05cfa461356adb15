/** The band colours of the current theme (CSS variables `--band-g/r/i`), updated when the theme changes. */
import { useEffect, useState } from 'preact/hooks';
import type { BandColours } from '../../lib/sso-traces.js';

function readColours(): BandColours {
  const style = getComputedStyle(document.documentElement);
  const read = (name: string, fallback: string): string => style.getPropertyValue(name).trim() || fallback;
  return { 1: read('--band-g', '#15284f'), 2: read('--band-r', '#f5622e'), 3: read('--band-i', '#7a3fb0') };
}

/** Band colours by filter id, re-read on the `skyalert:theme` event. */
export function useBandColours(): BandColours {
  const [colours, setColours] = useState<BandColours>(readColours);
  useEffect(() => {
    const update = (): void => setColours(readColours());
    window.addEventListener('skyalert:theme', update);
    return () => window.removeEventListener('skyalert:theme', update);
  }, []);
  return colours;
}
