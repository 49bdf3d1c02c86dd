/**
 * System proof, part 4: load (issue 9). The whole stack as real processes (scripts/system/harness.ts:
 * two gateways, two generation workers) under a mixed workload through both gateways, for
 * SYSTEM_LOAD_SECONDS (60 by default):
 *
 *   browse   four users going round their hero, their hero list, their storybook, a public share
 *            page and the list of live rooms
 *   create   two newcomers after another: register, create a hero, generate it (the call answers
 *            when the hero is complete), look at it
 *   chat     two premium heroes in one room, one on each gateway, each saying something every half
 *            second; the latency is from sending to the other one receiving it
 *
 * Every answer must be the expected one (zero errors). Latency per kind (p50, p90, p99, max) is
 * printed and written to `.ci-reports/system/load.json`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { randomBytes, randomInt } from 'node:crypto';
import { Api, type SocketClient } from './client.js';
import { REPO_ROOT, startSystem, type System } from './harness.js';
import { callWithin, joinRoom, Latencies, oneLine, sleep, until, type Outcome } from './traffic.js';
import { heroFor, newHeroId, pay, PASSWORD, register, type Owner } from './world.js';

const DURATION_S = Number(process.env.SYSTEM_LOAD_SECONDS ?? 60);
if (!Number.isFinite(DURATION_S) || DURATION_S <= 0) {
  throw new Error(
    `SYSTEM_LOAD_SECONDS must be a positive number of seconds, not ${process.env.SYSTEM_LOAD_SECONDS}`,
  );
}
const BROWSERS = 4;
const CREATORS = 2;
const TIMEOUT_MS = 15_000;
/** Generation is the slow call: the gateway waits for the hero to be complete. */
const GENERATE_TIMEOUT_MS = 60_000;
const CHAT_EVERY_MS = 500;
const REPORT = join(REPO_ROOT, '.ci-reports', 'system', 'load.json');

let system: System;
let api: Api;

beforeAll(async () => {
  system = await startSystem({ label: 'sysload' });
  api = new Api(system.gatewayUrls);
}, 180_000);

afterAll(async () => {
  await system?.stop();
}, 60_000);

it(
  `a mixed workload through both gateways for ${DURATION_S} s: zero errors, latency recorded`,
  async () => {
    // The cast: four browsing users with generated heroes; the first two premium (they chat), the first
    // one's hero shared (a public page to browse) and a room it created.
    const browsers: Owner[] = await Promise.all(
      Array.from({ length: BROWSERS }, async (_, i) =>
        heroFor(api, await register(api, `load${i}`), `Load Hero ${'ABCD'[i]}`, `198${i}-0${i + 3}-1${i}`),
      ),
    );
    for (const owner of browsers.slice(0, 2)) {
      await pay(api, owner, 'premium_upgrade');
      await until(
        async () =>
          (await api.post(`/api/heroes/setpremium/${owner.heroId}`, owner.token)).json?.paymentStatus ===
          'paid',
        20_000,
        `hero ${owner.heroId} premium`,
      );
    }
    const share = await api.post(`/api/heroes/${browsers[0].heroId}/share`, browsers[0].token);
    expect(share.status).toBe(201);
    const room = await api.post('/api/shared-story/create', browsers[0].token, {
      heroId: browsers[0].heroId,
    });
    expect(room.status).toBe(201);
    const chatters: SocketClient[] = [
      await joinRoom(system.gatewayUrls[0], browsers[0].token, browsers[0].heroId, room.json.roomId),
      await joinRoom(system.gatewayUrls[1], browsers[1].token, browsers[1].heroId, room.json.roomId),
    ];

    const latencies = new Latencies();
    const errors: string[] = [];
    const started = Date.now();
    const deadline = started + DURATION_S * 1_000;
    const going = () => Date.now() < deadline;

    /** One call; an answer other than `expected` is an error. Returns the outcome when it was expected. */
    const expectCall = async (
      kind: string,
      request: Parameters<typeof callWithin>[2],
      expected: number,
      timeoutMs = TIMEOUT_MS,
      check?: (outcome: Outcome) => string | undefined,
    ): Promise<Outcome | undefined> => {
      const outcome = await callWithin(api, kind, request, timeoutMs);
      const problem = outcome.status !== expected ? `expected ${expected}` : check?.(outcome);
      if (problem) {
        errors.push(`${oneLine(outcome)} (${problem}, +${outcome.at - started} ms)`);
        return undefined;
      }
      latencies.record(kind, outcome.ms);
      return outcome;
    };

    const browse = async (owner: Owner, index: number) => {
      const round = [
        () =>
          expectCall(
            'browse: hero',
            { method: 'GET', path: `/api/heroes/${owner.heroId}`, token: owner.token },
            200,
          ),
        () =>
          expectCall(
            'browse: hero list',
            { method: 'GET', path: '/api/user/heroes', token: owner.token },
            200,
          ),
        () =>
          expectCall(
            'browse: storybook',
            { method: 'GET', path: `/api/heroes/${owner.heroId}/storybook`, token: owner.token },
            200,
          ),
        () => expectCall('browse: share page', { method: 'GET', path: `/api/share/${share.json.id}` }, 200),
        () =>
          expectCall(
            'browse: room list',
            { method: 'GET', path: '/api/shared-story', token: owner.token },
            200,
          ),
      ];
      for (let n = index; going(); n++) {
        await round[n % round.length]();
        await sleep(25);
      }
    };

    let created = 0;
    const create = async (index: number) => {
      for (let n = 0; going(); n++) {
        const email = `load-new-${index}-${n}-${randomBytes(3).toString('hex')}@example.com`;
        const registered = await expectCall(
          'create: register',
          {
            method: 'POST',
            path: '/api/auth/register',
            body: { name: `Newcomer ${n}`, email, password: PASSWORD },
          },
          201,
        );
        if (!registered) continue;
        const token = registered.json.token as string;
        const heroId = newHeroId();
        const hero = await expectCall(
          'create: hero',
          {
            method: 'POST',
            path: '/api/heroes',
            token,
            body: {
              heroName: `Newcomer ${'ABCDEFGHIJKLMNOPQRSTUVWXYZ'[n % 26]}`,
              birthdate: '1994-05-17',
              heroId,
            },
          },
          201,
        );
        if (!hero) continue;
        const generated = await expectCall(
          'create: generate',
          { method: 'POST', path: `/api/heroes/generate/${heroId}`, token },
          200,
          GENERATE_TIMEOUT_MS,
          (outcome) =>
            outcome.json?.hero?.status === 'complete' && outcome.json.hero.images?.length === 3
              ? undefined
              : `not complete with three images: ${outcome.text.slice(0, 120)}`,
        );
        if (!generated) continue;
        created++;
        await expectCall('create: view hero', { method: 'GET', path: `/api/heroes/${heroId}`, token }, 200);
      }
    };

    let said = 0;
    const chat = async (index: number) => {
      const speaker = chatters[index];
      const listener = chatters[1 - index];
      const pending: Promise<void>[] = [];
      for (let n = 0; going(); n++) {
        // A number, not hex: hex can read as leetspeak the content filter refuses ("a55…").
        const text = `load ${index} ${n} ${randomInt(1_000_000)}`;
        const sentAt = performance.now();
        speaker.emit('send_message', { message: text });
        said++;
        pending.push(
          listener
            .next(['message'], (_event, payload) => payload?.content === text, TIMEOUT_MS)
            .then(() => latencies.record('chat: message delivery', performance.now() - sentAt))
            .catch(() => {
              errors.push(
                `chat: "${text}" from gateway ${index} not received on gateway ${1 - index} within ${TIMEOUT_MS} ms`,
              );
            }),
        );
        await sleep(CHAT_EVERY_MS);
      }
      await Promise.all(pending);
      // A refused message is answered with `error` on the speaker's socket.
      const refused = speaker.received.filter((r) => r.event === 'error');
      for (const r of refused)
        errors.push(`chat: error event on gateway ${index}: ${JSON.stringify(r.payload).slice(0, 200)}`);
    };

    await Promise.all([
      ...browsers.map((owner, i) => browse(owner, i)),
      ...Array.from({ length: CREATORS }, (_, i) => create(i)),
      ...chatters.map((_, i) => chat(i)),
    ]);
    const elapsedS = (Date.now() - started) / 1_000;
    for (const socket of chatters) socket.close();

    const summary = latencies.summary();
    const report = {
      durationSeconds: Math.round(elapsedS * 10) / 10,
      configuredSeconds: DURATION_S,
      machine: { cores: cpus().length, cpu: cpus()[0]?.model ?? 'unknown' },
      system: { gateways: system.gatewayUrls.length, generationWorkers: 2 },
      workload: {
        browsers: BROWSERS,
        creators: CREATORS,
        chatters: chatters.length,
        chatEveryMs: CHAT_EVERY_MS,
      },
      totals: {
        requests: latencies.count() - latencies.count('chat: message delivery'),
        chatMessages: said,
        heroesGenerated: created,
        errors: errors.length,
        requestsPerSecond:
          Math.round(((latencies.count() - latencies.count('chat: message delivery')) / elapsedS) * 10) / 10,
      },
      latencyMs: summary,
      errors: errors.slice(0, 50),
    };
    mkdirSync(join(REPO_ROOT, '.ci-reports', 'system'), { recursive: true });
    writeFileSync(REPORT, `${JSON.stringify(report, null, 2)}\n`);
    process.stdout.write(
      `[load] ${report.durationSeconds} s, ${report.totals.requests} requests (${report.totals.requestsPerSecond}/s), ` +
        `${said} chat messages, ${created} heroes generated, ${errors.length} errors\n${latencies.table()}\n` +
        `[load] written to .ci-reports/system/load.json\n`,
    );

    expect(errors).toEqual([]);
    // The workload did run, every kind of it.
    for (const kind of [
      'browse: hero',
      'browse: hero list',
      'browse: storybook',
      'browse: share page',
      'browse: room list',
      'create: register',
      'create: hero',
      'create: generate',
      'chat: message delivery',
    ]) {
      expect({ kind, recorded: latencies.count(kind) > 0 }).toEqual({ kind, recorded: true });
    }
    expect(await system.healthy()).toBe(true);
  },
  (DURATION_S + 150) * 1_000,
);
