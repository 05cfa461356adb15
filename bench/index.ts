/** `npm run bench -- <name>`: runs one benchmark (ingest, backfill, api, sso, sso-cutouts, phase-fits, portal, xmatch). */
const name = process.argv[2];
const BENCHES: Record<string, string> = {
  ingest: './ingest.js',
  backfill: './backfill.js',
  api: './api.js',
  sso: './sso.js',
  'sso-cutouts': './sso-cutouts.js',
  'phase-fits': './phase-fits.js',
  portal: './portal.js',
  xmatch: './xmatch.js',
};
if (!name || !BENCHES[name]) {
  console.error(`usage: npm run bench -- <${Object.keys(BENCHES).join('|')}> [options]`);
  process.exitCode = 2;
} else {
  process.argv.splice(2, 1);
  await import(BENCHES[name]);
}
