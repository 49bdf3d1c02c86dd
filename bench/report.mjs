// Gathers every bench/results/*.json into one table in bench/results/README.md: each figure, its target
// and its ratio to the baseline it was measured against, with the machine it ran on (cores, memory, Node,
// PostgreSQL and Redis versions; no host names or paths) and the machine's load during the run.
// Each bench writes { bench, title, date, machine, figures: [{ figure, value, unit, target, pass, ratios }] }
// and may add notes: ['…'], listed under the table.
//   node bench/report.mjs          (npm run bench runs every bench, then this)
// BENCH_RUN_STARTED (an ISO date, set by scripts/bench.mjs) marks results older than that run as such.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { RESULTS_DIR } from './lib/harness.mjs';

const BENCH_DIR = path.dirname(fileURLToPath(import.meta.url));

/** What identifies a machine: the same hardware, OS and Node give the same line. */
function machineKey(machine = {}) {
  const os = typeof machine.platform === 'string' ? machine.platform.split(' ')[0] : undefined;
  return JSON.stringify([
    machine.cpus,
    machine.cpuModel,
    machine.totalMemGiB,
    os,
    machine.arch,
    machine.node,
  ]);
}

function describeMachine(machine = {}) {
  const parts = [];
  if (machine.cpus) parts.push(`${machine.cpus} cores (${machine.cpuModel ?? 'unknown CPU'})`);
  if (machine.totalMemGiB) parts.push(`${machine.totalMemGiB} GiB memory`);
  const os = typeof machine.platform === 'string' ? machine.platform.split(' ')[0] : undefined;
  if (os) parts.push([os[0].toUpperCase() + os.slice(1), machine.arch].filter(Boolean).join(' '));
  if (machine.node) parts.push(`Node ${machine.node}`);
  return parts.join(', ') || 'unknown machine';
}

/** The versions of the servers the benches used, as one phrase ('PostgreSQL 15.20, Redis 7.0.15'). */
function describeServers(machines) {
  const versions = (field) =>
    [
      ...new Set(
        machines
          .map((machine) => machine[field])
          .filter((value) => typeof value === 'string' && value !== 'unknown'),
      ),
    ].map((value) => value.split(' ')[0]);
  return [
    ['PostgreSQL', versions('postgres')],
    ['Redis', versions('redis')],
  ]
    .filter(([, list]) => list.length > 0)
    .map(([name, list]) => `${name} ${[...new Set(list)].join(' or ')}`)
    .join(', ');
}

/** The 1-minute load average before → after the run, as the bench recorded it. */
function describeLoad(machine = {}) {
  const before = machine.loadAverage1mBefore ?? machine.loadAverage1m;
  const after = machine.loadAverage1mAfter;
  const show = (value) => (typeof value === 'number' ? value.toFixed(2) : undefined);
  return [show(before), show(after)].filter(Boolean).join(' → ') || '?';
}

function formatValue(value, unit) {
  if (typeof value !== 'number') return String(value);
  if (unit === 'req/s') return `${Math.round(value).toLocaleString('en-US')} ${unit}`;
  if (unit === '×') return `×${value.toFixed(2)}`;
  return `${value >= 10 ? value.toFixed(1) : value.toFixed(3)} ${unit ?? ''}`.trim();
}

function formatTarget(figure) {
  const { target } = figure;
  if (!target) return '';
  const bound = target.max !== undefined ? `≤ ${target.max}` : `≥ ${target.min}`;
  const verdict = figure.pass === true ? 'pass' : figure.pass === false ? '**FAIL**' : 'n/a';
  const unit = target.unit ?? figure.unit ?? '';
  if (unit === '×') return `${bound.replace(/ /, ' ×')} (${verdict})`;
  return `${bound} ${unit} (${verdict})`.replace(/\s+/g, ' ');
}

function formatRatios(ratios) {
  if (!ratios) return '';
  return Object.entries(ratios)
    .filter(([, value]) => typeof value === 'number')
    .map(([baseline, value]) => `×${value} vs ${baseline}`)
    .join(', ');
}

const cell = (text) => String(text).replaceAll('|', '\\|');

/** How to run a bench: its script(s) under bench/<name>/, relative to the repository. */
async function commandsFor(bench) {
  try {
    const files = (await readdir(path.join(BENCH_DIR, bench))).filter((file) => file.endsWith('.bench.mjs'));
    return files.sort().map((file) => `\`node bench/${bench}/${file}\``);
  } catch {
    return [];
  }
}

export async function buildReport(dir = RESULTS_DIR, { runStarted } = {}) {
  const files = (await readdir(dir)).filter((name) => name.endsWith('.json')).sort();
  const results = [];
  const problems = [];
  for (const name of files) {
    let result;
    try {
      result = JSON.parse(await readFile(path.join(dir, name), 'utf8'));
    } catch (error) {
      problems.push(`- \`${name}\`: unreadable (${error.message})`);
      continue;
    }
    if (!Array.isArray(result.figures)) {
      problems.push(`- \`${name}\`: no \`figures\`, not shown`);
      continue;
    }
    results.push({ name, bench: result.bench ?? path.basename(name, '.json'), result });
  }

  // One line per distinct machine; the table says which when there are several.
  const machines = new Map();
  for (const { result } of results) {
    const key = machineKey(result.machine);
    if (!machines.has(key))
      machines.set(key, { label: `M${machines.size + 1}`, machine: result.machine ?? {} });
  }
  const several = machines.size > 1;
  const servers = describeServers(results.map(({ result }) => result.machine ?? {}));

  const rows = [];
  let met = 0;
  let missed = 0;
  for (const { bench, result } of results) {
    const { label } = machines.get(machineKey(result.machine));
    const load = describeLoad(result.machine);
    for (const figure of result.figures) {
      if (figure.target && figure.pass === true) met++;
      if (figure.target && figure.pass === false) missed++;
      rows.push(
        [
          bench,
          figure.figure,
          formatValue(figure.value, figure.unit),
          formatTarget(figure),
          formatRatios(figure.ratios),
          several ? `${label}, load ${load}` : load,
        ].map(cell),
      );
    }
  }

  const machineLines = [...machines.values()].map(
    ({ label, machine }) => `${several ? `- ${label}: ` : ''}${describeMachine(machine)}`,
  );
  const header = [
    '# Benchmark results',
    '',
    'Generated by `node bench/report.mjs` from the `*.json` files in this folder; do not edit by hand.',
    '`npm run bench` builds, runs every benchmark (`bench/*/*.bench.mjs`) and then writes this file; each',
    'bench can also run alone (commands below) after `npx nx run-many -t build --exclude=web`, with',
    '`BENCH_SCALE=0.1` for a quick run. Targets are reported, never enforced: timing does not fail a build.',
    'Ratio: the figure divided by the same figure of the baseline named, measured in the same run.',
    '',
  ];
  const machineSection =
    results.length === 0
      ? []
      : [
          several
            ? 'Machines (the table says which one each bench ran on):'
            : 'Machine (every bench ran on it):',
          '',
          ...machineLines.map((line) => (several ? line : `- ${line}`)),
          ...(servers ? [`- ${servers}, local, on the same machine`] : []),
          '- Load: the 1-minute load average before → after each bench. The machine ran other work too, so',
          '  absolute times are pessimistic; ratios, measured side by side in the same run, are steadier.',
          '',
        ];
  const table = [
    `| Bench | Figure | Value | Target | Ratio | ${several ? 'Machine, load' : 'Load'} |`,
    '| --- | --- | ---: | --- | --- | --- |',
    ...rows.map((row) => `| ${row.join(' | ')} |`),
  ];

  const notes = [];
  for (const { name, bench, result } of results) {
    const commands = await commandsFor(bench);
    const stale =
      runStarted && result.date && new Date(result.date) < new Date(runStarted)
        ? ' — **not re-measured by the last `npm run bench`** (it failed or was skipped)'
        : '';
    notes.push(
      `- \`${name}\` (${result.title ?? bench}): measured ${result.date ?? 'at an unknown date'}` +
        `${commands.length > 0 ? ` by ${commands.join(', ')}` : ''}${stale}`,
    );
    // A bench may explain its figures (e.g. why a target was missed) in `notes`: one line each.
    if (Array.isArray(result.notes)) notes.push(...result.notes.map((note) => `  - ${note}`));
  }

  return [
    ...header,
    ...machineSection,
    ...(rows.length > 0 ? table : ['No results yet.']),
    '',
    ...(met + missed > 0 ? [`Targets: ${met} met, ${missed} missed.`, ''] : []),
    ...notes,
    ...problems,
    '',
  ].join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const markdown = await buildReport(RESULTS_DIR, { runStarted: process.env.BENCH_RUN_STARTED || undefined });
  const file = path.join(RESULTS_DIR, 'README.md');
  await writeFile(file, markdown);
  console.log(`Wrote ${path.relative(process.cwd(), file) || file}`);
}
