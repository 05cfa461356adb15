/**
 * Rubin's own alert schemas 7.0–11.0 and their sample alerts (lsst/alert_packet python/lsst/alert/packet/schema/,
 * GPL-3.0): never copied into the project, so the optional checks of test/optional/ read them from the operator's
 * copy named by `$SKYALERT_RUBIN_SCHEMAS` (`npm run test:rubin-schemas` names a default in package.json). These
 * checks run only when asked, and then fail, saying where they looked, when the schemas are absent; the README's
 * test command never runs them.
 */
import fs from 'node:fs';

/** The directory of Rubin's schemas (`<major>/<minor>/…`). @throws when it is absent. */
export function rubinSchemasDir(): string {
  const dir = process.env.SKYALERT_RUBIN_SCHEMAS;
  if (!dir || !fs.existsSync(dir))
    throw new Error(
      `Rubin's alert schemas are not at ${dir ?? '(SKYALERT_RUBIN_SCHEMAS unset)'}: set SKYALERT_RUBIN_SCHEMAS to a copy of lsst/alert_packet's ` +
        'python/lsst/alert/packet/schema directory',
    );
  return dir;
}
