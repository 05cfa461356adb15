/** Answers of CDS's Sesame name resolver (`-oxp` XML, the shape CDS sends) for the tests' stub upstreams. */

/** One SIMBAD target of a Sesame answer. */
export interface SesameTarget {
  /** The name asked. */
  readonly name: string;
  readonly oid: number;
  readonly otype: string;
  readonly raDeg: number;
  readonly decDeg: number;
  /** SIMBAD's main identifier. */
  readonly oname: string;
  /** Further elements of the resolver's answer, as XML lines (e.g. `<jpos>`, `<MType>`). */
  readonly extraXml?: string;
}

/** The Sesame XML answer naming `t` as SIMBAD resolves it. */
export function sesameXml(t: SesameTarget): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<Sesame xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:noNamespaceSchemaLocation="http://vizier.u-strasbg.fr/xml/sesame_4x.xsd">
<Target option="S">
  <name>${t.name}</name>
  <Resolver name="S=Simbad (via url):    1ms">
    <oid>${t.oid}</oid>
    <otype>${t.otype}</otype>
    <jradeg>${t.raDeg}</jradeg>
    <jdedeg>${t.decDeg}</jdedeg>
    <oname>${t.oname}</oname>${t.extraXml ? `\n${t.extraXml}` : ''}
  </Resolver>
</Target>
</Sesame>`;
}
