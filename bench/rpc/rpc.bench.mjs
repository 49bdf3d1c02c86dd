// Request/reply latency and throughput over local Redis, in one process:
//   redis-ping   a raw ioredis PING: the floor
//   bullmq-wait  raw BullMQ: queue.add + Worker echo + job.waitUntilFinished(queueEvents)
//   messaging    @starborn/messaging: BullMqClient.request -> BullMqServer echo handler (Nest microservice)
// each with 1 and with 50 requests in flight. Run after a build, from the repo root:
//   node bench/rpc/rpc.bench.mjs            (BENCH_SCALE=0.1 for a quick run; BENCH_REDIS_URL to override)
// Writes bench/results/rpc.json and prints a table. Timing never fails the run; real errors exit 1.
import 'reflect-metadata';
import { Controller, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MessagePattern } from '@nestjs/microservices';
import { defineCommand } from '@starborn/contracts';
import { BullMqClient, BullMqServer } from '@starborn/messaging';
import { Queue, QueueEvents, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import {
  benchScale,
  fmt,
  machineInfo,
  runClosedLoop,
  scaled,
  textTable,
  writeResult,
} from '../lib/harness.mjs';
import { startRedisProfile, stopRedisProfile } from '../lib/redis-profile.mjs';
import { percentile, sortedSamples } from '../lib/stats.mjs';
import { deleteRedisPrefix } from '../lib/system.mjs';

const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const PREFIX = `bench-rpc-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`;
const SCALE = benchScale();
const TARGETS = [
  { scenario: 'messaging', inFlight: 1, metric: 'p50Ms', max: 1 },
  { scenario: 'messaging', inFlight: 1, metric: 'p99Ms', max: 5 },
];
const ALL_LOADS = [
  { inFlight: 1, warmup: scaled(300, SCALE), count: scaled(2_000, SCALE) },
  { inFlight: 50, warmup: scaled(2_000, SCALE), count: scaled(10_000, SCALE) },
];
// For profiling one case: BENCH_ONLY=messaging BENCH_IN_FLIGHT=1 (a partial run does not write rpc.json).
const ONLY = process.env.BENCH_ONLY?.split(',').filter(Boolean);
const IN_FLIGHT = process.env.BENCH_IN_FLIGHT?.split(',').filter(Boolean).map(Number);
const LOADS = ALL_LOADS.filter((load) => !IN_FLIGHT || IN_FLIGHT.includes(load.inFlight));
const PARTIAL = Boolean(ONLY || IN_FLIGHT);
const PROFILE_COUNT = scaled(500, SCALE);
const BASELINES = ['bullmq-wait', 'redis-ping'];

function bullConnection(url) {
  const parsed = new URL(url);
  return {
    host: parsed.hostname,
    port: Number(parsed.port || 6379),
    db: Number(parsed.pathname.slice(1) || 0),
    ...(parsed.password ? { password: decodeURIComponent(parsed.password) } : {}),
  };
}

/** Where, in the same process, the handler saw request i: splits the latency into there and back. */
function stageProbe() {
  let marks = null;
  return {
    mark(i) {
      if (marks) marks[i] = performance.now();
    },
    arm(count) {
      marks = new Float64Array(count).fill(NaN);
    },
    split(latencies, starts) {
      const outbound = [];
      const back = [];
      for (let i = 0; i < latencies.length; i += 1) {
        if (Number.isNaN(marks[i])) continue;
        outbound.push(marks[i] - starts[i]);
        back.push(starts[i] + latencies[i] - marks[i]);
      }
      marks = null;
      const median = (values) => Math.round(percentile(sortedSamples(values), 50) * 1000) / 1000;
      return { toHandlerP50Ms: median(outbound), handlerToReplyP50Ms: median(back) };
    },
  };
}

// ---- the three systems under test: each { name, setup() -> { call(i), close() }, probe? } ----

const redisPing = {
  name: 'redis-ping',
  async setup() {
    const redis = new Redis(REDIS_URL, { connectionName: `${PREFIX}:ping` });
    await redis.ping();
    return { call: () => redis.ping(), close: () => redis.quit() };
  },
};

const bullmqProbe = stageProbe();
const bullmqWait = {
  name: 'bullmq-wait',
  probe: bullmqProbe,
  async setup() {
    const connection = bullConnection(REDIS_URL);
    const name = 'echo';
    const queue = new Queue(name, { connection, prefix: PREFIX });
    const worker = new Worker(
      name,
      async (job) => {
        bullmqProbe.mark(job.data.n);
        return job.data;
      },
      { connection, prefix: PREFIX, concurrency: 64 },
    );
    const queueEvents = new QueueEvents(name, { connection, prefix: PREFIX });
    for (const emitter of [queue, worker, queueEvents]) {
      emitter.on('error', (error) => console.error(`bullmq-wait: ${error.message}`));
    }
    // Every waitUntilFinished listens on both until its job is done.
    queueEvents.setMaxListeners(1_000);
    queue.setMaxListeners(1_000);
    await Promise.all([queue.waitUntilReady(), worker.waitUntilReady(), queueEvents.waitUntilReady()]);
    const options = { removeOnComplete: { count: 1_000 }, removeOnFail: { count: 1_000 } };
    return {
      async call(n) {
        const job = await queue.add('echo', { n }, options);
        const reply = await job.waitUntilFinished(queueEvents, 10_000);
        if (reply?.n !== n) throw new Error(`bullmq-wait: reply ${JSON.stringify(reply)} for ${n}`);
      },
      async close() {
        await worker.close();
        await Promise.all([queueEvents.close(), queue.close()]);
      },
    };
  },
};

const messagingProbe = stageProbe();
const messaging = {
  name: 'messaging',
  probe: messagingProbe,
  async setup() {
    const registry = { 'bench.echo': defineCommand('bench') };

    // The decorators, applied as the functions they are (no TypeScript here).
    class EchoHandlers {
      echo(payload) {
        messagingProbe.mark(payload.n);
        return payload;
      }
    }
    MessagePattern('bench.echo')(
      EchoHandlers.prototype,
      'echo',
      Object.getOwnPropertyDescriptor(EchoHandlers.prototype, 'echo'),
    );
    Controller()(EchoHandlers);
    class BenchModule {}
    Module({ controllers: [EchoHandlers] })(BenchModule);

    const app = await NestFactory.createMicroservice(BenchModule, {
      strategy: new BullMqServer({ url: REDIS_URL, prefix: PREFIX, service: 'bench', registry }),
      logger: false,
    });
    await app.listen();
    const client = new BullMqClient({ url: REDIS_URL, prefix: PREFIX, registry, timeoutMs: 10_000 });
    await client.connect();
    return {
      async call(n) {
        const reply = await client.request('bench.echo', { n });
        if (reply?.n !== n) throw new Error(`messaging: reply ${JSON.stringify(reply)} for ${n}`);
      },
      async close() {
        await client.close();
        await app.close();
      },
    };
  },
};

// ---- running ----

/** CPU seconds Redis has used (the whole server: other clients of a shared Redis count too). */
async function redisCpuMs(admin) {
  const info = await admin.info('cpu');
  const field = (name) => Number(new RegExp(`${name}:([0-9.]+)`).exec(info)?.[1] ?? NaN);
  return (field('used_cpu_user') + field('used_cpu_sys')) * 1000;
}

async function measure(system, admin) {
  const rows = [];
  const instance = await system.setup();
  try {
    for (const load of LOADS) {
      await runClosedLoop({ concurrency: load.inFlight, count: load.warmup, fn: instance.call });
      const redisBefore = await redisCpuMs(admin);
      const nodeBefore = process.cpuUsage();
      const { summary } = await runClosedLoop({
        concurrency: load.inFlight,
        count: load.count,
        fn: instance.call,
      });
      const node = process.cpuUsage(nodeBefore);
      const redisCpu = (await redisCpuMs(admin)) - redisBefore;
      const perRequest = (ms) => Math.round((ms / load.count) * 1000) / 1000;
      rows.push({
        scenario: system.name,
        inFlight: load.inFlight,
        warmup: load.warmup,
        ...summary,
        nodeCpuMsPerRequest: perRequest((node.user + node.system) / 1000),
        redisCpuMsPerRequest: perRequest(redisCpu),
      });
      process.stderr.write(
        `  ${system.name.padEnd(12)} ${String(load.inFlight).padStart(2)} in flight: p50 ${fmt.ms(summary.p50Ms)} ms, ` +
          `p99 ${fmt.ms(summary.p99Ms)} ms, ${fmt.rps(summary.throughputRps)} req/s\n`,
      );
    }

    // A separate, instrumented pass with 1 in flight: Redis commands per request and where the time goes.
    const starts = new Float64Array(PROFILE_COUNT);
    system.probe?.arm(PROFILE_COUNT);
    startRedisProfile();
    const { latencies, summary } = await runClosedLoop({
      concurrency: 1,
      count: PROFILE_COUNT,
      fn: (i, started) => {
        starts[i] = started;
        return instance.call(i);
      },
    });
    const redisCommands = stopRedisProfile(PROFILE_COUNT);
    const profile = {
      requests: PROFILE_COUNT,
      p50Ms: summary.p50Ms,
      ...(system.probe ? system.probe.split(latencies, starts) : {}),
      redisCommands,
    };
    return { rows, profile };
  } finally {
    await instance.close();
  }
}

function ratiosOf(rows) {
  const find = (scenario, inFlight) => rows.find((r) => r.scenario === scenario && r.inFlight === inFlight);
  const ratios = {};
  for (const baseline of BASELINES) {
    const key = `messaging/${baseline}`;
    ratios[key] = {};
    for (const { inFlight } of LOADS) {
      const m = find('messaging', inFlight);
      const b = find(baseline, inFlight);
      if (!m || !b) continue;
      const round = (value) => Math.round(value * 100) / 100;
      ratios[key][`inFlight${inFlight}`] = {
        p50: round(m.p50Ms / b.p50Ms),
        p99: round(m.p99Ms / b.p99Ms),
        mean: round(m.meanMs / b.meanMs),
        throughput: round(m.throughputRps / b.throughputRps),
      };
    }
  }
  return ratios;
}

/** The rows bench/report.mjs puts in bench/results/README.md (same shape for every bench). */
function figuresOf(rows, ratios, targets) {
  const figures = [];
  for (const row of rows) {
    for (const [metric, unit, label] of [
      ['p50Ms', 'ms', 'p50'],
      ['p99Ms', 'ms', 'p99'],
      ['throughputRps', 'req/s', 'throughput'],
    ]) {
      const target = targets.find(
        (t) => t.scenario === row.scenario && t.inFlight === row.inFlight && t.metric === metric,
      );
      const ratioKey = { p50Ms: 'p50', p99Ms: 'p99', throughputRps: 'throughput' }[metric];
      figures.push({
        figure: `${row.scenario}, ${row.inFlight} in flight, ${label}`,
        value: Math.round(row[metric] * 1000) / 1000,
        unit,
        target: target ? { max: target.max, unit: 'ms' } : null,
        pass: target ? target.pass : null,
        ratios:
          row.scenario === 'messaging'
            ? Object.fromEntries(
                BASELINES.map((b) => [
                  b,
                  ratios[`messaging/${b}`]?.[`inFlight${row.inFlight}`]?.[ratioKey] ?? null,
                ]),
              )
            : null,
      });
    }
  }
  return figures;
}

function printReport(result) {
  const { scenarios, ratios, targets, profiles } = result;
  const header = [
    'scenario',
    'in flight',
    'requests',
    'p50 ms',
    'p99 ms',
    'mean ms',
    'max ms',
    'req/s',
    'node cpu ms/req',
    'redis cpu ms/req',
    'p50 vs bullmq',
    'p50 vs ping',
  ];
  const rows = scenarios.map((row) => {
    const ratio = (baseline) => {
      const value = ratios[`messaging/${baseline}`]?.[`inFlight${row.inFlight}`]?.p50;
      return row.scenario === 'messaging' && value !== undefined ? fmt.ratio(value) : '';
    };
    return [
      row.scenario,
      row.inFlight,
      row.count,
      fmt.ms(row.p50Ms),
      fmt.ms(row.p99Ms),
      fmt.ms(row.meanMs),
      fmt.ms(row.maxMs),
      fmt.rps(row.throughputRps),
      fmt.ms(row.nodeCpuMsPerRequest),
      fmt.ms(row.redisCpuMsPerRequest),
      ratio('bullmq-wait'),
      ratio('redis-ping'),
    ];
  });
  const m = result.machine;
  console.log(
    `\nRPC request/reply — ${m.cpus}× ${m.cpuModel}, Node ${m.node}, Redis ${m.redis}, ` +
      `scale ${result.config.scale}, load average ${m.loadAverage1mBefore} → ${m.loadAverage1mAfter}\n`,
  );
  if (Math.max(m.loadAverage1mBefore, m.loadAverage1mAfter) > m.cpus) {
    console.log(
      `WARNING: the load average exceeded the ${m.cpus} CPUs: other work competed; tails are inflated.\n`,
    );
  }
  console.log(textTable(header, rows));
  console.log('\nTargets (report only, never fails the run):');
  for (const t of targets) {
    const verdict = t.pass === null ? 'SKIP' : t.pass ? 'PASS' : 'FAIL';
    const actual = t.actual === null ? 'not run' : `${fmt.ms(t.actual)} ms`;
    console.log(
      `  [${verdict}] ${t.scenario}, ${t.inFlight} in flight, ${t.metric.replace('Ms', '')} ${actual} (target ≤ ${t.max} ms)`,
    );
  }
  console.log(
    `\nProfile: a separate instrumented pass, 1 in flight, ${result.config.profileRequests} requests`,
  );
  for (const [name, profile] of Object.entries(profiles)) {
    const split =
      profile.toHandlerP50Ms !== undefined
        ? `; request → handler p50 ${fmt.ms(profile.toHandlerP50Ms)} ms, handler → reply p50 ${fmt.ms(profile.handlerToReplyP50Ms)} ms`
        : '';
    console.log(`  ${name}: p50 ${fmt.ms(profile.p50Ms)} ms${split}`);
    for (const c of profile.redisCommands) {
      const time = c.blocking ? 'blocking wait' : `p50 ${fmt.ms(c.p50Ms)} ms send → reply`;
      console.log(`    ${String(c.perRequest).padStart(5)} × ${c.command} (${time})`);
    }
  }
}

async function main() {
  const admin = new Redis(REDIS_URL, { connectionName: `${PREFIX}:admin`, maxRetriesPerRequest: 1 });
  let deleted;
  try {
    const info = await admin.info('server');
    const redisVersion = /redis_version:(\S+)/.exec(info)?.[1] ?? 'unknown';
    process.stderr.write(`rpc bench: prefix ${PREFIX}, scale ${SCALE}\n`);

    const scenarios = [];
    const profiles = {};
    const loadBefore = os.loadavg()[0];
    for (const system of [redisPing, bullmqWait, messaging]) {
      if (ONLY && !ONLY.includes(system.name)) continue;
      const { rows, profile } = await measure(system, admin);
      scenarios.push(...rows);
      profiles[system.name] = profile;
    }

    const targets = TARGETS.map((t) => {
      const row = scenarios.find((r) => r.scenario === t.scenario && r.inFlight === t.inFlight);
      const actual = row?.[t.metric];
      if (!row) return { ...t, actual: null, pass: null };
      return { ...t, actual: Math.round(actual * 1000) / 1000, pass: actual <= t.max };
    });
    const ratios = ratiosOf(scenarios);
    const result = {
      bench: 'rpc',
      title: 'Request/reply over local Redis',
      date: new Date().toISOString(),
      machine: machineInfo({
        redis: redisVersion,
        loadAverage1mBefore: Math.round(loadBefore * 100) / 100,
        loadAverage1mAfter: Math.round(os.loadavg()[0] * 100) / 100,
      }),
      config: {
        scale: SCALE,
        redisUrl: REDIS_URL,
        loads: LOADS,
        profileRequests: PROFILE_COUNT,
        notes:
          'One process: client, server and Redis share the machine. Closed loop: each of N lanes sends its next ' +
          'request when the previous one is answered. Percentiles are nearest-rank.',
      },
      scenarios,
      targets,
      ratios,
      figures: figuresOf(scenarios, ratios, targets),
      profiles,
    };
    printReport(result);
    if (PARTIAL)
      console.log('\nPartial run (BENCH_ONLY / BENCH_IN_FLIGHT): bench/results/rpc.json left as it was.');
    else console.log(`\nWrote ${await writeResult('rpc', result)}`);
  } finally {
    deleted = await deleteRedisPrefix(admin, PREFIX).catch((error) => {
      console.error(`Could not clean up ${PREFIX}:*: ${error.message}`);
      return 0;
    });
    process.stderr.write(`Removed ${deleted} keys under ${PREFIX}:*\n`);
    await admin.quit().catch(() => admin.disconnect());
  }
}

main().then(
  () => {
    // Everything is closed; if a stray handle kept the loop alive, do not hang a CI job on it.
    setTimeout(() => process.exit(0), 2_000).unref();
  },
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
