/**
 * Settings the server writes into the page (`<meta name="skyalert:…">` in index.html, see
 * serve/portal-files.ts): the sky viewer's survey (HiPS id or base URL), configurable with SKYALERT_HIPS_URL.
 */

/** The HiPS survey of the sky viewer. */
export function hipsSurvey(): string {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="skyalert:hips"]');
  return meta?.content || 'CDS/P/PanSTARRS/DR1/color-z-zg-g';
}

/** How long the sky viewer waits for the survey server before saying it cannot be reached (ms). */
export const HIPS_PROBE_TIMEOUT_MS = 4000;

/**
 * The address asked to learn whether the survey images can be reached: the HiPS's `properties` file for a base
 * URL, CDS's MocServer record of the id otherwise (Aladin Lite resolves CDS ids there).
 */
export function hipsProbeUrl(survey: string): string {
  if (/^https?:\/\//.test(survey)) return `${survey.replace(/\/+$/, '')}/properties`;
  return `https://alasky.cds.unistra.fr/MocServer/query?ID=${encodeURIComponent(survey)}&get=record&fmt=json`;
}

let reachable: Promise<boolean> | null = null;

/**
 * Whether the survey server answers from this browser (asked once per page load). A `no-cors` request resolves
 * on any answer and fails only when nothing answers (offline, blocked, unknown host).
 */
export function hipsReachable(): Promise<boolean> {
  reachable ??= (async () => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), HIPS_PROBE_TIMEOUT_MS);
    try {
      await fetch(hipsProbeUrl(hipsSurvey()), {
        mode: 'no-cors',
        signal: controller.signal,
        cache: 'no-store',
      });
      return true;
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
    }
  })();
  return reachable;
}
