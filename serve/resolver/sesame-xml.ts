/**
 * Reads the XML answer of a Sesame name resolver (CDS; `-oxp` output): one record per `<Resolver>` element, its
 * attributes and the text of each of its child elements by tag name (`oid`, `otype`, `jpos`, `jradeg`, `jdedeg`,
 * `refPos`, `MType`, `oname`, `nrefs`, ...). A child repeated (`alias`) keeps its first value. Numbers stay text,
 * except `jradeg`, `jdedeg` (deg) and `nrefs`, given as numbers as Fink's pandas reading gives them.
 * Reference: Sesame, https://cds.unistra.fr/cgi-bin/Sesame (XML schema sesame_4x.xsd).
 */
import { SaxesParser } from 'saxes';

const NUMERIC = new Set(['jradeg', 'jdedeg', 'nrefs', 'errRAmas', 'errDEmas', 'oid']);

/**
 * The `<Resolver>` records of a Sesame XML document.
 * @throws Error when the text is not well-formed XML.
 */
export function readSesameResolvers(xml: string): Record<string, unknown>[] {
  const parser = new SaxesParser();
  const records: Record<string, unknown>[] = [];
  let current: Record<string, unknown> | null = null;
  let depth = 0; // depth below the current <Resolver>
  let text = '';
  parser.on('opentag', (tag) => {
    if (current === null) {
      if (tag.name === 'Resolver') {
        current = {};
        for (const [k, v] of Object.entries(tag.attributes)) current[k] = String(v);
        depth = 0;
      }
      return;
    }
    depth += 1;
    text = '';
  });
  parser.on('text', (t) => {
    text += t;
  });
  parser.on('closetag', (tag) => {
    if (current === null) return;
    if (depth === 0) {
      records.push(current);
      current = null;
      return;
    }
    if (depth === 1 && !(tag.name in current)) {
      const value = text.trim();
      const n = Number(value);
      current[tag.name] = NUMERIC.has(tag.name) && value !== '' && Number.isFinite(n) ? n : value;
    }
    depth -= 1;
    text = '';
  });
  parser.write(xml);
  parser.close();
  return records;
}
