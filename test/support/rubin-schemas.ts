/**
 * Rubin's own alert schemas 7.0–11.0 and their sample alerts (lsst/alert_packet python/lsst/alert/packet/schema/,
 * GPL-3.0): never copied into the project, so the optional checks of test/optional/ read them from the operator's
 * copy — `$SKYALERT_RUBIN_SCHEMAS`, else `../shared/data/lsst/alert_packet_schemas` beside the repository. These
 * checks run only when asked (`npm run test:rubin-schemas`), and then fail, saying where they looked, when the
 * schemas are absent; the README's test command never runs them.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from './project-root.js';

/** The directory of Rubin's schemas (`<major>/<minor>/…`). @throws when it is absent. */
export function rubinSchemasDir(): string {
  const dir =
    process.env.SKYALERT_RUBIN_SCHEMAS ??
    path.resolve(PROJECT_ROOT, '..', 'shared', 'data', 'lsst', 'alert_packet_schemas');
  if (!fs.existsSync(dir))
    throw new Error(
      `Rubin's alert schemas are not at ${dir}: set SKYALERT_RUBIN_SCHEMAS to a copy of lsst/alert_packet's ` +
        'python/lsst/alert/packet/schema directory',
    );
  return dir;
}
