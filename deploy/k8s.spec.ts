// k8s/: every manifest parses and is a valid Kubernetes object (kubernetes-models' schemas), the base
// and both overlays build, and each overlay gives every service the variables it needs, probes,
// resources and a non-root security context.
import { spawnSync } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, relative } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { ConfigMap } from 'kubernetes-models/v1/ConfigMap';
import { Namespace } from 'kubernetes-models/v1/Namespace';
import { PersistentVolumeClaim } from 'kubernetes-models/v1/PersistentVolumeClaim';
import { Secret } from 'kubernetes-models/v1/Secret';
import { Service as K8sService } from 'kubernetes-models/v1/Service';
import { Deployment } from 'kubernetes-models/apps/v1/Deployment';
import { StatefulSet } from 'kubernetes-models/apps/v1/StatefulSet';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import { ScaledObject, TriggerAuthentication } from '@kubernetes-models/keda/keda.sh/v1alpha1';
import { JobQueues } from '@starborn/contracts';
import { TEST_PAYMENTS_OPT_IN } from '@starborn/runtime';
import { mediaUrlSecret } from '@starborn/storage';
import { ENV_SCHEMAS } from './env-schemas.js';
import {
  containerEnv,
  K8S_DIR,
  k8sYamlFiles,
  kustomizeBuild,
  loadCompose,
  loadYamlDocuments,
  MEDIA_MOUNT,
  MEDIA_SECRET_USERS,
  MEDIA_USERS,
  PLANNED_ENV,
  podSpecOf,
  REQUIRED_ENV,
  SECRET_ENV,
  SERVICES,
  type Container,
  type K8sObject,
  type PodSpec,
} from './test-support.js';

const keys = generateKeyPairSync('ed25519', {
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  publicKeyEncoding: { type: 'spki', format: 'pem' },
});
/** What deploy/gen-keys.sh writes for the media URL secret: `openssl rand -base64 48`. */
const mediaSecret = randomBytes(48).toString('base64');
/** The dev overlay's secret files are generated per checkout (and ignored by git): stand-ins here. */
const DEV_SECRET_FILES: Record<string, string> = {
  'auth_private_key.pem': keys.privateKey,
  'auth_public_key.pem': keys.publicKey,
  media_url_secret: mediaSecret,
};
const readGeneratorFile = (path: string) => {
  const content = DEV_SECRET_FILES[basename(path)];
  if (content === undefined) throw new Error(`the dev overlay reads ${path}, which has no stand-in here`);
  return content;
};
/** Production creates the Secret out of band: stand-ins of what deploy/README.md asks for. */
const PROD_SECRET: Record<string, string> = {
  DATABASE_URL: 'postgres://starborn:secret@db.internal:5432/starborn',
  REDIS_URL: 'rediss://:secret@redis.internal:6380',
  AUTH_PRIVATE_KEY: keys.privateKey,
  AUTH_PUBLIC_KEY: keys.publicKey,
  MEDIA_URL_SECRET: mediaSecret,
  OPERATOR_TOKEN: 'operator-token-0123456789-abcdefghijklmnop',
  // For KEDA's redis scaler (k8s/components/autoscaling), which takes host:port, not a URL.
  REDIS_ADDRESS: 'redis.internal:6380',
  REDIS_PASSWORD: 'secret',
  STRIPE_SECRET_KEY: 'sk_live_k8s',
  STRIPE_WEBHOOK_SECRET: 'whsec_k8s',
  STRIPE_PUBLISHABLE_KEY: 'pk_live_k8s',
};

const BUILDS = {
  base: { dir: join(K8S_DIR, 'base'), namespace: undefined },
  dev: { dir: join(K8S_DIR, 'overlays/dev'), namespace: 'starborn-dev' },
  prod: { dir: join(K8S_DIR, 'overlays/prod'), namespace: 'starborn' },
} as const;
type BuildName = keyof typeof BUILDS;
const BUILD_NAMES = Object.keys(BUILDS) as BuildName[];
const built = Object.fromEntries(
  BUILD_NAMES.map((name) => [name, kustomizeBuild(BUILDS[name].dir, { readGeneratorFile })]),
) as Record<BuildName, K8sObject[]>;

const MODELS: Record<string, new (data: never) => { validate(): void }> = {
  'apps/v1/Deployment': Deployment,
  'apps/v1/StatefulSet': StatefulSet,
  'v1/Service': K8sService,
  'v1/ConfigMap': ConfigMap,
  'v1/Secret': Secret,
  'v1/Namespace': Namespace,
  'v1/PersistentVolumeClaim': PersistentVolumeClaim,
  'networking.k8s.io/v1/Ingress': Ingress,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  // KEDA's CRDs, from its published OpenAPI schemas.
  'keda.sh/v1alpha1/ScaledObject': ScaledObject,
  'keda.sh/v1alpha1/TriggerAuthentication': TriggerAuthentication,
};

function find(objects: K8sObject[], kind: string, name: string): K8sObject {
  const found = objects.find((o) => o.kind === kind && o.metadata.name === name);
  if (!found) throw new Error(`no ${kind} ${name}`);
  return found;
}
const pod = (objects: K8sObject[], service: string): PodSpec =>
  podSpecOf(find(objects, 'Deployment', service))!;
const main = (objects: K8sObject[], service: string): Container => {
  const container = pod(objects, service).containers.find((c) => c.name === service);
  if (!container) throw new Error(`Deployment ${service} has no container named ${service}`);
  return container;
};
const workloads = (objects: K8sObject[]) => objects.filter((o) => podSpecOf(o));
const allContainers = (spec: PodSpec) => [...(spec.initContainers ?? []), ...spec.containers];
const decode = (secret: K8sObject, key: string) =>
  Buffer.from((secret.data as Record<string, string>)[key], 'base64').toString('utf8');
const podLabels = (objects: K8sObject[], name: string) =>
  (find(objects, 'Deployment', name).spec as { template: { metadata: { labels: Record<string, string> } } })
    .template.metadata.labels;

/**
 * The values a container ends up with: ConfigMap values, and secret keys from the dev overlay's
 * generated Secret or production's stand-ins. An optional key the Secret lacks is left unset.
 */
function envValues(
  overlay: 'dev' | 'prod',
  objects: K8sObject[],
  env: ReturnType<typeof containerEnv>,
): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, source] of env) {
    if (source.from !== 'secret') {
      values[key] = source.value;
      continue;
    }
    const data =
      overlay === 'dev'
        ? Object.fromEntries(
            Object.keys(find(objects, 'Secret', source.name).data as object).map((k) => [
              k,
              decode(find(objects, 'Secret', source.name), k),
            ]),
          )
        : PROD_SECRET;
    if (data[source.key] !== undefined) values[key] = data[source.key];
    else if (!source.optional) throw new Error(`${key}: the Secret ${source.name} has no key ${source.key}`);
  }
  return values;
}

describe('k8s manifests', () => {
  it('are all YAML that parses, each object with apiVersion, kind and metadata.name', () => {
    const files = k8sYamlFiles();
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) {
      const docs = parseAllDocuments(readFileSync(file, 'utf8'));
      for (const doc of docs)
        expect({ file, errors: doc.errors.map((e) => e.message) }).toEqual({ file, errors: [] });
      if (basename(file) === 'kustomization.yaml') continue;
      for (const object of loadYamlDocuments(file)) {
        const where = `${relative(K8S_DIR, file)} ${object.kind}/${object.metadata?.name}`;
        expect({ where, apiVersion: typeof object.apiVersion, kind: typeof object.kind }).toEqual({
          where,
          apiVersion: 'string',
          kind: 'string',
        });
        expect(object.metadata?.name).toMatch(/^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/);
      }
    }
  });

  it.each(BUILD_NAMES)('%s builds into objects valid against the Kubernetes API schemas', (name) => {
    const objects = built[name];
    expect(objects.length).toBeGreaterThan(0);
    for (const object of objects) {
      const Model = MODELS[`${object.apiVersion}/${object.kind}`];
      if (!Model) throw new Error(`no schema for ${object.apiVersion} ${object.kind}: add it to MODELS`);
      expect(() => new Model(object as never).validate()).not.toThrow();
    }
  });

  it('the schema check catches a broken Deployment', () => {
    const broken = structuredClone(find(built.base, 'Deployment', 'gateway')) as K8sObject & {
      spec: { template: { spec: { containers: { ports: { containerPort: unknown }[] }[] } } };
    };
    broken.spec.template.spec.containers[0].ports[0].containerPort = 'http';
    expect(() => new Deployment(broken as never).validate()).toThrow();
  });

  it.each(BUILD_NAMES)('%s has no object twice', (name) => {
    const ids = built[name].map((o) => `${o.kind}/${o.metadata.namespace ?? ''}/${o.metadata.name}`);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });

  it('have a Deployment for every compose service and for nothing else', () => {
    const compose = loadCompose();
    const composeApps = Object.keys(compose.services).filter(
      (s) => !['postgres', 'redis', 'migrate'].includes(s),
    );
    const deployments = built.base.filter((o) => o.kind === 'Deployment').map((o) => o.metadata.name);
    expect([...deployments].sort()).toEqual([...composeApps].sort());
    expect([...deployments].sort()).toEqual([...SERVICES].sort());
  });

  it.each(SERVICES)('run %s from the one image, naming the service, after the migrate step', (service) => {
    const deployment = find(built.base, 'Deployment', service) as K8sObject & {
      spec: { selector: { matchLabels: Record<string, string> } };
    };
    const container = main(built.base, service);
    expect(container.image).toBe('starborn');
    expect(container.args).toEqual([service]);
    expect(container.command).toBeUndefined(); // the image's ENTRYPOINT (deploy/entrypoint.sh) stays
    const labels = podLabels(built.base, service);
    for (const [key, value] of Object.entries(deployment.spec.selector.matchLabels))
      expect(labels[key]).toBe(value);
    expect(labels['app.kubernetes.io/name']).toBe(service);
    const init = pod(built.base, service).initContainers ?? [];
    expect(init.map((c) => [c.image, c.args])).toEqual([['starborn', ['migrate']]]);
    expect(containerEnv(init[0], built.base).get('DATABASE_URL')).toEqual(
      containerEnv(container, built.base).get('DATABASE_URL'),
    );
  });

  describe.each(['dev', 'prod'] as const)('the %s overlay', (overlay) => {
    const objects = built[overlay];
    const namespace = BUILDS[overlay].namespace;

    it('puts everything in its namespace, which it creates', () => {
      expect(find(objects, 'Namespace', namespace)).toBeDefined();
      for (const object of objects.filter((o) => o.kind !== 'Namespace')) {
        expect(`${object.kind}/${object.metadata.name} ${object.metadata.namespace}`).toBe(
          `${object.kind}/${object.metadata.name} ${namespace}`,
        );
      }
    });

    it('sets an explicit image tag on every container', () => {
      for (const workload of workloads(objects)) {
        for (const container of allContainers(podSpecOf(workload)!)) {
          expect(container.image).toMatch(/^[^:@]+(:[\w][\w.-]*|@sha256:[a-f0-9]{64})$/);
          expect(container.image).not.toMatch(/:latest$/);
        }
      }
      for (const service of SERVICES) expect(main(objects, service).image).toMatch(/(^|\/)starborn:/);
    });

    it.each(SERVICES)('gives %s every variable it needs, secrets from the Secret only', (service) => {
      const env = containerEnv(main(objects, service), objects, namespace);
      expect(REQUIRED_ENV[service].filter((key) => !env.has(key))).toEqual([]);
      for (const key of [...SECRET_ENV, 'DATABASE_URL', 'REDIS_URL']) {
        const source = env.get(key);
        if (!source) continue;
        expect({ key, from: source.from, name: source.from === 'secret' ? source.name : undefined }).toEqual({
          key,
          from: 'secret',
          name: 'starborn-secrets',
        });
      }
      expect(env.get('NODE_ENV')).toMatchObject({ value: 'production' });
      // Only auth holds the private key.
      if (service !== 'auth') expect(env.has('AUTH_PRIVATE_KEY')).toBe(false);
    });

    it.each(SERVICES)(
      'gives %s values its configuration schema accepts, and no unknown variable',
      (service) => {
        const env = containerEnv(main(objects, service), objects, namespace);
        const values = envValues(overlay, objects, env);
        const schema = ENV_SCHEMAS[service];
        const parsed = schema.safeParse(values);
        expect(
          parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`),
        ).toEqual([]);
        const known = new Set([...Object.keys(schema.shape), ...PLANNED_ENV]);
        expect([...env.keys()].filter((key) => !known.has(key))).toEqual([]);
      },
    );

    it('mounts the shared media volume where MEDIA_DIR points, read-write where media are written or deleted, read-only in the gateway', () => {
      for (const [service, mode] of Object.entries(MEDIA_USERS)) {
        const container = main(objects, service);
        const env = containerEnv(container, objects, namespace);
        expect(env.get('STORAGE_DRIVER')).toMatchObject({ value: 'fs' });
        expect(env.get('MEDIA_DIR')).toMatchObject({ value: MEDIA_MOUNT });
        const mount = container.volumeMounts?.find((m) => m.mountPath === MEDIA_MOUNT);
        expect(mount).toBeDefined();
        expect({ service, readOnly: mount!.readOnly === true }).toEqual({ service, readOnly: mode === 'ro' });
        const volume = pod(objects, service).volumes?.find((v) => v.name === mount!.name);
        expect(volume?.persistentVolumeClaim?.claimName).toBe('starborn-media');
      }
      for (const service of SERVICES.filter((s) => !(s in MEDIA_USERS))) {
        const claims = (pod(objects, service).volumes ?? []).map((v) => v.persistentVolumeClaim?.claimName);
        expect(claims).not.toContain('starborn-media');
      }
      expect(find(objects, 'PersistentVolumeClaim', 'starborn-media')).toBeDefined();
    });

    it('gives heroes, storybook and the gateway MEDIA_URL_SECRET from the same Secret key, and nobody else', () => {
      for (const service of MEDIA_SECRET_USERS) {
        const env = containerEnv(main(objects, service), objects, namespace);
        const source = env.get('MEDIA_URL_SECRET');
        expect({ service, source }).toEqual({
          service,
          source: { from: 'secret', name: 'starborn-secrets', key: 'MEDIA_URL_SECRET' },
        });
        // What the services do at boot in production: it must not throw, and both get one value.
        const config = ENV_SCHEMAS[service].parse(envValues(overlay, objects, env)) as {
          NODE_ENV: string;
          MEDIA_URL_SECRET?: string;
        };
        expect(config.NODE_ENV).toBe('production');
        expect(mediaUrlSecret(config)).toBe(mediaSecret);
      }
      for (const service of SERVICES.filter((s) => !MEDIA_SECRET_USERS.includes(s))) {
        expect(containerEnv(main(objects, service), objects, namespace).has('MEDIA_URL_SECRET')).toBe(false);
      }
    });

    it('runs generation on the local AI provider, with an optional OPENAI_API_KEY for the switch to openai', () => {
      const env = containerEnv(main(objects, 'generation'), objects, namespace);
      expect(env.get('AI_PROVIDER')).toMatchObject({ value: 'local' });
      expect(Number((env.get('GENERATION_CONCURRENCY') as { value: string }).value)).toBeGreaterThanOrEqual(
        1,
      );
      expect(env.get('OPENAI_API_KEY')).toEqual({
        from: 'secret',
        name: 'starborn-secrets',
        key: 'OPENAI_API_KEY',
        optional: true,
      });
      // With the key in the Secret and AI_PROVIDER=openai, the configuration is valid.
      const values = {
        ...envValues(overlay, objects, env),
        AI_PROVIDER: 'openai',
        OPENAI_API_KEY: 'sk-test',
      };
      const parsed = ENV_SCHEMAS.generation.safeParse(values);
      expect(parsed.success ? [] : parsed.error.issues.map((i) => i.message)).toEqual([]);
      for (const service of SERVICES.filter((s) => s !== 'generation')) {
        const other = containerEnv(main(objects, service), objects, namespace);
        expect([service, other.has('OPENAI_API_KEY'), other.has('AI_PROVIDER')]).toEqual([
          service,
          false,
          false,
        ]);
      }
    });

    it('probes the gateway: ready on GET /api/health/ready, alive on /api/health/live, never on /api/health', () => {
      const container = main(objects, 'gateway') as Container & {
        ports: { name: string; containerPort: number }[];
        readinessProbe: { httpGet: { path: string; port: string | number } };
        livenessProbe: { httpGet: { path: string; port: string | number } };
        startupProbe: { tcpSocket?: unknown };
      };
      const env = containerEnv(container, objects, namespace);
      expect(env.get('HOST')).toMatchObject({ value: '0.0.0.0' });
      const http = container.ports.find((p) => p.name === 'http');
      expect(String(http?.containerPort)).toBe((env.get('PORT') as { value: string }).value);
      expect(container.readinessProbe.httpGet).toEqual({ path: '/api/health/ready', port: 'http' });
      expect(container.livenessProbe.httpGet).toEqual({ path: '/api/health/live', port: 'http' });
      expect(container.startupProbe.tcpSocket).toBeDefined();
    });

    it('probes each backend service on its ops port: alive on /livez, ready on /readyz', () => {
      for (const service of SERVICES.filter((s) => s !== 'gateway')) {
        const container = main(objects, service) as Container & {
          ports: { name: string; containerPort: number }[];
          readinessProbe: { httpGet: { path: string; port: string } };
          livenessProbe: { httpGet: { path: string; port: string } };
        };
        expect([service, container.readinessProbe.httpGet]).toEqual([
          service,
          { path: '/readyz', port: 'ops' },
        ]);
        expect([service, container.livenessProbe.httpGet]).toEqual([
          service,
          { path: '/livez', port: 'ops' },
        ]);
      }
    });

    it.each(SERVICES)('lets Prometheus scrape %s on the ops port the service listens on', (service) => {
      const container = main(objects, service) as Container & {
        ports: { name: string; containerPort: number }[];
      };
      const env = containerEnv(container, objects, namespace);
      const port = (env.get('OPS_PORT') as { value: string }).value;
      expect(env.get('OPS_HOST')).toMatchObject({ value: '0.0.0.0' });
      expect(String(container.ports.find((p) => p.name === 'ops')?.containerPort)).toBe(port);
      const annotations = (
        find(objects, 'Deployment', service).spec as {
          template: { metadata: { annotations?: Record<string, string> } };
        }
      ).template.metadata.annotations;
      expect(annotations).toMatchObject({
        'prometheus.io/scrape': 'true',
        'prometheus.io/port': port,
        'prometheus.io/path': '/metrics',
      });
      // The ops port is never behind a Service (so never behind the Ingress either).
      for (const svc of objects.filter((o) => o.kind === 'Service')) {
        const ports = (svc.spec as { ports: { targetPort: string | number }[] }).ports;
        expect(ports.map((p) => String(p.targetPort))).not.toContain('ops');
        expect(ports.map((p) => String(p.targetPort))).not.toContain(port);
      }
    });

    it.each(SERVICES)('limits voluntary disruptions of %s to one pod at a time', (service) => {
      const pdb = find(objects, 'PodDisruptionBudget', service) as K8sObject & {
        spec: {
          maxUnavailable?: number;
          minAvailable?: number;
          selector: { matchLabels: Record<string, string> };
        };
      };
      expect(pdb.spec.maxUnavailable).toBe(1);
      const labels = podLabels(objects, service);
      for (const [key, value] of Object.entries(pdb.spec.selector.matchLabels))
        expect(labels[key]).toBe(value);
      const selected = objects.filter(
        (o) =>
          o.kind === 'Deployment' &&
          Object.entries(pdb.spec.selector.matchLabels).every(
            ([k, v]) => podLabels(objects, o.metadata.name)[k] === v,
          ),
      );
      expect(selected.map((o) => o.metadata.name)).toEqual([service]);
    });

    it('exposes the gateway, and only it, through a Service that selects its pods, with session affinity', () => {
      const service = find(objects, 'Service', 'gateway') as K8sObject & {
        spec: { selector: Record<string, string>; ports: { targetPort: string }[]; sessionAffinity: string };
      };
      const labels = podLabels(objects, 'gateway');
      for (const [key, value] of Object.entries(service.spec.selector)) expect(labels[key]).toBe(value);
      expect(service.spec.ports[0].targetPort).toBe('http');
      expect(service.spec.sessionAffinity).toBe('ClientIP');
      const others = objects.filter(
        (o) =>
          o.kind === 'Service' &&
          o.metadata.name !== 'gateway' &&
          (SERVICES as readonly string[]).includes(o.metadata.name),
      );
      expect(others).toEqual([]);
    });

    it('sets requests and limits of CPU and memory on every container', () => {
      for (const workload of workloads(objects)) {
        for (const container of allContainers(podSpecOf(workload)!)) {
          const resources = (container.resources ?? {}) as { requests?: object; limits?: object };
          const where = `${workload.metadata.name}/${container.name}`;
          expect([where, Object.keys(resources.requests ?? {}).sort()]).toEqual([where, ['cpu', 'memory']]);
          expect([where, Object.keys(resources.limits ?? {}).sort()]).toEqual([where, ['cpu', 'memory']]);
        }
      }
    });

    it('runs every pod as a non-root user, without privilege escalation or capabilities', () => {
      for (const workload of workloads(objects)) {
        const spec = podSpecOf(workload)!;
        const where = workload.metadata.name;
        expect({ where, ...spec.securityContext }).toMatchObject({
          where,
          runAsNonRoot: true,
          seccompProfile: { type: 'RuntimeDefault' },
        });
        expect(spec.securityContext?.runAsUser).toBeGreaterThan(0);
        expect(spec.automountServiceAccountToken).toBe(false);
        for (const container of allContainers(spec)) {
          const name = `${where}/${container.name}`;
          expect({ name, ...(container.securityContext as object) }).toMatchObject({
            name,
            allowPrivilegeEscalation: false,
            capabilities: { drop: ['ALL'] },
          });
        }
      }
      for (const service of SERVICES) {
        expect(pod(objects, service).securityContext?.runAsUser).toBe(1000); // the image's USER
        const context = main(objects, service).securityContext as { readOnlyRootFilesystem?: boolean };
        expect(context.readOnlyRootFilesystem).toBe(true);
        // A read-only root needs a writable /tmp.
        expect(main(objects, service).volumeMounts?.map((m) => m.mountPath)).toContain('/tmp');
      }
    });
  });

  describe('the dev overlay', () => {
    const objects = built.dev;

    it('runs the test-card demo, asked for in as many words, in payments and the gateway alike', () => {
      for (const service of ['payments', 'gateway']) {
        const env = containerEnv(main(objects, service), objects, 'starborn-dev');
        expect(envValues('dev', objects, env)).toMatchObject({
          NODE_ENV: 'production',
          PAYMENTS_PROVIDER: 'local',
          ALLOW_TEST_PAYMENTS_IN_PRODUCTION: TEST_PAYMENTS_OPT_IN,
        });
      }
    });

    it('generates the Secret with every key the manifests require', () => {
      const secret = find(objects, 'Secret', 'starborn-secrets');
      const referenced = new Set<string>();
      for (const workload of workloads(objects)) {
        for (const container of allContainers(podSpecOf(workload)!)) {
          for (const entry of container.env ?? []) {
            const ref = entry.valueFrom?.secretKeyRef;
            if (!ref) continue;
            expect(ref.name).toBe('starborn-secrets');
            if (!ref.optional) referenced.add(ref.key);
          }
        }
      }
      expect(referenced.size).toBeGreaterThanOrEqual(5);
      expect([...referenced].filter((key) => !(key in (secret.data as object)))).toEqual([]);
      expect(decode(secret, 'AUTH_PRIVATE_KEY')).toBe(keys.privateKey);
      expect(decode(secret, 'AUTH_PUBLIC_KEY')).toBe(keys.publicKey);
      // Read from the file deploy/gen-keys.sh writes, not a value committed to git.
      expect(decode(secret, 'MEDIA_URL_SECRET')).toBe(mediaSecret);
      expect(readFileSync(join(BUILDS.dev.dir, 'kustomization.yaml'), 'utf8')).toMatch(
        /^\s*- MEDIA_URL_SECRET=secrets\/media_url_secret$/m,
      );
    });

    it('connects the services to its in-cluster PostgreSQL and Redis', () => {
      const secret = find(objects, 'Secret', 'starborn-secrets');
      const db = new URL(decode(secret, 'DATABASE_URL'));
      expect(find(objects, 'Service', db.hostname)).toBeDefined();
      expect(find(objects, 'StatefulSet', 'postgres')).toBeDefined();
      expect(decodeURIComponent(db.password)).toBe(decode(secret, 'POSTGRES_PASSWORD'));
      const redis = new URL(decode(secret, 'REDIS_URL'));
      expect(find(objects, 'Service', redis.hostname)).toBeDefined();
    });

    it('uses the locally built image starborn:dev and a volume a one-node cluster can give', () => {
      expect(main(objects, 'gateway').image).toBe('starborn:dev');
      expect(
        (find(objects, 'PersistentVolumeClaim', 'starborn-media').spec as { accessModes: string[] })
          .accessModes,
      ).toEqual(['ReadWriteOnce']);
    });

    it('keeps the key files it reads out of git', () => {
      const ignore = readFileSync(join(BUILDS.dev.dir, 'secrets/.gitignore'), 'utf8').split('\n');
      expect(ignore).toContain('*');
    });
  });

  describe('the prod overlay', () => {
    const objects = built.prod;

    it('takes real payments: Stripe in payments and the gateway, keys from the Secret, never test cards', () => {
      for (const service of ['payments', 'gateway']) {
        const env = containerEnv(main(objects, service), objects, 'starborn');
        expect([service, env.get('PAYMENTS_PROVIDER')]).toEqual([
          service,
          expect.objectContaining({ value: 'stripe' }),
        ]);
        expect([service, env.has('ALLOW_TEST_PAYMENTS_IN_PRODUCTION')]).toEqual([service, false]);
      }
      const payments = containerEnv(main(objects, 'payments'), objects, 'starborn');
      const gateway = containerEnv(main(objects, 'gateway'), objects, 'starborn');
      for (const [env, key] of [
        [payments, 'STRIPE_SECRET_KEY'],
        [payments, 'STRIPE_WEBHOOK_SECRET'],
        [gateway, 'STRIPE_PUBLISHABLE_KEY'],
      ] as const) {
        expect(env.get(key)).toMatchObject({ from: 'secret', name: 'starborn-secrets', key });
      }
      // A Secret without the Stripe keys stops payments and the gateway at boot.
      for (const [service, env, key] of [
        ['payments', payments, 'STRIPE_SECRET_KEY'],
        ['gateway', gateway, 'STRIPE_PUBLISHABLE_KEY'],
      ] as const) {
        const values = envValues('prod', objects, env);
        delete values[key];
        expect(ENV_SCHEMAS[service].safeParse(values).success).toBe(false);
      }
    });

    it('runs several gateways and generation workers, on a volume shared across nodes', () => {
      const replicas = (name: string) =>
        (find(objects, 'Deployment', name).spec as { replicas: number }).replicas;
      expect(replicas('gateway')).toBeGreaterThanOrEqual(2);
      expect(replicas('generation')).toBeGreaterThanOrEqual(2);
      expect(
        (find(objects, 'PersistentVolumeClaim', 'starborn-media').spec as { accessModes: string[] })
          .accessModes,
      ).toEqual(['ReadWriteMany']);
    });

    it('scales generation with KEDA on the BullMQ waiting lists of both generation queues', () => {
      const scaled = find(objects, 'ScaledObject', 'generation') as K8sObject & {
        spec: {
          scaleTargetRef: { name: string; kind?: string };
          minReplicaCount: number;
          maxReplicaCount: number;
          triggers: {
            type: string;
            metadata: Record<string, string>;
            authenticationRef: { name: string };
          }[];
        };
      };
      expect(find(objects, 'Deployment', scaled.spec.scaleTargetRef.name).metadata.name).toBe('generation');
      expect(scaled.spec.scaleTargetRef.kind ?? 'Deployment').toBe('Deployment');
      expect(scaled.spec.minReplicaCount).toBeGreaterThanOrEqual(1);
      expect(scaled.spec.maxReplicaCount).toBeGreaterThan(scaled.spec.minReplicaCount);
      // The list BullMQ keeps waiting jobs in: `<REDIS_PREFIX>:<queue>:wait`, with the services' prefix.
      const env = containerEnv(main(objects, 'generation'), objects, 'starborn');
      const prefix = (env.get('REDIS_PREFIX') as { value: string }).value;
      const lists = [
        JobQueues.heroGeneration.name,
        JobQueues.chapterGeneration.name,
        JobQueues.narrator.name,
      ].map((queue) => `${prefix}:${queue}:wait`);
      expect(scaled.spec.triggers.map((t) => t.type)).toEqual(['redis', 'redis', 'redis']);
      expect(scaled.spec.triggers.map((t) => t.metadata.listName)).toEqual(lists);
      for (const trigger of scaled.spec.triggers) {
        expect(Number(trigger.metadata.listLength)).toBeGreaterThan(0);
        expect(trigger.metadata.address ?? trigger.metadata.host).toBeUndefined(); // from the Secret
        const auth = find(objects, 'TriggerAuthentication', trigger.authenticationRef.name) as K8sObject & {
          spec: { secretTargetRef: { parameter: string; name: string; key: string }[] };
        };
        const refs = auth.spec.secretTargetRef;
        expect(refs.map((r) => r.parameter)).toContain('address');
        for (const ref of refs) {
          expect(ref.name).toBe('starborn-secrets');
          expect(PROD_SECRET[ref.key]).toBeDefined(); // a key deploy/README.md asks the operator for
        }
        const address = PROD_SECRET[refs.find((r) => r.parameter === 'address')!.key];
        expect(address).toMatch(/^[^:/]+:\d+$/); // host:port, not a URL
      }
    });

    it('scales the gateway on CPU, from at least two pods', () => {
      const hpa = find(objects, 'HorizontalPodAutoscaler', 'gateway') as K8sObject & {
        spec: {
          scaleTargetRef: { kind: string; name: string };
          minReplicas: number;
          maxReplicas: number;
          metrics: { type: string; resource: { name: string; target: { type: string } } }[];
        };
      };
      expect(hpa.spec.scaleTargetRef).toMatchObject({ kind: 'Deployment', name: 'gateway' });
      expect(hpa.spec.minReplicas).toBeGreaterThanOrEqual(2);
      expect(hpa.spec.maxReplicas).toBeGreaterThan(hpa.spec.minReplicas);
      expect(hpa.spec.metrics).toEqual([
        expect.objectContaining({ type: 'Resource', resource: expect.objectContaining({ name: 'cpu' }) }),
      ]);
      // CPU utilisation is measured against the request: the gateway container must have one.
      const resources = main(objects, 'gateway').resources as { requests: { cpu: string } };
      expect(resources.requests.cpu).toBeDefined();
      // Nothing else scales the generation Deployment besides KEDA.
      expect(objects.filter((o) => o.kind === 'HorizontalPodAutoscaler').map((o) => o.metadata.name)).toEqual(
        ['gateway'],
      );
    });

    it('the KEDA schema check catches a broken ScaledObject', () => {
      const broken = structuredClone(find(objects, 'ScaledObject', 'generation')) as K8sObject & {
        spec: { minReplicaCount: unknown };
      };
      broken.spec.minReplicaCount = 'one';
      expect(() => new ScaledObject(broken as never).validate()).toThrow();
    });

    it('holds no Secret and no database: both are the operator’s', () => {
      expect(objects.filter((o) => o.kind === 'Secret' || o.kind === 'StatefulSet')).toEqual([]);
    });

    it('routes its Ingress to the gateway Service with cookie affinity, and trusts its X-Forwarded-For', () => {
      const ingress = find(objects, 'Ingress', 'gateway') as K8sObject & {
        metadata: { annotations: Record<string, string> };
        spec: {
          rules: { http: { paths: { backend: { service: { name: string; port: { name: string } } } }[] } }[];
        };
      };
      const backend = ingress.spec.rules[0].http.paths[0].backend.service;
      const service = find(objects, 'Service', backend.name) as K8sObject & {
        spec: { ports: { name: string }[] };
      };
      expect(service.spec.ports.map((p) => p.name)).toContain(backend.port.name);
      expect(ingress.metadata.annotations['nginx.ingress.kubernetes.io/affinity']).toBe('cookie');
      expect(containerEnv(main(objects, 'gateway'), objects, 'starborn').get('TRUST_PROXY')).toMatchObject({
        value: 'true',
      });
      // Without an Ingress in front, X-Forwarded-For is not to be trusted.
      expect(containerEnv(main(built.base, 'gateway'), built.base).get('TRUST_PROXY')).toMatchObject({
        value: 'false',
      });
    });
  });

  // kustomizeBuild implements a subset of kustomize; where kubectl is installed, check that it agrees.
  const hasKubectl = spawnSync('kubectl', ['version', '--client'], { encoding: 'utf8' }).status === 0;
  (hasKubectl ? it.each(BUILD_NAMES) : it.skip.each(BUILD_NAMES))(
    '%s builds the same with kubectl kustomize',
    (name) => {
      const scratch = mkdtempSync(join(tmpdir(), 'starborn-k8s-'));
      try {
        cpSync(K8S_DIR, join(scratch, 'k8s'), { recursive: true });
        writeFileSync(join(scratch, 'k8s/overlays/dev/secrets/auth_private_key.pem'), keys.privateKey);
        writeFileSync(join(scratch, 'k8s/overlays/dev/secrets/auth_public_key.pem'), keys.publicKey);
        writeFileSync(join(scratch, 'k8s/overlays/dev/secrets/media_url_secret'), mediaSecret);
        const dir = join(scratch, 'k8s', relative(K8S_DIR, BUILDS[name].dir));
        const result = spawnSync('kubectl', ['kustomize', dir], { encoding: 'utf8' });
        expect(result.stderr).toBe('');
        const real = parseAllDocuments(result.stdout).map((doc) => doc.toJS() as K8sObject);
        for (const secret of real.filter((o) => o.kind === 'Secret')) {
          const data = secret.data as Record<string, string>;
          for (const key of Object.keys(data)) data[key] = data[key].replace(/\s+/g, ''); // wrapped base64
        }
        // kustomize appends a content hash to generated names; compare without it.
        const unhashed = JSON.parse(
          JSON.stringify(real).replace(/"(starborn-secrets)-[a-z0-9]{10}"/g, '"$1"'),
        ) as K8sObject[];
        const id = (o: K8sObject) => `${o.kind}/${o.metadata.namespace ?? ''}/${o.metadata.name}`;
        const sorted = (objects: K8sObject[]) => [...objects].sort((a, b) => id(a).localeCompare(id(b)));
        expect(sorted(unhashed)).toEqual(sorted(built[name]));
      } finally {
        rmSync(scratch, { recursive: true, force: true });
      }
    },
  );
});
