/**
 * A generation worker stopped with SIGTERM in the middle of a job, as Kubernetes stops a pod (scale-in,
 * rolling update, node drain): it turns unready, takes no new job, finishes the job in flight, closes
 * its connections and exits 0 on its own. The job it did not take waits for another worker.
 *
 * The worker is a separate process (the generation service from its sources, see
 * __tests__/ts-loader.mjs) with its operations listener on OPS_PORT; the fake OpenAI holds its image
 * requests so the signal lands mid-job. The rest of the stack (gateway, auth, heroes) runs here.
 */
import { eventually } from '@starborn/testing';
import { createServer } from 'node:net';
import { openAiStack } from './__tests__/stack.js';
import { workerProcesses } from './__tests__/worker-process.js';

const workers = workerProcesses();
// No generation worker here: the child process is the only one drawing jobs until the end.
const { fake, stack } = openAiStack('gensigterm', { GENERATE_WAIT_MS: '200' }, { withGeneration: false });

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The JSON log lines of the output. */
function logLines(output: string): Record<string, any>[] {
  return output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, any>);
}

async function generate(token: string, heroId: string, requestId: string) {
  const response = await fetch(`${stack.baseUrl}/api/heroes/generate/${heroId}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'x-request-id': requestId },
  });
  return { status: response.status, json: (await response.json()) as { hero: { status: string } } };
}

describe('hero generation: a worker stopped with SIGTERM mid-job', () => {
  it('finishes the job in flight, takes nothing new, closes its connections and exits 0', async () => {
    const first = await stack.newHero('Odile Vantablack');
    const second = await stack.newHero('Pim Larkspur');
    const { events } = await stack.connect(first.token);
    const opsPort = await freePort();
    fake.images = 'hold';
    const child = await workers.start({
      ...stack.env,
      LOG_LEVEL: 'info',
      OPS_PORT: String(opsPort),
    });
    const worker = child.process;
    const ops = (path: string) => fetch(`http://127.0.0.1:${opsPort}${path}`);
    expect((await ops('/readyz')).status).toBe(200);

    const started = await generate(first.token, first.heroId, 'sigterm-corr-1');
    expect(started.status).toBe(202);
    await fake.waitForRequests('images', 3);
    expect(await (await stack.job(first.heroId, 1))?.getState()).toBe('active');
    const metrics = await (await ops('/metrics')).text();
    expect(metrics).toMatch(
      /starborn_queue_jobs\{queue="generation.hero",state="active",service="generation"\} 1/,
    );

    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      worker.once('exit', (code, signal) => resolve({ code, signal })),
    );
    worker.kill('SIGTERM');

    // Draining: not ready any more (a load balancer or KEDA stops counting on it), still alive.
    await eventually(async () => (await ops('/readyz')).status === 503, 5_000, 50);
    expect(await (await ops('/readyz')).json()).toMatchObject({ status: 'draining' });
    expect((await ops('/livez')).status).toBe(200);

    // A job queued now is not taken by the stopping worker.
    expect((await generate(second.token, second.heroId, 'sigterm-corr-2')).status).toBe(202);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await (await stack.job(second.heroId, 1))?.getState()).toBe('waiting');
    expect(fake.requestsTo('images')).toHaveLength(3);
    expect(worker.exitCode).toBeNull(); // still finishing the first job

    // The provider answers: the job in flight completes on the stopping worker, which then exits.
    fake.images = 'ok';
    fake.release();
    expect(await exited).toEqual({ code: 0, signal: null });

    const job = await stack.job(first.heroId, 1);
    expect(await job?.getState()).toBe('completed');
    expect(job?.stalledCounter).toBe(0); // finished by its worker, not recovered after a lapse
    expect(job?.attemptsMade).toBe(1);
    await stack.untilComplete(first, 10_000);
    expect(await stack.heroRow(first.heroId)).toMatchObject({ status: 'complete', generation_attempt: 1 });
    await eventually(() => events.some((e) => e.payload.status === 'complete'));

    // Its log: the job's lines carry the correlation id of the HTTP request that caused it; the
    // shutdown drained the worker, then closed every socket before exiting.
    const lines = logLines(child.output);
    const generated = lines.find((line) => String(line.msg).includes(`Generated hero ${first.heroId}`));
    expect(generated).toMatchObject({ service: 'generation', correlationId: 'sigterm-corr-1' });
    const messages = lines.map((line) => String(line.msg));
    const order = [
      'SIGTERM received',
      'workers stopped',
      `Generated hero ${first.heroId}`,
      'generation: stopped',
    ];
    const at = order.map((text) => messages.findIndex((msg) => msg.includes(text)));
    expect(at.every((index) => index >= 0)).toBe(true);
    expect(at[2]).toBeLessThan(at[1]); // the job finished before the workers were reported stopped
    expect(at[0]).toBeLessThan(at[2]);
    const stopped = lines.find((line) => String(line.msg).includes('generation: stopped'))!;
    expect(
      (stopped.openResources as string[]).filter((resource) => /TCP|Socket|Server/i.test(resource)),
    ).toEqual([]);

    // The job it left waiting completes on another worker.
    await stack.startGeneration();
    await stack.untilComplete(second, 20_000);
    expect((await stack.job(second.heroId, 1))?.stalledCounter).toBe(0);
  }, 90_000);
});
