import { Controller, Get, Inject, Res } from '@nestjs/common';
import { ApiOperation, ApiProperty, ApiResponse, ApiTags } from '@nestjs/swagger';
import { BACKEND_SERVICES, healthCommand, type CheckStatus } from '@starborn/contracts';
import { MessageBus } from '@starborn/messaging';
import type { FastifyReply } from 'fastify';
import type { Redis } from 'ioredis';
import pg from 'pg';
import { Public } from '../auth/jwt-auth.guard.js';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { GATEWAY_REDIS } from '../redis.provider.js';

interface Check {
  status: CheckStatus;
  latencyMs: number;
  error?: string;
  instance?: string;
}

class HealthCheckResponse {
  @ApiProperty({ enum: ['ok', 'down'] }) status!: string;
  @ApiProperty() latencyMs!: number;
}

class HealthChecks {
  @ApiProperty({ type: HealthCheckResponse }) postgres!: HealthCheckResponse;
  @ApiProperty({ type: HealthCheckResponse }) redis!: HealthCheckResponse;
  @ApiProperty({
    type: 'object',
    additionalProperties: { $ref: '#/components/schemas/HealthCheckResponse' },
    description: 'One check per backend service',
  })
  services!: Record<string, HealthCheckResponse>;
}

class ReadyChecks {
  @ApiProperty({ type: HealthCheckResponse }) postgres!: HealthCheckResponse;
  @ApiProperty({ type: HealthCheckResponse }) redis!: HealthCheckResponse;
}

export class HealthResponse {
  @ApiProperty({ enum: ['ok', 'degraded'] }) status!: string;
  @ApiProperty({ type: HealthChecks }) checks!: HealthChecks;
}

export class LiveResponse {
  @ApiProperty({ enum: ['ok'] }) status!: string;
  @ApiProperty() uptimeSeconds!: number;
}

export class ReadyResponse {
  @ApiProperty({ enum: ['ok', 'down'] }) status!: string;
  @ApiProperty({ type: ReadyChecks }) checks!: ReadyChecks;
}

/**
 * GET /api/health: PostgreSQL, Redis and every service, each with its latency. 503 if anything is down.
 * GET /api/health/live: liveness, 200 while the process runs its event loop (it checks nothing else,
 * so an outage of a dependency never restarts the gateway).
 * GET /api/health/ready: readiness, 200 when the gateway's own dependencies, PostgreSQL and Redis,
 * answer; a backend service being down does not take the gateway (and the web app) out of rotation.
 */
@ApiTags('health')
@Controller('api/health')
export class HealthController {
  constructor(
    private readonly bus: MessageBus,
    @Inject(GATEWAY_REDIS) private readonly redis: Redis,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  @Public()
  @Get()
  @ApiOperation({ summary: 'Health of the gateway, PostgreSQL, Redis and every service' })
  @ApiResponse({ status: 200, type: HealthResponse })
  @ApiResponse({ status: 503, type: HealthResponse, description: 'Something is down' })
  async health(@Res({ passthrough: true }) reply: FastifyReply) {
    const timeoutMs = this.config.HEALTH_TIMEOUT_MS;
    const [postgres, redis, ...services] = await Promise.all([
      timed(() => this.pingPostgres(timeoutMs)),
      timed(async () => {
        await withTimeout(this.redis.ping(), timeoutMs);
      }),
      ...BACKEND_SERVICES.map((service) =>
        timed(async () => {
          const report = await this.bus.request(healthCommand(service), {}, { timeoutMs });
          if (report.status !== 'ok') throw new Error(`database ${report.database}`);
          return report.instance;
        }),
      ),
    ]);
    const checks = {
      postgres,
      redis,
      services: Object.fromEntries(BACKEND_SERVICES.map((service, i) => [service, services[i]])),
    };
    const healthy = [postgres, redis, ...services].every((check) => check.status === 'ok');
    reply.status(healthy ? 200 : 503);
    return { status: healthy ? 'ok' : 'degraded', checks };
  }

  @Public()
  @Get('live')
  @ApiOperation({ summary: 'Liveness: the gateway process runs its event loop' })
  @ApiResponse({ status: 200, type: LiveResponse })
  live() {
    return { status: 'ok', uptimeSeconds: Math.round(process.uptime()) };
  }

  @Public()
  @Get('ready')
  @ApiOperation({ summary: 'Readiness: PostgreSQL and Redis answer the gateway' })
  @ApiResponse({ status: 200, type: ReadyResponse })
  @ApiResponse({ status: 503, type: ReadyResponse, description: 'PostgreSQL or Redis does not answer' })
  async ready(@Res({ passthrough: true }) reply: FastifyReply) {
    const { healthy, checks } = await this.readiness();
    reply.status(healthy ? 200 : 503);
    return { status: healthy ? 'ok' : 'down', checks };
  }

  /** PostgreSQL and Redis, as the readiness probe sees them (also served on the ops port). */
  async readiness(): Promise<{ healthy: boolean; checks: { postgres: Check; redis: Check } }> {
    const timeoutMs = this.config.HEALTH_TIMEOUT_MS;
    const [postgres, redis] = await Promise.all([
      timed(() => this.pingPostgres(timeoutMs)),
      timed(async () => {
        await withTimeout(this.redis.ping(), timeoutMs);
      }),
    ]);
    return { healthy: postgres.status === 'ok' && redis.status === 'ok', checks: { postgres, redis } };
  }

  /** Connects and runs SELECT 1 (a fresh connection: the gateway keeps no pool). */
  async pingPostgres(timeoutMs: number): Promise<void> {
    const client = new pg.Client({
      connectionString: this.config.DATABASE_URL,
      connectionTimeoutMillis: timeoutMs,
    });
    try {
      await client.connect();
      await client.query('SELECT 1');
    } finally {
      await client.end().catch(() => undefined);
    }
  }
}

async function timed(check: () => Promise<unknown>): Promise<Check> {
  const started = performance.now();
  try {
    const result = await check();
    const latencyMs = Math.round((performance.now() - started) * 10) / 10;
    return typeof result === 'string'
      ? { status: 'ok', latencyMs, instance: result }
      : { status: 'ok', latencyMs };
  } catch (error) {
    return {
      status: 'down',
      latencyMs: Math.round(performance.now() - started),
      error: (error as Error).message,
    };
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return Promise.race([
    promise,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms).unref(),
    ),
  ]);
}
