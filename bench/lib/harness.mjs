// Shared plumbing for the benches: closed-loop load, machine description, result files, tables.
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { summarize } from './stats.mjs';

export const RESULTS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../results');

/** BENCH_SCALE multiplies every request count (e.g. 0.1 for a quick run); default 1. */
export function benchScale() {
  const raw = process.env.BENCH_SCALE;
  if (raw === undefined || raw === '') return 1;
  const scale = Number(raw);
  if (!(scale > 0)) throw new Error(`BENCH_SCALE must be a positive number, got "${raw}"`);
  return scale;
}

export function scaled(count, scale, minimum = 10) {
  return Math.max(minimum, Math.round(count * scale));
}

/**
 * Closed-loop load: `concurrency` lanes, each awaiting `fn(i)` then starting the next request, until
 * `count` requests are done. Each request's latency is measured with performance.now().
 * The first error rejects the whole run.
 */
export async function runClosedLoop({ concurrency, count, fn }) {
  const latencies = new Float64Array(count);
  let next = 0;
  let failed = false;
  const lane = async () => {
    while (next < count && !failed) {
      const i = next++;
      const started = performance.now();
      try {
        await fn(i, started);
      } catch (error) {
        failed = true;
        throw error;
      }
      latencies[i] = performance.now() - started;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, lane));
  const elapsedMs = performance.now() - started;
  return { latencies, summary: summarize(latencies, elapsedMs) };
}

export function machineInfo(extra = {}) {
  const cpus = os.cpus();
  return {
    cpus: cpus.length,
    cpuModel: cpus[0]?.model?.trim() ?? 'unknown',
    totalMemGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    platform: `${os.platform()} ${os.release()}`,
    arch: os.arch(),
    node: process.version,
    ...extra,
  };
}

export async function writeResult(name, result) {
  await mkdir(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `${name}.json`);
  await writeFile(file, `${JSON.stringify(result, null, 2)}\n`);
  return file;
}

/** A plain-text table with right-aligned cells except the first column. */
export function textTable(header, rows) {
  const widths = header.map((cell, column) =>
    Math.max(String(cell).length, ...rows.map((row) => String(row[column]).length)),
  );
  const line = (row) =>
    row
      .map((cell, column) =>
        column === 0 ? String(cell).padEnd(widths[column]) : String(cell).padStart(widths[column]),
      )
      .join('  ');
  return [line(header), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.map(line)].join('\n');
}

export const fmt = {
  ms: (value) => (value >= 10 ? value.toFixed(1) : value.toFixed(3)),
  rps: (value) => Math.round(value).toLocaleString('en-US'),
  ratio: (value) => `×${value >= 10 ? value.toFixed(1) : value.toFixed(2)}`,
};
