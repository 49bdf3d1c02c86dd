/**
 * System proof, part 2a: bad input (issue 9). Property-based fuzzing with fast-check of the whole
 * running stack (two gateways, two generation workers, one of every other service):
 *
 *  - every operation of the gateway's OpenAPI document (read at run time, so a new endpoint is fuzzed
 *    without a change here), with arbitrary path parameters, query strings, bodies (shaped after the
 *    operation's schema with junk in its fields, or any JSON, or broken JSON, or other content types),
 *    headers and methods, as a visitor, as a signed-in user and with a junk token;
 *  - every socket event (authenticate, join_room, send_message, and unknown ones) with arbitrary
 *    payloads, on sockets of visitors and of the signed-in user, on both gateways.
 *
 * The properties: no answer is a 5xx (a 503 from a dependency timeout counts too), no request hangs,
 * no socket answer is the internal-error message and every socket still answers after its event, no
 * process stops, and afterwards every process is ready and /api/health is 200 on every gateway.
 *
 * Requests stay cheap: generation is asked for ids that no hero has. The seed is printed; set
 * FUZZ_SEED to replay a run, FUZZ_HTTP_CASES / FUZZ_SOCKET_CASES to change the counts.
 */
import fc from 'fast-check';
import { randomBytes } from 'node:crypto';
import { Api, SocketClient } from './client.js';
import {
  brokenJsonText,
  junkJson,
  junkString,
  resolveSchema,
  shapedAfter,
  type Json,
  type OpenApiDocument,
  type SchemaObject,
} from './fuzz-inputs.js';
import { startSystem, type System } from './harness.js';
import { heroFor, newHeroId, pay, register, shareAndRoom, type Owner } from './world.js';

const HTTP_CASES = Number(process.env.FUZZ_HTTP_CASES ?? 9_000);
const SOCKET_CASES = Number(process.env.FUZZ_SOCKET_CASES ?? 2_400);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
/** Requests in flight at once (and sockets fuzzed at once). */
const CONCURRENCY = 16;
const REQUEST_TIMEOUT_MS = 30_000;
const RESERVED_EVENTS = new Set([
  'connect',
  'connect_error',
  'disconnect',
  'disconnecting',
  'newListener',
  'removeListener',
]);
const INTERNAL_MESSAGE = 'Something went wrong on our side. Please try again later.';

let system: System;
let api: Api;
let doc: OpenApiDocument;
/** The signed-in user: a premium hero, its storybook, a share link and a room. */
let owner: Owner;
let shareId: string;
let roomId: string;
/**
 * Signing out ends the token it is called with: the sign-out operations are fuzzed with a throwaway
 * account's token, so the owner stays signed in for the rest of the suite.
 */
const ENDS_SESSION = /^\/api\/auth\/logout/;
let throwawayToken: string;
const userTokenFor = (path: string) => (ENDS_SESSION.test(path) ? throwawayToken : owner.token);

beforeAll(async () => {
  system = await startSystem({ label: 'sysfuzz' });
  api = new Api(system.gatewayUrls);
  const account = await register(api, 'fuzzer');
  throwawayToken = (await register(api, 'fuzz-signout')).token;
  owner = await heroFor(api, account, 'Fuzz Warden');
  await pay(api, owner, 'premium_upgrade');
  for (let attempt = 0; ; attempt++) {
    const premium = await api.post(`/api/heroes/setpremium/${owner.heroId}`, owner.token);
    if (premium.status === 200) break;
    if (attempt > 100) throw new Error(`setpremium: ${premium.status} ${premium.text.slice(0, 200)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  ({ shareId, roomId } = await shareAndRoom(api, owner.token, owner.heroId));
  const answer = await api.get('/api/docs/json');
  expect(answer.status).toBe(200);
  doc = answer.json;
  console.log(`fuzz seed ${SEED} (FUZZ_SEED=${SEED} replays it)`);
}, 180_000);

afterAll(async () => {
  await system?.stop();
}, 60_000);

// ─── what the cases are made of ─────────────────────────────────────────────────────────────────────

interface Operation {
  method: string;
  path: string;
  /** 'METHOD /path' as the document names it */
  name: string;
  pathParams: string[];
  headerParams: string[];
  bodySchema?: unknown;
}

function operationsOf(document: OpenApiDocument): Operation[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map(([method, operation]) => ({
        method: method.toUpperCase(),
        path,
        name: `${method.toUpperCase()} ${path}`,
        pathParams: (operation.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name),
        headerParams: (operation.parameters ?? []).filter((p) => p.in === 'header').map((p) => p.name),
        bodySchema: operation.requestBody?.content?.['application/json']?.schema,
      })),
  );
}

/** Ids the system knows (the signed-in user's), ids of nothing, and junk. */
const hex32 = fc.stringMatching(/^[0-9a-f]{32}$/);
function idValues(generates: boolean): fc.Arbitrary<string> {
  const known = generates
    ? [] // a generation endpoint never gets a hero id that exists: no real generation per case
    : [owner.heroId, `preview-${owner.heroId}`, owner.storyBookId, shareId, roomId, owner.userId];
  return fc.oneof(
    ...(known.length ? [{ arbitrary: fc.constantFrom(...known), weight: 3 }] : []),
    { arbitrary: hex32, weight: 3 },
    { arbitrary: hex32.map((id) => `preview-${id}`), weight: 1 },
    { arbitrary: hex32.map((id) => id.toUpperCase()), weight: 1 },
    { arbitrary: fc.uuid(), weight: 2 },
    { arbitrary: junkString, weight: 6 },
  );
}

/** A path segment: encoded as a browser would, or raw (bad escapes, slashes, dots) now and then. */
const segmentOf = (value: string, raw: boolean) =>
  raw ? value.replace(/[?#\s]/g, (c) => encodeURIComponent(c)) : encode(value);
/** encodeURIComponent, also for lone surrogates (sent as U+FFFD, as a browser's UTF-8 would). */
const encode = (value: string) => encodeURIComponent(value.toWellFormed());

const queryString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constant(''), weight: 4 },
  {
    arbitrary: fc
      .array(
        fc.tuple(
          fc.oneof(
            fc.constantFrom(
              '__proto__',
              '__proto__[polluted]',
              'constructor[prototype][polluted]',
              'page',
              'limit',
              'q',
              'heroId',
              'id',
              'exp',
              'sig',
              'payment',
              'type',
            ),
            junkString.map((s) => s.slice(0, 50)),
          ),
          fc.oneof(
            junkString.map((s) => s.slice(0, 2_000)),
            fc.constantFrom('1', '-1', 'true', '[]', 'sb-fuzz-canary'),
          ),
          fc.boolean(),
        ),
        { minLength: 1, maxLength: 6 },
      )
      .map(
        (pairs) =>
          '?' +
          pairs
            .map(([key, value, raw]) =>
              raw
                ? `${key.replace(/[#&=\s]/g, '')}=${value.replace(/[#&\s]/g, '')}`
                : `${encode(key)}=${encode(value)}`,
            )
            .join('&'),
      ),
    weight: 3,
  },
);

type Role = 'visitor' | 'user' | 'junk-token';

interface HttpCase {
  op: string;
  role: Role;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** What the body is, for the report. */
  bodyKind: string;
}

const junkToken: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('', 'null', 'undefined', 'Bearer', 'a.b.c', 'eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.', '..'),
  fc.string({ maxLength: 200 }).map(ascii),
  fc.constant('x'.repeat(9_000)),
);

/** Header values must be ASCII without line breaks (fetch refuses others before sending). */
function ascii(value: string): string {
  return value.replace(/[^\x20-\x7e]/g, '');
}

function httpCase(ops: Operation[]): fc.Arbitrary<HttpCase> {
  const contentTypes = fc.constantFrom(
    'application/json',
    'application/json',
    'application/json; charset=utf-16',
    'text/plain',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=sbfuzz',
    'application/xml',
    '',
  );
  const OVER_1_MB = JSON.stringify({ name: 'x'.repeat(1_100_000) });
  // One arbitrary per operation, built once; a case picks its operation uniformly.
  return fc.oneof(...ops.map((op) => caseOf(op)));
  function caseOf(op: Operation): fc.Arbitrary<HttpCase> {
    const generates = /generate/.test(op.path);
    const schemaBody = shapedAfter(op.bodySchema as never, doc, (field) =>
      /heroId|roomId|storyBookId|^id$|userId/i.test(field)
        ? (idValues(generates) as fc.Arbitrary<Json>)
        : undefined,
    );
    const body: fc.Arbitrary<{ kind: string; text?: string; type?: string }> = fc.oneof(
      { arbitrary: fc.constant({ kind: 'none' }), weight: op.bodySchema ? 10 : 30 },
      {
        arbitrary: schemaBody.map((value) => ({ kind: 'shaped', text: JSON.stringify(value) })),
        weight: op.bodySchema ? 60 : 10,
      },
      {
        arbitrary: junkJson.map((value) => ({ kind: 'any-json', text: JSON.stringify(value) ?? 'null' })),
        weight: 30,
      },
      { arbitrary: brokenJsonText.map((text) => ({ kind: 'broken-json', text })), weight: 20 },
      {
        arbitrary: fc
          .tuple(contentTypes, junkString)
          .map(([type, text]) => ({ kind: `content-type ${type || '(none)'}`, text, type })),
        weight: 10,
      },
      {
        arbitrary: fc.constant({ kind: 'over 1 MB', text: OVER_1_MB }),
        weight: 1,
      },
    );
    return fc
      .record({
        role: fc.constantFrom<Role>('visitor', 'user', 'user', 'junk-token'),
        token: junkToken,
        params: fc.tuple(...op.pathParams.map(() => fc.tuple(idValues(generates), fc.nat(9)))),
        query: queryString,
        body,
        header: fc.string({ maxLength: 300 }).map(ascii),
        method: fc.oneof(
          { arbitrary: fc.constant(op.method), weight: 30 },
          {
            arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'),
            weight: 1,
          },
        ),
        extraHeaders: fc.option(
          fc.constantFrom<Record<string, string>>(
            { 'x-request-id': '../../\\' },
            { 'x-forwarded-for': '1.2.3.4, ::1, junk' },
            { 'accept-encoding': 'gzip, br, zstd, *;q=0' },
            { accept: 'text/html' },
            { origin: 'https://evil.example' },
            { cookie: '__proto__=x; token=y' },
          ),
          { freq: 8 },
        ),
      })
      .map(({ role, token, params, query, body: chosen, header, method, extraHeaders }) => {
        let path = op.path;
        op.pathParams.forEach((name, index) => {
          const [value, rawRoll] = params[index];
          // Generation endpoints: an id that names no hero (checked again when the case runs).
          const safe = generates && value.includes(owner.heroId) ? newHeroId() : value;
          path = path.replace(`{${name}}`, segmentOf(safe, rawRoll === 0));
        });
        const headers: Record<string, string> = {};
        if (role === 'user') headers.authorization = `Bearer ${userTokenFor(op.path)}`;
        if (role === 'junk-token') headers.authorization = `Bearer ${token}`;
        for (const name of op.headerParams) headers[name] = header;
        if (chosen.text !== undefined) headers['content-type'] = chosen.type ?? 'application/json';
        if (chosen.type === '') delete headers['content-type'];
        if (extraHeaders) Object.assign(headers, extraHeaders);
        const canHaveBody = method !== 'GET' && method !== 'HEAD';
        return {
          op: op.name,
          role,
          method,
          path: path + query,
          headers,
          body: canHaveBody ? chosen.text : undefined,
          bodyKind: canHaveBody ? chosen.kind : 'none',
        };
      });
  }
}

// ─── running the cases ──────────────────────────────────────────────────────────────────────────────

interface Finding {
  what: string;
  example: string;
  count: number;
}

const findings = new Map<string, Finding>();
function found(key: string, example: string) {
  const entry = findings.get(key);
  if (entry) entry.count++;
  else findings.set(key, { what: key, example, count: 1 });
}

/** What in a case is the likely cause, so one finding groups the same mistake. */
function causeOf(c: HttpCase): string {
  const body = c.body ?? '';
  const depth = /^(\[+)/.exec(body)?.[1].length ?? 0;
  const objectDepth = /^((\{"a":)+)/.exec(body)?.[1].length ?? 0;
  if (depth >= 100) return `arrays nested ${depth >= 2_000 ? '2,000+' : '100+'} deep`;
  if (objectDepth >= 500) return `objects nested ${objectDepth >= 10_000 ? '2,000+' : '100+'} deep`;
  if (body.includes('\\u0000')) return 'a NUL character (\\u0000) in the body';
  // JSON.stringify writes a surrogate as an escape only when it is alone.
  if (/\\ud[89a-f][0-9a-f]{2}/i.test(body)) return 'a lone surrogate in the body';
  return `body: ${c.bodyKind}`;
}

function describeCase(c: HttpCase): string {
  const body =
    c.body === undefined ? '' : ` body(${c.bodyKind}, ${c.body.length} chars)=${c.body.slice(0, 300)}`;
  const headers = Object.entries(c.headers)
    .filter(([name]) => name !== 'authorization' || c.role !== 'user')
    .map(([name, value]) => `${name}: ${value.slice(0, 80)}`)
    .join('; ');
  return `${c.method} ${c.path.slice(0, 400)} as ${c.role}${headers ? ` [${headers}]` : ''}${body}`;
}

const statusCounts = new Map<number, number>();
const opCounts = new Map<string, number>();
let socketEvents = 0;
/** Milliseconds spent per operation (for the slowest ones in the output). */
const opTimes = new Map<string, number>();

async function runHttp(c: HttpCase): Promise<void> {
  opCounts.set(c.op, (opCounts.get(c.op) ?? 0) + 1);
  const began = Date.now();
  try {
    await sendHttp(c);
  } finally {
    opTimes.set(c.op, (opTimes.get(c.op) ?? 0) + Date.now() - began);
  }
}

async function sendHttp(c: HttpCase): Promise<void> {
  let status: number;
  let text: string;
  try {
    const response = await fetch(`${system.gatewayUrls[api.nextGateway()]}${c.path}`, {
      method: c.method,
      headers: c.headers,
      body: c.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    status = response.status;
    text = await response.text();
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).name;
    // A request the client itself cannot send (e.g. a URL it refuses) is not the server's fault.
    if (error instanceof TypeError && !cause) return;
    found(`${c.op}: no answer (${cause})`, describeCase(c));
    return;
  }
  statusCounts.set(status, (statusCounts.get(status) ?? 0) + 1);
  if (status >= 500) found(`${c.op}: ${status} ${text.slice(0, 100)} — ${causeOf(c)}`, describeCase(c));
}

function deadProcesses(): string[] {
  return system.processes
    .filter((proc) => !proc.child || proc.child.exitCode !== null || proc.child.signalCode !== null)
    .map((proc) => `${proc.name} (${proc.child?.exitCode ?? proc.child?.signalCode})`);
}

describe('fuzzing the whole system (fast-check)', () => {
  let ops: Operation[];
  let started: number;

  beforeAll(() => {
    ops = operationsOf(doc);
    started = Date.now();
  });

  it(`HTTP: ${HTTP_CASES} cases over every operation of the OpenAPI document — no 5xx, no hang, no crash`, async () => {
    expect(ops.length).toBeGreaterThanOrEqual(20);
    findings.clear();
    const httpStarted = Date.now();
    const runs = Math.ceil(HTTP_CASES / CONCURRENCY);
    let crashed: string | undefined;
    await fc
      .assert(
        fc.asyncProperty(
          fc.array(httpCase(ops), { minLength: CONCURRENCY, maxLength: CONCURRENCY }),
          async (cases) => {
            await Promise.all(cases.map(runHttp));
            const dead = deadProcesses();
            if (dead.length) {
              crashed = `${dead.join(', ')} stopped during:\n${cases.map(describeCase).join('\n')}\n${system.logTail(30)}`;
              return false;
            }
            return true;
          },
        ),
        { numRuns: runs, seed: SEED, endOnFailure: true },
      )
      .catch((error) => {
        throw new Error(crashed ?? String(error));
      });
    const total = [...opCounts.values()].reduce((a, b) => a + b, 0);
    console.log(
      `HTTP fuzz: ${total} cases in ${((Date.now() - httpStarted) / 1000).toFixed(1)} s over ${ops.length} operations; statuses ${JSON.stringify(Object.fromEntries([...statusCounts].sort()))}`,
    );
    console.log(
      `slowest operations (total ms / cases): ${[...opTimes]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 6)
        .map(([op, ms]) => `${op} ${ms}/${opCounts.get(op)}`)
        .join('; ')}`,
    );
    expect(total).toBeGreaterThanOrEqual(HTTP_CASES);
    // Every operation got its share.
    expect(
      ops.filter((op) => (opCounts.get(op.name) ?? 0) < HTTP_CASES / ops.length / 3).map((op) => op.name),
    ).toEqual([]);
    expect(report()).toBe('');
  }, 600_000);

  it(`sockets: ${SOCKET_CASES} events with arbitrary payloads — every socket still answers, no internal error, no crash`, async () => {
    const socketStarted = Date.now();
    findings.clear();
    const sockets: { client: SocketClient; signedIn: boolean; gateway: number }[] = [];
    for (let i = 0; i < CONCURRENCY; i++) {
      const signedIn = i % 4 !== 0;
      const gateway = i % system.gatewayUrls.length;
      sockets.push({
        client: await SocketClient.connect(system.gatewayUrls[gateway], signedIn ? owner.token : undefined),
        signedIn,
        gateway,
      });
    }
    const eventArb = fc.oneof(
      { arbitrary: fc.constantFrom('authenticate', 'join_room', 'send_message'), weight: 12 },
      {
        arbitrary: fc.constantFrom(
          'message',
          'error',
          'room_joined',
          'authenticated',
          'constructor',
          '__proto__',
          'hasOwnProperty',
        ),
        weight: 1,
      },
      // (socket.io-client refuses to emit its reserved names: connect, disconnecting, …)
      { arbitrary: fc.string({ maxLength: 20 }).filter((name) => !RESERVED_EVENTS.has(name)), weight: 1 },
    );
    const fieldArb = (field: string): fc.Arbitrary<unknown> => {
      const real = { token: owner.token, heroId: owner.heroId, roomId, message: 'A fuzzed hello' }[field];
      return fc.oneof(
        { arbitrary: fc.constant(real), weight: 4 },
        { arbitrary: junkJson, weight: 4 },
        { arbitrary: fc.constant(String(real).toUpperCase()), weight: 1 },
        { arbitrary: fc.constant(` ${String(real)} `), weight: 1 },
        {
          arbitrary: fc.constantFrom(
            ' ',
            '\u0000',
            'x'.repeat(1_001),
            '🦄'.repeat(600),
            '<img src=x onerror=alert(1)>',
          ),
          weight: 2,
        },
      );
    };
    const payloadArb: fc.Arbitrary<unknown[]> = fc.oneof(
      {
        arbitrary: fc
          .record(
            {
              token: fieldArb('token'),
              heroId: fieldArb('heroId'),
              roomId: fieldArb('roomId'),
              message: fieldArb('message'),
            },
            { requiredKeys: [] },
          )
          .chain((object) =>
            fc
              .option(fc.tuple(fc.constantFrom('__proto__', 'constructor'), junkJson), { freq: 4 })
              .map((pollution) => [pollution ? { ...object, [pollution[0]]: pollution[1] } : object]),
          ),
        weight: 6,
      },
      { arbitrary: junkJson.map((value) => [value]), weight: 3 },
      { arbitrary: fc.constant([]), weight: 1 },
      { arbitrary: fc.array(junkJson, { minLength: 2, maxLength: 4 }), weight: 1 },
      { arbitrary: fc.uint8Array({ maxLength: 64 }).map((bytes) => [Buffer.from(bytes)]), weight: 1 },
    );
    const caseArb = fc.record({ event: eventArb, args: payloadArb });
    const runs = Math.ceil(SOCKET_CASES / CONCURRENCY);
    let count = 0;
    const recent: string[][] = [];
    const answers = new Map<string, number>();
    let crashed: string | undefined;

    await fc
      .assert(
        fc.asyncProperty(
          fc.array(caseArb, { minLength: CONCURRENCY, maxLength: CONCURRENCY }),
          async (cases) => {
            await Promise.all(
              cases.map(async (c, index) => {
                try {
                  await runSocketCase(c, index);
                } catch (error) {
                  found(
                    `socket ${c.event}: the test client failed: ${String(error)}`,
                    JSON.stringify(c.args)?.slice(0, 300) ?? '',
                  );
                }
              }),
            );
            async function runSocketCase(c: { event: string; args: unknown[] }, index: number) {
              count++;
              let slot = sockets[index];
              if (!slot.client.socket.connected) {
                // A socket the server closed (e.g. for a malformed packet) is replaced; that is allowed.
                slot.client.close();
                slot = sockets[index] = {
                  ...slot,
                  client: await SocketClient.connect(
                    system.gatewayUrls[slot.gateway],
                    slot.signedIn ? owner.token : undefined,
                  ),
                };
              }
              const client = slot.client;
              const from = client.received.length;
              // Answers are direct (in order) but chat broadcasts come back later: a finding names the
              // socket's last events, the one that caused it among them.
              const history = (recent[index] ??= []);
              history.push(`${c.event} ${JSON.stringify(c.args)?.slice(0, 200)}`);
              if (history.length > 3) history.shift();
              const describe = `socket ${index} (${slot.signedIn ? 'signed in' : 'visitor'} at first, gateway ${slot.gateway}), its last events:\n      ${history.join('\n      ')}`;
              client.socket.emit(c.event, ...c.args);
              // Events of one socket are handled in order: a probe's answer comes after the event's.
              const probe = `probe-${randomBytes(4).toString('hex')}`;
              client.socket.emit('join_room', { roomId: probe });
              try {
                await client.next(
                  ['error'],
                  (_event, payload) => /Room not found|authenticate before/.test(payload?.message ?? ''),
                  15_000,
                );
              } catch {
                found(`socket ${c.event}: no answer to the probe after it`, describe);
                return;
              }
              for (const received of client.received.slice(from)) {
                const message = received.payload?.message;
                const key = `${received.event}${typeof message === 'string' && /^(error|authentication_error)$/.test(received.event) ? `: ${message}` : ''}`;
                answers.set(key, (answers.get(key) ?? 0) + 1);
                if (
                  typeof message === 'string' &&
                  /^(error|authentication_error)$/.test(received.event) &&
                  (message === INTERNAL_MESSAGE || /unavailable|timed? ?out|internal/i.test(message))
                ) {
                  found(`socket ${received.event}: ${message}`, describe);
                }
              }
              // Everything read so far is done with (keeps next() cheap).
              for (const received of client.received) received.taken = true;
              client.received.splice(0, client.received.length);
            }
            const dead = deadProcesses();
            if (dead.length) {
              crashed = `${dead.join(', ')} stopped during:\n${cases.map((c) => `${c.event} ${JSON.stringify(c.args)?.slice(0, 300)}`).join('\n')}\n${system.logTail(30)}`;
              return false;
            }
            return true;
          },
        ),
        { numRuns: runs, seed: SEED + 1, endOnFailure: true },
      )
      .catch((error) => {
        throw new Error(crashed ?? String(error));
      });
    for (const slot of sockets) slot.client.close();
    console.log(
      `socket fuzz: ${count} events in ${((Date.now() - socketStarted) / 1000).toFixed(1)} s; answers ${JSON.stringify(Object.fromEntries([...answers].sort((a, b) => b[1] - a[1])))}`,
    );
    expect(count).toBeGreaterThanOrEqual(SOCKET_CASES);
    socketEvents = count;
    expect(report()).toBe('');
  }, 600_000);

  it('every string field of every body: NUL, a lone surrogate, right-to-left marks, 100,000 characters — no 5xx', async () => {
    findings.clear();
    let sent = 0;
    const withBody = ops.filter((op) => op.bodySchema);
    for (const op of withBody) {
      const schema = resolveSchema(op.bodySchema as SchemaObject, doc)!;
      const fields = Object.entries(schema.properties ?? {});
      for (const [field, property] of fields) {
        const resolved = resolveSchema(property, doc);
        if (resolved?.type !== 'string') continue;
        for (const bad of ['a\u0000b', 'x\ud800y', '\u202eevil\u202c', 'é🦄'.repeat(33_334)]) {
          const body = { ...validBodyOf(op, schema), [field]: bad };
          const c: HttpCase = {
            op: `${op.name} (${field})`,
            role: 'user',
            method: op.method,
            path: pathOf(op),
            headers: { authorization: `Bearer ${userTokenFor(op.path)}`, 'content-type': 'application/json' },
            body: JSON.stringify(body),
            bodyKind: `valid but ${field} = ${JSON.stringify(bad.slice(0, 12))}${bad.length > 12 ? `… (${bad.length} chars)` : ''}`,
          };
          await runHttp(c);
          sent++;
        }
      }
    }
    console.log(`field sweep: ${sent} requests over ${withBody.length} operations with a body`);
    expect(sent).toBeGreaterThan(20);
    expect(report()).toBe('');
  }, 180_000);

  it('a chat message with a NUL, a lone surrogate or 1,000 emoji, sent by a participant — answered, not an internal error', async () => {
    const socket = await SocketClient.connect(system.gatewayUrls[0], owner.token);
    const answers: string[] = [];
    try {
      socket.emit('authenticate', { token: owner.token, heroId: owner.heroId });
      await socket.next(['authenticated']);
      socket.emit('join_room', { roomId });
      await socket.next(['room_joined']);
      for (const message of ['a\u0000b', 'x\ud800y', '🦄'.repeat(1_000), 'é'.repeat(1_000)]) {
        socket.emit('send_message', { message });
        const answer = await socket.next(
          ['message', 'error'],
          (event, body) =>
            event === 'error' ||
            (body?.kind !== 'narrator' &&
              body?.content?.length > 0 &&
              body?.content?.slice(0, 1) === message.slice(0, 1)),
          15_000,
        );
        answers.push(
          `${JSON.stringify(message.slice(0, 12))}${message.length > 12 ? `… (${message.length})` : ''} → ${answer.event}${answer.event === 'error' ? `: ${answer.payload.message}` : ''}`,
        );
      }
    } finally {
      socket.close();
    }
    console.log(`chat edge messages: ${answers.join('; ')}`);
    expect(answers.filter((answer) => answer.includes(INTERNAL_MESSAGE))).toEqual([]);
  }, 60_000);

  it('JSON nested 1,000 / 3,000 / 10,000 levels deep in every body — 400 or 413, not 5xx', async () => {
    findings.clear();
    const withBody = ops.filter((op) => op.bodySchema);
    const depths: string[] = [];
    for (const depth of [1_000, 3_000, 10_000]) {
      for (const [shape, text] of [
        ['arrays', '['.repeat(depth) + ']'.repeat(depth)],
        ['objects', '{"a":'.repeat(depth) + '1' + '}'.repeat(depth)],
        ['a field', JSON.stringify({ name: 'x' }).replace('"x"', '['.repeat(depth) + ']'.repeat(depth))],
      ] as const) {
        for (const op of withBody) {
          const before = findings.size;
          await runHttp({
            op: op.name,
            role: 'user',
            method: op.method,
            path: pathOf(op),
            headers: { authorization: `Bearer ${userTokenFor(op.path)}`, 'content-type': 'application/json' },
            body: text,
            bodyKind: `${shape} nested ${depth} deep`,
          });
          if (findings.size > before) depths.push(`${op.name}: ${shape} ${depth}`);
        }
      }
    }
    if (depths.length) console.log(`deep JSON answered 5xx: ${depths.join('; ')}`);
    expect(report()).toBe('');
  }, 180_000);

  it(`malformed socket.io packets on raw connections — the others keep working`, async () => {
    const garbage = fc.sample(
      fc.oneof(
        fc.constantFrom(
          '2["join_room",',
          '2[]',
          '2{"a":1}',
          '42["authenticate"',
          '451-["send_message",{"_placeholder":true,"num":9}]',
          '2["__proto__",{}]',
          '0{"token":',
        ),
        fc.string({ maxLength: 200 }),
        junkJson.map((value) => `2${JSON.stringify(value)}`),
      ),
      { numRuns: 200, seed: SEED + 2 },
    );
    let sent = 0;
    for (let start = 0; start < garbage.length; start += CONCURRENCY) {
      await Promise.all(
        garbage.slice(start, start + CONCURRENCY).map(async (packet, index) => {
          const client = await SocketClient.connect(system.gatewayUrls[index % 2]);
          // engine.io message: the socket.io packet as it is, without the client's encoder.
          (client.socket.io.engine as unknown as { write(data: string): void }).write(packet);
          sent++;
          await new Promise((resolve) => setTimeout(resolve, 50));
          client.close();
        }),
      );
    }
    expect(sent).toBe(200);
    expect(deadProcesses()).toEqual([]);
    const check = await SocketClient.connect(system.gatewayUrls[1], owner.token);
    try {
      check.emit('authenticate', { token: owner.token, heroId: owner.heroId });
      expect((await check.next(['authenticated', 'authentication_error'])).event).toBe('authenticated');
    } finally {
      check.close();
    }
  }, 120_000);

  it('afterwards: every process alive and ready, /api/health 200 on every gateway, guards unchanged', async () => {
    expect(deadProcesses()).toEqual([]);
    expect(await system.healthy()).toBe(true);
    for (const [gateway] of system.gatewayUrls.entries()) {
      expect((await api.call({ method: 'GET', path: '/api/health', gateway })).status).toBe(200);
    }
    // Nothing of the pollution keys changed a guard: a visitor is still a visitor, a new user's hero is
    // unpaid, the owner's hero is theirs only.
    expect((await api.get('/api/user')).status).toBe(401);
    const fresh = await register(api, 'afterfuzz');
    const created = await api.post('/api/heroes', fresh.token, {
      heroName: 'After Fuzz',
      birthdate: '1991-01-01',
      heroId: newHeroId(),
    });
    expect(created.status).toBe(201);
    expect(created.json.hero).toMatchObject({ paymentStatus: 'unpaid' });
    expect(JSON.stringify(created.json)).not.toContain('sb-fuzz-canary');
    expect((await api.get(`/api/heroes/${owner.heroId}`, fresh.token)).status).toBe(404);
    expect((await api.get(`/api/heroes/${owner.heroId}`, owner.token)).json).toMatchObject({
      paymentStatus: 'paid',
    });
    console.log(
      `fuzz total: ${[...opCounts.values()].reduce((a, b) => a + b, 0)} HTTP requests + ${socketEvents} socket events + 200 raw packets, ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  }, 60_000);
});

/** The operation's path with the signed-in user's ids (a generation endpoint: an id of no hero). */
function pathOf(op: Operation): string {
  const ids: Record<string, string> = {
    heroId: /generate/.test(op.path) ? newHeroId() : owner.heroId,
    id: owner.heroId,
    storyBookId: owner.storyBookId,
    shareId,
    roomId,
  };
  return op.path.replace(/\{(\w+)\}/g, (_match, name: string) => ids[name] ?? name);
}

/** A body the operation accepts (or refuses for a business reason): examples, else plain values. */
function validBodyOf(op: Operation, schema: SchemaObject): Record<string, Json> {
  const byName: Record<string, Json> = {
    name: 'Ada Fuzz',
    email: `fuzz-${randomBytes(4).toString('hex')}@example.com`,
    password: 'fuzz-password-1',
    subject: 'A question',
    message: 'Hello there.',
    category: 'account',
    heroName: 'Field Sweep',
    birthdate: '1990-07-25',
    heroId:
      op.path.includes('/api/heroes') && op.method === 'POST' && !op.path.includes('{')
        ? newHeroId()
        : owner.heroId,
    clientSecret: `pi_${randomBytes(8).toString('hex')}_secret_${randomBytes(8).toString('hex')}`,
    card: { number: '4000 0000 0000 0002', expMonth: 12, expYear: 2099, cvc: '123' },
    count: 3,
    paymentType: 'chapters',
  };
  if (op.path === '/api/auth/login')
    Object.assign(byName, { email: owner.email, password: 'not-the-password' });
  const body: Record<string, Json> = {};
  for (const [field, property] of Object.entries(schema.properties ?? {})) {
    const resolved = resolveSchema(property, doc);
    const value =
      byName[field] ??
      (resolved?.example as Json) ??
      (resolved?.default as Json) ??
      (resolved?.enum?.[0] as Json);
    if (value !== undefined) body[field] = value;
  }
  return body;
}

function report(): string {
  if (findings.size === 0) return '';
  return [...findings.values()]
    .map((finding) => `${finding.what} (×${finding.count})\n    e.g. ${finding.example}`)
    .join('\n');
}
