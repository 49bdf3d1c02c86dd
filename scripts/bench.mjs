// npm run bench: build the services, run every benchmark (bench/<name>/*.bench.mjs: rpc, generation,
// storybook, storybook-export, rooms, http, web) in turn, then write the one report bench/results/README.md.
//   npm run bench                 every bench
//   npm run bench -- http rooms   only these (the report still shows every result, older ones marked)
// A bench that fails leaves its previous result, which the report marks as not re-measured; the run
// then exits 1. Timing itself never fails it.
import { readdirSync } from 'node:fs';
import { NX_ENV, run } from './lib/run.mjs';

const only = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
const all = readdirSync('bench', { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !['lib', 'results'].includes(entry.name))
  .map((entry) => entry.name)
  .sort();
const unknown = only.filter((name) => !all.includes(name));
if (unknown.length > 0) {
  console.error(`No such bench: ${unknown.join(', ')} (there are: ${all.join(', ')})`);
  process.exit(2);
}
const benches = all
  .filter((name) => only.length === 0 || only.includes(name))
  .flatMap((name) =>
    readdirSync(`bench/${name}`)
      .filter((file) => file.endsWith('.bench.mjs'))
      .sort()
      .map((file) => `bench/${name}/${file}`),
  );

// The benches run the services and libraries from their dist; the web bench builds the web app itself.
const buildArgs = ['nx', 'run-many', '-t', 'build', '--exclude=web', '--output-style=stream'];
if ((await run('npx', buildArgs, { env: NX_ENV })) !== 0) process.exit(1);
const started = new Date().toISOString();
const failed = [];
for (const bench of benches) {
  console.log(`\n▶ ${bench}`);
  if ((await run('node', [bench])) !== 0) failed.push(bench);
}
await run('node', ['bench/report.mjs'], { env: { BENCH_RUN_STARTED: started } });
if (failed.length > 0) console.error(`\nFailed: ${failed.join(', ')}`);
process.exitCode = failed.length > 0 ? 1 : 0;
