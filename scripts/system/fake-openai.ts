/**
 * A loopback fake of the OpenAI endpoints the generation workers call, for the fault suite: it can
 * hold the image requests open, so a worker is caught in the middle of a hero's job, and it knows
 * which worker process asked — each worker is given its own base URL (`/<tag>/v1`), so a request
 * names its process. Held requests whose connection drops (their process was killed) are noted.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { writeLocalChapter, type HeroProfile } from '@starborn/ai';
import sharp from 'sharp';

export interface FakeImageRequest {
  /** Which process asked (the tag of its base URL), '' for the common one. */
  tag: string;
  prompt: string;
  at: number;
  /** Still waiting for an answer (held). */
  open: boolean;
  /** The connection dropped before an answer: the process that asked went away. */
  dropped: boolean;
}

const STORY = `# A Chronicle From the Loopback Sky

## Born Under a Test Star

Long before the system suite woke, a hero was written by a fake model that answers every question the
same way. The winds of the loopback plains carried the tale from worker to worker, and no matter how
often a worker fell silent in the middle of its task, another took the tale up and finished it.

## The Road Ahead

The hero set out with a lantern and a stubborn heart, counting the stars that the suite asked for, and
promising to come back complete, with three pictures and one story, however many workers fell on the way.
`;

const HERO: HeroProfile = {
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

/** A chapter as a model answers the chapter prompt: one JSON object of a length the provider accepts. */
const CHAPTER = (() => {
  const written = writeLocalChapter({
    hero: HERO,
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
  /** 'hold' keeps image requests open until `release()` (or until their caller goes away). */
  images: 'ok' | 'hold' = 'ok';
  readonly imageRequests: FakeImageRequest[] = [];
  private server?: Server;
  private port = 0;
  private png!: Buffer;
  private held: (() => void)[] = [];

  async start(): Promise<void> {
    // A small real PNG, as a model might return at a reduced size: the provider scales it.
    this.png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3f6ab5' } })
      .png()
      .toBuffer();
    this.server = createServer((req, res) => void this.handle(req, res).catch(() => res.destroy()));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  /** The base URL (OPENAI_BASE_URL) for the process tagged `tag`. */
  baseUrl(tag = ''): string {
    return `http://127.0.0.1:${this.port}${tag ? `/${tag}` : ''}/v1`;
  }

  async stop(): Promise<void> {
    this.release();
    if (!this.server) return;
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
  }

  /** Answers every held request. */
  release(): void {
    for (const answer of this.held.splice(0)) answer();
  }

  /** Image requests whose prompt names `heroName`. */
  requestsFor(heroName: string): FakeImageRequest[] {
    return this.imageRequests.filter((request) => request.prompt.includes(heroName));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    const match = /^(?:\/([a-z0-9-]+))?\/v1\/(chat\/completions|images\/generations)$/.exec(req.url ?? '');
    if (req.method !== 'POST' || !match) {
      return send(res, 404, {
        error: { code: 'unknown_url', type: 'invalid_request_error', message: 'Unknown URL' },
      });
    }
    const [, tag = '', endpoint] = match;

    if (endpoint === 'chat/completions') {
      const wantsJson = (body.response_format as { type?: string } | undefined)?.type === 'json_object';
      // The narrator asks for a short line (max_completion_tokens 400), the backstory for a story.
      const short = Number(body.max_completion_tokens) <= 400;
      const content = wantsJson
        ? JSON.stringify(CHAPTER)
        : short
          ? 'The narrator smiles as the stars rearrange themselves above the room.'
          : STORY;
      return send(res, 200, {
        id: 'chatcmpl-fake',
        object: 'chat.completion',
        created: 1_763_700_000,
        model: body.model,
        choices: [
          {
            index: 0,
            message: { role: 'assistant', content, refusal: null, annotations: [] },
            logprobs: null,
            finish_reason: 'stop',
          },
        ],
        usage: { prompt_tokens: 180, completion_tokens: 900, total_tokens: 1080 },
      });
    }

    const record: FakeImageRequest = {
      tag,
      prompt: String(body.prompt ?? ''),
      at: Date.now(),
      open: true,
      dropped: false,
    };
    this.imageRequests.push(record);
    if (this.images === 'hold') {
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
    return send(res, 200, {
      created: 1_763_700_000,
      output_format: 'png',
      size: body.size,
      data: [{ b64_json: this.png.toString('base64') }],
    });
  }
}

function send(res: ServerResponse, status: number, body: unknown) {
  if (res.destroyed) return;
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}
