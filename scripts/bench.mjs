// npm run bench: build, run every benchmark (bench/<name>/<name>.bench.mjs) in turn, then write
// the one report bench/results/README.md.
import { readdirSync } from 'node:fs';
import { build, run } from './lib/run.mjs';

if ((await build()) !== 0) process.exit(1);
const benches = readdirSync('bench', { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !['lib', 'results'].includes(entry.name))
  .flatMap((dir) =>
    readdirSync(`bench/${dir.name}`)
      .filter((f) => f.endsWith('.bench.mjs'))
      .map((f) => `bench/${dir.name}/${f}`),
  );
let failed = 0;
for (const bench of benches) {
  console.log(`\n▶ ${bench}`);
  if ((await run('node', [bench])) !== 0) failed++;
}
await run('node', ['bench/report.mjs']);
process.exitCode = failed > 0 ? 1 : 0;
