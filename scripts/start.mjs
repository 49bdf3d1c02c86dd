// npm start: install what is missing, build, then run every service and the web app on one port.
// On a fresh clone node_modules does not exist yet: everything imported statically here (and by the
// modules imported) must be a Node built-in; the rest is imported once dependencies are installed.
// `node scripts/start.mjs --preflight` stops after the checks, before installing (CI runs it so).
import { spawn } from 'node:child_process';
import { ensureProjectNode, pinnedNodeVersion, withNodeFirst } from './lib/node-runtime.mjs';
import { needsInstall, nodeVersionProblem } from './lib/preflight.mjs';
import { build, run } from './lib/run.mjs';

const tooOld = nodeVersionProblem();
if (tooOld && process.env.STARBORN_RESTARTED_ON_PINNED_NODE) {
  console.error(`The pinned Node.js (${process.argv0}) is too old as well: fix .node-version.`);
  process.exit(1);
}
if (tooOld) {
  console.error(`\n${tooOld}\n`);
  // A check only reports; a real start carries on with the pinned Node.js in the checkout's .node/.
  if (process.argv.includes('--preflight')) process.exit(1);
  process.exit(await restartOnProjectNode());
}

const env = {
  DATABASE_URL: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/starborn',
  REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  PORT: process.env.PORT ?? '3000',
};

if (process.argv.includes('--preflight')) {
  console.log(
    `Preflight: Node.js ${process.versions.node} is supported; dependencies ${needsInstall() ? 'will be installed' : 'are installed'}.`,
  );
  process.exit(0);
}

if (needsInstall()) {
  console.log('Installing dependencies…');
  if ((await run('npm', ['install', '--no-audit', '--no-fund'])) !== 0) process.exit(1);
}

const { checkBackingServices, launchStack, waitForHealthy } = await import('./lib/stack.mjs');
const problems = await checkBackingServices(env);
if (problems.length > 0) {
  console.error(
    `\nStarborn needs PostgreSQL and Redis.\n\n${problems.map((p) => `  ✗ ${p}`).join('\n\n')}\n`,
  );
  process.exit(1);
}

console.log('Building…');
if ((await build()) !== 0) process.exit(1);

const stack = launchStack({ env });
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    console.log(`\nStopping Starborn…`);
    stack.stop('SIGTERM');
  });
}
const url = `http://localhost:${env.PORT}`;
waitForHealthy(`http://127.0.0.1:${env.PORT}/api/health`).then((healthy) => {
  if (healthy) console.log(`\n  ✦ Starborn is running at ${url}  (Ctrl-C stops it)\n`);
  else console.error(`\n  Starborn did not become healthy; see ${url}/api/health and the logs above.\n`);
});
process.exitCode = await stack.result;

/** Runs this script again on the pinned Node.js (installed from the npm registry if needed). */
async function restartOnProjectNode() {
  let bin;
  try {
    console.error(
      `Meanwhile, starting on Node.js ${pinnedNodeVersion()} from the npm registry, kept in .node/ …\n`,
    );
    bin = ensureProjectNode();
  } catch (error) {
    console.error(error.message);
    return 1;
  }
  const env = { ...withNodeFirst(bin), STARBORN_RESTARTED_ON_PINNED_NODE: '1' };
  const child = spawn(`${bin}/node`, process.argv.slice(1), { stdio: 'inherit', env });
  // Ctrl-C reaches the child through the terminal; this process only waits for it to finish.
  process.on('SIGINT', () => undefined);
  process.on('SIGTERM', () => child.kill('SIGTERM'));
  return new Promise((resolve) => child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
}
