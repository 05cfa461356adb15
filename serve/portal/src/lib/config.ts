/**
 * Settings the server writes into the page (`<meta name="skyalert:…">` in index.html, see
 * serve/portal-files.ts): the sky viewer's survey (HiPS id or base URL), configurable with SKYALERT_HIPS_URL.
 */

/** The HiPS survey of the sky viewer. */
export function hipsSurvey(): string {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="skyalert:hips"]');
  return meta?.content || 'CDS/P/PanSTARRS/DR1/color-z-zg-g';
}
