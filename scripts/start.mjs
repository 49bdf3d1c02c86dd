// npm start: install what is missing, build, then run every service and the web app on one port.
// On a fresh clone node_modules does not exist yet: everything imported statically here (and by the
// modules imported) must be a Node built-in; the rest is imported once dependencies are installed.
// `node scripts/start.mjs --preflight` stops after the checks, before installing (CI runs it so).
import { needsInstall, nodeVersionProblem } from './lib/preflight.mjs';
import { build, run } from './lib/run.mjs';

const tooOld = nodeVersionProblem();
if (tooOld) {
  console.error(`\n${tooOld}\n`);
  process.exit(1);
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
