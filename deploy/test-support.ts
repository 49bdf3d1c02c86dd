// Helpers of the deployment tests (deploy/*.spec.ts): the deployment contract (services, the variables
// each must be given), loaders for docker-compose.yml and the Dockerfile, and a small kustomize build
// that needs no binary (the k8s tests check it against `kubectl kustomize` where that is installed).
import { SERVICE_NAMES, type ServiceName } from '@starborn/contracts';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments, parse as parseYaml } from 'yaml';
import { runToEnd, type RunResult } from '../scripts/lib/stack.mjs';

export const DEPLOY_DIR = dirname(fileURLToPath(import.meta.url));
export const REPO_ROOT = resolve(DEPLOY_DIR, '..');
export const K8S_DIR = join(REPO_ROOT, 'k8s');

/** Every service of the topology, all run from the one image. */
export const SERVICES = SERVICE_NAMES;
export type Service = ServiceName;

const COMMON_ENV = [
  'NODE_ENV',
  'LOG_LEVEL',
  'DATABASE_URL',
  'REDIS_URL',
  'REDIS_PREFIX',
  'RPC_TIMEOUT_MS',
  'DB_POOL_SIZE',
];

/**
 * What a deployment must give each service explicitly (no reliance on development defaults such as
 * 127.0.0.1 or NODE_ENV=development).
 */
export const REQUIRED_ENV: Record<Service, string[]> = {
  gateway: [
    ...COMMON_ENV,
    'PORT',
    'HOST',
    'AUTH_PUBLIC_KEY',
    'AUTH_KEYS_DIR',
    'WEB_DIST_DIR',
    'TRUST_PROXY',
    'RATE_LIMIT_WINDOW_SECONDS',
    'RATE_LIMIT_LOGIN_PER_IP',
    'RATE_LIMIT_LOGIN_PER_EMAIL',
    'RATE_LIMIT_REGISTER_PER_IP',
    'RATE_LIMIT_REGISTER_WINDOW_SECONDS',
    'RATE_LIMIT_REGISTER_PER_EMAIL',
    'RATE_LIMIT_REGISTER_ATTEMPTS_PER_IP',
    'RATE_LIMIT_SUPPORT_PER_IP',
    'RATE_LIMIT_SUPPORT_PER_EMAIL',
    'HEALTH_TIMEOUT_MS',
    'GENERATE_WAIT_MS',
    'MEDIA_URL_SECRET',
    'STORAGE_DRIVER',
    'MEDIA_DIR',
    'PAYMENTS_PROVIDER',
    'STRIPE_PUBLISHABLE_KEY',
  ],
  auth: [...COMMON_ENV, 'AUTH_PRIVATE_KEY', 'AUTH_KEYS_DIR', 'JWT_TTL'],
  heroes: [...COMMON_ENV, 'MEDIA_URL_SECRET', 'MEDIA_URL_TTL_SECONDS'],
  generation: [...COMMON_ENV, 'AI_PROVIDER', 'STORAGE_DRIVER', 'MEDIA_DIR', 'GENERATION_CONCURRENCY'],
  payments: [...COMMON_ENV, 'PAYMENTS_PROVIDER', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'],
  storybook: [...COMMON_ENV, 'MEDIA_URL_SECRET', 'MEDIA_URL_TTL_SECONDS'],
  rooms: [...COMMON_ENV],
};

/** Secrets: never literal values in docker-compose.yml's app services or in a ConfigMap. */
export const SECRET_ENV = [
  'AUTH_PRIVATE_KEY',
  'AUTH_PUBLIC_KEY',
  'MEDIA_URL_SECRET',
  'OPENAI_API_KEY',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
];
/**
 * Variables a deployment sets ahead of the code that reads them (none at the moment); anything else
 * a service is given must be in its configuration schema.
 */
export const PLANNED_ENV: string[] = [];
/** The media volume's mount point, where MEDIA_DIR points in the services that use it. */
export const MEDIA_MOUNT = '/app/data/media';
/**
 * The services that mount the media volume, and how: generation writes media, heroes and storybook
 * delete a deleted account's media, the gateway serves them.
 */
export const MEDIA_USERS = { generation: 'rw', heroes: 'rw', storybook: 'rw', gateway: 'ro' } as const;
/** The services that sign (heroes) or check (gateway) /media URLs, with one shared MEDIA_URL_SECRET. */
export const MEDIA_SECRET_USERS: Service[] = ['heroes', 'storybook', 'gateway'];

export function readRepoFile(path: string): string {
  return readFileSync(join(REPO_ROOT, path), 'utf8');
}

// ---------------------------------------------------------------------------------------------------
// docker-compose.yml

export interface ComposeService {
  image?: string;
  build?: { context: string; dockerfile: string };
  command?: string[] | string;
  environment?: Record<string, string | number | boolean | null>;
  depends_on?: Record<string, { condition: string }>;
  deploy?: { replicas?: number };
  healthcheck?: { test?: string[] | string; disable?: boolean };
  secrets?: (string | { source: string; target?: string })[];
  volumes?: (string | { type?: string; source: string; target: string; read_only?: boolean })[];
  ports?: (string | number | { target: number; published?: string | number })[];
  restart?: string;
  [key: string]: unknown;
}

export interface ComposeFile {
  name?: string;
  services: Record<string, ComposeService>;
  secrets?: Record<string, { file?: string; environment?: string }>;
  volumes?: Record<string, unknown>;
  [key: string]: unknown;
}

/** docker-compose.yml as compose reads it (YAML merge keys `<<` resolved). */
export function loadCompose(text = readRepoFile('docker-compose.yml')): ComposeFile {
  return parseYaml(text, { merge: true }) as ComposeFile;
}

/** `${VAR}`, `${VAR:-default}`, `${VAR-default}` as compose interpolates them, from `vars`. */
export function interpolate(value: string, vars: Record<string, string | undefined> = {}): string {
  return value.replace(
    /\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?-)([^}]*))?\}/g,
    (_, name: string, op, fallback) => {
      const given = vars[name];
      if (op === ':-') return given ? given : (fallback ?? '');
      if (op === '-') return given !== undefined ? given : (fallback ?? '');
      return given ?? '';
    },
  );
}

/** A compose volume entry as source, target and read-only flag (short `src:dst[:ro]` or long syntax). */
export function composeMounts(
  service: ComposeService,
): { source: string; target: string; readOnly: boolean }[] {
  return (service.volumes ?? []).map((entry) => {
    if (typeof entry !== 'string') {
      return { source: entry.source, target: entry.target, readOnly: entry.read_only === true };
    }
    const [source, target, mode = ''] = entry.split(':');
    return { source, target, readOnly: mode.split(',').includes('ro') };
  });
}

/** The mount target of each compose secret a service receives. */
export function composeSecretTargets(service: ComposeService): Map<string, string> {
  const targets = new Map<string, string>();
  for (const entry of service.secrets ?? []) {
    const source = typeof entry === 'string' ? entry : entry.source;
    const target = typeof entry === 'string' ? entry : (entry.target ?? entry.source);
    targets.set(target.startsWith('/') ? target : `/run/secrets/${target}`, source);
  }
  return targets;
}

/**
 * The environment a compose service's process ends up with: `environment` interpolated with the
 * defaults (or `vars`, the shell/.env variables), and `NAME_FILE` pointing at a mounted secret
 * resolved to NAME (deploy/entrypoint.sh does that), with `readSecret` giving the file's content.
 */
export function composeServiceEnv(
  compose: ComposeFile,
  service: ComposeService,
  readSecret: (secretName: string) => string = (name) => `<${name}>`,
  vars: Record<string, string | undefined> = {},
): Record<string, string> {
  const env: Record<string, string> = {};
  const mounted = composeSecretTargets(service);
  for (const [name, raw] of Object.entries(service.environment ?? {})) {
    const value = interpolate(String(raw ?? ''), vars);
    const fileOf = /^(.+)_FILE$/.exec(name);
    if (fileOf) {
      const secret = mounted.get(value);
      if (!secret) throw new Error(`${name}=${value} names no secret mounted in the service`);
      if (!compose.secrets?.[secret]) throw new Error(`secret ${secret} is not declared at the top level`);
      env[fileOf[1]] = readSecret(secret);
    } else {
      env[name] = value;
    }
  }
  return env;
}

export function commandOf(service: ComposeService): string[] {
  const { command } = service;
  if (command === undefined) return [];
  return Array.isArray(command) ? command : command.split(/\s+/).filter(Boolean);
}

// ---------------------------------------------------------------------------------------------------
// Dockerfile

export interface DockerInstruction {
  keyword: string;
  args: string;
  line: number;
}

export interface DockerStage {
  from: string;
  name?: string;
  instructions: DockerInstruction[];
}

/** Instructions with line continuations joined and comments dropped, grouped by stage. */
export function parseDockerfile(text: string): { globalArgs: Record<string, string>; stages: DockerStage[] } {
  const instructions: DockerInstruction[] = [];
  const lines = text.split('\n');
  let current: { parts: string[]; line: number } | undefined;
  lines.forEach((raw, index) => {
    const line = raw.trimEnd();
    if (/^\s*#/.test(line) || (!current && line.trim() === '')) return;
    const continued = line.endsWith('\\');
    const body = continued ? line.slice(0, -1) : line;
    if (current) current.parts.push(body.trim());
    else current = { parts: [body.trim()], line: index + 1 };
    if (!continued) {
      const joined = current.parts.join(' ').trim();
      const match = /^(\w+)\s*(.*)$/s.exec(joined);
      if (match) instructions.push({ keyword: match[1].toUpperCase(), args: match[2], line: current.line });
      current = undefined;
    }
  });
  const globalArgs: Record<string, string> = {};
  const stages: DockerStage[] = [];
  for (const instruction of instructions) {
    if (instruction.keyword === 'FROM') {
      const match = /^(?:--\S+\s+)*(\S+)(?:\s+AS\s+(\S+))?$/i.exec(instruction.args);
      if (!match) throw new Error(`cannot read FROM ${instruction.args}`);
      const from = match[1].replace(/\$\{?(\w+)\}?/g, (_, name: string) => globalArgs[name] ?? `$${name}`);
      stages.push({ from, name: match[2], instructions: [] });
    } else if (stages.length === 0) {
      if (instruction.keyword === 'ARG') {
        const [name, value = ''] = instruction.args.split('=');
        globalArgs[name.trim()] = value.trim();
      }
    } else {
      stages[stages.length - 1].instructions.push(instruction);
    }
  }
  return { globalArgs, stages };
}

// ---------------------------------------------------------------------------------------------------
// .dockerignore (patterns as Docker reads them: Go's filepath.Match plus `**`, `!` exceptions)

export function dockerIgnored(path: string, patternsText = readRepoFile('.dockerignore')): boolean {
  const patterns = patternsText
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  let ignored = false;
  for (const raw of patterns) {
    const negate = raw.startsWith('!');
    const pattern = (negate ? raw.slice(1) : raw).replace(/^\/+/, '').replace(/\/+$/, '');
    const regex = new RegExp(`^${globToRegex(pattern)}(?:/.*)?$`);
    if (regex.test(path)) ignored = !negate;
  }
  return ignored;
}

function globToRegex(glob: string): string {
  let out = '';
  for (let i = 0; i < glob.length; i += 1) {
    const c = glob[i];
    if (c === '*' && glob[i + 1] === '*') {
      // `**/` matches any number of folders, including none.
      if (glob[i + 2] === '/') {
        out += '(?:.*/)?';
        i += 2;
      } else {
        out += '.*';
        i += 1;
      }
    } else if (c === '*') out += '[^/]*';
    else if (c === '?') out += '[^/]';
    else out += c.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------
// Kubernetes manifests

export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; [key: string]: unknown };
  [key: string]: unknown;
}

export function loadYamlDocuments(file: string): K8sObject[] {
  return parseAllDocuments(readFileSync(file, 'utf8'))
    .map((doc) => {
      if (doc.errors.length > 0) throw new Error(`${file}: ${doc.errors.map((e) => e.message).join('; ')}`);
      return doc.toJS() as K8sObject | null;
    })
    .filter((doc): doc is K8sObject => doc !== null);
}

/** Every YAML file under k8s/, recursively. */
export function k8sYamlFiles(dir = K8S_DIR): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) files.push(...k8sYamlFiles(path));
    else if (/\.ya?ml$/.test(entry)) files.push(path);
  }
  return files.sort();
}

const KUSTOMIZATION_KEYS = new Set([
  'apiVersion',
  'kind',
  'resources',
  'components',
  'namespace',
  'images',
  'replicas',
  'patches',
  'secretGenerator',
]);

const CLUSTER_SCOPED = new Set([
  'Namespace',
  'PersistentVolume',
  'StorageClass',
  'ClusterRole',
  'ClusterRoleBinding',
]);

interface Kustomization {
  kind?: string;
  resources?: string[];
  components?: string[];
  namespace?: string;
  images?: { name: string; newName?: string; newTag?: string; digest?: string }[];
  replicas?: { name: string; count: number }[];
  patches?: { target: { kind?: string; name?: string }; patch?: string; path?: string }[];
  secretGenerator?: { name: string; files?: string[]; literals?: string[]; type?: string }[];
}

export interface BuildOptions {
  /** Content of a file a generator reads; the default reads it and fails when it is missing. */
  readGeneratorFile?: (path: string) => string;
}

/**
 * `kustomize build` for the features these manifests use: resources (files and folders), components,
 * namespace, images, replicas, JSON 6902 patches, secretGenerator (without the name hash). Anything
 * else is refused by name, so a new feature cannot be silently ignored by the tests.
 */
export function kustomizeBuild(dir: string, options: BuildOptions = {}): K8sObject[] {
  return build(dir, [], options);
}

function readKustomization(dir: string): Kustomization {
  const file = ['kustomization.yaml', 'kustomization.yml', 'Kustomization']
    .map((name) => join(dir, name))
    .find((path) => existsSync(path));
  if (!file) throw new Error(`${dir} has no kustomization.yaml`);
  const kustomization = parseYaml(readFileSync(file, 'utf8')) as Kustomization & Record<string, unknown>;
  for (const key of Object.keys(kustomization)) {
    if (!KUSTOMIZATION_KEYS.has(key)) {
      throw new Error(
        `${file}: "${key}" is not supported by deploy/test-support.ts's kustomizeBuild; extend it`,
      );
    }
  }
  return kustomization;
}

function build(dir: string, inherited: K8sObject[], options: BuildOptions): K8sObject[] {
  const k = readKustomization(dir);
  let objects = [...inherited];
  for (const resource of k.resources ?? []) {
    const path = resolve(dir, resource);
    if (statSync(path).isDirectory()) objects.push(...build(path, [], options));
    else objects.push(...loadYamlDocuments(path));
  }
  for (const component of k.components ?? []) {
    const path = resolve(dir, component);
    if (readKustomization(path).kind !== 'Component') throw new Error(`${path} is not a kustomize Component`);
    objects = build(path, objects, options);
  }
  const read = options.readGeneratorFile ?? ((path: string) => readFileSync(path, 'utf8'));
  for (const generator of k.secretGenerator ?? []) {
    const data: Record<string, string> = {};
    for (const literal of generator.literals ?? []) {
      const at = literal.indexOf('=');
      data[literal.slice(0, at)] = Buffer.from(literal.slice(at + 1)).toString('base64');
    }
    for (const file of generator.files ?? []) {
      const [key, path] = file.includes('=') ? file.split('=') : [file.split('/').pop()!, file];
      data[key] = Buffer.from(read(resolve(dir, path))).toString('base64');
    }
    objects.push({
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name: generator.name },
      type: generator.type ?? 'Opaque',
      data,
    });
  }
  for (const patch of k.patches ?? []) {
    if (!patch.patch) throw new Error(`${dir}: only inline JSON 6902 patches are supported`);
    const ops = parseYaml(patch.patch) as JsonPatchOp[];
    if (!Array.isArray(ops))
      throw new Error(`${dir}: only JSON 6902 patches (a list of operations) are supported`);
    const targets = objects.filter(
      (o) =>
        (!patch.target.kind || o.kind === patch.target.kind) &&
        (!patch.target.name || o.metadata.name === patch.target.name),
    );
    if (targets.length === 0)
      throw new Error(`${dir}: a patch targets nothing (${JSON.stringify(patch.target)})`);
    for (const target of targets) applyJsonPatch(target, ops);
  }
  if (k.namespace) {
    for (const object of objects) {
      if (object.kind === 'Namespace') object.metadata.name = k.namespace;
      else if (!CLUSTER_SCOPED.has(object.kind)) object.metadata.namespace = k.namespace;
    }
  }
  for (const image of k.images ?? []) {
    for (const container of objects.flatMap(podContainers)) {
      const [name, tag] = splitImage(container.image);
      if (name !== image.name) continue;
      container.image = `${image.newName ?? name}${image.digest ? `@${image.digest}` : `:${image.newTag ?? tag ?? 'latest'}`}`;
    }
  }
  for (const replicas of k.replicas ?? []) {
    const targets = objects.filter(
      (o) => ['Deployment', 'StatefulSet'].includes(o.kind) && o.metadata.name === replicas.name,
    );
    if (targets.length === 0) throw new Error(`${dir}: replicas for ${replicas.name}, which is no workload`);
    for (const target of targets) (target.spec as { replicas: number }).replicas = replicas.count;
  }
  return objects;
}

function splitImage(image: string): [string, string | undefined] {
  const at = image.lastIndexOf(':');
  return at > image.lastIndexOf('/') ? [image.slice(0, at), image.slice(at + 1)] : [image, undefined];
}

interface JsonPatchOp {
  op: 'add' | 'replace' | 'remove';
  path: string;
  value?: unknown;
}

function applyJsonPatch(target: object, ops: JsonPatchOp[]): void {
  for (const op of ops) {
    const keys = op.path
      .split('/')
      .slice(1)
      .map((key) => key.replace(/~1/g, '/').replace(/~0/g, '~'));
    const last = keys.pop()!;
    let node = target as Record<string, unknown>;
    for (const key of keys) {
      if (node[key] === undefined) throw new Error(`patch path ${op.path} does not exist`);
      node = node[key] as Record<string, unknown>;
    }
    if (Array.isArray(node)) {
      const index = last === '-' ? node.length : Number(last);
      if (op.op === 'add') node.splice(index, 0, op.value);
      else if (op.op === 'replace') node[index] = op.value;
      else node.splice(index, 1);
    } else if (op.op === 'remove' || op.op === 'replace') {
      if (!(last in node)) throw new Error(`patch path ${op.path} does not exist`);
      if (op.op === 'remove') delete node[last];
      else node[last] = op.value;
    } else {
      node[last] = op.value;
    }
  }
}

// --- pod specs

export interface Container {
  name: string;
  image: string;
  args?: string[];
  command?: string[];
  env?: {
    name: string;
    value?: string;
    valueFrom?: {
      secretKeyRef?: { name: string; key: string; optional?: boolean };
      configMapKeyRef?: { name: string; key: string };
    };
  }[];
  envFrom?: { configMapRef?: { name: string }; secretRef?: { name: string } }[];
  volumeMounts?: { name: string; mountPath: string; readOnly?: boolean }[];
  [key: string]: unknown;
}

export interface PodSpec {
  containers: Container[];
  initContainers?: Container[];
  volumes?: { name: string; persistentVolumeClaim?: { claimName: string }; [key: string]: unknown }[];
  securityContext?: Record<string, unknown>;
  [key: string]: unknown;
}

export function podSpecOf(object: K8sObject): PodSpec | undefined {
  const spec = object.spec as {
    template?: { spec?: PodSpec };
    jobTemplate?: { spec: { template: { spec: PodSpec } } };
  };
  return spec?.template?.spec ?? spec?.jobTemplate?.spec.template.spec;
}

function podContainers(object: K8sObject): Container[] {
  const pod = podSpecOf(object);
  return pod ? [...(pod.initContainers ?? []), ...pod.containers] : [];
}

export type EnvSource =
  | { from: 'value'; value: string }
  | { from: 'configMap'; name: string; key: string; value: string }
  | { from: 'secret'; name: string; key: string; optional?: boolean };

/**
 * Where each variable of a container comes from, resolving envFrom ConfigMaps among `objects`
 * (later entries win, and `env` wins over `envFrom`, as in Kubernetes).
 */
export function containerEnv(
  container: Container,
  objects: K8sObject[],
  namespace?: string,
): Map<string, EnvSource> {
  const env = new Map<string, EnvSource>();
  const find = (kind: string, name: string) => {
    const found = objects.find(
      (o) => o.kind === kind && o.metadata.name === name && o.metadata.namespace === namespace,
    );
    if (!found) throw new Error(`${container.name} refers to ${kind} ${name}, which is not in the manifests`);
    return found;
  };
  for (const source of container.envFrom ?? []) {
    if (source.configMapRef) {
      const map = find('ConfigMap', source.configMapRef.name) as K8sObject & {
        data?: Record<string, string>;
      };
      for (const [key, value] of Object.entries(map.data ?? {})) {
        env.set(key, { from: 'configMap', name: map.metadata.name, key, value });
      }
    }
    if (source.secretRef)
      throw new Error(`${container.name}: envFrom a whole Secret hides what it gets; use secretKeyRef`);
  }
  for (const entry of container.env ?? []) {
    if (entry.value !== undefined) env.set(entry.name, { from: 'value', value: entry.value });
    else if (entry.valueFrom?.secretKeyRef)
      env.set(entry.name, { from: 'secret', ...entry.valueFrom.secretKeyRef });
    else if (entry.valueFrom?.configMapKeyRef) {
      const { name, key } = entry.valueFrom.configMapKeyRef;
      const map = find('ConfigMap', name) as K8sObject & { data?: Record<string, string> };
      if (map.data?.[key] === undefined) throw new Error(`ConfigMap ${name} has no key ${key}`);
      env.set(entry.name, { from: 'configMap', name, key, value: map.data[key] });
    }
  }
  return env;
}

// ---------------------------------------------------------------------------------------------------
// Running the scripts

export type { RunResult } from '../scripts/lib/stack.mjs';

/**
 * Runs a command to its end (asynchronously, so a server in the test process can answer it), with
 * only PATH and `options.env` as its environment, through the repository's process launcher.
 */
export function run(
  command: string,
  args: string[],
  options: { cwd?: string; env?: Record<string, string | undefined>; timeoutMs?: number } = {},
): Promise<RunResult> {
  return runToEnd(command, args, {
    cwd: options.cwd ?? REPO_ROOT,
    env: { PATH: process.env.PATH, ...options.env },
    timeoutMs: options.timeoutMs,
  });
}
