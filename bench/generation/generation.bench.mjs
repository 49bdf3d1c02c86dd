// Hero generation through the whole running stack (gateway → heroes → generation worker → heroes →
// gateway) with the local AI provider, first with one generation worker process, then with two:
//   sequential  one hero at a time: end-to-end latency of POST /api/heroes/generate/:id (answered
//               200 once the hero is complete)
//   burst       every hero's generate call sent at once: heroes/s from the first send to the last answer
// Each configuration gets its own freshly registered users and heroes (one unpaid hero per user; not
// timed) and a warm-up. Also: what the generation service itself logs per hero ("Generated hero … in
// N ms"), where the machine's CPU went during each phase, an in-process split of the generation
// work into its stages, and a storybook chapter with its illustration (local provider, in process)
// against the same p50 target. Run after a build, from the repo root:
//   node bench/generation/generation.bench.mjs        (BENCH_SCALE=0.1 for a quick run)
// Starts every service on its own database, Redis prefix, port and temp dir, and removes them all at
// the end, also on failure or Ctrl-C. Writes bench/results/generation.json and prints a table.
// Timing never fails the run; real errors (a service dies, a hero fails) exit 1.
/* global AbortController, AbortSignal */
import { FsStorage } from '@starborn/storage';
import {
  composeHeroArts,
  generateBackstoryMarkdown,
  renderChapterIllustration,
  renderHeroImages,
  writeLocalChapter,
} from '@starborn/ai';
import { Redis } from 'ioredis';
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  SERVICES,
  checkBackingServices,
  freePort,
  missingBuilds,
  startService as launchService,
} from '../../scripts/lib/stack.mjs';
import {
  benchScale,
  fmt,
  machineInfo,
  runClosedLoop,
  scaled,
  textTable,
  writeResult,
} from '../lib/harness.mjs';
import { POSTGRES_URL, REDIS_URL, apiCall, benchServiceEnv } from '../lib/stack.mjs';
import { heroProfile } from '../lib/hero-profile.mjs';
import { percentile, sortedSamples } from '../lib/stats.mjs';
import {
  deleteRedisPrefix,
  machineCpuMs,
  processCpuMs,
  processesCpuDeltaMs,
  processesCpuMs,
  processMemoryMiB,
  redisCpuMs,
} from '../lib/system.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SCALE = benchScale();
const HEROES = scaled(50, SCALE, 4);
const WARMUP = scaled(4, SCALE, 2);
const STAGE_HEROES = scaled(10, SCALE, 3);
const STAGE_CHAPTERS = scaled(10, SCALE, 3);
const WORKER_COUNTS = [1, 2];
const TARGET_P50_MS = 1_000;
const TARGET_SCALING = 1.7;
const GENERATE_WAIT_MS = 120_000;
const STARTUP_TIMEOUT_MS = 180_000;
const PREPARE_CONCURRENCY = 8;
const PASSWORD = 'bench correct horse battery';

const SUFFIX = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
const DATABASE_NAME = `starborn_bench_${SUFFIX}`;
const REDIS_PREFIX = `sb-bench-${SUFFIX}`;

const round = (value, digits = 3) =>
  value === null || value === undefined || Number.isNaN(value)
    ? null
    : Math.round(value * 10 ** digits) / 10 ** digits;
const p = (samples, q) => (samples.length > 0 ? percentile(sortedSamples(samples), q) : null);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const log = (line) => process.stderr.write(`${line}\n`);

// ---- the stack: every service as a child process of this one ----

/** Aborted when a service dies unexpectedly, so that no request waits for a dead stack. */
const stackAbort = new AbortController();
const processes = [];
/** heroId -> what the generation service logged about it. */
const generatedLog = new Map();
let stopping = false;

/**
 * One service of the stack (the launcher in scripts/lib/stack.mjs), named `label`: `ready` resolves on
 * its "ready" log line; the heroes a generation worker logs are noted in generatedLog; an unexpected
 * exit aborts the bench.
 */
function startService(service, label, env) {
  const proc = launchService(service, {
    name: label,
    env: service === 'generation' ? { ...env, LOG_LEVEL: 'info' } : env,
    onUnexpectedExit: (stopped, { code, signal }) => {
      if (stopping) return;
      const error = new Error(
        `${label} (pid ${stopped.pid}) exited unexpectedly (code ${code}, signal ${signal}); last output:\n` +
          stopped.tail.slice(-20).join('\n'),
      );
      if (!stackAbort.signal.aborted) stackAbort.abort(error);
    },
  });
  proc.service = service;
  proc.label = label;
  proc.ready = new Promise((resolve) => {
    proc.onLine((line) => {
      if (!line.startsWith('{')) return;
      let entry;
      try {
        entry = JSON.parse(line);
      } catch {
        return;
      }
      const message = String(entry.msg ?? '');
      if (message === `${service} service ready`) resolve();
      const generated = /^Generated hero ([0-9a-f]{32}) \(attempt (\d+)\) in (\d+) ms$/.exec(message);
      if (generated) {
        generatedLog.set(generated[1], {
          ms: Number(generated[3]),
          attempt: Number(generated[2]),
          worker: label,
          at: performance.now(),
        });
      }
    });
  });
  processes.push(proc);
  return proc;
}

function stackEnv(workDir, port) {
  return benchServiceEnv(
    { databaseName: DATABASE_NAME, redisPrefix: REDIS_PREFIX, workDir },
    {
      PORT: String(port),
      RATE_LIMIT_LOGIN_PER_IP: '100000',
      GENERATE_WAIT_MS: String(GENERATE_WAIT_MS),
      GENERATION_CONCURRENCY: '1',
      // Each worker process gets one core's worth of threads, as a one-CPU pod would: the scaling figure
      // then compares workers, not libvips's own threads within one process.
      GENERATION_THREADS: '1',
      UV_THREADPOOL_SIZE: '1',
    },
  );
}

/** Health 200 (PostgreSQL, Redis and every service answer), or throws; fails fast if a service died. */
async function waitForHealth(base, timeoutMs = STARTUP_TIMEOUT_MS) {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    stackAbort.signal.throwIfAborted();
    try {
      const response = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(5_000) });
      const body = await response.json().catch(() => null);
      if (response.ok) return body;
      last = `HTTP ${response.status} ${JSON.stringify(body?.checks ?? body).slice(0, 400)}`;
    } catch (error) {
      last = error.message;
    }
    await sleep(500);
  }
  throw new Error(`The stack was not healthy within ${timeoutMs} ms: ${last}`);
}

async function waitUntil(promise, what, timeoutMs = STARTUP_TIMEOUT_MS) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: not within ${timeoutMs} ms`)), timeoutMs);
  });
  const died = new Promise((_, reject) => {
    if (stackAbort.signal.aborted) reject(stackAbort.signal.reason);
    stackAbort.signal.addEventListener('abort', () => reject(stackAbort.signal.reason), { once: true });
  });
  try {
    return await Promise.race([promise, timeout, died]);
  } finally {
    clearTimeout(timer);
  }
}

// ---- the HTTP API ----

/** An API call that a dead stack aborts. */
const api = (base, method, route, options) =>
  apiCall(base, method, route, { ...options, signal: stackAbort.signal });

/** A birth date spread over years, months and days, so heroes differ in both signs. */
function birthdateFor(i) {
  const year = 1950 + ((i * 7) % 60);
  const month = 1 + ((i * 5) % 12);
  const day = 1 + ((i * 11) % 28);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** `count` users, each with one pending hero. Not timed. */
async function prepareHeroes(base, count, tag) {
  const heroes = new Array(count);
  await runClosedLoop({
    concurrency: PREPARE_CONCURRENCY,
    count,
    fn: async (i) => {
      const { body: session } = await api(base, 'POST', '/api/auth/register', {
        body: {
          name: `Bench ${tag} ${i}`,
          email: `bench-${SUFFIX}-${tag}-${i}@example.com`,
          password: PASSWORD,
        },
        expect: [200, 201],
      });
      if (typeof session?.token !== 'string')
        throw new Error(`register: no token in ${JSON.stringify(session)}`);
      const heroId = randomBytes(16).toString('hex');
      await api(base, 'POST', '/api/heroes', {
        token: session.token,
        body: { heroName: `Bench Hero ${i}`, birthdate: birthdateFor(i), heroId },
        expect: [201],
      });
      heroes[i] = { token: session.token, heroId };
    },
  });
  return heroes;
}

/** POST generate and its 200 answer with the complete hero; anything else is a real error. */
async function generate(base, hero) {
  const answer = await api(base, 'POST', `/api/heroes/generate/${hero.heroId}`, {
    token: hero.token,
    expect: [200, 202],
  });
  const { status } = answer;
  const body = answer.body?.hero;
  if (status === 202) throw new Error(`hero ${hero.heroId} still generating after ${GENERATE_WAIT_MS} ms`);
  if (body?.status !== 'complete') {
    throw new Error(`hero ${hero.heroId} ended '${body?.status}': ${JSON.stringify(body).slice(0, 400)}`);
  }
  if (!Array.isArray(body.images) || body.images.length !== 3) {
    throw new Error(`hero ${hero.heroId} is complete with ${body.images?.length} images, not 3`);
  }
}

/** The generation service's log lines for these heroes (they may trail the HTTP answers a little). */
async function serviceTimes(heroes) {
  const deadline = Date.now() + 5_000;
  while (heroes.some((h) => !generatedLog.has(h.heroId)) && Date.now() < deadline) await sleep(50);
  return heroes.map((h) => generatedLog.get(h.heroId) ?? null);
}

// ---- CPU accounting ----

async function cpuSnapshot(admin) {
  return {
    at: performance.now(),
    services: new Map(processes.map((proc) => [proc.label, processCpuMs(proc.pid)])),
    postgres: processesCpuMs('postgres'),
    redis: await redisCpuMs(admin),
    machine: machineCpuMs(),
    bench: process.cpuUsage(),
  };
}

/** Cores used on average during the phase, by whom. "rest of machine" is everything not named. */
function cpuBetween(before, after) {
  const wallMs = after.at - before.at;
  const cores = (ms) => round(ms / wallMs, 2);
  const byService = {};
  let ours = 0;
  for (const [label, endMs] of after.services) {
    const startMs = before.services.get(label);
    if (endMs === null || startMs === null || startMs === undefined) continue;
    byService[label] = endMs - startMs;
    ours += endMs - startMs;
  }
  const redis = after.redis - before.redis;
  const postgres = processesCpuDeltaMs(before.postgres, after.postgres);
  const benchUsage = process.cpuUsage(before.bench);
  const bench = (benchUsage.user + benchUsage.system) / 1000;
  const busy = after.machine.busyMs - before.machine.busyMs;
  const total = after.machine.totalMs - before.machine.totalMs;
  const generation = Object.entries(byService).filter(([label]) => label.startsWith('generation'));
  const others = ['auth', 'payments', 'storybook', 'rooms'];
  return {
    wallMs: round(wallMs, 1),
    cores: {
      ...Object.fromEntries(generation.map(([label, ms]) => [label, cores(ms)])),
      gateway: cores(byService.gateway ?? 0),
      heroes: cores(byService.heroes ?? 0),
      'auth+payments+storybook+rooms': cores(others.reduce((sum, name) => sum + (byService[name] ?? 0), 0)),
      redis: cores(redis),
      postgres: cores(postgres),
      'bench client': cores(bench),
      'rest of machine': total > 0 ? cores(Math.max(0, busy - ours - redis - postgres - bench)) : null,
      idle: total > 0 ? cores(((total - busy) / total) * (total / wallMs)) : null,
    },
    machineCpus: total > 0 ? round(total / wallMs, 2) : null,
  };
}

// ---- one configuration ----

async function measureConfiguration(base, admin, workers) {
  const tag = `w${workers}`;
  log(`\n[${workers} generation worker${workers > 1 ? 's' : ''}] registering ${WARMUP + 2 * HEROES} users…`);
  const pool = await prepareHeroes(base, WARMUP + 2 * HEROES, tag);
  const warmup = pool.slice(0, WARMUP);
  const sequentialHeroes = pool.slice(WARMUP, WARMUP + HEROES);
  const burstHeroes = pool.slice(WARMUP + HEROES);

  log(`  warm-up: ${WARMUP} heroes, ${workers} at a time`);
  await runClosedLoop({ concurrency: workers, count: WARMUP, fn: (i) => generate(base, warmup[i]) });
  const warmupWorkers = countBy((await serviceTimes(warmup)).map((entry) => entry?.worker ?? 'unlogged'));
  await sleep(1_000);

  const rows = [];
  for (const [phase, heroes, concurrency] of [
    ['sequential', sequentialHeroes, 1],
    ['burst', burstHeroes, HEROES],
  ]) {
    log(`  ${phase}: ${HEROES} heroes, ${concurrency} in flight`);
    const loadBefore = os.loadavg()[0];
    const before = await cpuSnapshot(admin);
    const { latencies, summary } = await runClosedLoop({
      concurrency,
      count: HEROES,
      fn: (i) => generate(base, heroes[i]),
    });
    const after = await cpuSnapshot(admin);
    const logged = await serviceTimes(heroes);
    const serviceMs = logged.filter(Boolean).map((entry) => entry.ms);
    // Time outside the generation job (gateway, RPCs, queue, events, database), per hero.
    const outsideMs = logged
      .map((entry, i) => (entry ? latencies[i] - entry.ms : null))
      .filter((value) => value !== null);
    const row = {
      workers,
      phase,
      inFlight: concurrency,
      ...summary,
      p95Ms: p(latencies, 95),
      heroesPerSecond: summary.throughputRps,
      generationServiceMs: {
        logged: serviceMs.length,
        p50: p(serviceMs, 50),
        p95: p(serviceMs, 95),
        mean: serviceMs.length ? serviceMs.reduce((a, b) => a + b, 0) / serviceMs.length : null,
      },
      outsideGenerationMs: { p50: p(outsideMs, 50), p95: p(outsideMs, 95) },
      heroesPerWorker: countBy(logged.map((entry) => entry?.worker ?? 'unlogged')),
      cpu: cpuBetween(before, after),
      loadAverage1mBefore: round(loadBefore, 2),
      loadAverage1mAfter: round(os.loadavg()[0], 2),
    };
    delete row.throughputRps;
    // Work done per unit of CPU the generation processes actually got: equal across configurations when
    // the difference in throughput comes only from how many cores they got.
    row.heroesPerGenerationCoreSecond = round(row.heroesPerSecond / generationCores(row), 2);
    rows.push(row);
    log(
      `    p50 ${fmt.ms(row.p50Ms)} ms, p95 ${fmt.ms(row.p95Ms)} ms, ${row.heroesPerSecond.toFixed(2)} heroes/s, ` +
        `generation service p50 ${row.generationServiceMs.p50} ms`,
    );
    await sleep(1_000);
  }
  return { rows, warmupWorkers };
}

function countBy(values) {
  const counts = {};
  for (const value of values) counts[value] = (counts[value] ?? 0) + 1;
  return counts;
}

// ---- the generation work in stages, in this process (the services do the same, in their own) ----

async function stageProfile(workDir) {
  const { renderHeroVariants } = await import(
    pathToFileURL(path.join(ROOT, 'services/generation/dist/media/image-variants.js')).href
  );
  const storage = new FsStorage(path.join(workDir, 'stage-media'));
  const names = ['composeSvg', 'renderPng', 'backstory', 'variants', 'storageWrites', 'total'];
  const wall = Object.fromEntries(names.map((name) => [name, []]));
  const cpu = Object.fromEntries(names.map((name) => [name, []]));
  const mark = () => ({ wall: performance.now(), cpu: process.cpuUsage() });
  const since = (start) => {
    const used = process.cpuUsage(start.cpu);
    return { wall: performance.now() - start.wall, cpu: (used.user + used.system) / 1000 };
  };
  for (let i = -1; i < STAGE_HEROES; i += 1) {
    const hero = heroProfile({
      heroId: randomBytes(16).toString('hex'),
      name: 'Bench Hero',
      birthdate: birthdateFor(i + 100),
    });
    const took = {};
    let start = mark();
    composeHeroArts(hero);
    took.composeSvg = since(start);
    start = mark();
    // As the provider does: compose (again, subtracted below) and render the three PNGs at once.
    const images = await renderHeroImages(hero);
    const rendered = since(start);
    took.renderPng = {
      wall: rendered.wall - took.composeSvg.wall,
      cpu: Math.max(0, rendered.cpu - took.composeSvg.cpu),
    };
    start = mark();
    generateBackstoryMarkdown(hero);
    took.backstory = since(start);
    // As the worker does: the three images' variants at once, then their writes at once.
    start = mark();
    const variants = await Promise.all(
      images.map((image, position) => renderHeroVariants(image.png, position)),
    );
    took.variants = since(start);
    start = mark();
    const base = `heroes/${hero.heroId}`;
    await Promise.all(
      images.flatMap((image, position) => [
        storage.put(`${base}/full/${image.angle}.png`, variants[position].fullPng, 'image/png'),
        storage.put(`${base}/full/${image.angle}.webp`, variants[position].fullWebp, 'image/webp'),
        storage.put(`${base}/preview/${image.angle}.png`, variants[position].previewPng, 'image/png'),
        storage.put(`${base}/preview/${image.angle}.webp`, variants[position].previewWebp, 'image/webp'),
      ]),
    );
    took.storageWrites = since(start);
    if (i < 0) continue; // the first hero warms up
    took.total = { wall: 0, cpu: 0 };
    for (const name of names.slice(0, -1)) {
      wall[name].push(took[name].wall);
      cpu[name].push(took[name].cpu);
      took.total.wall += took[name].wall;
      took.total.cpu += took[name].cpu;
    }
    wall.total.push(took.total.wall);
    cpu.total.push(took.total.cpu);
  }
  const medians = (samples) =>
    Object.fromEntries(Object.entries(samples).map(([name, values]) => [name, round(p(values, 50), 1)]));
  return {
    heroes: STAGE_HEROES,
    notes:
      'In the bench process, before the stack starts, the same code the generation worker runs, one hero at a ' +
      'time. renderPng = the provider rendering its three SVGs to 1024² PNGs at once; variants = preview ' +
      'PNG (resize, blur, watermark) and two WebP encodes per image, the three images at once; ' +
      'total excludes the profile RPC and the hero.generated event, which the stack adds. CPU (user + system, ' +
      'all threads) does not grow when other work on the machine competes; wall time does.',
    p50Ms: medians(wall),
    cpuP50Ms: medians(cpu),
  };
}

/**
 * A storybook chapter and its illustration as the generation workers make them with the local provider,
 * in this process, one after another: write the chapter, draw its illustration, make its variants, store
 * them. Reported against the same p50 target as a hero: a reader waits for both.
 */
async function chapterProfile(workDir) {
  const { renderIllustrationVariants } = await import(
    pathToFileURL(path.join(ROOT, 'services/generation/dist/media/image-variants.js')).href
  );
  const storage = new FsStorage(path.join(workDir, 'chapter-media'));
  const names = ['writeChapter', 'illustrate', 'variants', 'storageWrites', 'total'];
  const wall = Object.fromEntries(names.map((name) => [name, []]));
  let width = 0;
  let height = 0;
  for (let i = -1; i < STAGE_CHAPTERS; i += 1) {
    const hero = heroProfile({
      heroId: randomBytes(16).toString('hex'),
      name: 'Bench Hero',
      birthdate: birthdateFor(i + 200),
    });
    const chapterNumber = (Math.max(0, i) % 10) + 1;
    const took = {};
    let start = performance.now();
    const chapter = writeLocalChapter({ hero, chapterNumber, chaptersTotalCount: 10, previousChapter: null });
    took.writeChapter = performance.now() - start;
    start = performance.now();
    const illustration = await renderChapterIllustration({
      hero,
      chapterNumber,
      title: chapter.title,
      markdown: chapter.markdown,
    });
    took.illustrate = performance.now() - start;
    ({ width, height } = illustration);
    start = performance.now();
    const variants = await renderIllustrationVariants(illustration.png, { width, height });
    took.variants = performance.now() - start;
    start = performance.now();
    const base = `storybooks/bench-${i + 1}/chapters/${chapterNumber}`;
    await Promise.all([
      storage.put(`${base}/full.png`, variants.fullPng, 'image/png'),
      storage.put(`${base}/full.webp`, variants.fullWebp, 'image/webp'),
      storage.put(`${base}/preview.png`, variants.previewPng, 'image/png'),
      storage.put(`${base}/preview.webp`, variants.previewWebp, 'image/webp'),
    ]);
    took.storageWrites = performance.now() - start;
    if (i < 0) continue; // the first chapter warms up
    took.total = names.slice(0, -1).reduce((sum, name) => sum + took[name], 0);
    for (const name of names) wall[name].push(took[name]);
  }
  return {
    chapters: STAGE_CHAPTERS,
    illustrationSize: `${width}×${height}`,
    notes:
      'In the bench process, before the stack starts, the code the chapter and illustration workers run with ' +
      'the local provider, one chapter at a time: writeChapter = the chapter text; illustrate = reading its ' +
      'scene and rendering the landscape PNG; variants = preview (resize, watermark) and two WebP encodes; ' +
      'storageWrites = the four files. Excludes the profile RPC and the events, which the stack adds.',
    p50Ms: Object.fromEntries(Object.entries(wall).map(([name, values]) => [name, round(p(values, 50), 1)])),
    p95TotalMs: round(p(wall.total, 95), 1),
  };
}

// ---- report ----

function targetsOf(rows, chapters) {
  const find = (workers, phase) => rows.find((r) => r.workers === workers && r.phase === phase);
  const latency = find(1, 'sequential');
  const one = find(1, 'burst');
  const two = find(2, 'burst');
  const scaling = one && two ? two.heroesPerSecond / one.heroesPerSecond : null;
  return [
    {
      figure: '1 worker, sequential, p50',
      metric: 'p50Ms',
      max: TARGET_P50_MS,
      unit: 'ms',
      actual: round(latency?.p50Ms ?? null),
      pass: latency ? latency.p50Ms <= TARGET_P50_MS : null,
    },
    {
      figure: 'throughput 2 workers / 1 worker',
      metric: 'scaling',
      min: TARGET_SCALING,
      unit: '×',
      actual: round(scaling),
      pass: scaling === null ? null : scaling >= TARGET_SCALING,
    },
    {
      figure: 'chapter + its illustration (local provider, in process), p50',
      metric: 'chapterP50Ms',
      max: TARGET_P50_MS,
      unit: 'ms',
      actual: round(chapters?.p50Ms.total ?? null),
      pass: chapters ? chapters.p50Ms.total <= TARGET_P50_MS : null,
    },
  ];
}

function figuresOf(rows, targets) {
  const figures = [];
  const workerName = (n) => `${n} generation worker${n > 1 ? 's' : ''}`;
  const oneWorkerBurst = rows.find((r) => r.workers === 1 && r.phase === 'burst');
  for (const row of rows) {
    if (row.phase === 'sequential') {
      for (const [metric, label] of [
        ['p50Ms', 'p50'],
        ['p95Ms', 'p95'],
      ]) {
        const isTarget = row.workers === 1 && metric === 'p50Ms';
        figures.push({
          figure: `${workerName(row.workers)}, one hero at a time, generate → complete ${label}`,
          value: round(row[metric]),
          unit: 'ms',
          target: isTarget ? { max: TARGET_P50_MS, unit: 'ms' } : null,
          pass: isTarget ? targets[0].pass : null,
          ratios: null,
        });
      }
    } else {
      figures.push({
        figure: `${workerName(row.workers)}, ${row.count} heroes at once, throughput`,
        value: round(row.heroesPerSecond),
        unit: 'heroes/s',
        target: null,
        pass: null,
        ratios:
          row.workers > 1 && oneWorkerBurst
            ? { '1 worker': round(row.heroesPerSecond / oneWorkerBurst.heroesPerSecond, 2) }
            : null,
      });
    }
  }
  const scaling = targets[1];
  figures.push({
    figure: 'throughput, 2 generation workers / 1',
    value: scaling.actual,
    unit: '×',
    target: { min: TARGET_SCALING, unit: '×' },
    pass: scaling.pass,
    ratios: null,
  });
  const chapter = targets[2];
  figures.push({
    figure: 'one chapter written and illustrated (local provider, in process) p50',
    value: chapter.actual,
    unit: 'ms',
    target: { max: TARGET_P50_MS, unit: 'ms' },
    pass: chapter.pass,
    ratios: null,
  });
  return figures;
}

function printReport(result) {
  const m = result.machine;
  console.log(
    `\nHero generation, local provider, through the whole stack — ${m.cpus}× ${m.cpuModel}, Node ${m.node}, ` +
      `Redis ${m.redis}, scale ${result.config.scale}, load average ${m.loadAverage1mBefore} → ${m.loadAverage1mAfter}\n`,
  );
  if (Math.max(m.loadAverage1mBefore, m.loadAverage1mAfter) > m.cpus) {
    console.log(`WARNING: the load average exceeded the ${m.cpus} CPUs: other work competed.\n`);
  }
  const ms = (value) => (value === null ? '' : fmt.ms(value));
  console.log(
    textTable(
      [
        'workers',
        'phase',
        'heroes',
        'p50 ms',
        'p95 ms',
        'max ms',
        'heroes/s',
        'heroes per gen core-s',
        'gen job p50 ms',
        'outside job p50 ms',
        'heroes per worker',
      ],
      result.scenarios.map((row) => [
        row.workers,
        row.phase === 'burst' ? `all ${row.count} at once` : 'one at a time',
        row.count,
        ms(row.p50Ms),
        ms(row.p95Ms),
        ms(row.maxMs),
        row.heroesPerSecond.toFixed(2),
        row.heroesPerGenerationCoreSecond ?? '',
        ms(row.generationServiceMs.p50),
        ms(row.outsideGenerationMs.p50),
        Object.entries(row.heroesPerWorker)
          .map(([worker, n]) => `${worker.replace('generation-', '#')}: ${n}`)
          .join(', '),
      ]),
    ),
  );
  console.log(
    '\n"heroes per gen core-s" = heroes/s ÷ cores the generation processes used. ' +
      '"gen job" is what the generation service logs per hero (job start → hero.generated sent); "outside job" is ' +
      'end-to-end minus that: gateway, RPCs, queue wait, events, database.',
  );

  console.log('\nCPU during each phase, in cores (of the machine’s total):');
  const columns = Object.keys(result.scenarios.at(-1)?.cpu.cores ?? {});
  console.log(
    textTable(
      ['workers / phase', 'wall s', ...columns],
      result.scenarios.map((row) => [
        `${row.workers} / ${row.phase}`,
        (row.cpu.wallMs / 1000).toFixed(1),
        ...columns.map((column) => row.cpu.cores[column] ?? ''),
      ]),
    ),
  );

  const stages = result.profiles.stages;
  console.log(
    `\nGeneration work in stages (this process, p50 of ${stages.heroes} heroes, one at a time): ` +
      Object.entries(stages.p50Ms)
        .map(([name, value]) => `${name} ${value} ms (CPU ${stages.cpuP50Ms[name]} ms)`)
        .join(', '),
  );

  const chapters = result.profiles.chapters;
  console.log(
    `\nA chapter and its ${chapters.illustrationSize} illustration in stages (this process, p50 of ${chapters.chapters}): ` +
      Object.entries(chapters.p50Ms)
        .map(([name, value]) => `${name} ${value} ms`)
        .join(', '),
  );

  console.log('\nTargets (report only, never fail the run):');
  for (const t of result.targets) {
    const verdict = t.pass === null ? 'SKIP' : t.pass ? 'PASS' : 'MISS';
    const bound = t.max !== undefined ? `≤ ${t.max} ${t.unit}` : `≥ ${t.unit}${t.min}`;
    const actual = t.actual === null ? 'not run' : t.unit === '×' ? `×${t.actual}` : `${t.actual} ${t.unit}`;
    console.log(`  [${verdict}] ${t.figure}: ${actual} (target ${bound})`);
  }
  for (const note of result.notes) console.log(`  note: ${note}`);
}

const STACK_GROUPS = ['gateway', 'heroes', 'auth+payments+storybook+rooms', 'redis', 'postgres'];
const generationCores = (row) =>
  Object.entries(row.cpu.cores)
    .filter(([label]) => label.startsWith('generation'))
    .reduce((sum, [, value]) => sum + value, 0);
const stackCores = (row) => STACK_GROUPS.reduce((sum, key) => sum + (row.cpu.cores[key] ?? 0), 0);

/**
 * The best two workers could do on this machine if nothing else ran: every core busy with this stack's
 * work (CPU per hero as measured in the 2-worker burst), and never more than twice one worker's rate.
 */
function scalingCeiling(one, two, machine) {
  const cpuSecondsPerHero = ((generationCores(two) + stackCores(two)) * two.cpu.wallMs) / 1000 / two.count;
  if (!(cpuSecondsPerHero > 0)) return null;
  const cpuBoundRate = machine.cpus / cpuSecondsPerHero;
  return {
    cpuMsPerHero: round(cpuSecondsPerHero * 1000, 0),
    ratio: round(Math.min(2 * one.heroesPerSecond, cpuBoundRate) / one.heroesPerSecond, 2),
  };
}

/** Plain-language reasons when a target is missed, from the figures measured. */
function notesOf(rows, targets, stages, machine) {
  const notes = [];
  const find = (workers, phase) => rows.find((r) => r.workers === workers && r.phase === phase);
  const seq = find(1, 'sequential');
  if (targets[0].pass === false && seq) {
    notes.push(
      `p50 ${Math.round(seq.p50Ms)} ms > ${TARGET_P50_MS} ms: the generation job itself takes ` +
        `${seq.generationServiceMs.p50} ms (p50; in-process stages: render ${stages.p50Ms.renderPng} ms, ` +
        `variants ${stages.p50Ms.variants} ms), the rest of the stack ${Math.round(seq.outsideGenerationMs.p50)} ms ` +
        `(other work on the machine used ${seq.cpu.cores['rest of machine']} of ${machine.cpus} cores meanwhile).`,
    );
  }
  const one = find(1, 'burst');
  const two = find(2, 'burst');
  if (one && two) {
    const ceiling = scalingCeiling(one, two, machine);
    const text =
      `2-worker scaling ×${targets[1].actual}: with 1 worker the generation process used ` +
      `${generationCores(one).toFixed(2)} cores, the rest of the stack ${stackCores(one).toFixed(2)}, other work ` +
      `on the machine ${one.cpu.cores['rest of machine']}; with 2 workers generation got ` +
      `${generationCores(two).toFixed(2)} cores, the rest of the stack ${stackCores(two).toFixed(2)}, other work ` +
      `${two.cpu.cores['rest of machine']}, idle ${two.cpu.cores.idle} (of ${machine.cpus}).` +
      (ceiling
        ? ` A hero costs ${ceiling.cpuMsPerHero} CPU-ms in all, so on ${machine.cpus} otherwise idle cores two ` +
          `workers could reach at most ×${ceiling.ratio} the measured 1-worker rate.`
        : '');
    if (targets[1].pass === false) notes.push(`MISSED: ${text}`);
    else notes.push(text);
  }
  return notes;
}

// ---- main ----

let cleanedUp = null;
function cleanUp(workDir, admin) {
  cleanedUp ??= (async () => {
    stopping = true;
    await Promise.all(processes.map((proc) => proc.stop({ graceMs: 20_000 }).catch(() => undefined)));
    const maintenance = new pg.Client({ connectionString: POSTGRES_URL });
    await maintenance
      .connect()
      .then(() =>
        maintenance.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(DATABASE_NAME)} WITH (FORCE)`),
      )
      .then(
        () => log(`Dropped database ${DATABASE_NAME}`),
        (error) => log(`Could not drop database ${DATABASE_NAME}: ${error.message}`),
      );
    await maintenance.end().catch(() => undefined);
    const deleted = await deleteRedisPrefix(admin, REDIS_PREFIX).catch((error) => {
      log(`Could not clean up ${REDIS_PREFIX}:*: ${error.message}`);
      return 0;
    });
    log(`Removed ${deleted} keys under ${REDIS_PREFIX}:*`);
    await admin.quit().catch(() => admin.disconnect());
    rmSync(workDir, { recursive: true, force: true });
  })();
  return cleanedUp;
}

async function main() {
  const missing = missingBuilds();
  if (missing.length > 0) throw new Error(`Build first (npm run build): no dist for ${missing.join(', ')}`);
  const problems = await checkBackingServices({ DATABASE_URL: POSTGRES_URL, REDIS_URL });
  if (problems.length > 0) throw new Error(problems.join('\n'));

  const workDir = mkdtempSync(path.join(os.tmpdir(), 'starborn-bench-generation-'));
  const admin = new Redis(REDIS_URL, { connectionName: `${REDIS_PREFIX}:admin`, maxRetriesPerRequest: 1 });
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => {
      log(`\n${signal}: stopping the stack and cleaning up…`);
      if (!stackAbort.signal.aborted) stackAbort.abort(new Error(signal));
      cleanUp(workDir, admin).finally(() => process.exit(130));
    });
  }

  try {
    const redisVersion = /redis_version:(\S+)/.exec(await admin.info('server'))?.[1] ?? 'unknown';
    const loadBefore = os.loadavg();
    log(`generation bench: ${HEROES} heroes per phase, scale ${SCALE}, database ${DATABASE_NAME}`);

    log(`Stage profile: ${STAGE_HEROES} heroes in this process…`);
    const stages = await stageProfile(workDir);
    log(`Chapter profile: ${STAGE_CHAPTERS} chapters and their illustrations in this process…`);
    const chapters = await chapterProfile(workDir);

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = stackEnv(workDir, port);
    log(`Starting ${SERVICES.length} services on ${base}…`);
    const firstWorker = SERVICES.map((service) =>
      startService(service, service === 'generation' ? 'generation-1' : service, env),
    ).find((proc) => proc.service === 'generation');
    await waitUntil(firstWorker.ready, 'generation-1 ready');
    const health = await waitForHealth(base);
    log(`Healthy: generation instance ${health?.checks?.services?.generation?.instance}`);

    const scenarios = [];
    const warmupWorkers = {};
    for (const workers of WORKER_COUNTS) {
      while (processes.filter((proc) => proc.service === 'generation').length < workers) {
        const label = `generation-${processes.filter((proc) => proc.service === 'generation').length + 1}`;
        log(`Starting ${label}…`);
        const extra = startService('generation', label, env);
        await waitUntil(extra.ready, `${label} ready`);
        await waitForHealth(base);
      }
      const measured = await measureConfiguration(base, admin, workers);
      scenarios.push(...measured.rows);
      warmupWorkers[workers] = measured.warmupWorkers;
    }
    // Read before the stack stops: each worker's peak over both phases (it painted and stored every hero
    // it was given, 50 at once in the bursts, and chapters with their illustrations meanwhile).
    const workerMemory = processes
      .filter((proc) => proc.service === 'generation')
      .map((proc) => ({ worker: proc.label, ...processMemoryMiB(proc.pid) }));
    log(
      `Generation workers' memory (MiB): ${workerMemory.map((w) => `${w.worker} peak ${w.peak}, now ${w.now}`).join('; ')}`,
    );

    const machine = machineInfo({
      redis: redisVersion,
      loadAverage1mBefore: round(loadBefore[0], 2),
      loadAverage1mAfter: round(os.loadavg()[0], 2),
      loadAverageBefore: loadBefore.map((value) => round(value, 2)),
      loadAverageAfter: os.loadavg().map((value) => round(value, 2)),
    });
    const targets = targetsOf(scenarios, chapters);
    const result = {
      bench: 'generation',
      title: 'Hero generation through the stack (local provider)',
      date: new Date().toISOString(),
      machine,
      config: {
        scale: SCALE,
        heroesPerPhase: HEROES,
        warmupHeroes: WARMUP,
        workerProcesses: WORKER_COUNTS,
        generationConcurrencyPerProcess: 1,
        generateWaitMs: GENERATE_WAIT_MS,
        services: SERVICES,
        notes:
          'Every service is a child process of the bench on this machine, with Redis and PostgreSQL. Latency = ' +
          'POST /api/heroes/generate/:id sent → its 200 answer with the complete hero. Burst = every call sent ' +
          'at once; heroes/s from the first send to the last answer. Each phase uses fresh users and heroes. ' +
          'CPU in cores from /proc (services, postgres processes), Redis INFO and /proc/stat (machine). ' +
          'Percentiles are nearest-rank.',
      },
      scenarios,
      warmupHeroesPerWorker: warmupWorkers,
      targets,
      notes: notesOf(scenarios, targets, stages, machine),
      figures: [
        ...figuresOf(scenarios, targets),
        {
          figure: 'a generation worker, peak resident memory over the run',
          value: Math.max(...workerMemory.map((w) => w.peak)),
          unit: 'MiB',
          target: null,
          pass: null,
          ratios: null,
        },
      ],
      workerMemory,
      profiles: { stages, chapters },
    };
    printReport(result);
    console.log(`\nWrote ${await writeResult('generation', result)}`);
  } finally {
    if (!stackAbort.signal.aborted) stackAbort.abort(new Error('bench finished'));
    await cleanUp(workDir, admin);
  }
}

main().then(
  () => setTimeout(() => process.exit(0), 2_000).unref(),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
