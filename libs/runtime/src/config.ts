import { z } from 'zod';

/** An empty variable (`KEY=` in a .env file, an empty secret file) means the same as an unset one. */
export const emptyAsUnset = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema);

/**
 * Environment variables shared by every service. Each service extends this schema with its own;
 * `loadConfig` validates once at boot and refuses to start with a list of what is wrong.
 */
export const baseEnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).default('postgres://postgres@127.0.0.1:5432/starborn'),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).default('redis://127.0.0.1:6379'),
  REDIS_PREFIX: z
    .string()
    .regex(/^[a-zA-Z0-9_-]+$/, 'letters, digits, "_" and "-" only')
    .default('starborn'),
  RPC_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  /**
   * Port of the operations listener: GET /livez, /readyz and /metrics (Prometheus). Unset: none (a
   * workstation, in-process tests). Deployments set it (9464) and keep it off the public edge.
   */
  OPS_PORT: z.coerce.number().int().min(0).max(65_535).optional(),
  /** Address the operations listener binds: 0.0.0.0 in a container, so probes and Prometheus reach it. */
  OPS_HOST: z.string().min(1).default('127.0.0.1'),
});
export type BaseConfig = z.infer<typeof baseEnvSchema>;

/** Variables whose values never appear in logs or error messages. */
export const SECRET_VARIABLES = new Set([
  'AUTH_PRIVATE_KEY',
  'DATABASE_URL',
  'REDIS_URL',
  'MEDIA_URL_SECRET',
  'OPENAI_API_KEY',
  'OPERATOR_TOKEN',
  'S3_SECRET_ACCESS_KEY',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
]);

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export function loadConfig<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`),
    );
  }
  return parsed.data;
}

/** The configuration with secrets masked, for a start-up log line. */
export function describeConfig(config: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(config).map(([key, value]) => [key, SECRET_VARIABLES.has(key) ? '[secret]' : value]),
  );
}
