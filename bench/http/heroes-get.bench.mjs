// HTTP throughput of GET /api/heroes/{id}: the product path against a single-process baseline, same run,
// same load generator.
//   starborn  the built gateway (NestJS on Fastify: JWT check, then a request over BullMQ/Redis) and the
//             built heroes service (BullMQ worker, its SQL query, presenter) as child processes; auth runs too,
//             for sign-up and its key pair.
//   baseline  bench/http/baseline-server.mjs: one Fastify + pg process doing the same work without the
//             hop: the same token check, the very statements the heroes service's query sends (caught
//             from its query function against this database before the run), the same row mapping and the
//             same JSON.
// One user with one paid, generated hero (made through the API, then completed directly in PostgreSQL:
// backstory and three images, as generation leaves them). autocannon, in this process, keeps CONNECTIONS
// keep-alive connections busy against one server at a time; after a warm-up of each, the measured time is
// split into rounds in the order baseline, starborn, starborn, baseline… so drift in the machine's other
// load falls on both. Latency = autocannon's per-request time (send → full response), nearest-rank
// percentiles over every 200 response. Any non-200, error or timeout fails the run; so does a baseline
// answer that differs from the gateway's.
//
// Run after building, from the repo root:
//   npx nx run-many -t build --exclude=web && node bench/http/heroes-get.bench.mjs
// BENCH_SCALE=0.2 for a quick run (scales the measured seconds); BENCH_DURATION_S (measured seconds per
// server, default 10), BENCH_WARMUP_S (default 2), BENCH_CONNECTIONS (default 50); BENCH_DATABASE_URL /
// BENCH_REDIS_URL point elsewhere. Everything it creates (database, Redis prefix, temp dir, processes) is
// removed at the end, also on failure or Ctrl-C. Writes bench/results/http.json and prints a table.
// Timing never fails the run.
import 'reflect-metadata';
import autocannon from 'autocannon';
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../scripts/lib/stack.mjs';
import { benchScale, fmt, textTable, writeResult } from '../lib/harness.mjs';
import { BenchStack, REDIS_URL, STARTUP_TIMEOUT_MS, api } from '../lib/stack.mjs';
import { summarize } from '../lib/stats.mjs';
import { machineCpuMs, processCpuMs, processSyscalls, redisCpuMs, redisPid } from '../lib/system.mjs';

const SCALE = benchScale();
const positive = (name, fallback) => {
  const value = Number(process.env[name] ?? fallback);
  if (!(value > 0)) throw new Error(`${name} must be a positive number`);
  return value;
};
const ROUNDS = 2;
const DURATION_S = Math.max(ROUNDS, Math.round(positive('BENCH_DURATION_S', 10) * SCALE));
const ROUND_S = Math.max(1, Math.round(DURATION_S / ROUNDS));
const WARMUP_S = positive('BENCH_WARMUP_S', 2);
const CONNECTIONS = Math.round(positive('BENCH_CONNECTIONS', 50));
/**
 * Starborn's rate at least 0.6 of the baseline's, the product's target for the hero read path. On top of
 * what the baseline does (token check, the statement, the JSON), each request costs the gateway a Nest
 * pipeline, a session check and a BullMQ request and the heroes service a BullMQ worker turn; meeting
 * the target means removing work from that path, not relaxing this number.
 */
const TARGET_RATIO = 0.6;
/**
 * Starborn's CPU per request (gateway + heroes + their PostgreSQL backends) at most 1.8 times the
 * baseline's (baseline + its backends), measured in the same run: the other half of the same target.
 */
const CPU_TARGET_RATIO = 1.8;
const PASSWORD = 'bench correct horse battery';
const BACKEND = ['auth', 'heroes'];

const stack = new BenchStack('http');
const MEDIA_URL_SECRET = randomBytes(32).toString('base64url');

const log = (line) => process.stderr.write(`${line}\n`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const round = (value, digits = 3) => Math.round(value * 10 ** digits) / 10 ** digits;

// ---- the hero ----

const BACKSTORY = Array.from(
  { length: 12 },
  (_, i) =>
    `Chapter ${i + 1}. Born under a restless sky, the bench hero learned early that every road ` +
    'bends toward the stars, and that a name carried far enough becomes a legend of its own.',
).join('\n\n');

/** A paid hero as generation leaves it: complete, with a backstory and three images. */
async function completeHero(db, heroId) {
  await db.query(
    `UPDATE heroes.heroes
        SET status = 'complete', payment_status = 'paid', backstory = $2, generated_by = 'local',
            generation_attempt = 1, updated_at = now()
      WHERE id = $1`,
    [heroId, BACKSTORY],
  );
  await db.query(
    `INSERT INTO heroes.hero_images (hero_id, angle, position, prompt, full_key, preview_key)
     SELECT $1::text, angle, position - 1, 'A fantasy hero, ' || angle || ' view, painterly, dramatic light',
            'heroes/' || $1::text || '/full/' || angle, 'heroes/' || $1::text || '/preview/' || angle
     FROM unnest(ARRAY['front', 'profile', 'action']) WITH ORDINALITY AS a(angle, position)`,
    [heroId],
  );
}

/**
 * The statements the heroes service sends to find an owned hero with its images: its own query function
 * (from its build) run against this database, statements caught on the way. Parameters equal to the
 * hero id or the user id become placeholders for the baseline.
 */
async function heroesStatements(databaseUrl, heroId, userId) {
  const { findOwnedHero } = await import('../../services/heroes/dist/heroes/hero.queries.js');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const statements = [];
  // The query functions take anything that runs SQL text with parameters, as the service's entity manager does.
  const recording = {
    query: (text, params = []) => {
      statements.push({ text, params });
      return client.query(text, params);
    },
  };
  try {
    const hero = await findOwnedHero(recording, heroId, userId);
    if (!hero) throw new Error('the heroes query did not find the bench hero');
  } finally {
    await client.end();
  }
  return statements.map(({ text, params }) => ({
    text,
    params: params.map((value) => (value === heroId ? 'heroId' : value === userId ? 'userId' : value)),
  }));
}

/** The body without the signatures of media URLs (an hour boundary may fall between two answers). */
const unsigned = (body) => JSON.parse(JSON.stringify(body).replace(/\?exp=\d+&sig=[\w-]+/g, ''));

function sameJson(a, b) {
  const canonical = (value) =>
    Array.isArray(value)
      ? value.map(canonical)
      : value && typeof value === 'object'
        ? Object.fromEntries(
            Object.keys(value)
              .sort()
              .map((key) => [key, canonical(value[key])]),
          )
        : value;
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}

// ---- load ----

/** autocannon against one URL; the per-request times of every 200, and how many were anything else. */
async function load(url, token, seconds) {
  const latencies = [];
  let other = 0;
  const instance = autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    headers: { authorization: `Bearer ${token}` },
  });
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    if (statusCode === 200) latencies.push(responseTime);
    else other += 1;
  });
  const started = performance.now();
  const result = await instance;
  const elapsedMs = performance.now() - started;
  if (other > 0 || result.errors > 0 || result.timeouts > 0) {
    throw new Error(
      `${url}: ${other} non-200 answers, ${result.errors} errors, ${result.timeouts} timeouts ` +
        `(${JSON.stringify(result.statusCodeStats)})`,
    );
  }
  return { latencies, elapsedMs, bytes: result.throughput.total };
}

async function main() {
  let db;
  await stack.open(['auth', 'heroes', 'gateway'], () => db?.end().catch(() => undefined));
  const { admin, redis } = stack;

  const env = stack.env({ MEDIA_URL_SECRET });
  log(
    `http bench: GET /api/heroes/{id}, ${CONNECTIONS} connections, ${DURATION_S} s per server in ${ROUNDS} rounds ` +
      `after ${WARMUP_S} s warm-up, scale ${SCALE}`,
  );
  // auth first: it writes the dev key pair the others read.
  stack.startService('auth', env);
  await sleep(1_500);
  stack.startService('heroes', env);
  const gatewayPort = await freePort();
  stack.startService('gateway', { ...env, PORT: String(gatewayPort) });
  const base = `http://127.0.0.1:${gatewayPort}`;
  await stack.waitForGateway(base, BACKEND);

  // One user, one paid hero with its backstory and images. Not timed.
  const session = await api(base, 'POST', '/api/auth/register', {
    body: { name: 'Bench HTTP', email: `bench-http-${stack.suffix}@example.com`, password: PASSWORD },
    expect: [200, 201],
  });
  const heroId = randomBytes(16).toString('hex');
  await api(base, 'POST', '/api/heroes', {
    token: session.token,
    body: { heroName: 'Bench Hero', birthdate: '1990-07-25', heroId },
    expect: [201],
  });
  db = new pg.Client({ connectionString: env.DATABASE_URL });
  await db.connect();
  await completeHero(db, heroId);
  const userId = (await db.query('SELECT owner_id FROM heroes.heroes WHERE id = $1', [heroId])).rows[0]
    .owner_id;
  await db.end();
  db = undefined;
  const statements = await heroesStatements(env.DATABASE_URL, heroId, userId);
  log(`The heroes service sends ${statements.length} statement(s) per GET; the baseline sends the same.`);

  const baselineProcess = stack.startProcess(
    'baseline',
    [path.join('bench', 'http', 'baseline-server.mjs')],
    {
      ...env,
      PORT: '0',
      BASELINE_SQL: JSON.stringify(statements),
    },
  );
  const [, baselinePort] = await baselineProcess
    .waitForLine(/^listening (\d+)$/, STARTUP_TIMEOUT_MS)
    .catch((error) => Promise.reject(stack.error ?? error));

  const targets = {
    baseline: { label: 'Fastify + pg, one process (baseline)', base: `http://127.0.0.1:${baselinePort}` },
    starborn: { label: 'gateway → BullMQ → heroes (Starborn)', base },
  };
  const route = `/api/heroes/${heroId}`;
  // Same answer from both (signatures aside), and both refuse a request without a token.
  const answers = {};
  for (const [name, target] of Object.entries(targets)) {
    answers[name] = await api(target.base, 'GET', route, { token: session.token });
    await api(target.base, 'GET', route, { expect: [401] });
  }
  if (answers.starborn.images?.length !== 3 || answers.starborn.backstory !== BACKSTORY)
    throw new Error(`unexpected hero from the gateway: ${JSON.stringify(answers.starborn).slice(0, 300)}`);
  if (!sameJson(unsigned(answers.starborn), unsigned(answers.baseline))) {
    throw new Error(
      `the baseline answers differently:\n${JSON.stringify(answers.baseline)}\nvs\n${JSON.stringify(answers.starborn)}`,
    );
  }
  const bodyBytes = Buffer.byteLength(JSON.stringify(answers.starborn));

  for (const target of Object.values(targets)) await load(`${target.base}${route}`, session.token, WARMUP_S);

  // Whose CPU: the servers' processes, the database's backends for this database, Redis (whole server).
  const backendPids = async () =>
    (
      await admin.query('SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [
        stack.databaseName,
      ])
    ).rows.map((row) => row.pid);
  // Redis's system calls only when it runs here: a remote server's pid names some other local process.
  const localRedisPid = ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(REDIS_URL).hostname)
    ? await redisPid(redis)
    : NaN;
  const cpuSnapshot = async () => {
    const pgPids = await backendPids();
    return {
      machine: machineCpuMs(),
      process: new Map(stack.processes.map((proc) => [proc.label, processCpuMs(proc.pid) ?? 0])),
      postgres: new Map(pgPids.map((pid) => [pid, processCpuMs(pid) ?? 0])),
      redis: await redisCpuMs(redis),
      bench: process.cpuUsage(),
      syscalls: new Map([
        ...stack.processes.map((proc) => [proc.label, processSyscalls(proc.pid)]),
        ['redis', Number.isNaN(localRedisPid) ? null : processSyscalls(localRedisPid)],
      ]),
    };
  };
  /**
   * Reads and writes made between two snapshots, by process. Not PostgreSQL's: its backends use
   * recv/send, which /proc/PID/io does not count.
   */
  const syscallDelta = (before, after) => {
    const delta = {};
    for (const [key, now] of after.syscalls) {
      const then = before.syscalls.get(key) ?? { reads: 0, writes: 0 };
      if (now === null) continue;
      const total = (delta[key] ??= { reads: 0, writes: 0 });
      total.reads += now.reads - then.reads;
      total.writes += now.writes - then.writes;
    }
    return delta;
  };
  const cpuDelta = (before, after) => {
    let postgres = 0;
    for (const [pid, ms] of after.postgres) postgres += ms - (before.postgres.get(pid) ?? 0);
    const bench = process.cpuUsage(before.bench);
    return {
      machineBusyMs: after.machine.busyMs - before.machine.busyMs,
      machineTotalMs: after.machine.totalMs - before.machine.totalMs,
      ...Object.fromEntries(
        [...after.process].map(([label, ms]) => [label, ms - (before.process.get(label) ?? 0)]),
      ),
      postgres,
      redis: after.redis - before.redis,
      bench: (bench.user + bench.system) / 1000,
    };
  };

  const loadBefore = os.loadavg()[0];
  const runs = { baseline: [], starborn: [] };
  for (let r = 0; r < ROUNDS; r++) {
    const order = r % 2 === 0 ? ['baseline', 'starborn'] : ['starborn', 'baseline'];
    for (const name of order) {
      stack.throwIfFailed();
      const before = await cpuSnapshot();
      const measured = await load(`${targets[name].base}${route}`, session.token, ROUND_S);
      const after = await cpuSnapshot();
      runs[name].push({ ...measured, cpu: cpuDelta(before, after), syscalls: syscallDelta(before, after) });
      log(
        `round ${r + 1}, ${name}: ${fmt.rps((measured.latencies.length / measured.elapsedMs) * 1000)} req/s`,
      );
    }
  }
  const loadAfter = os.loadavg()[0];
  stack.throwIfFailed();

  // ---- figures ----
  const sum = (values) => values.reduce((total, value) => total + value, 0);
  const results = {};
  for (const [name, list] of Object.entries(runs)) {
    const elapsedMs = sum(list.map((run) => run.elapsedMs));
    const summary = summarize(
      list.flatMap((run) => run.latencies),
      elapsedMs,
    );
    const cpuMs = {};
    for (const key of Object.keys(list[0].cpu)) cpuMs[key] = sum(list.map((run) => run.cpu[key]));
    const serving = name === 'starborn' ? ['gateway', 'heroes', 'postgres'] : ['baseline', 'postgres'];
    const perRequest = (ms) => round(ms / summary.count, 3);
    results[name] = {
      summary,
      rounds: list.map((run) => Math.round((run.latencies.length / run.elapsedMs) * 1000)),
      cpuCores: Object.fromEntries(
        Object.entries(cpuMs)
          .filter(([key]) => !key.startsWith('machine'))
          .map(([key, ms]) => [key, round(ms / elapsedMs, 2)]),
      ),
      machineBusyCores: round((cpuMs.machineBusyMs / (cpuMs.machineTotalMs || 1)) * os.cpus().length, 2),
      cpuMsPerRequest: {
        serving: perRequest(sum(serving.map((key) => cpuMs[key]))),
        ...Object.fromEntries(serving.map((key) => [key, perRequest(cpuMs[key])])),
        redis: perRequest(cpuMs.redis),
        loadGenerator: perRequest(cpuMs.bench),
      },
      // The serving processes' and Redis's read and write system calls per request (their messages).
      syscallsPerRequest: Object.fromEntries(
        [...serving, 'redis']
          .filter((key) => key !== 'postgres')
          .filter((key) => list.every((run) => run.syscalls[key]))
          .map((key) => {
            const reads = sum(list.map((run) => run.syscalls[key].reads));
            const writes = sum(list.map((run) => run.syscalls[key].writes));
            return [key, { reads: perRequest(reads), writes: perRequest(writes) }];
          }),
      ),
    };
  }
  const s = results.starborn;
  const describeCpu = ({ serving, ...parts }) =>
    `${serving} (${Object.entries(parts)
      .map(([key, value]) => `${key} ${value}`)
      .join(', ')})`;
  /** Busy cores of the whole machine minus those of this bench's processes, Redis and PostgreSQL backends. */
  const otherCores = (r) => round(Math.max(0, r.machineBusyCores - sum(Object.values(r.cpuCores))), 2);
  const b = results.baseline;
  const ratio = s.summary.throughputRps / b.summary.throughputRps;
  const pass = ratio >= TARGET_RATIO;
  const cpuRatio = s.cpuMsPerRequest.serving / b.cpuMsPerRequest.serving;
  const cpuPass = cpuRatio <= CPU_TARGET_RATIO;

  console.log(
    `\nGET /api/heroes/{id}: ${CONNECTIONS} connections, ${DURATION_S} s each in ${ROUNDS} rounds, ` +
      `${os.cpus().length}× ${os.cpus()[0]?.model?.trim()}, load ${round(loadBefore, 2)} → ${round(loadAfter, 2)}\n`,
  );
  console.log(
    textTable(
      ['server', 'requests', 'req/s', 'p50 ms', 'p90 ms', 'p99 ms', 'max ms', 'CPU ms/req'],
      Object.entries(results).map(([name, r]) => [
        targets[name].label,
        r.summary.count,
        fmt.rps(r.summary.throughputRps),
        fmt.ms(r.summary.p50Ms),
        fmt.ms(r.summary.p90Ms),
        fmt.ms(r.summary.p99Ms),
        fmt.ms(r.summary.maxMs),
        r.cpuMsPerRequest.serving,
      ]),
    ),
  );
  console.log(
    `\nThroughput Starborn / baseline ${fmt.ratio(ratio)} (target ≥ ×${TARGET_RATIO}: ${pass ? 'PASS' : 'FAIL'}).`,
  );
  console.log(
    `CPU per request Starborn / baseline ${fmt.ratio(cpuRatio)} (target ≤ ×${CPU_TARGET_RATIO}: ${cpuPass ? 'PASS' : 'FAIL'}): ` +
      `${describeCpu(s.cpuMsPerRequest)} against ${describeCpu(b.cpuMsPerRequest)} ms.`,
  );
  const describeSyscalls = (calls) =>
    Object.entries(calls)
      .map(([key, { reads, writes }]) => `${key} ${reads}/${writes}`)
      .join(', ');
  console.log(
    `System calls per request (reads/writes): Starborn ${describeSyscalls(s.syscallsPerRequest)}; ` +
      `baseline ${describeSyscalls(b.syscallsPerRequest)}.`,
  );
  for (const [name, r] of Object.entries(results)) {
    console.log(
      `CPU during ${name} (cores): ${Object.entries(r.cpuCores)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')}; machine busy ${r.machineBusyCores} of ${os.cpus().length}`,
    );
  }

  const machine = await stack.machineInfo({
    loadAverage1mBefore: round(loadBefore, 2),
    loadAverage1mAfter: round(loadAfter, 2),
  });
  const vs = 'Fastify + pg';
  const figure = (label, value, unit, { target = null, pass: verdict = null, ratios = null } = {}) => ({
    figure: label,
    value: round(value),
    unit,
    target,
    pass: verdict,
    ratios,
  });
  const prefix = `GET /api/heroes/{id}, ${CONNECTIONS} connections`;
  const result = {
    bench: 'http',
    title:
      'HTTP: GET /api/heroes/{id} through the gateway and the heroes service vs one Fastify + pg process',
    date: new Date().toISOString(),
    machine,
    config: {
      scale: SCALE,
      connections: CONNECTIONS,
      secondsPerServer: ROUNDS * ROUND_S,
      rounds: ROUNDS,
      warmupSeconds: WARMUP_S,
      responseBytes: bodyBytes,
      statements: statements.map((statement) => statement.text),
      notes:
        'Every process on the one machine: auth, heroes and gateway from their dist (NODE_ENV=test, log level ' +
        'warn), the baseline (bench/http/baseline-server.mjs), PostgreSQL, Redis and autocannon (this process). ' +
        'Both servers answer the same request with the same token and the same JSON; pools of 10 connections ' +
        'each. Latency = send → full response per request as autocannon times it; percentiles nearest-rank. ' +
        'CPU ms per request: serving = gateway + heroes + the PostgreSQL backends of the bench database ' +
        '(Starborn), baseline + those backends (baseline); Redis is the whole server, so other work on it counts.',
    },
    results,
    figures: [
      figure(`${prefix}, Starborn: throughput`, s.summary.throughputRps, 'req/s', {
        ratios: { [vs]: round(ratio, 2) },
      }),
      figure(`${prefix}, Starborn: latency p50`, s.summary.p50Ms, 'ms', {
        ratios: { [vs]: round(s.summary.p50Ms / b.summary.p50Ms, 2) },
      }),
      figure(`${prefix}, Starborn: latency p99`, s.summary.p99Ms, 'ms', {
        ratios: { [vs]: round(s.summary.p99Ms / b.summary.p99Ms, 2) },
      }),
      figure(
        `${prefix}, Starborn: CPU per request (gateway + heroes + PostgreSQL)`,
        s.cpuMsPerRequest.serving,
        'ms',
        {
          ratios: { [vs]: round(s.cpuMsPerRequest.serving / b.cpuMsPerRequest.serving, 2) },
        },
      ),
      figure(`${prefix}, Fastify + pg baseline: throughput`, b.summary.throughputRps, 'req/s'),
      figure(`${prefix}, Fastify + pg baseline: latency p50`, b.summary.p50Ms, 'ms'),
      figure(`${prefix}, Fastify + pg baseline: latency p99`, b.summary.p99Ms, 'ms'),
      figure(
        `${prefix}, Fastify + pg baseline: CPU per request (server + PostgreSQL)`,
        b.cpuMsPerRequest.serving,
        'ms',
      ),
      figure('throughput, Starborn / Fastify + pg', ratio, '×', {
        target: { min: TARGET_RATIO, unit: '×' },
        pass,
      }),
      figure('CPU per request, Starborn / Fastify + pg', cpuRatio, '×', {
        target: { max: CPU_TARGET_RATIO, unit: '×' },
        pass: cpuPass,
      }),
    ],
    notes: [
      `${fmt.rps(s.summary.throughputRps)} against ${fmt.rps(b.summary.throughputRps)} req/s, ${fmt.ratio(ratio)} ` +
        `(per round: Starborn ${s.rounds.join(', ')}; baseline ${b.rounds.join(', ')}); ` +
        `${s.summary.count + b.summary.count} requests, all 200, ${bodyBytes}-byte answers, the same from both ` +
        `(${statements.length} statements per request, as the heroes service sends them).`,
      `Target ≥ ×${TARGET_RATIO}, the product's target for the hero read path: on top of the baseline's work ` +
        'the gateway adds a Nest pipeline and a BullMQ round trip (per request one session read, about 2.5 BullMQ scripts (the add, the completion with the next fetch, now and then an empty fetch) and the PUBLISH of the reply) ' +
        'and the heroes service a BullMQ worker turn (its query is one statement, mapped by hand); the target is met by removing work from ' +
        'that path.',
      `CPU ms per request: Starborn ${describeCpu(s.cpuMsPerRequest)}; baseline ${describeCpu(b.cpuMsPerRequest)}; ` +
        `${fmt.ratio(cpuRatio)} (target ≤ ×${CPU_TARGET_RATIO}). ` +
        `Other work on the machine took ${otherCores(s)} cores during the Starborn runs and ${otherCores(b)} ` +
        `during the baseline's (of ${os.cpus().length}; load ${round(loadBefore, 2)} → ${round(loadAfter, 2)}): ` +
        'the rates share the cores with it, CPU per request much less so.',
      `System calls per request (reads/writes, from /proc/PID/io; Redis when it runs here): Starborn ` +
        `${describeSyscalls(s.syscallsPerRequest)}; baseline ${describeSyscalls(b.syscallsPerRequest)}. ` +
        'On this path most of them are messages between processes, and their count moves far less with the ' +
        "machine's other load than the rates do.",
    ],
  };
  console.log(`\nWrote ${await writeResult('http', result)}`);
}

stack.run(main);
