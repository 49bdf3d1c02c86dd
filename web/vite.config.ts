import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

// The gateway serves web/dist on the same origin as /api, so production needs no proxy.
// In `vite dev` the API calls are proxied to a locally running gateway (port 3000 by default).
const gateway = process.env.STARBORN_GATEWAY_URL ?? 'http://localhost:3000';

/**
 * The modules the app (src/main.tsx) imports statically, transitively, as the bundler found them: they
 * form the app's chunk (see codeSplitting below). The page's entry, src/boot.ts, imports the app
 * dynamically once the page has painted, so they are not the entry's initial modules; without a group
 * of their own the bundler would spread them over chunks shared with the lazy pages. Stylesheets are
 * left out: they stay with the module that imports them (the entry's are linked from the head, the
 * app's web fonts load with the app).
 */
function appChunkModules(): { plugin: Plugin; has: (id: string) => boolean } {
  const modules = new Set<string>();
  const plugin: Plugin = {
    name: 'starborn:app-chunk-modules',
    apply: 'build',
    buildEnd() {
      modules.clear();
      const app = [...this.getModuleIds()].find((id) => id === APP);
      if (!app) return;
      const queue = [app];
      while (queue.length) {
        const id = queue.pop()!;
        if (modules.has(id)) continue;
        modules.add(id);
        queue.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
    },
  };
  // The app's own module stays the chunk the entry imports; the preload helper, which the entry uses
  // for that import, stays in the entry.
  return {
    plugin,
    has: (id) =>
      id !== APP && modules.has(id) && !/\.css($|\?)/.test(id) && !id.includes('vite/preload-helper'),
  };
}

const APP = fileURLToPath(new URL('src/main.tsx', import.meta.url));
const appModules = appChunkModules();

/**
 * The year the prerendered pages show (useCurrentYear). The browser and server builds of one `nx build`
 * each load this file; STARBORN_BUILD_YEAR pins it, for a reproducible build.
 */
const BUILD_YEAR = Number(process.env.STARBORN_BUILD_YEAR ?? new Date().getFullYear());

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), appModules.plugin],
  define: { __BUILD_YEAR__: JSON.stringify(BUILD_YEAR) },
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
              // Every module the app needs before the page is interactive goes in the app's own chunk.
              // Left to itself the bundler spreads them over several chunks, fetched and compressed
              // apart: 2.1 kB more gzip on the landing, and on every other page too. Lazy pages keep
              // their own chunks. Only the modules the app uses join the group: with their
              // dependencies taken as written it would also pull in what a library merely re-exports
              // for the lazy pages (reselect, through Redux Toolkit), 1 kB more.
              groups: [{ name: 'app', test: appModules.has, includeDependenciesRecursively: false }],
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
