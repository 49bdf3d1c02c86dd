/**
 * What the system suites use to talk to a running system: plain HTTP calls and socket.io clients,
 * round-robin over the gateway instances (as a load balancer would spread them).
 */
import { io as connectSocket, type Socket } from 'socket.io-client';

export interface ApiRequest {
  method: string;
  path: string;
  token?: string;
  /** JSON unless a string (sent as it is). */
  body?: unknown;
  headers?: Record<string, string>;
  /** Which gateway instance; default: the next one in turn. */
  gateway?: number;
}

export interface ApiResponse {
  status: number;
  json: any;
  text: string;
  body: Buffer;
  headers: Headers;
  /** The gateway instance that answered. */
  gateway: number;
}

/** What fetch sends for `request`; a redirect is an answer to check, not followed. */
export function requestInit(request: ApiRequest): RequestInit {
  return {
    method: request.method,
    redirect: 'manual',
    headers: {
      ...(request.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(request.token ? { authorization: `Bearer ${request.token}` } : {}),
      ...request.headers,
    },
    body:
      request.body === undefined
        ? undefined
        : typeof request.body === 'string'
          ? request.body
          : JSON.stringify(request.body),
  };
}

/** An answer's body as JSON; undefined when it is not JSON. */
export function parseJson(text: string): any {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export class Api {
  private turn = 0;

  constructor(readonly gatewayUrls: string[]) {}

  url(path: string, gateway = 0): string {
    return `${this.gatewayUrls[gateway % this.gatewayUrls.length]}${path}`;
  }

  nextGateway(): number {
    return this.turn++ % this.gatewayUrls.length;
  }

  async call(request: ApiRequest): Promise<ApiResponse> {
    const gateway = request.gateway ?? this.nextGateway();
    const response = await fetch(this.url(request.path, gateway), requestInit(request));
    const body = Buffer.from(await response.arrayBuffer());
    const text = body.toString('utf8');
    return { status: response.status, json: parseJson(text), text, body, headers: response.headers, gateway };
  }

  get(path: string, token?: string) {
    return this.call({ method: 'GET', path, token });
  }

  post(path: string, token?: string, body?: unknown) {
    return this.call({ method: 'POST', path, token, body });
  }
}

export type Received = { event: string; payload: any; taken: boolean };

/** A browser's socket: records every event it receives and waits for the ones asked for. */
export class SocketClient {
  readonly received: Received[] = [];
  private waiters: (() => void)[] = [];

  private constructor(readonly socket: Socket) {
    socket.onAny((event: string, payload: unknown) => {
      this.received.push({ event, payload, taken: false });
      for (const wake of this.waiters.splice(0)) wake();
    });
  }

  /** Connects to one gateway; `token` goes into the handshake as the web app sends it. */
  static async connect(baseUrl: string, token?: string): Promise<SocketClient> {
    const socket = connectSocket(baseUrl, {
      path: '/socket.io',
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
      auth: token ? { token } : {},
    });
    const client = new SocketClient(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    return client;
  }

  emit(event: string, payload?: unknown): void {
    this.socket.emit(event, payload);
  }

  /** The first not-yet-taken event among `events` (and matching), waiting up to `timeoutMs`. */
  async next(
    events: string[],
    match: (event: string, payload: any) => boolean = () => true,
    timeoutMs = 10_000,
  ): Promise<{ event: string; payload: any }> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.received.find(
        (r) => !r.taken && events.includes(r.event) && match(r.event, r.payload),
      );
      if (found) {
        found.taken = true;
        return { event: found.event, payload: found.payload };
      }
      const left = deadline - Date.now();
      if (left <= 0) {
        const seen = this.received.map((r) => `${r.event} ${JSON.stringify(r.payload).slice(0, 160)}`);
        throw new Error(`None of ${events.join(', ')} within ${timeoutMs} ms; received:\n${seen.join('\n')}`);
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

  /** Everything received so far, as text (for leak checks). */
  transcript(): string {
    return this.received.map((r) => `${r.event} ${JSON.stringify(r.payload)}`).join('\n');
  }

  close(): void {
    this.socket.disconnect();
  }
}

export async function eventually<T>(
  check: () => T | undefined | false | Promise<T | undefined | false>,
  timeoutMs = 20_000,
  what = 'condition',
  intervalMs = 100,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) {
      throw new Error(`${what} not met within ${timeoutMs} ms${last ? `: ${String(last)}` : ''}`);
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
