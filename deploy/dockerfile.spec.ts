// deploy/Dockerfile and .dockerignore, read as Docker reads them (no engine is needed): multi-stage,
// npm install (never npm ci), an nx build, pruned dev dependencies, a non-root runtime with a health
// check and the entry script; and a build context that holds what the build needs and nothing secret.
import { SYSTEM_CJK_FONT_FILES } from '@starborn/book';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { dockerIgnored, parseDockerfile, readRepoFile, REPO_ROOT, SERVICES } from './test-support.js';

const dockerfile = parseDockerfile(readRepoFile('deploy/Dockerfile'));
const { stages } = dockerfile;
const runtime = stages[stages.length - 1];
const all = (keyword: string, stage = runtime) => stage.instructions.filter((i) => i.keyword === keyword);
const runs = stages.flatMap((stage) => all('RUN', stage).map((i) => i.args));

describe('deploy/Dockerfile', () => {
  it('has named stages: dependencies, build and a runtime on node:24 (the LTS of engines) slim or alpine', () => {
    expect(stages.length).toBeGreaterThanOrEqual(3);
    for (const stage of stages) expect(stage.name).toMatch(/^[a-z][a-z0-9_-]*$/);
    const names = stages.map((s) => s.name);
    expect(new Set(names).size).toBe(names.length);
    expect(runtime.from).toMatch(/^node:24(\.\d+)*-(bookworm-slim|alpine[\d.]*)$/);
    // The build runs on the installed dependencies; the runtime starts afresh.
    expect(stages.find((s) => s.name === 'build')?.from).toBe('deps');
    // Every stage starts from node 24 or from an earlier stage.
    stages.forEach((stage, index) => {
      const earlier = stages.slice(0, index).map((s) => s.name);
      expect(earlier.includes(stage.from) || /^node:24/.test(stage.from)).toBe(true);
    });
  });

  it('runs the Node.js line of package.json engines, the version pinned for CI and npm start', () => {
    const engines = /^>=(\d+)\.(\d+)/.exec(JSON.parse(readRepoFile('package.json')).engines.node)!;
    expect(runtime.from).toMatch(new RegExp(`^node:${engines[1]}[.-]`));
    // .node-version pins the exact version CI installs (and `npm start` uses on a too old Node.js).
    const ci = /^(\d+)\.(\d+)\.(\d+)$/.exec(readRepoFile('.node-version').trim())!;
    expect(ci[1]).toBe(engines[1]);
    expect(Number(ci[2])).toBeGreaterThanOrEqual(Number(engines[2]));
  });

  it('copies only from earlier stages, and the runtime only the assembled build output', () => {
    stages.forEach((stage, index) => {
      const earlier = stages.slice(0, index).map((s) => s.name);
      for (const copy of all('COPY', stage)) {
        const from = /--from=(\S+)/.exec(copy.args)?.[1];
        if (from) expect(earlier).toContain(from);
      }
    });
    const copies = all('COPY');
    expect(copies.length).toBeGreaterThan(0);
    for (const copy of copies) expect(copy.args).toMatch(/^--from=build\s/);
  });

  it('installs with npm install, never npm ci', () => {
    expect(runs.some((run) => /\bnpm install\b/.test(run))).toBe(true);
    expect(runs.some((run) => /\bnpm ci\b/.test(run))).toBe(false);
  });

  it('builds every workspace with nx, checks each service and the web app were built, then prunes dev deps', () => {
    const build = stages.find((s) => s.name === 'build')!;
    const buildRuns = all('RUN', build).map((i) => i.args);
    const nx = buildRuns.findIndex((run) => /\bnx run-many -t build\b/.test(run));
    const prune = buildRuns.findIndex((run) => /\bnpm prune --omit=dev\b/.test(run));
    expect(nx).toBeGreaterThanOrEqual(0);
    expect(prune).toBeGreaterThan(nx);
    expect(buildRuns[nx]).toMatch(/test -f web\/dist\/index\.html/);
    const checked = /for service in ([a-z ]+);/.exec(buildRuns[nx])?.[1].split(' ');
    expect(checked).toEqual([...SERVICES]);
  });

  it('ships the built web app and the deploy scripts, which exist', () => {
    const assemble = runs.find((run) => run.includes('/out/web/dist'));
    expect(assemble).toMatch(/cp -a web\/dist \/out\/web\/dist/);
    const scripts = /cp -a ((?:deploy\/\S+\s+)+)\/out\/deploy\//.exec(assemble!)?.[1].trim().split(/\s+/);
    expect(scripts).toEqual(
      expect.arrayContaining(['deploy/entrypoint.sh', 'deploy/migrate.mjs', 'deploy/healthcheck.mjs']),
    );
    for (const script of scripts!) expect(existsSync(join(REPO_ROOT, script))).toBe(true);
  });

  it('installs the whole Noto Sans CJK in the runtime, where the PDF book looks for it first', () => {
    const install = all('RUN').find((i) => /apt-get install/.test(i.args));
    expect(install?.args).toMatch(/--no-install-recommends fonts-noto-cjk/);
    expect(install?.args).toContain(`test -f ${SYSTEM_CJK_FONT_FILES[0]}`);
    // Before the service user takes over (installing needs root).
    const index = (i: { keyword: string }) => runtime.instructions.indexOf(i as never);
    expect(index(install!)).toBeLessThan(index(all('USER')[0]!));
  });

  it('runs as a non-root user, numeric so Kubernetes can verify it', () => {
    const users = all('USER');
    expect(users.length).toBeGreaterThan(0);
    const user = users[users.length - 1].args.trim();
    expect(user).not.toMatch(/^(root|0)(:|$)/);
    expect(user).toMatch(/^[1-9]\d*(:\d+)?$/);
  });

  it('has a HEALTHCHECK that runs deploy/healthcheck.mjs', () => {
    const checks = all('HEALTHCHECK');
    expect(checks).toHaveLength(1);
    expect(checks[0].args).toMatch(/--interval=\d+s/);
    expect(checks[0].args).toMatch(/CMD \["node", "\/app\/deploy\/healthcheck\.mjs"\]/);
  });

  it('starts through deploy/entrypoint.sh, the gateway by default, in production mode on all interfaces', () => {
    const entrypoint = JSON.parse(all('ENTRYPOINT')[0].args) as string[];
    expect(entrypoint).toEqual(['/bin/sh', '/app/deploy/entrypoint.sh']);
    expect(JSON.parse(all('CMD')[0].args)).toEqual(['gateway']);
    expect(all('WORKDIR').map((i) => i.args)).toContain('/app');
    const env = all('ENV')
      .map((i) => i.args)
      .join(' ');
    expect(env).toMatch(/NODE_ENV=production/);
    expect(env).toMatch(/HOST=0\.0\.0\.0/);
    // The gateway's port, and the ops listener's (OPS_PORT: /livez, /readyz, /metrics).
    expect(all('EXPOSE').flatMap((i) => i.args.split(/\s+/))).toEqual(
      expect.arrayContaining(['3000', '9464']),
    );
  });
});

describe('.dockerignore', () => {
  it.each([
    'node_modules',
    'libs/zodiac/node_modules',
    'services/gateway/dist',
    'web/dist',
    '.git',
    '.env',
    'data/media',
    'deploy/secrets/auth_private_key.pem',
    'k8s/overlays/dev/secrets/auth_private_key.pem',
  ])('keeps %s out of the build context', (path) => {
    expect(dockerIgnored(path)).toBe(true);
  });

  it.each([
    'package.json',
    'package-lock.json',
    'nx.json',
    'tsconfig.base.json',
    'services/gateway/package.json',
    'services/gateway/src/main.ts',
    'libs/contracts/src/index.ts',
    'web/index.html',
    'web/src/main.tsx',
    'deploy/entrypoint.sh',
    'deploy/migrate.mjs',
    'deploy/healthcheck.mjs',
    '.env.example',
  ])('keeps %s in the build context', (path) => {
    expect(dockerIgnored(path)).toBe(false);
  });
});
