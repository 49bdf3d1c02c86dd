/**
 * A generation worker killed mid-job: its job stalls, and BullMQ hands it to another worker once the
 * dead one's lock has lapsed. The first worker is a separate process (the generation service from its
 * sources, see __tests__/ts-loader.mjs), killed with SIGKILL while the fake OpenAI holds its image
 * requests; the second runs in this process. GENERATION_LOCK_MS=2000 brings the lock and the stalled
 * check down from BullMQ's 30 s.
 */
import { eventually } from '@starborn/testing';
import { openAiStack } from './__tests__/stack.js';
import { workerProcesses } from './__tests__/worker-process.js';

const LOCK_MS = 2_000;
const workers = workerProcesses();
// No generation worker here yet: the child process must be the one to take the job.
const { fake, stack } = openAiStack(
  'genstall',
  {
    GENERATION_LOCK_MS: String(LOCK_MS),
    // The generate request answers 202 while the hero is still generating.
    GENERATE_WAIT_MS: '200',
  },
  { withGeneration: false },
);

describe('hero generation: a worker killed mid-job', () => {
  it('leaves a stalled job that another worker picks up and completes', async () => {
    const { token, heroId } = await stack.newHero('Ilse Marrow');
    const { events } = await stack.connect(token);
    fake.images = 'hold';
    const { process: worker } = await workers.start({ ...stack.env, LOG_LEVEL: 'silent' });

    const started = await stack.api('POST', `/api/heroes/generate/${heroId}`, { token });
    expect(started.status).toBe(202);
    expect(started.json.hero.status).toBe('generating');

    // The child is mid-job: its three image requests are open at the fake, its job is active.
    await fake.waitForRequests('images', 3);
    expect(await (await stack.job(heroId, 1))?.getState()).toBe('active');

    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      worker.once('exit', (_code, signal) => resolve(signal)),
    );
    worker.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');
    const killedAt = Date.now();
    fake.images = 'ok';

    // The job stays active, held by nobody, until a worker's stalled check finds its lock gone.
    expect(await (await stack.job(heroId, 1))?.getState()).toBe('active');
    await stack.startGeneration();
    await stack.untilComplete({ token, heroId }, 20_000);
    // Within a few lock periods (about 2 to 3 of them), not after BullMQ's default 30 s lock.
    expect(Date.now() - killedAt).toBeLessThan(20_000);

    const hero = (await stack.api('GET', `/api/heroes/${heroId}`, { token })).json;
    expect(hero.images.map((image: { angle: string }) => image.angle)).toEqual([
      'front',
      'profile',
      'action',
    ]);
    expect((await fetch(new URL(hero.images[0].url, stack.baseUrl))).status).toBe(200);

    // The same job (attempt 1, not a retry after a failure) finished, after being found stalled once.
    const job = await stack.job(heroId, 1);
    expect(await job?.getState()).toBe('completed');
    expect(job?.stalledCounter).toBe(1);
    expect(await stack.heroRow(heroId)).toMatchObject({ status: 'complete', generation_attempt: 1 });
    // Two rounds at the fake: the killed worker's (never answered) and the new worker's.
    expect(fake.rounds('images').map((round) => round.length)).toEqual([3, 3]);

    await eventually(() => events.some((e) => e.payload.status === 'complete'));
    expect(events.map((e) => [e.event, e.payload.status])).toEqual([
      ['hero_status', 'generating'],
      ['hero_status', 'complete'],
    ]);
  }, 60_000);
});
