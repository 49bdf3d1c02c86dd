/**
 * A loopback fake of the two OpenAI endpoints the generation workers call (chat completions for the
 * backstory and the chapters, images/generations for the pictures), on 127.0.0.1 and a random port.
 * A chat request asking for JSON is a chapter, and gets FAKE_CHAPTER; any other gets FAKE_STORY. Each endpoint's
 * behaviour can be switched while a test runs; every request is recorded with its arrival time.
 * Same approach as libs/ai/src/openai/openai-provider.int-spec.ts.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { writeLocalChapter, type HeroProfile } from '@starborn/ai';
import sharp from 'sharp';

export type FakeBehaviour =
  /** Answer like OpenAI does. */
  | 'ok'
  /** 500 server_error, with `x-should-retry: false` so the SDK's own retries stay out of the count. */
  | 'server-error'
  /** 429 insufficient_quota with `x-should-retry: false`, as OpenAI answers an account out of credit. */
  | 'quota'
  /** 400 invalid_request_error: the request itself is refused, so retrying cannot help. */
  | 'bad-request'
  /** Keep the request open until `release()` (then answer 'ok') or until the client goes away. */
  | 'hold';

export interface FakeRequest {
  endpoint: 'chat' | 'images' | 'other';
  at: number;
  body: Record<string, unknown>;
}

export const FAKE_STORY = `# The Fake Chronicle

## Born Under a Loopback Star

A hero written by a fake OpenAI server, for the generation integration tests.
`;

const FAKE_HERO: HeroProfile = {
  heroId: 'f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0',
  name: 'Loopback Lark',
  western: {
    sign: 'Leo',
    dateRange: 'July 23 - August 22',
    element: 'Fire',
    traits: ['Bold'],
    strengths: ['Courage'],
    weaknesses: ['Pride'],
  },
  chinese: { sign: 'Dragon', element: 'Yang Wood', years: [], traits: ['Brave'], compatibility: ['Rat'] },
};

/** A chapter as a model answers the chapter prompt: a JSON object, of a length the provider accepts. */
export const FAKE_CHAPTER = (() => {
  const written = writeLocalChapter({
    hero: FAKE_HERO,
    chapterNumber: 1,
    chaptersTotalCount: 10,
    previousChapter: null,
  });
  return {
    title: 'The Loopback Road',
    markdown: written.markdown.replace(/^# .*/, '# The Loopback Road'),
    summary:
      'Loopback Lark left home on the loopback road. A fake server sent word. They travel on to the test suite.',
  };
})();

export class FakeOpenAi {
  images: FakeBehaviour = 'ok';
  chat: FakeBehaviour = 'ok';
  readonly requests: FakeRequest[] = [];
  baseURL = '';
  private server?: Server;
  private png!: Buffer;
  private held: (() => void)[] = [];
  private waiters: (() => void)[] = [];

  async start(): Promise<void> {
    // A small real PNG, as a model might return at a reduced size: the provider scales it to 1024×1024.
    this.png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#6a3fb5' } })
      .png()
      .toBuffer();
    this.server = createServer((req, res) => void this.handle(req, res).catch(() => res.destroy()));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.baseURL = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
  }

  async stop(): Promise<void> {
    this.release();
    if (!this.server) return;
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
  }

  /** Back to answering everything, with an empty record. */
  reset(): void {
    this.images = 'ok';
    this.chat = 'ok';
    this.requests.length = 0;
    this.release();
  }

  /** Answers every held request (successfully). */
  release(): void {
    for (const answer of this.held.splice(0)) answer();
  }

  requestsTo(endpoint: FakeRequest['endpoint']): FakeRequest[] {
    return this.requests.filter((request) => request.endpoint === endpoint);
  }

  /** Resolves once `count` requests have reached `endpoint` (counting those already recorded). */
  async waitForRequests(endpoint: FakeRequest['endpoint'], count: number, timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.requestsTo(endpoint).length < count) {
      const left = deadline - Date.now();
      if (left <= 0) {
        throw new Error(`The fake saw ${this.requestsTo(endpoint).length} of ${count} ${endpoint} requests`);
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /**
   * The requests to `endpoint` grouped into rounds: a pause longer than `gapMs` starts a new round.
   * One generation attempt makes one round (three images, one backstory).
   */
  rounds(endpoint: FakeRequest['endpoint'], gapMs = 1_000): FakeRequest[][] {
    const rounds: FakeRequest[][] = [];
    for (const request of this.requestsTo(endpoint)) {
      const current = rounds.at(-1);
      if (current && request.at - current.at(-1)!.at <= gapMs) current.push(request);
      else rounds.push([request]);
    }
    return rounds;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    const endpoint =
      req.method === 'POST' && req.url === '/v1/chat/completions'
        ? 'chat'
        : req.method === 'POST' && req.url === '/v1/images/generations'
          ? 'images'
          : 'other';
    this.requests.push({ endpoint, at: Date.now(), body });
    for (const wake of this.waiters.splice(0)) wake();

    if (endpoint === 'other') {
      return send(res, 404, openAiError('unknown_url', 'invalid_request_error', `Unknown ${req.url}`));
    }
    const behaviour = endpoint === 'chat' ? this.chat : this.images;
    if (behaviour === 'server-error') {
      return send(res, 500, openAiError(null, 'server_error', 'The server had an error'), NO_RETRY);
    }
    if (behaviour === 'quota') {
      return send(
        res,
        429,
        openAiError('insufficient_quota', 'insufficient_quota', 'You exceeded your current quota'),
        NO_RETRY,
      );
    }
    if (behaviour === 'bad-request') {
      return send(res, 400, openAiError('invalid_value', 'invalid_request_error', 'Invalid value for size'));
    }
    if (behaviour === 'hold') {
      await new Promise<void>((resolve) => {
        this.held.push(resolve);
        res.on('close', resolve);
      });
      if (res.destroyed || res.writableEnded) return; // the caller went away (e.g. its process was killed)
    }
    if (endpoint === 'chat') {
      const wantsJson = (body.response_format as { type?: string } | undefined)?.type === 'json_object';
      return send(res, 200, {
        id: 'chatcmpl-fake',
        object: 'chat.completion',
        created: 1_763_700_000,
        model: body.model,
        choices: [
          {
            index: 0,
            message: {
              role: 'assistant',
              content: wantsJson ? JSON.stringify(FAKE_CHAPTER) : FAKE_STORY,
              refusal: null,
              annotations: [],
            },
            logprobs: null,
            finish_reason: 'stop',
          },
        ],
        usage: { prompt_tokens: 180, completion_tokens: 900, total_tokens: 1080 },
      });
    }
    return send(res, 200, {
      created: 1_763_700_000,
      output_format: 'png',
      size: body.size,
      data: [{ b64_json: this.png.toString('base64') }],
    });
  }
}

const NO_RETRY = { 'x-should-retry': 'false' };

function openAiError(code: string | null, type: string, message: string) {
  return { error: { code, type, message, param: null } };
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  if (res.destroyed) return;
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}
