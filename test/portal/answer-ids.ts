/** Reading the object ids of an API answer downloaded as CSV, JSON or VOTable (portal download tests). */

type Row = Record<string, unknown>;

/** The objectId column of a CSV, JSON or VOTable answer, sorted. */
export function objectIdsOf(format: 'csv' | 'json' | 'votable', text: string): string[] {
  if (format === 'json') return (JSON.parse(text) as Row[]).map((r) => String(r['i:objectId'])).sort();
  if (format === 'csv') {
    const lines = text.trim().split(/\r?\n/);
    const header = lines[0].split(',');
    const column = header.indexOf('i:objectId');
    return lines
      .slice(1)
      .map((l) => l.split(',')[column])
      .sort();
  }
  const fields = [...text.matchAll(/<FIELD\b[^>]*\bname="([^"]+)"/g)].map((m) => m[1]);
  const column = fields.indexOf('i:objectId');
  return [...text.matchAll(/<TR>([\s\S]*?)<\/TR>/g)]
    .map((m) => [...m[1].matchAll(/<TD>([^<]*)<\/TD>|<TD\/>/g)][column]?.[1] ?? '')
    .sort();
}
