// Shared story rooms: message delivery latency to a full room spread over two gateway instances.
// The built services run as child processes (auth, heroes, generation, rooms, and the gateway twice, on
// two ports, as two replicas behind a load balancer). 200 socket.io clients (websocket), each a user with
// a hero of its own, authenticate and join one room, alternating between the two gateways; 1 in 10 heroes
// is premium (a participant), the others spectate. One participant, on gateway A, then sends 100 messages
// at a steady rate (MESSAGE_INTERVAL_MS apart), and every client, the sender included, records when each
// message arrives. Delivery latency = arrival at a client − the moment the sender emitted send_message
// (one process, one clock). The path measured is the whole product path: gateway A checks and rate-limits
// the message, asks the rooms service over BullMQ, which stores it in PostgreSQL and publishes it through
// the socket.io Redis emitter, which both gateways' Redis adapters hear and fan out to their sockets.
// The narrator answers every third message as in production (local provider), so its jobs and replies
// run during the measurement too.
//
// Run after building, from the repo root:
//   npx nx run-many -t build --exclude=web && node bench/rooms/rooms.bench.mjs   (BENCH_SCALE=0.1: quick)
// BENCH_DATABASE_URL / BENCH_REDIS_URL point elsewhere. Everything it creates (database, Redis prefix,
// temp dir, processes) is removed at the end, also on failure or Ctrl-C. Writes bench/results/rooms.json
// and prints a table. Timing never fails the run; a lost or duplicated delivery does.
import pg from 'pg';
import { io as connectSocket } from 'socket.io-client';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { freePort } from '../../scripts/lib/stack.mjs';
import { benchScale, fmt, runClosedLoop, scaled, textTable, writeResult } from '../lib/harness.mjs';
import { BenchStack, api } from '../lib/stack.mjs';
import { summarize } from '../lib/stats.mjs';
import { machineCpuMs, processCpuMs, redisCpuMs } from '../lib/system.mjs';

const SCALE = benchScale();
const CLIENTS = scaled(200, SCALE, 20);
const MESSAGES = scaled(100, SCALE, 20);
const WARMUP_MESSAGES = 10;
const PREMIUM_EVERY = 10;
const MESSAGE_INTERVAL_MS = Number(process.env.BENCH_MESSAGE_INTERVAL_MS ?? 50);
const TARGET_P99_MS = 100;
const DELIVERY_TIMEOUT_MS = 30_000;
const PREPARE_CONCURRENCY = 8;
const JOIN_CONCURRENCY = 20;
const PASSWORD = 'bench correct horse battery';
const BACKEND = ['auth', 'heroes', 'generation', 'rooms'];

const stack = new BenchStack('rooms');

const log = (line) => process.stderr.write(`${line}\n`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const round = (value, digits = 3) => Math.round(value * 10 ** digits) / 10 ** digits;

// ---- the room ----

/** `CLIENTS` users with one hero each (1 in PREMIUM_EVERY made premium in the heroes schema). Not timed. */
async function prepareHeroes(base, db) {
  const heroes = new Array(CLIENTS);
  await runClosedLoop({
    concurrency: PREPARE_CONCURRENCY,
    count: CLIENTS,
    fn: async (i) => {
      const session = await api(base, 'POST', '/api/auth/register', {
        body: {
          name: `Bench ${i}`,
          email: `bench-rooms-${stack.suffix}-${i}@example.com`,
          password: PASSWORD,
        },
        expect: [200, 201],
      });
      const heroId = randomBytes(16).toString('hex');
      await api(base, 'POST', '/api/heroes', {
        token: session.token,
        body: { heroName: `Bench Hero ${i}`, birthdate: '1990-07-25', heroId },
        expect: [201],
      });
      heroes[i] = { token: session.token, heroId, premium: i % PREMIUM_EVERY === 0 };
    },
  });
  // The payments flow is not what is measured: premium is set where heroes keeps it.
  await db.query(`UPDATE heroes.heroes SET payment_status = 'paid' WHERE id = ANY($1)`, [
    heroes.filter((hero) => hero.premium).map((hero) => hero.heroId),
  ]);
  return heroes;
}

/** One socket.io client: authenticated and in the room; hands every chat message to `onMessage`. */
async function joinClient(base, hero, roomId, onMessage) {
  const socket = connectSocket(base, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  const next = (event) =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${event} within 10 s`)), 10_000);
      const fail = (payload) => {
        clearTimeout(timer);
        reject(new Error(`${event}: ${JSON.stringify(payload)}`));
      };
      socket.once(event, (payload) => {
        clearTimeout(timer);
        socket.off('error', fail).off('authentication_error', fail);
        resolve(payload);
      });
      socket.once('error', fail).once('authentication_error', fail);
    });
  await new Promise((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  socket.emit('authenticate', { token: hero.token, heroId: hero.heroId });
  await next('authenticated');
  socket.emit('join_room', { roomId });
  const joined = await next('room_joined');
  socket.on('message', onMessage);
  return { socket, role: joined.role };
}

async function main() {
  let db;
  const sockets = [];
  await stack.open(['auth', 'heroes', 'generation', 'rooms', 'gateway'], async () => {
    for (const socket of sockets) socket.disconnect();
    await db?.end().catch(() => undefined);
  });
  const { redis } = stack;

  const env = stack.env({
    RATE_LIMIT_LOGIN_PER_IP: '100000',
    // One sender at a steady rate well above a person's: the chat limit is not what is measured.
    RATE_LIMIT_ROOM_MESSAGES: '100000',
  });
  log(
    `rooms bench: ${CLIENTS} clients, ${MESSAGES} messages ${MESSAGE_INTERVAL_MS} ms apart, scale ${SCALE}`,
  );
  // auth first: it writes the dev key pair the others read.
  stack.startService('auth', env);
  await sleep(1_500);
  for (const service of BACKEND.slice(1)) stack.startService(service, env);
  const ports = [await freePort(), await freePort()];
  const gateways = ports.map((port, i) => {
    const label = `gateway-${'AB'[i]}`;
    const proc = stack.startService('gateway', { ...env, PORT: String(port) }, label);
    return { label, base: `http://127.0.0.1:${port}`, proc };
  });
  await Promise.all(gateways.map((gateway) => stack.waitForGateway(gateway.base, BACKEND)));
  db = new pg.Client({ connectionString: env.DATABASE_URL });
  await db.connect();
  const [a, b] = gateways;

  let started = performance.now();
  const heroes = await prepareHeroes(a.base, db);
  log(`Prepared ${CLIENTS} users and heroes in ${fmt.ms(performance.now() - started)} ms`);
  const sender = heroes[0]; // premium (index 0)
  const { roomId } = await api(a.base, 'POST', '/api/shared-story/create', {
    token: sender.token,
    body: { heroId: sender.heroId },
    expect: [201],
  });

  // Arrivals: received[i][c] = when client c got message i (NaN until then).
  const TAG = `bench-${stack.suffix}`;
  const total = WARMUP_MESSAGES + MESSAGES;
  const sentAt = new Float64Array(total).fill(NaN);
  const received = Array.from({ length: total }, () => new Float64Array(CLIENTS).fill(NaN));
  let duplicates = 0;
  let deliveries = 0;
  let allArrived = () => undefined;
  const clients = new Array(CLIENTS);
  started = performance.now();
  await runClosedLoop({
    concurrency: JOIN_CONCURRENCY,
    count: CLIENTS,
    fn: async (c) => {
      const gateway = c % 2 === 0 ? a : b;
      const onMessage = (message) => {
        const at = performance.now();
        if (typeof message?.content !== 'string' || !message.content.startsWith(TAG)) return;
        const i = Number(message.content.slice(TAG.length + 1));
        if (!Number.isNaN(received[i][c])) duplicates += 1;
        else {
          received[i][c] = at;
          deliveries += 1;
          if (deliveries === total * CLIENTS) allArrived();
        }
      };
      const joined = await joinClient(gateway.base, heroes[c], roomId, onMessage);
      sockets.push(joined.socket);
      clients[c] = { ...joined, gateway: gateway.label };
    },
  });
  log(`${CLIENTS} clients joined in ${fmt.ms(performance.now() - started)} ms`);
  const lobby = await api(b.base, 'GET', '/api/shared-story', { token: heroes[1].token });
  const row = lobby.find((room) => room.id === roomId);
  const participants = clients.filter((client) => client.role === 'participant').length;
  if (row?.participantCount !== participants || row.participantCount + row.spectatorCount !== CLIENTS) {
    throw new Error(
      `lobby counts ${JSON.stringify(row)}; expected ${participants} + ${CLIENTS - participants}`,
    );
  }

  const everything = new Promise((resolve) => (allArrived = resolve));
  const send = (i) => {
    sentAt[i] = performance.now();
    clients[0].socket.emit('send_message', { message: `${TAG} ${i}` });
  };
  // Warm-up (not measured): connections, JIT, pools.
  for (let i = 0; i < WARMUP_MESSAGES; i++) {
    send(i);
    await sleep(MESSAGE_INTERVAL_MS);
  }
  await sleep(1_000);

  const loadBefore = os.loadavg()[0];
  const cpuBefore = {
    machine: machineCpuMs(),
    processes: new Map(stack.processes.map((proc) => [proc.label, processCpuMs(proc.pid)])),
    bench: process.cpuUsage(),
    redis: await redisCpuMs(redis),
  };
  started = performance.now();
  for (let i = WARMUP_MESSAGES; i < total; i++) {
    send(i);
    await sleep(MESSAGE_INTERVAL_MS);
  }
  const arrived = await Promise.race([
    everything.then(() => true),
    sleep(DELIVERY_TIMEOUT_MS).then(() => false),
  ]);
  const elapsedMs = performance.now() - started;
  const cpuAfter = {
    machine: machineCpuMs(),
    processes: new Map(stack.processes.map((proc) => [proc.label, processCpuMs(proc.pid)])),
    bench: process.cpuUsage(cpuBefore.bench),
    redis: await redisCpuMs(redis),
  };
  const loadAfter = os.loadavg()[0];
  stack.throwIfFailed();
  if (!arrived) {
    let lost = 0;
    for (let i = 0; i < total; i++)
      for (let c = 0; c < CLIENTS; c++) if (Number.isNaN(received[i][c])) lost++;
    throw new Error(`${lost} deliveries missing after ${DELIVERY_TIMEOUT_MS} ms`);
  }
  if (duplicates > 0) throw new Error(`${duplicates} messages delivered twice to a client`);

  // ---- figures ----
  const samples = { all: [], A: [], B: [], sender: [], last: [] };
  for (let i = WARMUP_MESSAGES; i < total; i++) {
    let lastArrival = 0;
    for (let c = 0; c < CLIENTS; c++) {
      const latency = received[i][c] - sentAt[i];
      samples.all.push(latency);
      samples[c % 2 === 0 ? 'A' : 'B'].push(latency);
      if (c === 0) samples.sender.push(latency);
      lastArrival = Math.max(lastArrival, latency);
    }
    samples.last.push(lastArrival);
  }
  const summaries = Object.fromEntries(
    Object.entries(samples).map(([name, values]) => [name, summarize(values, elapsedMs)]),
  );
  const wallMs = cpuAfter.machine.totalMs - cpuBefore.machine.totalMs;
  const cores = (ms) => round(ms / (elapsedMs || 1), 2);
  const cpu = {
    machineBusyCores: round(
      ((cpuAfter.machine.busyMs - cpuBefore.machine.busyMs) / (wallMs || 1)) * os.cpus().length,
      2,
    ),
    bench: cores((cpuAfter.bench.user + cpuAfter.bench.system) / 1000),
    redis: cores(cpuAfter.redis - cpuBefore.redis),
    ...Object.fromEntries(
      stack.processes.map((proc) => [
        proc.label,
        cores((cpuAfter.processes.get(proc.label) ?? 0) - (cpuBefore.processes.get(proc.label) ?? 0)),
      ]),
    ),
  };
  const pass = summaries.all.p99Ms <= TARGET_P99_MS;

  const rows = [
    ['every client (all deliveries)', summaries.all],
    ['clients on gateway A (the sender’s)', summaries.A],
    ['clients on gateway B', summaries.B],
    ['the sender’s own copy', summaries.sender],
    ['last client of each message', summaries.last],
  ];
  console.log(
    `\nRoom delivery — ${CLIENTS} clients (${participants} participants) over 2 gateways, ${MESSAGES} messages ` +
      `${MESSAGE_INTERVAL_MS} ms apart, ${os.cpus().length}× ${os.cpus()[0]?.model?.trim()}, load ${round(loadBefore, 2)} → ${round(loadAfter, 2)}\n`,
  );
  console.log(
    textTable(
      ['deliveries', 'count', 'p50 ms', 'p90 ms', 'p99 ms', 'max ms'],
      rows.map(([name, s]) => [
        name,
        s.count,
        fmt.ms(s.p50Ms),
        fmt.ms(s.p90Ms),
        fmt.ms(s.p99Ms),
        fmt.ms(s.maxMs),
      ]),
    ),
  );
  console.log(
    `\nCPU during the run (cores): ${Object.entries(cpu)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}`,
  );
  console.log(
    `Target: p99 over all deliveries ≤ ${TARGET_P99_MS} ms: ${pass ? 'PASS' : 'FAIL'} (${fmt.ms(summaries.all.p99Ms)} ms)`,
  );

  const machine = await stack.machineInfo({
    loadAverage1mBefore: round(loadBefore, 2),
    loadAverage1mAfter: round(loadAfter, 2),
  });
  const figure = (label, summary, metric, target = null) => ({
    figure: label,
    value: round(summary[metric]),
    unit: 'ms',
    target: target ? { max: target, unit: 'ms' } : null,
    pass: target ? summary[metric] <= target : null,
    ratios: null,
  });
  const result = {
    bench: 'rooms',
    title: 'Shared story room: message delivery to 200 clients over two gateway instances',
    date: new Date().toISOString(),
    machine,
    config: {
      scale: SCALE,
      clients: CLIENTS,
      participants,
      gateways: 2,
      messages: MESSAGES,
      warmupMessages: WARMUP_MESSAGES,
      messageIntervalMs: MESSAGE_INTERVAL_MS,
      notes:
        'Every service a child process (auth, heroes, generation, rooms, gateway ×2) on the one machine, with ' +
        'PostgreSQL, Redis and the 200 clients (this process, websocket transport), clients alternating between ' +
        'the two gateways. Latency = arrival at a client − emit of send_message by the sender (same clock). ' +
        'The narrator answers every third message during the run (local provider). Percentiles are nearest-rank.',
    },
    summaries,
    cpuCores: cpu,
    figures: [
      figure(`${CLIENTS} clients on 2 gateways, delivery latency p50`, summaries.all, 'p50Ms'),
      figure(`${CLIENTS} clients on 2 gateways, delivery latency p99`, summaries.all, 'p99Ms', TARGET_P99_MS),
      figure(`clients on the other gateway (B), delivery latency p99`, summaries.B, 'p99Ms'),
      figure(`last client of each message, p99`, summaries.last, 'p99Ms'),
    ],
    notes: [
      `${MESSAGES} messages × ${CLIENTS} clients = ${summaries.all.count} deliveries, none lost or doubled; ` +
        `p50 ${fmt.ms(summaries.all.p50Ms)} ms, p99 ${fmt.ms(summaries.all.p99Ms)} ms (gateway A ${fmt.ms(summaries.A.p99Ms)}, ` +
        `gateway B ${fmt.ms(summaries.B.p99Ms)}). CPU in cores during the run: ` +
        `${Object.entries(cpu)
          .map(([k, v]) => `${k} ${v}`)
          .join(', ')}.`,
    ],
  };
  console.log(`\nWrote ${await writeResult('rooms', result)}`);
}

stack.run(main);
