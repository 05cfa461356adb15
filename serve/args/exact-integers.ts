/**
 * 64-bit ids sent as bare JSON numbers: JSON.parse rounds integers above 2^53, so the exact digits of such an
 * argument are read back from the request body text (docs/api.md, shared behaviour: 64-bit ids stay exact).
 */
import type { Context } from 'hono';

/**
 * The raw arguments with each of `names` that a POST JSON body gave as an integer beyond 2^53 replaced by its
 * exact digits (as text). Unchanged for GET, for safe integers, and when the body names the argument more than
 * once (then validation sees the rounded number and rejects it).
 */
export async function withExactIntegers(
  c: Context,
  raw: Record<string, unknown>,
  names: readonly string[],
): Promise<Record<string, unknown>> {
  if (c.req.method !== 'POST') return raw;
  const inexact = names.filter((n) => typeof raw[n] === 'number' && !Number.isSafeInteger(raw[n]));
  if (inexact.length === 0) return raw;
  const text = await c.req.text(); // cached by Hono after rawArgs read it
  const out = { ...raw };
  for (const name of inexact) {
    const key = JSON.stringify(name).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const matches = [...text.matchAll(new RegExp(`${key}\\s*:\\s*(\\d+)\\s*[,}]`, 'g'))];
    if (matches.length === 1) out[name] = matches[0][1];
  }
  return out;
}
