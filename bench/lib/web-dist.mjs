// The built web app a web bench measures: BENCH_WEB_DIST when it names an already built web/dist (one's
// own build, say), else web/dist after building the web app through Nx (vite build, prerender and
// precompression, as a deploy does).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { NX_ENV, run } from '../../scripts/lib/run.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The absolute path of the built web app to measure, building it first unless BENCH_WEB_DIST is set. */
export async function webDist() {
  if (process.env.BENCH_WEB_DIST) return path.resolve(process.env.BENCH_WEB_DIST);
  const code = await run('npx', ['nx', 'run', '@starborn/web:build', '--output-style=stream'], {
    cwd: ROOT,
    env: NX_ENV,
  });
  if (code !== 0) throw new Error(`The web build failed (exit ${code})`);
  return path.join(ROOT, 'web/dist');
}
