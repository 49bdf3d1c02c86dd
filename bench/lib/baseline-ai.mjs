// The AI library as it was at an earlier commit, built beside the current one, so that a bench can
// measure what changed against what was there in the same process and on the same machine. The
// commit's libs/ai sources (and the base tsconfig) are read from git into bench/.baseline/<commit>/,
// compiled there once with the repository's TypeScript, and imported; its own imports (sharp, the
// zodiac library…) resolve to the repository's node_modules.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Imports libs/ai as it was at `commit` (a full or abbreviated hash present in the clone's history). */
export async function importBaselineAi(commit) {
  const dir = path.join(ROOT, 'bench', '.baseline', commit);
  const entry = path.join(dir, 'libs', 'ai', 'dist', 'index.js');
  if (!existsSync(entry)) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    const archive = execFileSync('git', ['archive', commit, 'libs/ai', 'tsconfig.base.json'], {
      cwd: ROOT,
      maxBuffer: 64 * 2 ** 20,
    });
    execFileSync('tar', ['-x', '-C', dir], { input: archive });
    execFileSync(
      process.execPath,
      [path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'libs/ai/tsconfig.build.json'],
      { cwd: dir, stdio: 'inherit' },
    );
  }
  return import(pathToFileURL(entry).href);
}
