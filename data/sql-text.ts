/**
 * The only way a file path enters SQL text: paths the store builds itself (never request text), checked for
 * characters that could end the literal, then quoted. Column names go through sqlIdentifier.
 */

/** Quotes a store-built file path as a SQL string literal; throws on quotes or control characters. */
export function sqlPathLiteral(filePath: string): string {
  const hasControl = [...filePath].some((ch) => ch.charCodeAt(0) < 0x20);
  if (hasControl || /['"\\]/.test(filePath))
    throw new Error(`refusing a file path with quotes or control characters: ${filePath}`);
  return `'${filePath}'`;
}

/**
 * Quotes a column or table name as a SQL identifier (quotes doubled): names the store holds (Avro field names,
 * our own prefixes), never request text, which is checked against a store's columns first.
 */
export function sqlIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** A list of store-built paths as a SQL list literal. */
export function sqlPathList(paths: readonly string[]): string {
  return `[${paths.map(sqlPathLiteral).join(', ')}]`;
}

/**
 * 64-bit integers (already parsed to bigint) as a SQL list of BIGINT literals: the one kind of request value
 * written into SQL text, because DuckDB prunes parquet row groups by their min/max statistics for constants in a
 * filter, not for a bound parameter (an LSST diaObjectId lookup in sorted parts).
 * @throws TypeError when a value is not a bigint, RangeError when it is outside the BIGINT range.
 */
export function sqlBigintList(values: readonly bigint[]): string {
  return values
    .map((v) => {
      if (typeof v !== 'bigint') throw new TypeError(`not a bigint: ${String(v)}`);
      if (v < -(2n ** 63n) || v >= 2n ** 63n) throw new RangeError(`outside BIGINT: ${v}`);
      return `${v.toString()}::BIGINT`;
    })
    .join(', ');
}
