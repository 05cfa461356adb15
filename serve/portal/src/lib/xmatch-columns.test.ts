import { describe, expect, it } from 'vitest';
import { catalogueColumnNames, guessRoles, headerOfRoles } from './xmatch-columns.js';

describe('catalogue columns', () => {
  it('reads the names of CSV text and of a VOTable', () => {
    expect(catalogueColumnNames('\nname, ra ,"dec"\n1,2,3\n')).toEqual(['name', 'ra', 'dec']);
    const votable =
      '<?xml version="1.0"?><VOTABLE><RESOURCE><TABLE><FIELD name="RAJ2000" datatype="double"/>' +
      '<FIELD datatype="double" name="DEJ2000"/><FIELD name="Source" datatype="char"/></TABLE></RESOURCE></VOTABLE>';
    expect(catalogueColumnNames(votable)).toEqual(['RAJ2000', 'DEJ2000', 'Source']);
  });

  it('guesses RA, Dec, ID and Time', () => {
    expect(guessRoles(['name', 'ra', 'dec'])).toEqual({ ra: 'ra', dec: 'dec', id: 'name', time: '' });
    const roles = guessRoles(['RAJ2000', 'DEJ2000', 'source_id', 'mjd']);
    expect(roles).toEqual({ ra: 'RAJ2000', dec: 'DEJ2000', id: 'source_id', time: 'mjd' });
    expect(roles && headerOfRoles(roles)).toBe('RAJ2000,DEJ2000,source_id,mjd');
    expect(guessRoles(['x', 'y'])).toBeNull();
  });
});
