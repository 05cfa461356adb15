/**
 * The search bar, what the portal's search shows of a name on a server of several stores
 * (pages/home/resolved-names.tsx), read in the browser, and the failed responses of a page: for the browser tests
 * of names.
 */
import type { Page } from 'playwright-core';

/** Types the text in the search bar (Fink's syntax) and submits it. */
export async function search(page: Page, text: string): Promise<void> {
  await page.locator('input[name="q"]').fill(text);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
}

/** One row of the table of a name's objects in every survey. */
export interface NameRow {
  readonly survey: string;
  readonly via: string;
  readonly object: string;
  /** The object's link, null when the store has none there. */
  readonly href: string | null;
}

/** The rows of the table "Objects of the name", once shown. */
export async function nameRows(page: Page): Promise<NameRow[]> {
  const table = page.getByRole('table', { name: 'Objects of the name' });
  await table.waitFor();
  return table.locator('tbody tr').evaluateAll((trs) =>
    trs.map((tr) => {
      const cells = tr.querySelectorAll('td');
      return {
        survey: cells[0]?.textContent ?? '',
        via: cells[1]?.textContent ?? '',
        object: cells[2]?.textContent ?? '',
        href: cells[2]?.querySelector('a')?.getAttribute('href') ?? null,
      };
    }),
  );
}

/** Collects the responses of `origin` (the portal's server) with a status of 400 or more, as they come. */
export function failedResponses(page: Page, origin: string): string[] {
  const failed: string[] = [];
  page.on('response', (r) => {
    if (r.status() >= 400 && new URL(r.url()).origin === new URL(origin).origin)
      failed.push(`${r.status()} ${r.url()}`);
  });
  return failed;
}
