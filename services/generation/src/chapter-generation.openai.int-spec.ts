/**
 * Chapter writing with AI_PROVIDER=openai against the loopback fake of the OpenAI API, on the real
 * PostgreSQL and Redis: a chapter written by the model, and what happens when the provider fails —
 * an exhausted quota fails the job at once, raises the shared flag and reports quotaExceeded; other
 * failures are retried with backoff and then reported. The storybook service is not started: its
 * events queue is read directly (__tests__/chapters.ts).
 */
import { ChapterTestBench, chapterJob } from './__tests__/chapters.js';
import { FAKE_CHAPTER } from './__tests__/fake-openai.js';
import { openAiStack } from './__tests__/stack.js';

const { fake, stack } = openAiStack('chapteropenai');
let bench: ChapterTestBench;

beforeAll(async () => {
  bench = new ChapterTestBench(stack.env.REDIS_PREFIX!);
  await bench.ready();
});

afterAll(() => bench?.close());

describe('chapter generation through OpenAI', () => {
  it('writes the chapter the model returns, continuing the previous summary, and lowers the quota flag', async () => {
    const { heroId } = await stack.newHero('Tamsin Vey');
    await stack.raiseQuotaFlag();
    const job = chapterJob(heroId, {
      chapterNumber: 3,
      previousChapter: {
        chapterNumber: 2,
        title: 'The Salt Town',
        summary: 'Tamsin reached Velmere. Ilse joined.',
      },
    });
    await bench.enqueue(job);

    const event = await bench.generated(job);
    expect(event.data).toMatchObject({
      chapterNumber: 3,
      provider: 'openai',
      title: FAKE_CHAPTER.title,
      summary: FAKE_CHAPTER.summary,
    });
    expect(event.data.content.startsWith('# Chapter 3: The Loopback Road\n\n')).toBe(true);
    const [request] = fake.requestsTo('chat');
    expect(request!.body).toMatchObject({ response_format: { type: 'json_object' } });
    const prompt = (request!.body.messages as { content: string }[])[1]!.content;
    expect(prompt).toContain('Tamsin Vey');
    expect(prompt).toContain('Chapter 3 of 10');
    expect(prompt).toContain('Tamsin reached Velmere. Ilse joined.');
    // A chapter written is proof the quota is back.
    expect(await stack.quotaFlag()).toBeNull();
  }, 30_000);

  it('fails at once on an exhausted quota, raises the flag and reports quotaExceeded', async () => {
    const { heroId } = await stack.newHero('Odile Fen');
    fake.chat = 'quota';
    const job = chapterJob(heroId);
    await bench.enqueue(job);

    // One attempt, one request: the job failed for good (UnrecoverableError), nothing is retried.
    await bench.expectFailedAtOnce(job, {
      quotaExceeded: true,
      reason: expect.stringMatching(/^quota_exceeded: /),
    });
    expect(fake.requestsTo('chat')).toHaveLength(1);
    expect(await stack.quotaFlag()).toMatch(/quota/i);
    await stack.clearQuotaFlag();
  }, 30_000);

  it('retries other failures three times with backoff, then reports the chapter failed (not a quota problem)', async () => {
    const { heroId } = await stack.newHero('Pell Amsel');
    fake.chat = 'server-error';
    const job = chapterJob(heroId, { attempt: 2 });
    await bench.enqueue(job);

    const failure = await bench.failed(job, 20_000);
    expect(failure.id).toBe(`chapter.${job.storyBookId}.1.2.failed`);
    expect(failure.data).toMatchObject({
      attempt: 2,
      quotaExceeded: false,
      reason: expect.stringMatching(/500/),
    });
    // Three rounds of one request (the SDK was told not to retry), 2 s then 4 s apart.
    expect(fake.rounds('chat').map((round) => round.length)).toEqual([1, 1, 1]);
    const queued = await bench.job(job);
    expect(queued?.attemptsMade).toBe(3);
    expect(await stack.quotaFlag()).toBeNull();
  }, 30_000);
});
