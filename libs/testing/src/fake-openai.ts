/**
 * A loopback fake of the two OpenAI endpoints Starborn calls: chat completions (backstory, chapters,
 * the room narrator) and images/generations (the pictures), on 127.0.0.1 and a random port.
 *
 * - What a chat completion answers depends on its kind (`chatKindOf`): a request for JSON is a
 *   chapter, one whose system prompt speaks of the narrator is a narration, any other a backstory.
 *   The texts are options, fixed or computed from the request; a test may queue answers for the next
 *   chats (`chatAnswers`), whatever their kind.
 * - Each endpoint's behaviour (`chat`, `images`) can be switched while a test runs: answer, fail as
 *   OpenAI fails, or hold the request open until `release()`.
 * - A process can be given its own base URL (`baseUrl(tag)`, `/<tag>/v1`): its requests are then
 *   recorded with that tag, so a test knows which process asked. Every request is recorded with its
 *   arrival time; a held request whose caller went away (its process was killed) is marked dropped.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { solidPng } from './png.js';

export type FakeOpenAiBehaviour =
  /** Answer like OpenAI does. */
  | 'ok'
  /** 500 server_error, with `x-should-retry: false` so the SDK's own retries stay out of the count. */
  | 'server-error'
  /** 429 insufficient_quota with `x-should-retry: false`, as OpenAI answers an account out of credit. */
  | 'quota'
  /** 429 rate_limit_exceeded with `x-should-retry: false`: a passing limit, which a later try may pass. */
  | 'rate-limit'
  /** 400 invalid_request_error: the request itself is refused, so retrying cannot help. */
  | 'bad-request'
  /** Keep the request open until `release()` (then answer 'ok') or until the client goes away. */
  | 'hold';

export type FakeOpenAiEndpoint = 'chat' | 'images' | 'other';
export type FakeChatKind = 'backstory' | 'chapter' | 'narrator';
export type FakeRequestKind = FakeChatKind | 'image' | 'other';

export interface FakeOpenAiRequest {
  endpoint: FakeOpenAiEndpoint;
  kind: FakeRequestKind;
  /** The tag of the base URL the request came through, '' for the common one. */
  tag: string;
  /** The image prompt ('' for other requests). */
  prompt: string;
  /** The Authorization header the caller sent. */
  authorization: string | undefined;
  at: number;
  body: Record<string, unknown>;
  /** Still waiting for an answer (held). */
  open: boolean;
  /** The connection dropped before an answer: the caller went away. */
  dropped: boolean;
}

/** A chat answer: a fixed text, or one computed from the request's body. */
export type FakeReply = string | ((body: Record<string, unknown>) => string);

export interface FakeOpenAiOptions {
  /** What each kind of chat completion answers (a chapter must be one JSON object as text). */
  replies?: Partial<Record<FakeChatKind, FakeReply>>;
  /** The colour of the square PNG every image request gets, `#rrggbb`. */
  imageColor?: string;
  /** Its side in pixels: a model's picture at a reduced size, which the provider scales up. */
  imageSize?: number;
}

/** The backstory a fake model writes unless told otherwise. */
export const FAKE_STORY = `# The Fake Chronicle

## Born Under a Loopback Star

A hero written by a fake OpenAI server, for the generation integration tests.
`;

const CHAPTER_PARAGRAPH =
  'The hero walked the loopback road under a sky of test stars, and every lantern along the way was lit ' +
  'by a fake server that answered each question the same way. Travellers met on the road asked where ' +
  'the hero was going, and the hero said only that the suite was waiting, and that a promise made to a ' +
  'worker must be kept even when the worker falls silent in the middle of its task.';

/**
 * The chapter a fake model writes unless told otherwise: as the chapter prompt asks, a title, a
 * Markdown chapter of a length the provider accepts (600 to 1,200 words) and a summary of three sentences.
 */
export const FAKE_CHAPTER = {
  title: 'The Loopback Road',
  markdown: `# The Loopback Road\n\n${Array.from({ length: 12 }, () => CHAPTER_PARAGRAPH).join('\n\n')}\n`,
  summary:
    'Loopback Lark left home on the loopback road. A fake server sent word. They travel on to the test suite.',
};

export const DEFAULT_FAKE_REPLIES: Record<FakeChatKind, string> = {
  backstory: FAKE_STORY,
  chapter: JSON.stringify(FAKE_CHAPTER),
  narrator: 'The narrator smiles as the stars rearrange themselves above the room.',
};

/** Which kind of chat completion a request body asks for (see the module's comment). */
export function chatKindOf(body: Record<string, unknown>): FakeChatKind {
  if ((body.response_format as { type?: string } | undefined)?.type === 'json_object') return 'chapter';
  const messages = Array.isArray(body.messages)
    ? (body.messages as { role?: string; content?: unknown }[])
    : [];
  const system = messages.find((message) => message.role === 'system')?.content;
  return typeof system === 'string' && /narrator/i.test(system) ? 'narrator' : 'backstory';
}

/** The endpoint and base-URL tag of a request: `[/<tag>]/v1/chat/completions` or `…/images/generations`. */
export function routeOf(
  method: string | undefined,
  url: string | undefined,
): { endpoint: FakeOpenAiEndpoint; tag: string } {
  const match = /^(?:\/([a-z0-9-]+))?\/v1\/(chat\/completions|images\/generations)$/.exec(url ?? '');
  if (method !== 'POST' || !match) return { endpoint: 'other', tag: '' };
  return { endpoint: match[2] === 'chat/completions' ? 'chat' : 'images', tag: match[1] ?? '' };
}

/**
 * The requests of one endpoint grouped into rounds: a pause longer than `gapMs` starts a new round
 * (one generation attempt makes one round: three images, one backstory).
 */
export function roundsOf(requests: readonly FakeOpenAiRequest[], gapMs: number): FakeOpenAiRequest[][] {
  const rounds: FakeOpenAiRequest[][] = [];
  for (const request of requests) {
    const current = rounds.at(-1);
    if (current && request.at - current.at(-1)!.at <= gapMs) current.push(request);
    else rounds.push([request]);
  }
  return rounds;
}

export class FakeOpenAi {
  images: FakeOpenAiBehaviour = 'ok';
  chat: FakeOpenAiBehaviour = 'ok';
  readonly requests: FakeOpenAiRequest[] = [];
  /** Answers for the next chat completions in order, whatever their kind; the replies once they run out. */
  readonly chatAnswers: string[] = [];
  private readonly replies: Record<FakeChatKind, FakeReply>;
  private readonly png: Buffer;
  private server?: Server;
  private port = 0;
  private held: (() => void)[] = [];
  private waiters: (() => void)[] = [];

  constructor(options: FakeOpenAiOptions = {}) {
    this.replies = { ...DEFAULT_FAKE_REPLIES, ...options.replies };
    const size = options.imageSize ?? 64;
    this.png = solidPng(size, size, options.imageColor ?? '#3f6ab5');
  }

  async start(): Promise<void> {
    this.server = createServer((req, res) => void this.handle(req, res).catch(() => res.destroy()));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  /** The common base URL (OPENAI_BASE_URL). */
  get baseURL(): string {
    return this.baseUrl();
  }

  /** The base URL for the process tagged `tag` (lower-case letters, digits and dashes). */
  baseUrl(tag = ''): string {
    return `http://127.0.0.1:${this.port}${tag ? `/${tag}` : ''}/v1`;
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
    this.chatAnswers.length = 0;
    this.release();
  }

  /** Answers every held request (successfully). */
  release(): void {
    for (const answer of this.held.splice(0)) answer();
  }

  requestsTo(endpoint: FakeOpenAiEndpoint): FakeOpenAiRequest[] {
    return this.requests.filter((request) => request.endpoint === endpoint);
  }

  /** Image requests whose prompt names `heroName`. */
  imageRequestsFor(heroName: string): FakeOpenAiRequest[] {
    return this.requestsTo('images').filter((request) => request.prompt.includes(heroName));
  }

  /** Resolves once `count` requests have reached `endpoint` (counting those already recorded). */
  async waitForRequests(endpoint: FakeOpenAiEndpoint, count: number, timeoutMs = 10_000): Promise<void> {
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

  /** The requests to `endpoint` grouped into rounds (see roundsOf). */
  rounds(endpoint: FakeOpenAiEndpoint, gapMs = 1_000): FakeOpenAiRequest[][] {
    return roundsOf(this.requestsTo(endpoint), gapMs);
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    const { endpoint, tag } = routeOf(req.method, req.url);
    const kind: FakeRequestKind =
      endpoint === 'chat' ? chatKindOf(body) : endpoint === 'images' ? 'image' : 'other';
    const record: FakeOpenAiRequest = {
      endpoint,
      kind,
      tag,
      prompt: endpoint === 'images' ? String(body.prompt ?? '') : '',
      authorization: req.headers.authorization,
      at: Date.now(),
      body,
      open: true,
      dropped: false,
    };
    this.requests.push(record);
    for (const wake of this.waiters.splice(0)) wake();

    if (endpoint === 'other') {
      record.open = false;
      return send(res, 404, openAiError('unknown_url', 'invalid_request_error', `Unknown ${req.url}`));
    }
    const behaviour = endpoint === 'chat' ? this.chat : this.images;
    if (behaviour === 'hold') {
      await new Promise<void>((resolve) => {
        this.held.push(resolve);
        res.once('close', resolve);
      });
      if (res.destroyed || res.writableEnded) {
        record.open = false;
        record.dropped = true;
        return;
      }
    }
    record.open = false;
    if (behaviour !== 'ok' && behaviour !== 'hold') {
      const [status, code, type, message] = FAILURES[behaviour];
      // The SDK would not retry a 400 anyway; the others it must not, so each test counts its own retries.
      return send(res, status, openAiError(code, type, message), NO_RETRY);
    }

    if (endpoint === 'images') {
      return send(res, 200, {
        created: 1_763_700_000,
        output_format: 'png',
        size: body.size,
        data: [{ b64_json: this.png.toString('base64') }],
      });
    }
    const reply = this.chatAnswers.shift() ?? this.replies[kind as FakeChatKind];
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
            content: typeof reply === 'function' ? reply(body) : reply,
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
}

const NO_RETRY = { 'x-should-retry': 'false' };

function openAiError(code: string | null, type: string, message: string) {
  return { error: { code, type, message, param: null } };
}

/** What each failing behaviour answers, as OpenAI does (see FakeOpenAiBehaviour): status, code, type, message. */
const FAILURES: Record<
  Exclude<FakeOpenAiBehaviour, 'ok' | 'hold'>,
  readonly [status: number, code: string | null, type: string, message: string]
> = {
  'server-error': [500, null, 'server_error', 'The server had an error'],
  quota: [429, 'insufficient_quota', 'insufficient_quota', 'You exceeded your current quota'],
  'rate-limit': [429, 'rate_limit_exceeded', 'requests', 'Rate limit reached for requests'],
  'bad-request': [400, 'invalid_value', 'invalid_request_error', 'Invalid value for size'],
};

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  if (res.destroyed) return;
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}
