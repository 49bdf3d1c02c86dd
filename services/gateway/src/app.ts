import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { createLogger, loadConfig, NestPinoLogger } from '@starborn/runtime';
import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { gatewayEnvSchema, type GatewayConfig } from './config.js';
import { GatewayModule } from './gateway.module.js';
import { SpaFallback } from './http/spa-fallback.js';
import { validationPipe } from './http/validation.js';

/** The policy the web app is built to pass: nothing inline, nothing from another origin. */
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'"],
  connectSrc: ["'self'", 'ws:', 'wss:'],
  objectSrc: ["'none'"],
  frameAncestors: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
};

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export interface GatewayApp {
  app: NestFastifyApplication;
  config: GatewayConfig;
}

export async function createGatewayApp(env: NodeJS.ProcessEnv = process.env): Promise<GatewayApp> {
  const config = loadConfig(gatewayEnvSchema, env);
  const logger = createLogger('gateway', config.LOG_LEVEL);
  const adapter = new FastifyAdapter({
    loggerInstance: logger,
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
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
  fastify.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(helmet, {
    contentSecurityPolicy: { directives: CONTENT_SECURITY_POLICY },
    crossOriginEmbedderPolicy: false,
  });
  // The API docs page uses inline styles and scripts of its own; relax the policy there only.
  fastify.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/docs')) {
      reply.header(
        'content-security-policy',
        "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self' data:",
      );
    }
  });

  const spa = app.get(SpaFallback);
  if (spa.available) {
    await app.register(fastifyStatic, {
      root: resolve(config.WEB_DIST_DIR),
      prefix: '/',
      index: false,
      wildcard: false,
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
  app.enableShutdownHooks();

  const openApi = new DocumentBuilder()
    .setTitle('Starborn API')
    .setDescription('The public HTTP API of Starborn. Errors are `{ status, code, message, error }`.')
    .setVersion('1.0')
    .addBearerAuth()
    .build();
  SwaggerModule.setup('api/docs', app, SwaggerModule.createDocument(app, openApi), {
    jsonDocumentUrl: 'api/docs/json',
  });
  return { app, config };
}
