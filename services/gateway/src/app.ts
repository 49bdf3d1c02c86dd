import fastifyStatic from '@fastify/static';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyBaseLogger, FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { Socket } from 'node:net';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import {
  createLogger,
  createProbeRedis,
  loadConfig,
  NestPinoLogger,
  OpsServer,
  pingRedis,
  registerProcessMetrics,
} from '@starborn/runtime';
import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { gatewayEnvSchema, type GatewayConfig } from './config.js';
import { GatewayModule } from './gateway.module.js';
import { HealthController } from './health/health.controller.js';
import { CorrelationInterceptor } from './ops/correlation.interceptor.js';
import { instrumentHttp, instrumentSockets } from './ops/http-metrics.js';
import { QUEUE_BOARD_PATH, registerQueueBoard } from './ops/queue-board.js';
import { RealtimeServer } from './realtime/realtime.server.js';
import { installBodyGuard } from './http/body-guard.js';
import { BODY_LIMIT, installBodyLimit } from './http/body-limit.js';
import { answerClientError, answerFrameworkError } from './http/client-errors.js';
import { securityHeaders } from './http/security-headers.js';
import { SpaFallback } from './http/spa-fallback.js';
import { validationPipe } from './http/validation.js';

/** Request log lines name the request id `correlationId`, as every other log line of the request does. */
function correlationChildLogger(
  logger: FastifyBaseLogger,
  bindings: Record<string, unknown>,
  options: Parameters<FastifyBaseLogger['child']>[1],
): FastifyBaseLogger {
  const { reqId, ...rest } = bindings;
  return logger.child({ ...rest, correlationId: reqId }, options);
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * The policy for the pages that bring inline code of their own, in place of the site's: the queue
 * dashboard styles its loading indicator inline (its scripts are its own files); the API docs page uses
 * inline styles and scripts.
 */
function relaxedContentSecurityPolicy(url: string): string | undefined {
  if (url.startsWith(QUEUE_BOARD_PATH)) {
    return "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'";
  }
  if (url.startsWith('/api/docs')) {
    return "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self' data:";
  }
  return undefined;
}

export interface GatewayApp {
  app: NestFastifyApplication;
  config: GatewayConfig;
  /** The operations listener (/livez, /readyz, /metrics), when OPS_PORT is set. */
  ops?: OpsServer;
}

export async function createGatewayApp(env: NodeJS.ProcessEnv = process.env): Promise<GatewayApp> {
  const config = loadConfig(gatewayEnvSchema, env);
  const logger = createLogger('gateway', config.LOG_LEVEL);
  const headers = securityHeaders(config.PAYMENTS_PROVIDER);
  const adapter = new FastifyAdapter({
    loggerInstance: logger,
    trustProxy: config.TRUST_PROXY,
    bodyLimit: BODY_LIMIT,
    // A request the HTTP parser refuses (e.g. headers over the limit) still gets an answer it can read.
    clientErrorHandler: (error: NodeJS.ErrnoException, socket: Socket) =>
      answerClientError(error, socket, headers),
    // The router refuses a malformed %-encoding or an over-long path parameter before any hook runs:
    // those answers get the API's error body and the security headers here.
    frameworkErrors: (error: FastifyError, request: FastifyRequest, reply: FastifyReply) =>
      answerFrameworkError(error, request, reply, headers),
    // The request id is the correlation id of everything the request causes: one name in every log.
    childLoggerFactory: correlationChildLogger,
    // One id per request, taken from the caller when it is sane, echoed back and carried into every message.
    genReqId: (request: { headers: Record<string, string | string[] | undefined> }) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
  });
  const app = await NestFactory.create<NestFastifyApplication>(
    GatewayModule.create(config, logger),
    adapter,
    {
      logger: new NestPinoLogger(logger),
      abortOnError: false,
      // Stripe's webhook signature is over the exact bytes received: keep them as request.rawBody.
      rawBody: true,
    },
  );
  const fastify = app.getHttpAdapter().getInstance();
  instrumentHttp(fastify);
  installBodyLimit(fastify);
  installBodyGuard(fastify);

  // The security headers (helmet's and the Permissions-Policy) on every answer, set in one synchronous
  // hook: an async hook costs a promise per request. The router's and the HTTP parser's own refusals
  // set the same headers (frameworkErrors, answerClientError above).
  const securityHeaderEntries = Object.entries(headers);
  fastify.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of securityHeaderEntries) reply.raw.setHeader(name, value);
    done();
  });
  fastify.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    const relaxed = relaxedContentSecurityPolicy(request.url);
    if (relaxed) reply.header('content-security-policy', relaxed);
    done(null, payload);
  });

  const spa = app.get(SpaFallback);
  if (spa.available) {
    await app.register(fastifyStatic, {
      root: resolve(config.WEB_DIST_DIR),
      prefix: '/',
      index: false,
      wildcard: false,
      // The web build writes .br and .gz copies of its text files (web/scripts/precompress.mjs): a
      // browser that accepts them gets them, with no compression work per request.
      preCompressed: true,
      setHeaders: (res, path) => {
        // Vite fingerprints everything under assets/, so it can be cached for good.
        res.header(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        );
      },
    });
  }

  app.useGlobalPipes(validationPipe);
  app.useGlobalInterceptors(new CorrelationInterceptor());
  app.enableShutdownHooks();

  const closeQueueBoard = await registerQueueBoard(app, config);
  if (closeQueueBoard) fastify.addHook('onClose', async () => closeQueueBoard());
  instrumentSockets(() => app.get(RealtimeServer).server?.engine.clientsCount ?? 0);
  let ops: OpsServer | undefined;
  if (config.OPS_PORT !== undefined) {
    // /livez, /readyz and /metrics on a port that is never published (see docs/decisions.md).
    const health = app.get(HealthController);
    const probeRedis = createProbeRedis(config.REDIS_URL, `${config.REDIS_PREFIX}:gateway:ops`);
    const closeMetrics = registerProcessMetrics('gateway', probeRedis);
    ops = new OpsServer({
      service: 'gateway',
      port: config.OPS_PORT,
      host: config.OPS_HOST,
      logger,
      timeoutMs: config.HEALTH_TIMEOUT_MS,
      checks: {
        postgres: () => health.pingPostgres(config.HEALTH_TIMEOUT_MS),
        redis: (signal) => pingRedis(probeRedis, signal),
      },
    });
    await ops.start();
    const opsServer = ops;
    fastify.addHook('preClose', async () => opsServer.setDraining());
    fastify.addHook('onClose', async () => {
      await opsServer.close();
      await closeMetrics();
      probeRedis.disconnect();
    });
  }

  const openApi = new DocumentBuilder()
    .setTitle('Starborn API')
    .setDescription('The public HTTP API of Starborn. Errors are `{ status, code, message, error }`.')
    .setVersion('1.0')
    .addBearerAuth()
    .build();
  const apiDocument = SwaggerModule.createDocument(app, openApi);
  SwaggerModule.setup('api/docs', app, apiDocument, { jsonDocumentUrl: 'api/docs/json' });
  // The same document where NestJS's tools and users look for it by default.
  fastify.get('/api/docs-json', (_request, reply) => {
    void reply.type('application/json; charset=utf-8').send(apiDocument);
  });
  return { app, config, ops };
}
