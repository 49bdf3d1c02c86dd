// The Node.js that runs Starborn's scripts when the machine's own is too old: the official binary, which
// the npm registry ships as a package (node-<os>-<arch>), pinned in .node-version and installed into the
// git-ignored .node/ of the checkout. Used by `npm start` (when the machine's Node.js is older than
// engines) and by CI (always, so the tests run on the version that ships). Node built-ins only: this
// runs before node_modules exists.
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The exact Node.js version the project runs and tests on. */
export function pinnedNodeVersion(root = ROOT) {
  const version = readFileSync(join(root, '.node-version'), 'utf8').trim().replace(/^v/, '');
  if (!/^\d+\.\d+\.\d+$/.test(version)) throw new Error(`.node-version must hold X.Y.Z, got "${version}"`);
  return version;
}

/** The npm package holding the Node.js binary for this platform, or undefined when there is none. */
export function nodePackageName(platform = process.platform, arch = process.arch) {
  const os = { linux: 'linux', darwin: 'darwin' }[platform];
  const cpu = { x64: 'x64', arm64: 'arm64' }[arch];
  return os && cpu ? `node-${os}-${cpu}` : undefined;
}

/**
 * The bin folder of the pinned Node.js under .node/, installed from the npm registry when it is missing
 * or another version. Throws with a readable sentence when this platform has no such package.
 */
export function ensureProjectNode(root = ROOT) {
  const version = pinnedNodeVersion(root);
  const name = nodePackageName();
  if (!name) throw new Error(`No Node.js ${version} package for ${process.platform}-${process.arch} on npm.`);
  const bin = join(root, '.node', 'node_modules', name, 'bin');
  if (installedVersion(bin) !== `v${version}`) {
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const args = ['install', '--no-save', '--no-package-lock', '--no-audit', '--no-fund'];
    const result = spawnSync(npm, [...args, '--prefix', join(root, '.node'), `${name}@${version}`], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (result.status !== 0 || installedVersion(bin) !== `v${version}`) {
      throw new Error(`Could not install Node.js ${version} (npm package ${name}).`);
    }
  }
  return bin;
}

function installedVersion(bin) {
  try {
    return execFileSync(join(bin, 'node'), ['-v'], { encoding: 'utf8' }).trim();
  } catch {
    return undefined;
  }
}

/** An environment whose PATH finds this bin first, so npm, npx and every child run on that Node.js. */
export function withNodeFirst(bin, env = process.env) {
  return { ...env, PATH: [bin, env.PATH].filter(Boolean).join(delimiter) };
}

// `node scripts/lib/node-runtime.mjs` installs the pinned Node.js if needed and prints its bin folder.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    console.log(ensureProjectNode());
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
