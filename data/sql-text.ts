/**
 * The only way a file path enters SQL text: paths the store builds itself (never request text), checked for
 * characters that could end the literal, then quoted.
 */

/** Quotes a store-built file path as a SQL string literal; throws on quotes or control characters. */
export function sqlPathLiteral(filePath: string): string {
  const hasControl = [...filePath].some((ch) => ch.charCodeAt(0) < 0x20);
  if (hasControl || /['"\\]/.test(filePath))
    throw new Error(`refusing a file path with quotes or control characters: ${filePath}`);
  return `'${filePath}'`;
}

/** A list of store-built paths as a SQL list literal. */
export function sqlPathList(paths: readonly string[]): string {
  return `[${paths.map(sqlPathLiteral).join(', ')}]`;
}
