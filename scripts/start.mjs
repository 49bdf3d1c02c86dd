// npm start: install what is missing, build, then run every service and the web app on one port.
import { existsSync, statSync } from 'node:fs';
import { build, run } from './lib/run.mjs';
import { checkBackingServices, launchStack, waitForHealthy } from './lib/stack.mjs';

const env = {
  DATABASE_URL: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/starborn',
  REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  PORT: process.env.PORT ?? '3000',
};

function needsInstall() {
  if (!existsSync('node_modules/.package-lock.json')) return true;
  return statSync('package-lock.json').mtimeMs > statSync('node_modules/.package-lock.json').mtimeMs;
}

if (needsInstall()) {
  console.log('Installing dependencies…');
  if ((await run('npm', ['install', '--no-audit', '--no-fund'])) !== 0) process.exit(1);
}

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
