// The scripts, run for real with sh and node: deploy/entrypoint.sh (refuses unknown services, execs
// the named one from the repository root, reads *_FILE secrets), deploy/healthcheck.mjs (gateway over
// HTTP, backend services through Redis, the service found from the process table) and
// deploy/gen-keys.sh (the secrets compose and the dev overlay read from files).
import { createPrivateKey, createPublicKey } from 'node:crypto';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { TEST_REDIS_URL } from '@starborn/testing';
import { DEPLOY_DIR, readRepoFile, REPO_ROOT, run, SERVICES } from './test-support.js';

const ENTRYPOINT = join(DEPLOY_DIR, 'entrypoint.sh');
const HEALTHCHECK = join(DEPLOY_DIR, 'healthcheck.mjs');
const GEN_KEYS = join(DEPLOY_DIR, 'gen-keys.sh');

/** A copy of the entry script in a fake image tree whose services print what they were started with. */
function fakeImage(services: readonly string[] = SERVICES): string {
  const root = mkdtempSync(join(tmpdir(), 'starborn-entrypoint-'));
  mkdirSync(join(root, 'deploy'));
  copyFileSync(ENTRYPOINT, join(root, 'deploy/entrypoint.sh'));
  const reporter = (label: string) =>
    `process.stdout.write(JSON.stringify({ ran: ${JSON.stringify(label)}, args: process.argv.slice(2), cwd: process.cwd(), ` +
    `service: process.env.STARBORN_SERVICE, privateKey: process.env.AUTH_PRIVATE_KEY, ` +
    `privateKeyFile: process.env.AUTH_PRIVATE_KEY_FILE ?? null, mediaUrlSecret: process.env.MEDIA_URL_SECRET, ` +
    `mediaUrlSecretFile: process.env.MEDIA_URL_SECRET_FILE ?? null, openAiApiKey: process.env.OPENAI_API_KEY, ` +
    `openAiApiKeyFile: process.env.OPENAI_API_KEY_FILE ?? null }));\n`;
  for (const service of services) {
    mkdirSync(join(root, 'services', service, 'dist'), { recursive: true });
    writeFileSync(join(root, 'services', service, 'dist/main.js'), reporter(service));
  }
  writeFileSync(join(root, 'deploy/migrate.mjs'), reporter('migrate'));
  writeFileSync(join(root, 'deploy/healthcheck.mjs'), reporter('healthcheck'));
  return root;
}

const scratch: string[] = [];
afterAll(() => {
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});
function image(services?: readonly string[]): string {
  const root = fakeImage(services);
  scratch.push(root);
  return root;
}

describe('deploy/entrypoint.sh', () => {
  it('names exactly the services of the topology', () => {
    const listed = /^SERVICES="([^"]+)"/m.exec(readRepoFile('deploy/entrypoint.sh'))?.[1].split(' ');
    expect(listed).toEqual([...SERVICES]);
  });

  it('refuses an unknown service, with exit code 64 and the list of services', async () => {
    const result = await run('sh', [ENTRYPOINT, 'payroll']);
    expect(result.code).toBe(64);
    expect(result.stderr).toContain('unknown service "payroll"');
    expect(result.stderr).toContain('gateway, auth, heroes, generation, payments, storybook, rooms');
    expect(result.stdout).toBe('');
  });

  it.each([['../../etc/passwd'], ['auth/../gateway'], ['Gateway'], ['auth;id'], ['']])(
    'refuses %j',
    async (name) => {
      const root = image();
      const result = await run('sh', [join(root, 'deploy/entrypoint.sh'), name]);
      expect(result.code).toBe(64);
      expect(result.stdout).toBe('');
    },
  );

  it('refuses to start without a service name', async () => {
    const result = await run('sh', [ENTRYPOINT]);
    expect(result.code).toBe(64);
    expect(result.stderr).toContain('no service named');
  });

  it.each(SERVICES)(
    'execs node services/%s/dist/main.js from the image root, passing arguments',
    async (service) => {
      const root = image();
      const result = await run('sh', [join(root, 'deploy/entrypoint.sh'), service, '--flag', 'two words'], {
        cwd: tmpdir(),
      });
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      expect(JSON.parse(result.stdout)).toMatchObject({
        ran: service,
        args: ['--flag', 'two words'],
        cwd: root,
        service,
      });
    },
  );

  it('runs the migration step and the health check by name', async () => {
    const root = image();
    for (const name of ['migrate', 'healthcheck']) {
      const result = await run('sh', [join(root, 'deploy/entrypoint.sh'), name, 'x']);
      expect(result.code).toBe(0);
      expect(JSON.parse(result.stdout)).toMatchObject({ ran: name, args: ['x'] });
    }
  });

  it('says so, with exit code 66, when the image lacks the service build', async () => {
    const root = image(['gateway']);
    const result = await run('sh', [join(root, 'deploy/entrypoint.sh'), 'auth']);
    expect(result.code).toBe(66);
    expect(result.stderr).toContain('services/auth/dist/main.js is missing');
  });

  it('reads a secret from NAME_FILE, keeping its newlines, and hides the _FILE variable', async () => {
    const root = image();
    const pem = '-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEIB\n-----END PRIVATE KEY-----';
    const file = join(root, 'key.pem');
    writeFileSync(file, `${pem}\n`);
    const result = await run('sh', [join(root, 'deploy/entrypoint.sh'), 'auth'], {
      env: { AUTH_PRIVATE_KEY_FILE: file },
    });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ privateKey: pem, privateKeyFile: null });
  });

  it('reads MEDIA_URL_SECRET and OPENAI_API_KEY from files too', async () => {
    const root = image();
    const media = join(root, 'media_url_secret');
    const openAi = join(root, 'openai_api_key');
    writeFileSync(media, 'm'.repeat(64));
    writeFileSync(openAi, 'sk-test\n');
    for (const service of ['heroes', 'generation']) {
      const result = await run('sh', [join(root, 'deploy/entrypoint.sh'), service], {
        env: { MEDIA_URL_SECRET_FILE: media, OPENAI_API_KEY_FILE: openAi },
      });
      expect(result.stderr).toBe('');
      expect(JSON.parse(result.stdout)).toMatchObject({
        ran: service,
        mediaUrlSecret: 'm'.repeat(64),
        mediaUrlSecretFile: null,
        openAiApiKey: 'sk-test',
        openAiApiKeyFile: null,
      });
    }
  });

  it('refuses a secret given both directly and as a file', async () => {
    const root = image();
    const file = join(root, 'key.pem');
    writeFileSync(file, 'x');
    const result = await run('sh', [join(root, 'deploy/entrypoint.sh'), 'auth'], {
      env: { AUTH_PRIVATE_KEY_FILE: file, AUTH_PRIVATE_KEY: 'y' },
    });
    expect(result.code).toBe(64);
    expect(result.stderr).toContain('both AUTH_PRIVATE_KEY and AUTH_PRIVATE_KEY_FILE are set');
  });

  it('refuses a secret file it cannot read', async () => {
    const root = image();
    const result = await run('sh', [join(root, 'deploy/entrypoint.sh'), 'auth'], {
      env: { AUTH_PRIVATE_KEY_FILE: join(root, 'missing.pem') },
    });
    expect(result.code).toBe(66);
    expect(result.stderr).toContain('AUTH_PRIVATE_KEY_FILE points to');
    expect(result.stdout).toBe('');
  });
});

describe('deploy/healthcheck.mjs', () => {
  let server: Server;
  let port: number;
  let status = 200;
  let body = '{"status":"ok"}';
  const paths: string[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      paths.push(req.url ?? '');
      res.writeHead(status, { 'content-type': 'application/json' }).end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const check = (args: string[], env: Record<string, string> = {}) =>
    run('node', [HEALTHCHECK, ...args], { env: { HEALTHCHECK_TIMEOUT_MS: '2000', ...env } });

  it('names exactly the services of the topology', () => {
    const listed = /const SERVICES = \[([^\]]+)\]/.exec(readRepoFile('deploy/healthcheck.mjs'))?.[1];
    expect(listed?.split(',').map((s) => s.trim().replace(/'/g, ''))).toEqual([...SERVICES]);
  });

  it('passes the gateway when GET /api/health answers 200 (HOST=0.0.0.0 is reached on loopback)', async () => {
    status = 200;
    paths.length = 0;
    const result = await check(['gateway'], { PORT: String(port), HOST: '0.0.0.0' });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(paths).toEqual(['/api/health']);
  });

  it('fails the gateway on a 503, naming what is down', async () => {
    status = 503;
    body = JSON.stringify({
      status: 'degraded',
      checks: {
        postgres: { status: 'ok' },
        redis: { status: 'ok' },
        services: { auth: { status: 'ok' }, storybook: { status: 'down', error: 'no answer' } },
      },
    });
    const result = await check(['gateway'], { PORT: String(port) });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('answered 503: down: storybook');
  });

  it('fails the gateway when nothing listens', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const freePort = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const result = await check(['gateway'], { PORT: String(freePort) });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('ECONNREFUSED');
  });

  it('passes a backend service when Redis answers PING', async () => {
    const result = await check(['generation'], { REDIS_URL: TEST_REDIS_URL });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('generation ok');
  });

  it('fails a backend service when Redis does not answer, without printing its password', async () => {
    const result = await check(['auth'], { REDIS_URL: 'redis://:hunter2@127.0.0.1:1' });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('auth unhealthy: Redis at 127.0.0.1:1');
    expect(result.stderr).not.toContain('hunter2');
  });

  it('refuses an unknown service', async () => {
    const result = await check(['payroll']);
    expect(result.code).toBe(64);
  });

  describe('without an argument, it checks the service running in the container', () => {
    function fakeProc(processes: Record<string, string[]>): string {
      const dir = mkdtempSync(join(tmpdir(), 'starborn-proc-'));
      scratch.push(dir);
      for (const [pid, argv] of Object.entries(processes)) {
        mkdirSync(join(dir, pid));
        writeFileSync(join(dir, pid, 'cmdline'), `${argv.join('\0')}\0`);
      }
      mkdirSync(join(dir, 'self'));
      const unreadable = join(dir, '999');
      mkdirSync(unreadable);
      chmodSync(unreadable, 0o000);
      return dir;
    }

    it('finds the gateway from its command line and checks it over HTTP', async () => {
      status = 200;
      paths.length = 0;
      const proc = fakeProc({
        '1': ['node', 'services/gateway/dist/main.js'],
        '7': ['/bin/sh', '-c', 'sleep 1'],
      });
      const result = await check([], { STARBORN_PROC_DIR: proc, PORT: String(port) });
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      expect(result.stdout).toContain('gateway ok');
      expect(paths).toEqual(['/api/health']);
    });

    it('finds a backend service run by absolute path behind an init process', async () => {
      const proc = fakeProc({
        '1': ['/sbin/docker-init', '--', '/bin/sh', '/app/deploy/entrypoint.sh', 'rooms'],
        '8': ['node', '/app/services/rooms/dist/main.js'],
      });
      const result = await check([], { STARBORN_PROC_DIR: proc, REDIS_URL: TEST_REDIS_URL });
      expect(result.code).toBe(0);
      expect(result.stdout).toContain('rooms ok');
    });

    it('fails when no service process runs', async () => {
      const proc = fakeProc({ '1': ['/bin/sh'], '2': ['node', 'deploy/migrate.mjs'] });
      const result = await check([], { STARBORN_PROC_DIR: proc });
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('no Starborn service process is running');
    });
  });
});

it('the scripts the image runs are present in the repository', () => {
  for (const file of ['entrypoint.sh', 'migrate.mjs', 'healthcheck.mjs']) {
    expect(readFileSync(join(REPO_ROOT, 'deploy', file), 'utf8').length).toBeGreaterThan(0);
  }
});

describe('deploy/gen-keys.sh', () => {
  it('writes the token key pair and a random media URL secret, 0644 in a 0700 folder', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'starborn-keys-')), 'secrets');
    scratch.push(dirname(dir));
    const result = await run('sh', [GEN_KEYS, dir]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(readdirSync(dir).sort()).toEqual([
      'auth_private_key.pem',
      'auth_public_key.pem',
      'media_url_secret',
      'stripe_publishable_key',
      'stripe_secret_key',
      'stripe_webhook_secret',
    ]);
    // The Stripe files wait, empty, for the keys from the Stripe dashboard.
    for (const stripe of ['stripe_publishable_key', 'stripe_secret_key', 'stripe_webhook_secret'])
      expect(readFileSync(join(dir, stripe), 'utf8')).toBe('');
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    for (const file of readdirSync(dir))
      expect([file, statSync(join(dir, file)).mode & 0o777]).toEqual([file, 0o644]);
    const privateKey = createPrivateKey(readFileSync(join(dir, 'auth_private_key.pem')));
    expect(privateKey.asymmetricKeyType).toBe('ed25519');
    expect(createPublicKey(privateKey).export({ type: 'spki', format: 'pem' })).toBe(
      readFileSync(join(dir, 'auth_public_key.pem'), 'utf8'),
    );
    // `openssl rand -base64 48`: 64 characters (the services want at least 32), and no newline, since
    // a kustomize secretGenerator copies the file's bytes into the Secret.
    const secret = readFileSync(join(dir, 'media_url_secret'), 'utf8');
    expect(secret).toMatch(/^[A-Za-z0-9+/]{64}$/);
    expect(Buffer.from(secret, 'base64')).toHaveLength(48);
  });

  it('keeps what exists and adds what is missing (a media secret beside keys made before it)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'starborn-keys-'));
    scratch.push(dir);
    expect((await run('sh', [GEN_KEYS, dir])).code).toBe(0);
    const before = Object.fromEntries(readdirSync(dir).map((f) => [f, readFileSync(join(dir, f), 'utf8')]));
    rmSync(join(dir, 'media_url_secret'));
    const again = await run('sh', [GEN_KEYS, dir]);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('auth_private_key.pem exists; keeping it');
    expect(readFileSync(join(dir, 'auth_private_key.pem'), 'utf8')).toBe(before['auth_private_key.pem']);
    expect(readFileSync(join(dir, 'auth_public_key.pem'), 'utf8')).toBe(before['auth_public_key.pem']);
    const secret = readFileSync(join(dir, 'media_url_secret'), 'utf8');
    expect(secret).toMatch(/^[A-Za-z0-9+/]{64}$/);
    expect(secret).not.toBe(before.media_url_secret);
    const third = await run('sh', [GEN_KEYS, dir]);
    expect(third.stdout).toContain('media_url_secret exists; keeping it');
    expect(readFileSync(join(dir, 'media_url_secret'), 'utf8')).toBe(secret);
    expect(existsSync(join(dir, 'media_url_secret.tmp'))).toBe(false);
  });
});
