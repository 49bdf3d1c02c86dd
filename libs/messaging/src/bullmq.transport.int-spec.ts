import 'reflect-metadata';
import { Controller, Module, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Ctx, Payload } from '@nestjs/microservices';
import { defineCommand, defineEvent, ErrorCodes, QueueNames, ServiceError } from '@starborn/contracts';
import { deleteRedisPrefix, eventually, testRedisPrefix, TEST_REDIS_URL } from '@starborn/testing';
import { BullMqClient } from './bullmq.client.js';
import { BullMqServer } from './bullmq.server.js';
import { BullMqContext } from './context.js';
import { handlerDecorators } from './decorators.js';
import { RemoteError } from './errors.js';
import { ErrorShapeFilter } from './error.filter.js';

// A registry of its own, so the transport is proven independently of Starborn's messages.
const registry = {
  'echo.ping': defineCommand<{ n: number }, { n: number; instance: string }>('echo'),
  'echo.fail': defineCommand<{ kind: 'known' | 'unknown' }, never>('echo'),
  'echo.count': defineCommand<{ n: number }, number>('echo'),
  'echo.nothing': defineCommand<{ n: number }, void>('echo'),
  'thing.happened': defineEvent<{ thingId: string }>('audit', 'mailer'),
} as const;
const { OnCommand, OnEvent } = handlerDecorators(registry);

const prefix = testRedisPrefix('messaging');
const eventRetry = { attempts: 10, baseDelayMs: 60, maxDelayMs: 1_000 };
const apps: INestMicroservice[] = [];
const clients: BullMqClient<typeof registry>[] = [];

/** Each test resets these records of what the handlers did. */
const handled = new Map<number, string[]>();
const counted: number[] = [];

@Controller()
class EchoHandlers {
  static instanceCounter = 0;
  private readonly instance = `echo-${++EchoHandlers.instanceCounter}`;

  @OnCommand('echo.ping')
  async ping(@Payload() payload: { n: number }) {
    handled.set(payload.n, [...(handled.get(payload.n) ?? []), this.instance]);
    await new Promise((resolve) => setTimeout(resolve, 1));
    return { n: payload.n, instance: this.instance };
  }

  @OnCommand('echo.fail')
  fail(@Payload() payload: { kind: 'known' | 'unknown' }): never {
    if (payload.kind === 'known')
      throw new ServiceError(409, ErrorCodes.EMAIL_EXISTS, 'Email already exists');
    throw new TypeError('a bug with a secret detail');
  }

  @OnCommand('echo.count')
  count(@Payload() payload: { n: number }) {
    counted.push(payload.n);
    return counted.length;
  }

  @OnCommand('echo.nothing')
  nothing(@Payload() payload: { n: number }): void {
    counted.push(payload.n);
  }
}

@Module({ controllers: [EchoHandlers] })
class EchoModule {}

/** Applications record each delivery and fail the first `failuresBeforeSuccess` attempts of each event. */
function subscriberModule(
  name: string,
  deliveries: { id: string; at: number; attempt: number; ok: boolean }[],
  failuresBeforeSuccess: number,
) {
  const applied = new Set<string>();
  @Controller()
  class Subscriber {
    @OnEvent('thing.happened')
    onThing(@Payload() payload: { thingId: string }, @Ctx() ctx: BullMqContext) {
      const attempt = ctx.getAttemptsMade() + 1;
      const ok = attempt > failuresBeforeSuccess;
      deliveries.push({ id: payload.thingId, at: Date.now(), attempt, ok });
      if (!ok) throw new Error(`${name} is not ready yet`);
      applied.add(payload.thingId); // idempotent by natural id
    }
  }
  @Module({ controllers: [Subscriber] })
  class SubscriberModule {}
  return { module: SubscriberModule, applied };
}

async function startService(service: string, module: unknown): Promise<INestMicroservice> {
  const app = await NestFactory.createMicroservice(module as never, {
    strategy: new BullMqServer({ url: TEST_REDIS_URL, prefix, service, registry, eventRetry }),
    logger: false,
  });
  app.useGlobalFilters(new ErrorShapeFilter());
  await app.listen();
  apps.push(app);
  return app;
}

function newClient(timeoutMs = 5_000) {
  const client = new BullMqClient({ url: TEST_REDIS_URL, prefix, registry, timeoutMs, eventRetry });
  clients.push(client);
  return client;
}

beforeEach(() => {
  handled.clear();
  counted.length = 0;
});

afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
  await Promise.all(clients.splice(0).map((client) => client.close()));
});

afterAll(() => deleteRedisPrefix(prefix));

describe('request/reply over BullMQ', () => {
  it('handles each of 1,000 requests exactly once across two instances of a service', async () => {
    await startService('echo', EchoModule);
    await startService('echo', EchoModule);
    const client = newClient();

    const replies = await Promise.all(
      Array.from({ length: 1000 }, (_, n) => client.request('echo.ping', { n })),
    );

    expect(replies.map((reply) => reply.n)).toEqual(Array.from({ length: 1000 }, (_, n) => n));
    expect(handled.size).toBe(1000);
    expect([...handled.values()].every((instances) => instances.length === 1)).toBe(true);
    const perInstance = new Map<string, number>();
    for (const reply of replies) perInstance.set(reply.instance, (perInstance.get(reply.instance) ?? 0) + 1);
    expect(perInstance.size).toBe(2); // both instances took work
  });

  it('answers a request sent while its service is down once the service starts', async () => {
    const client = newClient(8_000);
    const pending = client.request('echo.count', { n: 7 });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(counted).toEqual([]);

    await startService('echo', EchoModule);

    await expect(pending).resolves.toBe(1);
    expect(counted).toEqual([7]);
  });

  it('fails with a typed 503 past the timeout, and the abandoned command never runs later', async () => {
    const client = newClient();
    const error = await client.request('echo.count', { n: 1 }, { timeoutMs: 300 }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(RemoteError);
    expect((error as RemoteError).toShape()).toEqual({
      status: 503,
      code: ErrorCodes.SERVICE_TIMEOUT,
      message: 'The echo service is not responding right now. Please try again in a moment.',
    });

    await startService('echo', EchoModule);
    await expect(client.request('echo.count', { n: 2 })).resolves.toBe(1);
    expect(counted).toEqual([2]);
  });

  it("delivers a handler's error to the caller as { status, code, message }", async () => {
    await startService('echo', EchoModule);
    const client = newClient();

    const known = await client.request('echo.fail', { kind: 'known' }).catch((e: RemoteError) => e.toShape());
    expect(known).toEqual({ status: 409, code: 'EMAIL_EXISTS', message: 'Email already exists' });

    // An unexpected error is not leaked: the caller learns only that it was ours.
    const unknown = await client
      .request('echo.fail', { kind: 'unknown' })
      .catch((e: RemoteError) => e.toShape());
    expect(unknown).toEqual({
      status: 500,
      code: 'INTERNAL',
      message: expect.not.stringContaining('secret'),
    });
  });

  it('answers the JSON text the handler replied with, unparsed, to requestJson', async () => {
    await startService('echo', EchoModule);
    const client = newClient();

    const json = await client.requestJson('echo.ping', { n: 5 });

    expect(typeof json).toBe('string');
    expect(json).toBe(JSON.stringify({ n: 5, instance: JSON.parse(json).instance }));
    await expect(client.requestJson('echo.nothing', { n: 6 })).resolves.toBe('null');
    await expect(client.request('echo.nothing', { n: 7 })).resolves.toBeUndefined();
    expect(counted).toEqual([6, 7]);
  });

  it('leaves no job behind once the reply is in: each command completes as its reply goes out', async () => {
    await startService('echo', EchoModule);
    const client = newClient();

    await Promise.all(Array.from({ length: 50 }, (_, n) => client.request('echo.ping', { n })));

    const { Queue } = await import('bullmq');
    const queue = new Queue(QueueNames.commands('echo'), { connection: { url: TEST_REDIS_URL }, prefix });
    try {
      const counts = () => queue.getJobCounts('active', 'wait', 'completed', 'failed');
      await eventually(async () => Object.values(await counts()).every((count) => count === 0));
      expect(await counts()).toEqual({ active: 0, wait: 0, completed: 0, failed: 0 });
    } finally {
      await queue.close();
    }
  });

  it("works through Nest's ClientProxy.send as well", async () => {
    await startService('echo', EchoModule);
    const client = newClient();
    const { firstValueFrom } = await import('rxjs');
    await expect(firstValueFrom(client.send('echo.ping', { n: 42 }))).resolves.toMatchObject({ n: 42 });
  });
});

describe('durable events', () => {
  it('retries a failing handler with growing backoff until it succeeds, and applies the event once', async () => {
    const auditDeliveries: { id: string; at: number; attempt: number; ok: boolean }[] = [];
    const audit = subscriberModule('audit', auditDeliveries, 3);
    const mailer = subscriberModule('mailer', [], 0);
    await startService('audit', audit.module);
    await startService('mailer', mailer.module);
    const client = newClient();

    await client.emitEvent('thing.happened', { thingId: 't-1' }, { eventId: 't-1' });
    await client.emitEvent('thing.happened', { thingId: 't-1' }, { eventId: 't-1' }); // a duplicate emit

    await eventually(() => audit.applied.has('t-1') && mailer.applied.has('t-1'));
    await new Promise((resolve) => setTimeout(resolve, 300)); // room for a wrong extra delivery
    expect(auditDeliveries.map((d) => [d.attempt, d.ok])).toEqual([
      [1, false],
      [2, false],
      [3, false],
      [4, true],
    ]);
    // Each retry waits at least its backoff: 60, 120, 240 ms, less the 20 % jitter. (Load can only add.)
    const gaps = auditDeliveries.slice(1).map((d, i) => d.at - auditDeliveries[i].at);
    expect(gaps[0]).toBeGreaterThanOrEqual(48);
    expect(gaps[1]).toBeGreaterThanOrEqual(96);
    expect(gaps[2]).toBeGreaterThanOrEqual(192);
    expect([...audit.applied]).toEqual(['t-1']);
    expect([...mailer.applied]).toEqual(['t-1']);
  });

  it('keeps an event for a subscriber that is down when it is emitted', async () => {
    const audit = subscriberModule('audit', [], 0);
    const mailer = subscriberModule('mailer', [], 0);
    await startService('audit', audit.module);
    const client = newClient();

    await client.emitEvent('thing.happened', { thingId: 't-2' }, { eventId: 't-2' });
    await eventually(() => audit.applied.has('t-2'));
    expect(mailer.applied.size).toBe(0);

    await startService('mailer', mailer.module);
    await eventually(() => mailer.applied.has('t-2'));
  });
});

describe('start-up checks', () => {
  it('refuses to start a service that lacks a handler for a message the registry assigns to it', async () => {
    @Controller()
    class Partial {
      @OnCommand('echo.ping')
      ping(@Payload() payload: { n: number }) {
        return { n: payload.n, instance: 'partial' };
      }
    }
    @Module({ controllers: [Partial] })
    class PartialModule {}

    await expect(startService('echo', PartialModule)).rejects.toThrow(
      'Service "echo" has no handler for: echo.fail, echo.count',
    );
  });

  it('refuses two handlers for one message', async () => {
    @Controller()
    class Twice {
      @OnCommand('echo.count')
      a() {
        return 1;
      }
      @OnCommand('echo.count')
      b() {
        return 2;
      }
    }
    @Module({ controllers: [Twice] })
    class TwiceModule {}
    await expect(startService('echo', TwiceModule)).rejects.toThrow(
      'Service "echo" has two handlers for "echo.count"',
    );
  });
});
