import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The gateway serves web/dist on the same origin as /api, so production needs no proxy.
// In `vite dev` the API calls are proxied to a locally running gateway (port 3000 by default).
const gateway = process.env.STARBORN_GATEWAY_URL ?? 'http://localhost:3000';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()],
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
