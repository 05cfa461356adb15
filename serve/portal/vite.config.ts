/**
 * Build of the web portal: a Preact single-page app in `serve/portal/`, bundled into `dist/portal/` and served
 * by `skyalert serve` at `/`. Plotly and Aladin Lite are split into chunks loaded only when a plot or the sky
 * viewer is first shown.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const here = path.dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  root: here,
  base: '/',
  publicDir: false,
  logLevel: 'warn',
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: {
    outDir: path.resolve(here, '../../dist/portal'),
    emptyOutDir: true,
    assetsDir: 'assets',
    chunkSizeWarningLimit: 5000,
    sourcemap: false,
  },
});
