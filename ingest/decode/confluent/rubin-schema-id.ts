/**
 * Rubin's schema versions and registry ids: every alert schema lives in the namespace `lsst.v<major>_<minor>`
 * and is registered under the id made of the major version followed by the minor on two digits.
 *
 * Reference: lsst/alert_packet `Schema.get_schema_id`; docs/references.md, "Rubin's alert stream".
 */
import { namespaceOf } from './schema-names.js';

const LSST_NAMESPACE = /^lsst\.v(\d+)_(\d+)$/;

/** Rubin's minors are written on two digits in the id. */
const MAX_MINOR = 99;

/** The schema version of a full type name in Rubin's namespace (`lsst.v10_0.alert` → `lsst.v10_0`), else null. */
export function lsstSchemaVersionOf(fullName: string | undefined): string | null {
  const namespace = fullName === undefined ? undefined : namespaceOf(fullName);
  return namespace !== undefined && LSST_NAMESPACE.test(namespace) ? namespace : null;
}

/**
 * Rubin's registry id of a schema version: `lsst.v7_3` → 703, `lsst.v10_0` → 1000, `lsst.v11_0` → 1100.
 * Returns null for a text that is not `lsst.v<major>_<minor>` or whose minor exceeds two digits.
 */
export function rubinSchemaId(version: string): number | null {
  const m = LSST_NAMESPACE.exec(version);
  if (!m) return null;
  const major = Number(m[1]);
  const minor = Number(m[2]);
  if (minor > MAX_MINOR) return null;
  return major * 100 + minor;
}
