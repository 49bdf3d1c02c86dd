/**
 * The process launcher every stack starter uses (scripts/lib/stack.mjs: npm start, the browser tests'
 * server, the system suites, the benches, the deploy tests), on small scripts standing in for services.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import {
  freePort,
  launchStack,
  runToEnd,
  serviceEnv,
  StackProcess,
  type ProcessExit,
} from '../../scripts/lib/stack.mjs';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'starborn-stack-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A node process running `source`. */
const node = (
  name: string,
  source: string,
  options: Partial<ConstructorParameters<typeof StackProcess>[0]> = {},
) => new StackProcess({ name, args: ['-e', source], env: serviceEnv(), cwd: dir, ...options });

/** Keeps the process alive until it is told to stop. */
const ALIVE = 'setInterval(() => {}, 1000);';

describe('StackProcess', () => {
  it('keeps the lines it prints and finds the one a caller waits for', async () => {
    const proc = node('talker', `console.log('starting'); console.error('listening 4321'); ${ALIVE}`);
    const seen: string[] = [];
    proc.onLine((line) => seen.push(line));
    const [, port] = await proc.waitForLine(/^listening (\d+)$/, 10_000);
    expect(port).toBe('4321');
    await proc.stop();
    expect(proc.tail).toEqual(expect.arrayContaining(['starting', 'listening 4321']));
    expect(seen).toEqual(expect.arrayContaining(['listening 4321']));
  });

  it('waiting for a line fails as soon as the process exits', async () => {
    const proc = node('quitter', 'process.exit(0)');
    await expect(proc.waitForLine(/never/, 10_000)).rejects.toThrow('quitter exited');
  });

  it('tells an unexpected exit from a stop', async () => {
    const unexpected: [string, ProcessExit][] = [];
    const onUnexpectedExit = (proc: StackProcess, exit: ProcessExit) => unexpected.push([proc.name, exit]);
    const crashing = node('crashing', 'process.exit(3)', { onUnexpectedExit });
    const stopped = node('stopped', ALIVE, { onUnexpectedExit });
    await crashing.exited;
    await stopped.stop();
    expect(unexpected).toEqual([['crashing', { code: 3, signal: null }]]);
    expect(stopped.running).toBe(false);
  });

  it('stops with SIGKILL a process that ignores SIGTERM, once the grace time is over', async () => {
    const stubborn = node('stubborn', `process.on('SIGTERM', () => {}); console.log('ready'); ${ALIVE}`);
    await stubborn.waitForLine(/ready/, 10_000);
    expect(await stubborn.stop({ graceMs: 200 })).toEqual({ code: null, signal: 'SIGKILL' });
  });

  it('sends its output to a file, appending when asked', async () => {
    const file = join(dir, 'service.log');
    await node('first', "console.log('one')", { output: { file } }).exited;
    await node('second', "console.error('two')", { output: { file, append: true } }).exited;
    expect(readFileSync(file, 'utf8')).toBe('one\ntwo\n');
  });
});

describe('runToEnd', () => {
  it('captures stdout and stderr apart, with only the environment it is given', async () => {
    const result = await runToEnd(
      process.execPath,
      ['-e', "console.log(process.env.ONLY ?? 'none', process.env.HOME ?? 'no home'); console.error('err')"],
      { env: { ONLY: 'this' } },
    );
    expect(result).toMatchObject({ code: 0, signal: null, stdout: 'this no home\n', stderr: 'err\n' });
  });

  it('kills a command that runs past its time', async () => {
    const result = await runToEnd(process.execPath, ['-e', ALIVE], { timeoutMs: 300 });
    expect(result.signal).toBe('SIGKILL');
  });

  it('fails when the command cannot be started', async () => {
    await expect(runToEnd(join(dir, 'no-such-command'), [])).rejects.toThrow('ENOENT');
  });
});

describe('launchStack', () => {
  /** A checkout whose services print their name and run until stopped, or exit with `exitCode`. */
  function fakeCheckout(services: Record<string, number | 'run'>): void {
    for (const [service, behaviour] of Object.entries(services)) {
      mkdirSync(join(dir, 'services', service, 'dist'), { recursive: true });
      writeFileSync(
        join(dir, 'services', service, 'dist', 'main.js'),
        `console.log('${service} up as ' + process.env.STACK_TEST);\n` +
          (behaviour === 'run' ? ALIVE : `setTimeout(() => process.exit(${behaviour}), 300);`),
      );
    }
  }

  it('prefixes every line with its service, and resolves 0 once stopped', async () => {
    fakeCheckout({ one: 'run', two: 'run' });
    const output = new PassThrough();
    let text = '';
    output.on('data', (chunk: Buffer) => (text += chunk.toString()));
    const stack = launchStack({
      env: { STACK_TEST: 'x' },
      services: ['one', 'two'],
      outputStream: output,
      cwd: dir,
    });
    await Promise.all(stack.processes.map((proc) => proc.waitForLine(/up as x/, 10_000)));
    await stack.stop();
    expect(await stack.result).toBe(0);
    expect(text).toContain('[one] one up as x\n');
    expect(text).toContain('[two] two up as x\n');
  });

  it('stops the others when one service fails, and resolves 1', async () => {
    fakeCheckout({ steady: 'run', failing: 2 });
    const stack = launchStack({
      env: {},
      services: ['steady', 'failing'],
      outputStream: new PassThrough(),
      cwd: dir,
    });
    expect(await stack.result).toBe(1);
    expect(stack.processes.every((proc) => !proc.running)).toBe(true);
  });
});

describe('serviceEnv and freePort', () => {
  it("passes this process's environment on, without its NODE_OPTIONS when asked", () => {
    const saved = process.env.NODE_OPTIONS;
    process.env.NODE_OPTIONS = '--runner-flag';
    try {
      expect(serviceEnv({ EXTRA: '1' })).toMatchObject({ NODE_OPTIONS: '--runner-flag', EXTRA: '1' });
      expect(serviceEnv({ EXTRA: '1' }, { dropNodeOptions: true }).NODE_OPTIONS).toBeUndefined();
      expect(serviceEnv({ NODE_OPTIONS: '--own' }, { dropNodeOptions: true }).NODE_OPTIONS).toBe('--own');
    } finally {
      if (saved === undefined) delete process.env.NODE_OPTIONS;
      else process.env.NODE_OPTIONS = saved;
    }
  });

  it('hands out distinct ports below the ephemeral range', async () => {
    const ports = [await freePort(), await freePort(), await freePort()];
    expect(new Set(ports).size).toBe(3);
    for (const port of ports) expect(port).toBeGreaterThanOrEqual(20_000);
    for (const port of ports) expect(port).toBeLessThan(32_768);
  });
});
