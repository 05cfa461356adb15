/**
 * Serves the built web portal (`dist/portal`, made by `npm run build` from `serve/portal/`) at `/`: files under
 * `/assets/` (content-hashed names, cached for a year), and the app's `index.html` for every other page path
 * (`/`, `/ZTF…`, `/sso/…`, `/stats`, …) so that shared URLs open on the right page. Files are read once at
 * start and kept with their gzip form; nothing from the request reaches a file path.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { Hono } from 'hono';

interface PortalFile {
  readonly body: Buffer;
  readonly gzip: Buffer | null;
  readonly type: string;
}

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
};

/** Paths that belong to the API and services, never to the portal. */
const NOT_PORTAL = /^\/(api|vo|health)(\/|$)/;

/** The project's `dist/portal`, found from this file in the sources (`serve/`) or the build (`dist/serve/`). */
export function defaultPortalDir(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 4; i++) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return path.join(dir, 'dist', 'portal');
    dir = path.dirname(dir);
  }
  return path.resolve('dist', 'portal');
}

function readPortal(dir: string): Map<string, PortalFile> {
  const files = new Map<string, PortalFile>();
  const walk = (sub: string): void => {
    for (const entry of fs.readdirSync(path.join(dir, sub), { withFileTypes: true })) {
      const rel = sub ? `${sub}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(rel);
      else if (entry.isFile()) {
        const body = fs.readFileSync(path.join(dir, rel));
        const type = TYPES[path.extname(entry.name)] ?? 'application/octet-stream';
        const compressible = type.startsWith('text/') || type.endsWith('json') || type.endsWith('+xml');
        files.set(`/${rel}`, {
          body,
          gzip: compressible && body.length > 1024 ? gzipSync(body) : null,
          type,
        });
      }
    }
  };
  walk('');
  return files;
}

const MISSING_PAGE = `<!doctype html><meta charset="utf-8"><title>Sky-alert</title>
<p>The web portal is not built on this server: run <code>npm run build</code>. The API answers at
<a href="/api/v1/">/api/v1/</a>.</p>`;

/** Default survey of the sky viewer (an Aladin HiPS id); SKYALERT_HIPS_URL sets another id or base URL. */
export const DEFAULT_HIPS = 'CDS/P/PanSTARRS/DR1/color-z-zg-g';

function escapeAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/** Writes the page settings (lib/config.ts of the portal) into index.html. */
function withSettings(index: PortalFile, hips: string): PortalFile {
  const html = index.body
    .toString('utf8')
    .replace(
      '<meta name="skyalert:hips" content="" />',
      `<meta name="skyalert:hips" content="${escapeAttribute(hips)}" />`,
    );
  const body = Buffer.from(html, 'utf8');
  return { body, gzip: gzipSync(body), type: index.type };
}

/** The Hono app serving the portal from `dir` (default {@link defaultPortalDir}). */
export function portalApp(
  dir = defaultPortalDir(),
  hips = process.env.SKYALERT_HIPS_URL || DEFAULT_HIPS,
): Hono {
  const files = fs.existsSync(path.join(dir, 'index.html')) ? readPortal(dir) : null;
  const index = files?.get('/index.html');
  if (files && index) files.set('/index.html', withSettings(index, hips));
  const app = new Hono();
  app.get('*', async (c, next) => {
    const urlPath = c.req.path;
    if (NOT_PORTAL.test(urlPath)) return next();
    if (!files) return c.html(MISSING_PAGE, 503);
    const asset = urlPath.startsWith('/assets/') ? files.get(urlPath) : undefined;
    if (urlPath.startsWith('/assets/') && !asset) return next();
    const file = asset ?? files.get('/index.html');
    if (!file) return next();
    const headers: Record<string, string> = {
      'content-type': file.type,
      'cache-control': asset ? 'public, max-age=31536000, immutable' : 'no-cache',
      vary: 'accept-encoding',
    };
    if (file.gzip && /\bgzip\b/.test(c.req.header('accept-encoding') ?? '')) {
      headers['content-encoding'] = 'gzip';
      return c.body(new Uint8Array(file.gzip), 200, headers);
    }
    return c.body(new Uint8Array(file.body), 200, headers);
  });
  return app;
}
