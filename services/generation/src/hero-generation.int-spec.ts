/**
 * Hero generation end to end with AI_PROVIDER=openai against a loopback fake of the OpenAI API:
 * the gateway, auth, heroes and generation in this process, on the real PostgreSQL and Redis.
 * What happens when the provider fails: retries with backoff, then 'error' and Try Again; and an
 * exhausted quota, which fails at once, raises the shared flag and tells the owner.
 */
import { QUOTA_EXCEEDED_MESSAGE } from '@starborn/contracts';
import { eventually } from '@starborn/testing';
import { FAKE_STORY } from './__tests__/fake-openai.js';
import { openAiStack } from './__tests__/stack.js';

const { fake, stack } = openAiStack('generation', { GENERATE_WAIT_MS: '25000' });

describe('hero generation: provider failures', () => {
  it('retries a failing provider three times with backoff, ends in error, and Try Again completes', async () => {
    const { token, heroId } = await stack.newHero('Corin Ash');
    const { events } = await stack.connect(token);
    fake.images = 'server-error';

    const started = Date.now();
    const failed = await stack.api('POST', `/api/heroes/generate/${heroId}`, { token });
    const elapsed = Date.now() - started;
    // The request waits for the hero to settle: 3 attempts, 2 s then 4 s apart.
    expect(failed.status).toBe(200);
    expect(failed.json.hero).toMatchObject({ id: heroId, status: 'error', images: [] });
    expect(elapsed).toBeGreaterThanOrEqual(5_500);
    expect((await stack.api('GET', `/api/heroes/${heroId}`, { token })).json.status).toBe('error');

    // Three rounds of three image requests (the SDK was told not to retry), with the backoff between.
    const rounds = fake.rounds('images');
    expect(rounds.map((round) => round.length)).toEqual([3, 3, 3]);
    const gaps = [rounds[1]![0]!.at - rounds[0]![0]!.at, rounds[2]![0]!.at - rounds[1]![0]!.at];
    expect(gaps[0]).toBeGreaterThanOrEqual(1_900);
    expect(gaps[1]).toBeGreaterThanOrEqual(3_900);
    expect(gaps[1]).toBeGreaterThan(gaps[0]!);
    for (const round of rounds) {
      expect(round.every((request) => String(request.body.prompt).includes('Corin Ash'))).toBe(true);
    }

    const job = await stack.job(heroId, 1);
    expect(await job?.getState()).toBe('failed');
    expect(job?.attemptsMade).toBe(3);
    const row = await stack.heroRow(heroId);
    expect(row).toMatchObject({ status: 'error', generation_attempt: 1 });
    expect(row.generation_error).toMatch(/500/);
    // A provider failure is not a quota problem.
    expect(await stack.quotaFlag()).toBeNull();
    await eventually(() => events.some((e) => e.event === 'hero_status' && e.payload.status === 'error'));
    expect(events.map((e) => [e.event, e.payload.status])).toEqual([
      ['hero_status', 'generating'],
      ['hero_status', 'error'],
    ]);

    // Try Again, with the provider back.
    fake.reset();
    const retried = await stack.api('POST', `/api/heroes/generate/${heroId}`, { token });
    expect(retried.status).toBe(200);
    expect(retried.json.hero.status).toBe('complete');
    expect(retried.json.hero.images.map((image: { angle: string }) => image.angle)).toEqual([
      'front',
      'profile',
      'action',
    ]);
    expect(retried.json.hero.backstory).toBe(FAKE_STORY);
    expect(fake.requestsTo('images')).toHaveLength(3);
    expect(fake.requestsTo('chat')).toHaveLength(1);
    expect(await stack.heroRow(heroId)).toMatchObject({
      status: 'complete',
      generation_attempt: 2,
      generation_error: null,
    });
    expect(await (await stack.job(heroId, 2))?.getState()).toBe('completed');
    const preview = await fetch(new URL(retried.json.hero.images[0].url, stack.baseUrl));
    expect(preview.status).toBe(200);
    expect(preview.headers.get('content-type')).toBe('image/png');
    await eventually(() => events.some((e) => e.event === 'hero_status' && e.payload.status === 'complete'));
    expect(events.map((e) => e.payload.status)).toEqual(['generating', 'error', 'generating', 'complete']);
  }, 45_000);

  it('does not retry a request the provider refuses as invalid (400)', async () => {
    const { token, heroId } = await stack.newHero('Odile Fen');
    const { events } = await stack.connect(token);
    fake.images = 'bad-request';

    const failed = await stack.api('POST', `/api/heroes/generate/${heroId}`, { token });
    expect(failed.json.hero.status).toBe('error');
    // The hero settled after the first attempt: the job failed for good, no retry was scheduled.
    const job = await stack.job(heroId, 1);
    expect(await job?.getState()).toBe('failed');
    expect(job?.attemptsMade).toBe(1);
    expect(fake.rounds('images').map((round) => round.length)).toEqual([3]);
    expect((await stack.heroRow(heroId)).generation_error).toMatch(/400/);
    // Not a quota problem: no flag, no api_error.
    expect(await stack.quotaFlag()).toBeNull();
    await eventually(() => events.some((e) => e.payload.status === 'error'));
    expect(events.map((e) => e.event)).toEqual(['hero_status', 'hero_status']);
  }, 30_000);

  it('fails at once on an exhausted quota, raises the flag, tells the owner, and refuses until it clears', async () => {
    const { token, heroId } = await stack.newHero('Mara Quell');
    const { events } = await stack.connect(token);
    fake.images = 'quota';
    fake.chat = 'quota';

    const failed = await stack.api('POST', `/api/heroes/generate/${heroId}`, { token });
    expect(failed.status).toBe(200);
    expect(failed.json.hero.status).toBe('error');
    expect((await stack.api('GET', `/api/heroes/${heroId}`, { token })).json.status).toBe('error');

    // One attempt only: the job failed for good (UnrecoverableError), no retry is scheduled.
    const job = await stack.job(heroId, 1);
    expect(await job?.getState()).toBe('failed');
    expect(job?.attemptsMade).toBe(1);
    expect(job?.failedReason).toMatch(/^quota_exceeded: /);
    expect(fake.requestsTo('images')).toHaveLength(3);
    expect(fake.requestsTo('chat')).toHaveLength(1);
    expect((await stack.heroRow(heroId)).generation_error).toMatch(/^quota_exceeded: /);

    // The shared flag is up, for every service and for the web app.
    expect(await stack.quotaFlag()).toMatch(/quota/i);
    const status = await stack.api('GET', '/api/status/openai-quota');
    expect(status.status).toBe(429);
    expect(status.json).toMatchObject({ isQuotaExceeded: true, errorType: 'quota_exceeded' });

    // The owner's browser hears both.
    await eventually(() => events.some((e) => e.event === 'api_error'));
    expect(events).toEqual([
      { event: 'hero_status', payload: { heroId, status: 'generating' } },
      { event: 'hero_status', payload: { heroId, status: 'error' } },
      { event: 'api_error', payload: { errorType: 'quota_exceeded', message: QUOTA_EXCEEDED_MESSAGE } },
    ]);

    // Try Again is refused while the flag is up, and starts no job.
    fake.reset();
    const refused = await stack.api('POST', `/api/heroes/generate/${heroId}`, { token });
    expect(refused.status).toBe(429);
    expect(refused.json).toMatchObject({ errorType: 'quota_exceeded', message: QUOTA_EXCEEDED_MESSAGE });
    expect(await stack.heroRow(heroId)).toMatchObject({ status: 'error', generation_attempt: 1 });
    expect(fake.requests).toHaveLength(0);

    // Once the flag lapses (15 minutes in production), Try Again works.
    await stack.clearQuotaFlag();
    const retried = await stack.api('POST', `/api/heroes/generate/${heroId}`, { token });
    expect(retried.status).toBe(200);
    expect(retried.json.hero.status).toBe('complete');
    expect(retried.json.hero.images).toHaveLength(3);
    expect(await stack.heroRow(heroId)).toMatchObject({ status: 'complete', generation_attempt: 2 });
    expect((await stack.api('GET', '/api/status/openai-quota')).status).toBe(200);
  }, 30_000);

  it('lowers the quota flag when a generation already under way succeeds', async () => {
    const { token, heroId } = await stack.newHero('Tamsin Vey');
    fake.images = 'hold';
    const generating = stack.api('POST', `/api/heroes/generate/${heroId}`, { token });
    await fake.waitForRequests('images', 3);
    // Another worker's job hit the quota meanwhile.
    await stack.raiseQuotaFlag();
    expect((await stack.api('GET', '/api/status/openai-quota')).status).toBe(429);

    fake.release();
    const done = await generating;
    expect(done.json.hero.status).toBe('complete');
    expect(await stack.quotaFlag()).toBeNull();
    const status = await stack.api('GET', '/api/status/openai-quota');
    expect(status.status).toBe(200);
    expect(status.json.isQuotaExceeded).toBe(false);
  }, 30_000);
});
