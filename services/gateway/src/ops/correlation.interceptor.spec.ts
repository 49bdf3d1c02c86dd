/**
 * Controllers never pass a correlation id or a user to the bus: the interceptor opens the request's
 * context and the bus reads it. Runs a real controller behind the real auth guard and interceptor, on a
 * real MessageBus whose queue is replaced by one that records the command envelope and answers it.
 */
import 'reflect-metadata';
import { Module } from '@nestjs/common';
import { APP_GUARD, NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { MessageBus, type CommandEnvelope, type ReplyEnvelope } from '@starborn/messaging';
import { JwtAuthGuard } from '../auth/jwt-auth.guard.js';
import { AuthRateLimiter } from '../auth/auth-rate-limiter.js';
import { SessionStore } from '../auth/session-store.js';
import { TokenVerifier } from '../auth/token-verifier.js';
import { RealtimeServer } from '../realtime/realtime.server.js';
import { UserController } from '../user/user.controller.js';
import { CorrelationInterceptor } from './correlation.interceptor.js';

const USER = { id: '0b9a4c1e-7d3f-4c2a-9e5b-1f2d3c4b5a69', email: 'ada@example.com' };

interface Sent {
  name: string;
  envelope: CommandEnvelope;
}

/** A MessageBus that never touches Redis: every command is recorded and answered at once. */
function recordingBus(sent: Sent[]): MessageBus {
  const bus = new MessageBus({ url: 'redis://127.0.0.1:1', prefix: 'correlation-spec' });
  const internals = bus as unknown as {
    connect: () => Promise<void>;
    queue: (name: string) => { add: (name: string, envelope: CommandEnvelope) => Promise<void> };
    settle: (reply: ReplyEnvelope) => void;
  };
  internals.connect = async () => undefined;
  internals.queue = () => ({
    add: async (name, envelope) => {
      sent.push({ name, envelope });
      internals.settle({ id: envelope.id, ok: true, data: { id: USER.id, email: USER.email } });
    },
  });
  return bus;
}

describe('the request context on commands sent by controllers', () => {
  const sent: Sent[] = [];
  let app: NestFastifyApplication;

  beforeAll(async () => {
    @Module({
      controllers: [UserController],
      providers: [
        { provide: MessageBus, useValue: recordingBus(sent) },
        {
          provide: TokenVerifier,
          useValue: {
            verifySession: async (token: string) =>
              token === 'good-token' ? { user: USER, session: { jti: 'session-1' } } : undefined,
          },
        },
        { provide: APP_GUARD, useClass: JwtAuthGuard },
        // The account routes' other collaborators; GET /api/user, the route this spec calls, uses none.
        { provide: AuthRateLimiter, useValue: {} },
        { provide: SessionStore, useValue: {} },
        { provide: RealtimeServer, useValue: {} },
      ],
    })
    class UserOnlyModule {}
    // The gateway's own request id rule in short: the caller's x-request-id names the request.
    app = await NestFactory.create<NestFastifyApplication>(
      UserOnlyModule,
      new FastifyAdapter({ requestIdHeader: 'x-request-id' }),
      { logger: false },
    );
    app.useGlobalInterceptors(new CorrelationInterceptor());
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
  });

  afterAll(async () => {
    await app?.close();
  });

  beforeEach(() => {
    sent.length = 0;
  });

  it("carries the request's correlation id and signed-in user, which the controller does not pass", async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { authorization: 'Bearer good-token', 'x-request-id': 'corr-spec-1' },
    });
    expect(response.statusCode).toBe(200);
    expect(sent).toHaveLength(1);
    expect(sent[0].name).toBe('auth.get-user');
    expect(sent[0].envelope.data).toEqual({ userId: USER.id });
    expect(sent[0].envelope.meta).toEqual({ correlationId: 'corr-spec-1', userId: USER.id });
  });

  it('keeps concurrent requests apart: each command carries its own request id', async () => {
    const ids = ['corr-spec-a', 'corr-spec-b', 'corr-spec-c'];
    await Promise.all(
      ids.map((id) =>
        app.inject({
          method: 'GET',
          url: '/api/user',
          headers: { authorization: 'Bearer good-token', 'x-request-id': id },
        }),
      ),
    );
    expect(sent.map((entry) => entry.envelope.meta?.correlationId).sort()).toEqual(ids);
  });

  it('sends nothing for a refused request', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/user', headers: { 'x-request-id': 'x' } });
    expect(response.statusCode).toBe(401);
    expect(sent).toHaveLength(0);
  });
});
