import { defineConfig, type HtmlTagDescriptor, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

// The gateway serves web/dist on the same origin as /api, so production needs no proxy.
// In `vite dev` the API calls are proxied to a locally running gateway (port 3000 by default).
const gateway = process.env.STARBORN_GATEWAY_URL ?? 'http://localhost:3000';

// The fonts every page's first paint uses: the Latin subsets of the body and display faces (main.tsx
// imports them through their stylesheets, which name a file per script; a page in English needs only these).
const FIRST_PAINT_FONTS = [
  /^assets\/inter-latin-wght-normal-[\w-]+\.woff2$/,
  /^assets\/cinzel-latin-wght-normal-[\w-]+\.woff2$/,
];

/**
 * Preloads the first paint's fonts from index.html (and so from every prerendered page): the browser
 * then fetches them with the stylesheet instead of once the stylesheet has been read, and the text's
 * swap from the fallback face comes sooner. A font that is no longer in the build fails it, rather than
 * leaving a preload of nothing.
 */
function preloadFirstPaintFonts(): Plugin {
  let base = '/';
  return {
    name: 'starborn:preload-first-paint-fonts',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }): HtmlTagDescriptor[] {
        const files = Object.keys(bundle ?? {});
        return FIRST_PAINT_FONTS.map((pattern) => {
          const file = files.find((name) => pattern.test(name));
          if (!file) throw new Error(`No font file matches ${pattern} in the build`);
          return {
            tag: 'link',
            attrs: {
              rel: 'preload',
              as: 'font',
              type: 'font/woff2',
              href: `${base}${file}`,
              crossorigin: true,
            },
            injectTo: 'head',
          };
        });
      },
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), preloadFirstPaintFonts()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // dist/.vite/manifest.json: which chunks each page loads, read by the landing's JavaScript budget
    // (scripts/landing-js.mjs, its browser test and bench/web).
    manifest: true,
    rolldownOptions: isSsrBuild
      ? undefined
      : {
          output: {
            codeSplitting: {
              // Every module the entry needs before the page is interactive goes in the entry's own
              // chunk. Left to itself the bundler spreads them over several chunks, fetched and
              // compressed apart: 2.1 kB more gzip on the landing, and on every other page too.
              // Lazy pages keep their own chunks. Only the modules the entry uses join the group:
              // with their dependencies taken as written it would also pull in what a library merely
              // re-exports for the lazy pages (reselect, through Redux Toolkit), 1 kB more.
              groups: [{ name: 'index', tags: ['$initial'], includeDependenciesRecursively: false }],
            },
          },
        },
  },
  server: {
    host: '127.0.0.1',
    proxy: {
      '/api': gateway,
      '/media': gateway,
      '/socket.io': { target: gateway, ws: true },
    },
  },
  preview: { host: '127.0.0.1' },
}));
