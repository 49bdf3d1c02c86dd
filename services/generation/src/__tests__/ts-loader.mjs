// A Node module loader for running this repository's TypeScript sources in a plain `node` child
// process (Jest is not there to transpile): `node --import <register-ts.mjs> file.ts`. It compiles
// .ts files with SWC as jest.config.js does, maps `@starborn/x` to its sources as Jest's
// moduleNameMapper does, and finds `./file.ts` behind a `./file.js` import, so no build is needed.
import { transform } from '@swc/core';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const root = new URL('../../../../', import.meta.url);
const SERVICES = new Set(['gateway', 'auth', 'heroes', 'generation', 'payments', 'storybook', 'rooms']);
const SWC = {
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true },
    target: 'es2022',
    keepClassNames: true,
    // Node itself loads the JSON modules, and refuses them without their `with { type: 'json' }`.
    experimental: { keepImportAttributes: true },
  },
  module: { type: 'es6' },
  sourceMaps: 'inline',
};

export async function resolve(specifier, context, nextResolve) {
  const workspace = /^@starborn\/([a-z-]+)$/.exec(specifier);
  if (workspace) {
    const dir = SERVICES.has(workspace[1]) ? 'services' : 'libs';
    const url = new URL(`${dir}/${workspace[1]}/src/index.ts`, root);
    if (existsSync(url)) return { url: url.href, shortCircuit: true };
  }
  if (context.parentURL?.endsWith('.ts') && /^\.\.?\//.test(specifier) && specifier.endsWith('.js')) {
    const url = new URL(`${specifier.slice(0, -3)}.ts`, context.parentURL);
    if (existsSync(url)) return { url: url.href, shortCircuit: true };
  }
  return nextResolve(specifier, context);
}

export async function load(url, context, nextLoad) {
  if (url.startsWith('file:') && url.endsWith('.ts')) {
    const filename = fileURLToPath(url);
    const { code } = await transform(await readFile(filename, 'utf8'), { ...SWC, filename });
    return { format: 'module', source: code, shortCircuit: true };
  }
  return nextLoad(url, context);
}
