// What `npm start` checks before anything is installed: only Node's built-in modules may be imported
// here (and by scripts/start.mjs up to its install step), since node_modules may not exist yet.
import { existsSync, readFileSync, statSync } from 'node:fs';

/** The lowest Node.js version `engines.node` of package.json allows (a ">=X.Y.Z" range). */
export function minimumNodeVersion(packageJsonPath = new URL('../../package.json', import.meta.url)) {
  const range = JSON.parse(readFileSync(packageJsonPath, 'utf8')).engines?.node;
  const match = /^>=\s*(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(String(range ?? '').trim());
  if (!match) throw new Error(`package.json engines.node must be ">=X.Y.Z", got ${JSON.stringify(range)}`);
  return match.slice(1).map((part) => Number(part ?? 0));
}

/** Compares dotted versions numerically: negative when a < b. */
export function compareVersions(a, b) {
  for (let i = 0; i < Math.max(a.length, b.length); i += 1) {
    const difference = (a[i] ?? 0) - (b[i] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}

/** The sentence to print when this Node.js is too old for Starborn, or undefined when it will do. */
export function nodeVersionProblem(current = process.versions.node, minimum = minimumNodeVersion()) {
  const parts = current.split('.').map(Number);
  if (compareVersions(parts, minimum) >= 0) return undefined;
  const wanted = minimum.join('.');
  return (
    `Starborn needs Node.js ${wanted} or newer; this is Node.js ${current}.\n` +
    `    Install Node.js ${minimum[0]} (the current LTS), e.g. with nvm:  nvm install ${minimum[0]} && nvm use ${minimum[0]}\n` +
    '    or from https://nodejs.org.'
  );
}

/** Whether dependencies are missing or older than the lockfile. */
export function needsInstall() {
  if (!existsSync('node_modules/.package-lock.json')) return true;
  return statSync('package-lock.json').mtimeMs > statSync('node_modules/.package-lock.json').mtimeMs;
}
