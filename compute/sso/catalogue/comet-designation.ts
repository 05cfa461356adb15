/**
 * Comet designations: the readable forms MPC and JPL print ("10P/Tempel 2", "73P-B/Schwassmann-Wachmann",
 * "73P/Schwassmann-Wachmann 3-B", "C/1995 O1 (Hale-Bopp)", "C/1996 J1-B (Evans-Drinkwater)", "1I/'Oumuamua",
 * fragments with a sub-fragment number such as "D/1993 F2-P1") and
 * the MPC packed forms ("0010P", "CJ95O010", "DJ93F02b").
 * Reference: MPC "Packed Provisional and Permanent Designations" (comets); docs/references.md#mpc-packed-designations.
 */

/** Comet orbit types: P periodic, C long-period, D defunct, X no reliable orbit, I interstellar, A asteroid-like. */
export type CometOrbitType = 'P' | 'C' | 'D' | 'X' | 'I' | 'A';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const CENTURIES: Readonly<Record<string, number>> = { I: 18, J: 19, K: 20 };

/** A comet designation split from its name. */
export interface CometName {
  /** "10P", "73P-B", "1I", "C/2020 V2", "C/1996 J1-B", "P/2004 V5-A". */
  readonly designation: string;
  /** "Tempel 2", "Hale-Bopp"; null when the text names none. */
  readonly name: string | null;
}

const NUMBERED = /^(\d{1,4})([PDI])(?:-([A-Z]{1,2}\d?))?(?:\/(.*))?$/;
const PROVISIONAL = /^([PCDXIA])\/(-?\d{1,4}) ([A-Z]{1,2})(\d{0,3})(?:-([A-Z]{1,2}\d?))?(?:\s*\((.+)\))?$/;
/** JPL writes a numbered comet's fragment at the end of the name: "73P/Schwassmann-Wachmann 3-B". */
const JPL_FRAGMENT = /^(.*\S)-([A-Z]{1,2})$/;

/**
 * Splits a readable comet designation (MPC or JPL spelling, surrounding blanks ignored) into designation and name.
 * Returns null when the text is not a comet designation.
 */
export function parseCometName(text: string): CometName | null {
  const t = text.trim().replace(/\s+/g, ' ');
  const numbered = NUMBERED.exec(t);
  if (numbered) {
    let fragment = numbered[3];
    let name = numbered[4]?.trim() || null;
    const jpl = name && !fragment ? JPL_FRAGMENT.exec(name) : null;
    if (jpl) {
      name = jpl[1];
      fragment = jpl[2];
    }
    const designation = `${Number(numbered[1])}${numbered[2]}${fragment ? `-${fragment}` : ''}`;
    return { designation, name };
  }
  const provisional = PROVISIONAL.exec(t);
  if (provisional) {
    const [, type, year, letters, order, fragment, name] = provisional;
    return {
      designation: `${type}/${year} ${letters}${order}${fragment ? `-${fragment}` : ''}`,
      name: name?.trim() || null,
    };
  }
  return null;
}

/**
 * The MPC packed form of a comet designation: "0010P" for "10P", "CK20V020" for "C/2020 V2", "DJ93F02b" for
 * "D/1993 F2-B", "CK15Y01G" for "C/2015 YG1". Null when the designation cannot be packed (numbered fragments,
 * two-letter fragments, years outside 1800-2099, order numbers above 619).
 */
export function packCometDesignation(designation: string): string | null {
  const numbered = /^(\d{1,4})([PDI])$/.exec(designation);
  if (numbered) return `${numbered[1].padStart(4, '0')}${numbered[2]}`;
  const m = /^([PCDXIA])\/(\d{2})(\d{2}) ([A-Z])([A-Z]?)(\d{0,3})(?:-([A-Z]))?$/.exec(designation);
  if (!m) return null;
  const [, type, century, year, halfMonth, second, orderText, fragment] = m;
  const letter = Object.entries(CENTURIES).find(([, c]) => c === Number(century))?.[0];
  const order = Number(orderText || '0');
  if (!letter || order > 619 || (second && fragment)) return null;
  const orderPacked =
    order < 100 ? String(order).padStart(2, '0') : BASE62[Math.floor(order / 10)] + (order % 10);
  const last = second || (fragment ? fragment.toLowerCase() : '0');
  return `${type}${letter}${year}${halfMonth}${orderPacked}${last}`;
}

/**
 * Reads the packed designation of CometEls.txt columns 1-12 (periodic number in 1-4, orbit type in 5, packed
 * provisional designation in 6-12): "0001P" → "1P", "    CJ95O010" → "C/1995 O1", "    DJ93F02b" → "D/1993 F2-B".
 * Null when the columns hold neither form.
 */
export function unpackCometDesignation(columns1to12: string): string | null {
  const number = columns1to12.slice(0, 4).trim();
  const type = columns1to12.slice(4, 5);
  const packed = columns1to12.slice(5, 12).trim();
  if (!/^[PCDXIA]$/.test(type)) return null;
  if (/^\d{1,4}$/.test(number) && /^[PDI]$/.test(type)) {
    const fragment = /^[a-z]{1,2}$/.test(packed) ? `-${packed.toUpperCase()}` : '';
    return `${Number(number)}${type}${fragment}`;
  }
  const m = /^([IJK])(\d{2})([A-Z])([0-9A-Za-z])(\d)([0A-Za-z])$/.exec(packed);
  if (!m || number !== '') return null;
  const order = BASE62.indexOf(m[4]) * 10 + Number(m[5]);
  const last = m[6];
  const second = /[A-Z]/.test(last) ? last : '';
  const fragment = /[a-z]/.test(last) ? `-${last.toUpperCase()}` : '';
  return `${type}/${CENTURIES[m[1]]}${m[2]} ${m[3]}${second}${order === 0 ? '' : order}${fragment}`;
}
