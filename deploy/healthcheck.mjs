#!/usr/bin/env node
// Container health check of the Starborn image (Docker HEALTHCHECK, Kubernetes exec probes).
//
//   node deploy/healthcheck.mjs [service]
//
// Without an argument it finds the service running in this container by looking for a process whose
// command line is `node services/<service>/dist/main.js` (so a dead or never-started service fails).
//
// - gateway: GET http://127.0.0.1:$PORT/api/health must answer 200 (PostgreSQL, Redis and every service
//   answer; see the gateway's health controller).
// - backend services (auth, heroes, generation, payments, storybook, rooms) consume BullMQ queues;
//   with OPS_PORT set (compose and k8s set it) their ops listener must answer GET /readyz with 200
//   (the process runs its event loop, and PostgreSQL and Redis answer; 503 while it drains after
//   SIGTERM). Without OPS_PORT: the process runs and Redis at $REDIS_URL answers PING.
//   (Kubernetes probes the ops port directly: /livez for liveness, /readyz for readiness.)
//
// Environment: PORT, HOST (gateway), OPS_PORT (backend services), REDIS_URL, HEALTHCHECK_TIMEOUT_MS
// (default 4000).
// Exit codes: 0 healthy, 1 unhealthy (reason on stderr), 64 usage.
import { readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';

const SERVICES = ['gateway', 'auth', 'heroes', 'generation', 'payments', 'storybook', 'rooms'];
const MAIN = /(?:^|\/)services\/([a-z][a-z0-9-]*)\/dist\/main\.js$/;

const timeoutMs = Number(process.env.HEALTHCHECK_TIMEOUT_MS ?? 4000);

/** The services whose main.js some process of this container runs (procDir is overridable for tests). */
function runningServices(procDir = process.env.STARBORN_PROC_DIR || '/proc') {
  const found = new Set();
  let entries;
  try {
    entries = readdirSync(procDir);
  } catch {
    return found;
  }
  for (const pid of entries) {
    if (!/^\d+$/.test(pid) || Number(pid) === process.pid) continue;
    let argv;
    try {
      argv = readFileSync(`${procDir}/${pid}/cmdline`, 'utf8').split('\0');
    } catch {
      continue; // the process ended meanwhile, or is not ours to read
    }
    for (const arg of argv.slice(1, 4)) {
      const match = MAIN.exec(arg);
      if (match && SERVICES.includes(match[1])) found.add(match[1]);
    }
  }
  return found;
}

function checkGateway() {
  return checkHttp(process.env.HOST, Number(process.env.PORT || 3000), '/api/health', 'gateway');
}

function checkHttp(bound = '127.0.0.1', port, path, what) {
  const host = ['0.0.0.0', '::', '[::]', ''].includes(bound) ? '127.0.0.1' : bound;
  return new Promise((resolve, reject) => {
    const req = request({ host, port, path, method: 'GET', timeout: timeoutMs }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        if (body.length < 4096) body += chunk;
      });
      res.on('end', () => {
        if (res.statusCode === 200) resolve();
        else reject(new Error(`GET ${path} answered ${res.statusCode}: ${summarise(body)}`));
      });
    });
    req.on('timeout', () => req.destroy(new Error(`GET ${path} gave no answer within ${timeoutMs} ms`)));
    req.on('error', (error) => reject(new Error(`${what} on ${host}:${port}: ${error.message}`)));
    req.end();
  });
}

/** The names of the failing checks of a 503 body, else the body's start. */
function summarise(body) {
  try {
    const { checks, status } = JSON.parse(body);
    if (status === 'draining') return 'draining (shutting down)';
    const down = [];
    for (const [name, check] of Object.entries(checks ?? {})) {
      if (name === 'services') {
        for (const [service, c] of Object.entries(check)) if (c?.status !== 'ok') down.push(service);
      } else if (check?.status !== 'ok') down.push(name);
    }
    if (down.length > 0) return `down: ${down.join(', ')}`;
  } catch {
    // not JSON
  }
  return body.slice(0, 200);
}

async function checkRedis() {
  const { Redis } = await import('ioredis');
  const url = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: timeoutMs,
    commandTimeout: timeoutMs,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
    connectionName: 'starborn:healthcheck',
  });
  let socketError;
  redis.on('error', (error) => {
    socketError = error;
  });
  try {
    await redis.connect();
    const answer = await redis.ping();
    if (answer !== 'PONG') throw new Error(`PING answered ${answer}`);
  } catch (error) {
    const where = new URL(url);
    const reason = socketError?.message ?? error.message;
    throw new Error(`Redis at ${where.hostname}:${where.port || 6379}: ${reason}`, { cause: error });
  } finally {
    redis.disconnect();
  }
}

async function check(service) {
  if (service === 'gateway') await checkGateway();
  else if (process.env.OPS_PORT)
    await checkHttp(process.env.OPS_HOST, Number(process.env.OPS_PORT), '/readyz', service);
  else await checkRedis();
}

async function main() {
  const named = process.argv[2];
  let services;
  if (named) {
    if (!SERVICES.includes(named)) {
      process.stderr.write(`healthcheck: unknown service "${named}" (one of ${SERVICES.join(', ')})\n`);
      return 64;
    }
    services = [named];
  } else {
    services = [...runningServices()];
    if (services.length === 0) {
      process.stderr.write('healthcheck: no Starborn service process is running in this container\n');
      return 1;
    }
  }
  const timer = setTimeout(() => {
    process.stderr.write(`healthcheck: no verdict within ${timeoutMs * 2} ms\n`);
    process.exit(1);
  }, timeoutMs * 2);
  timer.unref();
  let status = 0;
  for (const service of services) {
    try {
      await check(service);
      process.stdout.write(`healthcheck: ${service} ok\n`);
    } catch (error) {
      process.stderr.write(`healthcheck: ${service} unhealthy: ${error.message}\n`);
      status = 1;
    }
  }
  return status;
}

process.exitCode = await main();
