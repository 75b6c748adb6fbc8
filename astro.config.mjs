// @ts-check
import { defineConfig } from 'astro/config';

// Pages are built by scripts/build.ts, which validates content first and passes the catalogue in.
export default defineConfig({
  // The site layer (pages, layouts, styles) is one folder among the project's layers.
  srcDir: './src/site',
  site: process.env.SITE_URL ?? 'http://localhost:8787',
  output: 'static',
  // landmarks/eiffel-tower.html is served at /landmarks/eiffel-tower, the canonical URL, no slash.
  // The Worker's Content-Security-Policy allows no inline style or script: emit both as files.
  build: { format: 'file', inlineStylesheets: 'never' },
  vite: { build: { assetsInlineLimit: 0 } },
  trailingSlash: 'never',
  devToolbar: { enabled: false },
});
