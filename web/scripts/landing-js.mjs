// What JavaScript the landing page (/) loads before it is interactive, read from the built app's Vite
// manifest (web/dist/.vite/manifest.json): the entry chunk (src/boot.ts) and every chunk it imports
// statically, the app (src/main.tsx), which the entry imports once the page has painted, with its
// static imports, and, when the landing screen is a lazy route, that screen's chunk with its static
// imports. Each chunk is measured gzipped at level 9:
// the gateway serves web/dist as it is, so this is what a compressing proxy or CDN would send at best.
// Used by the browser test web/e2e/landing-budget.e2e.ts and the bench bench/web/landing.bench.mjs.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** The landing route's JavaScript budget, gzipped (kB as Vite reports them: 1,000 bytes). */
export const LANDING_JS_BUDGET_BYTES = 100_000;

/** The app's module, which the entry (src/boot.ts) imports dynamically once the page has painted. */
export const APP_MODULE = 'src/main.tsx';

/** The page the router shows at / (the index route of app/router.tsx). */
export const LANDING_SCREEN = 'src/pages/HomePage.tsx';

/** The pages under the RequireAuth element of app/router.tsx: none of them may load on the landing. */
export const SIGNED_IN_SCREENS = [
  'src/pages/CreateHeroPage.tsx',
  'src/pages/HeroPage.tsx',
  'src/pages/CheckoutPage.tsx',
  'src/pages/ProfilePage.tsx',
  'src/pages/HeroesListPage.tsx',
  'src/pages/SharedStoryLobbyPage.tsx',
  'src/pages/SharedStoryRoomPage.tsx',
];

export function readManifest(distDir) {
  const file = path.join(distDir, '.vite', 'manifest.json');
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`No Vite manifest at ${file}: build the web app first (npx nx run @starborn/web:build)`, {
      cause: error,
    });
  }
}

/** The manifest key of the entry chunk (index.html). */
export function entryKey(manifest) {
  const entries = Object.keys(manifest).filter((key) => manifest[key].isEntry);
  if (entries.length !== 1) throw new Error(`Expected one entry in the manifest, found ${entries.length}`);
  return entries[0];
}

/**
 * The manifest keys of the chunks / loads before it is interactive: the entry and its static imports,
 * transitively, then the app's chunk and its static imports, then the landing screen's chunk and its
 * static imports when the screen is not in the app's chunk. Dynamic imports are not followed, except
 * the app's and the landing screen's.
 */
export function landingChunkKeys(manifest, landingScreen = LANDING_SCREEN) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The manifest has no chunk ${key}`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entryKey(manifest));
  // The app is a chunk of its own only when the entry imports it dynamically.
  if (manifest[APP_MODULE]) visit(APP_MODULE);
  // A landing screen bundled into the entry has no manifest entry of its own: it is already counted.
  if (manifest[landingScreen]) visit(landingScreen);
  return [...seen];
}

/**
 * The signed-in screens the landing would load: a screen that is not a chunk of its own (bundled into
 * the entry or another chunk, so the manifest has no entry for it), or whose chunk is among the keys.
 */
export function signedInScreensAmong(manifest, keys, screens = SIGNED_IN_SCREENS) {
  const files = new Set(keys.map((key) => manifest[key].file));
  return screens.flatMap((screen) => {
    const chunk = manifest[screen];
    if (!chunk?.isDynamicEntry) return [{ screen, file: null, why: 'not a lazy chunk of its own' }];
    return files.has(chunk.file) ? [{ screen, file: chunk.file, why: 'loaded by the landing' }] : [];
  });
}

/** Gzip level 9 size of a file's bytes. */
export function gzipBytes(buffer) {
  return gzipSync(buffer, { level: 9 }).length;
}

/**
 * The landing route's JavaScript in a built web/dist: each chunk (file, raw and gzipped bytes, biggest
 * first), the gzipped total, the budget and whether it holds, and any signed-in screen among them.
 */
export function measureLanding(distDir) {
  const manifest = readManifest(distDir);
  const keys = landingChunkKeys(manifest);
  const chunks = keys
    .map((key) => {
      const file = manifest[key].file;
      const buffer = readFileSync(path.join(distDir, file));
      return { key, file, bytes: buffer.length, gzip: gzipBytes(buffer) };
    })
    .sort((a, b) => b.gzip - a.gzip);
  const gzipTotal = chunks.reduce((sum, chunk) => sum + chunk.gzip, 0);
  const bytesTotal = chunks.reduce((sum, chunk) => sum + chunk.bytes, 0);
  return {
    chunks,
    gzipTotal,
    bytesTotal,
    budget: LANDING_JS_BUDGET_BYTES,
    withinBudget: gzipTotal <= LANDING_JS_BUDGET_BYTES,
    signedIn: signedInScreensAmong(manifest, keys),
  };
}
