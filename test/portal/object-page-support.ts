/**
 * What the object-page browser tests share: API calls with 64-bit ids kept as exact text, and the values a Plotly
 * chart of the page holds.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** An API row. */
export type Row = Record<string, unknown>;
/** Query arguments. */
export type Args = Record<string, string | number | boolean>;

/** The body of a GET of `/api/v1/<endpoint>` on `baseUrl` (status 200 asserted). */
export async function apiText(baseUrl: string, endpoint: string, args: Args): Promise<string> {
  const query = new URLSearchParams(Object.entries(args).map(([k, v]) => [k, String(v)]));
  const response = await fetch(`${baseUrl}/api/v1/${endpoint}?${query}`);
  expect(response.status).toBe(200);
  return response.text();
}

/** JSON rows with the 64-bit ids (`i:candid`, `i:objectidps1..3`) kept as their exact digits. */
export async function apiRows(baseUrl: string, endpoint: string, args: Args): Promise<Row[]> {
  const text = await apiText(baseUrl, endpoint, args);
  return JSON.parse(text.replace(/("i:(?:candid|objectidps[123])":)(-?\d+)/g, '$1"$2"')) as Row[];
}

/** The x or y values of trace `trace` of the chart labelled `label`. */
export async function plotted(
  page: Page,
  label: string,
  trace: number,
  axis: 'x' | 'y' = 'y',
): Promise<unknown[]> {
  return page.evaluate(
    ([name, index, key]) => {
      const div = document.querySelector(`figure[aria-label="${name}"] .js-plotly-plot`) as
        | (HTMLElement & { data?: Record<string, unknown[]>[] })
        | null;
      return [...(div?.data?.[Number(index)]?.[key] ?? [])];
    },
    [label, String(trace), axis] as const,
  );
}
