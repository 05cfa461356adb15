/** The text of an error with its causes, for logs and the one-line message a failed command prints. */

/**
 * The message of `err` followed by those of its chain of causes, joined by ": " (a cause whose message is
 * already part of the text is not repeated): e.g. "staging a batch of 2000 alerts into … failed: IO Error: Could
 * not write file …: No space left on device".
 */
export function errorText(err: unknown): string {
  const parts: string[] = [];
  let e: unknown = err;
  for (let depth = 0; e !== undefined && e !== null && depth < 8; depth++) {
    const message = e instanceof Error ? e.message : String(e);
    if (!parts.some((p) => p.includes(message))) parts.push(message);
    e = e instanceof Error ? e.cause : undefined;
  }
  return parts.join(': ');
}
