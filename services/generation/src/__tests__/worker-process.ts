/**
 * Generation workers in processes of their own, for the suites that stop or kill one mid-job: the
 * generation service from its sources (generation-worker.child.ts, through ts-loader.mjs).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface WorkerProcess {
  readonly process: ChildProcess;
  /** What it has written on stdout and stderr so far. */
  readonly output: string;
}

/**
 * Starting a worker process, and killing at the end of the suite every one still running, so none
 * outlives a failed test. Called before the suite's stack is set up, so that its workers are killed
 * before the stack stops (Jest runs the afterAll hooks in the order they were declared).
 */
export function workerProcesses(): { start(env: Record<string, string>): Promise<WorkerProcess> } {
  const started: ChildProcess[] = [];
  afterAll(() => Promise.all(started.map(kill)));
  return {
    start: (env) => {
      const { process: child, ready } = startWorkerProcess(env);
      started.push(child);
      return ready;
    },
  };
}

/** Spawns the worker; `ready` resolves once it draws jobs, and rejects if it exits or stays silent. */
function startWorkerProcess(env: Record<string, string>): {
  process: ChildProcess;
  ready: Promise<WorkerProcess>;
} {
  const file = (name: string) => fileURLToPath(new URL(`./${name}`, import.meta.url));
  // Jest's NODE_OPTIONS are not for this plain node process.
  const { NODE_OPTIONS: _jestOptions, ...inherited } = process.env;
  const child = spawn(
    process.execPath,
    ['--import', file('register-ts.mjs'), file('generation-worker.child.ts')],
    {
      env: { ...inherited, ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  );
  const worker = { process: child, output: '' };
  const collect = (chunk: Buffer) => (worker.output += chunk.toString());
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const ready = new Promise<WorkerProcess>((resolve, reject) => {
    const fail = (reason: string) => {
      clearTimeout(timer);
      child.off('exit', onExit);
      reject(new Error(`${reason}:\n${worker.output}`));
    };
    const onExit = (code: number | null, signal: NodeJS.Signals | null) =>
      fail(`The worker process exited (${code ?? signal})`);
    const timer = setTimeout(() => fail('The worker process did not start'), 20_000);
    const onReady = () => {
      if (!worker.output.includes('READY\n')) return;
      clearTimeout(timer);
      child.off('exit', onExit);
      child.stdout!.off('data', onReady);
      resolve(worker);
    };
    child.stdout!.on('data', onReady);
    child.once('exit', onExit);
  });
  return { process: child, ready };
}

async function kill(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}
