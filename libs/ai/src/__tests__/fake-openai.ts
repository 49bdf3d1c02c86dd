/**
 * A loopback fake of the OpenAI HTTP API (node:http on 127.0.0.1, random port) for the provider's
 * tests, which run the real `openai` SDK against it. Chat completions answer STORY, or the next of
 * `chatAnswers` when a test has queued some; `mode` turns every answer into an error.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

export type Mode = 'ok' | 'quota' | 'rate-limit' | 'server-error' | 'bad-request' | 'empty';

export interface Recorded {
  method: string;
  url: string;
  authorization: string | undefined;
  body: Record<string, unknown>;
}

export const STORY = `# Aria of the Ember Plains

## Born Under the Ram

Aria was born when Aries rose, in a Yin Metal year of the Sheep/Goat.

## The Road Ahead

Courageous and gentle, Aria walks on.
`;

export class FakeOpenAi {
  mode: Mode = 'ok';
  /** Answers for the next chat completions, in order; STORY once they run out. */
  readonly chatAnswers: string[] = [];
  readonly requests: Recorded[] = [];
  private server!: Server;
  private smallPng!: Buffer;
  baseURL = '';

  async start(): Promise<void> {
    // A small real PNG (64×64), as a model might return at a reduced size.
    this.smallPng = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3355aa' } })
      .png()
      .toBuffer();
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.baseURL = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
    res.writeHead(status, {
      'content-type': 'application/json',
      'x-request-id': `req_${this.requests.length}`,
      ...headers,
    });
    res.end(JSON.stringify(body));
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    this.requests.push({
      method: req.method ?? '',
      url: req.url ?? '',
      authorization: req.headers.authorization,
      body,
    });
    const noRetry = { 'x-should-retry': 'false' };
    switch (this.mode) {
      case 'quota':
        return this.send(
          res,
          429,
          {
            error: {
              code: 'insufficient_quota',
              type: 'insufficient_quota',
              message: 'You exceeded your current quota',
              param: null,
            },
          },
          noRetry,
        );
      case 'rate-limit':
        return this.send(
          res,
          429,
          {
            error: {
              code: 'rate_limit_exceeded',
              type: 'requests',
              message: 'Rate limit reached for requests',
              param: null,
            },
          },
          noRetry,
        );
      case 'server-error':
        return this.send(
          res,
          500,
          { error: { code: null, type: 'server_error', message: 'The server had an error', param: null } },
          noRetry,
        );
      case 'bad-request':
        return this.send(res, 400, {
          error: {
            code: 'invalid_value',
            type: 'invalid_request_error',
            message: 'Invalid size',
            param: 'size',
          },
        });
      default:
        break;
    }
    if (req.method === 'POST' && req.url === '/v1/chat/completions') {
      return this.send(res, 200, {
        id: 'chatcmpl-fake1',
        object: 'chat.completion',
        created: 1_763_700_000,
        model: body.model,
        choices: [
          {
            index: 0,
            message: {
              role: 'assistant',
              content: this.mode === 'empty' ? '' : (this.chatAnswers.shift() ?? STORY),
              refusal: null,
              annotations: [],
            },
            logprobs: null,
            finish_reason: 'stop',
          },
        ],
        usage: { prompt_tokens: 180, completion_tokens: 900, total_tokens: 1080 },
        system_fingerprint: 'fp_fake',
      });
    }
    if (req.method === 'POST' && req.url === '/v1/images/generations') {
      return this.send(res, 200, {
        created: 1_763_700_000,
        background: 'opaque',
        output_format: 'png',
        quality: 'high',
        size: body.size,
        data: [{ b64_json: this.smallPng.toString('base64') }],
        usage: {
          input_tokens: 50,
          output_tokens: 4160,
          total_tokens: 4210,
          input_tokens_details: { image_tokens: 0, text_tokens: 50 },
        },
      });
    }
    return this.send(res, 404, {
      error: {
        code: 'unknown_url',
        type: 'invalid_request_error',
        message: `Unknown ${req.url}`,
        param: null,
      },
    });
  }
}
