/**
 * Links from an object to outside services: catalogues by position (SIMBAD, TNS, NED, VSX) and other brokers by
 * ZTF object id (ALeRCE, Lasair, ANTARES). Pure URL building; radii in each service's own units.
 * Reference: docs/references.md#portal-object-page (Neighbourhood and Other brokers cards).
 */

/** An outside link with its label. */
export interface ExternalLink {
  readonly label: string;
  readonly href: string;
}

/**
 * Catalogue cone searches around a position.
 * @param raDeg, decDeg position (deg, ICRS).
 * @returns SIMBAD (5″), TNS (5″), NED (0.1′), VSX (5″) search URLs.
 */
export function positionLinks(raDeg: number, decDeg: number): ExternalLink[] {
  const ra = raDeg.toFixed(6);
  const dec = decDeg.toFixed(6);
  const signedDec = decDeg >= 0 ? `+${dec}` : dec;
  return [
    {
      label: 'SIMBAD',
      href: `https://simbad.cds.unistra.fr/simbad/sim-coo?Coord=${ra}%20${encodeURIComponent(signedDec)}&Radius=5&Radius.unit=arcsec`,
    },
    { label: 'TNS', href: `https://www.wis-tns.org/search?ra=${ra}&decl=${dec}&radius=5&coords_unit=arcsec` },
    {
      label: 'NED',
      href: `https://ned.ipac.caltech.edu/conesearch?coordinates=${ra}d%20${dec}d&radius=0.1&in_csys=Equatorial&in_equinox=J2000`,
    },
    {
      label: 'VSX',
      href: `https://www.aavso.org/vsx/index.php?view=results.get&coords=${ra}%20${dec}&format=d&size=5&unit=3`,
    },
  ];
}

/** The object's pages at other brokers (ALeRCE, Lasair, ANTARES), by ZTF object id. */
export function brokerLinks(objectId: string): ExternalLink[] {
  const id = encodeURIComponent(objectId);
  return [
    { label: 'ALeRCE', href: `https://alerce.online/object/${id}` },
    { label: 'Lasair', href: `https://lasair-ztf.lsst.ac.uk/objects/${id}/` },
    {
      label: 'ANTARES',
      href: `https://antares.noirlab.edu/loci?query=${encodeURIComponent(`{"query":{"bool":{"filter":{"term":{"properties.ztf_object_id":"${objectId}"}}}}}`)}`,
    },
  ];
}

/**
 * The other position links of Fink's object page (fink-science-portal `apps/utils.py`, "Neighbourhood" buttons):
 * ASAS-SN variables, SNAD (ZTF light curves), DataCentral, SDSS navigator, CASDA (RACS radio cutouts), and the
 * Aladin Lite sky atlas.
 * @param raDeg, decDeg position (deg, ICRS); radii 5″ where the service takes one.
 */
export function morePositionLinks(raDeg: number, decDeg: number): ExternalLink[] {
  const ra = raDeg.toFixed(6);
  const dec = decDeg.toFixed(6);
  return [
    {
      label: 'ASAS-SN',
      href: `https://asas-sn.osu.edu/variables?ra=${ra}&dec=${dec}&radius=0.5`,
    },
    { label: 'SNAD', href: `https://ztf.snad.space/search/${ra}%20${dec}/5` },
    { label: 'DataCentral', href: `https://das.datacentral.org.au/open?RA=${ra}&DEC=${dec}&FOV=0.5&ERR=5` },
    { label: 'SDSS', href: `https://skyserver.sdss.org/dr18/en/tools/chart/navi.aspx?ra=${ra}&dec=${dec}` },
    {
      label: 'CASDA',
      href: `https://data.csiro.au/domain/casdaCutoutService/results?surveys=RACS-Low&surveys=RACS-Mid&surveys=RACS-High&size=5&ra=${ra}&dec=${dec}`,
    },
    {
      label: 'Aladin',
      href: `https://aladin.cds.unistra.fr/AladinLite/?target=${encodeURIComponent(`${ra} ${decDeg >= 0 ? '+' : ''}${dec}`)}&fov=0.05`,
    },
  ];
}

/** The object's page at Fink (the reference broker), by ZTF object id. */
export function finkLink(objectId: string): ExternalLink {
  return { label: 'Fink', href: `https://fink-portal.org/${encodeURIComponent(objectId)}` };
}
