/**
 * What the fault and load suites need on top of client.ts: HTTP calls with a client-side time limit
 * (an answer that does not come is an outcome, not a hung test), latency records per kind of call,
 * and percentiles.
 */
import {
  eventually,
  parseJson,
  requestInit,
  SocketClient,
  type Api,
  type ApiRequest,
  type ApiResponse,
} from './client.js';

export interface Outcome {
  kind: string;
  /** The HTTP status, or 0 when no answer came (timeout, connection refused or reset). */
  status: number;
  json: any;
  text: string;
  ms: number;
  /** When it was sent (epoch ms). */
  at: number;
  /** Why there was no answer (status 0). */
  error?: string;
  gateway: number;
}

/** One call through `api`'s gateways, given up after `timeoutMs` (then status 0, error 'timeout'). */
export async function callWithin(
  api: Api,
  kind: string,
  request: ApiRequest,
  timeoutMs: number,
): Promise<Outcome> {
  const gateway = request.gateway ?? api.nextGateway();
  const at = Date.now();
  const started = performance.now();
  try {
    const response = await fetch(api.url(request.path, gateway), {
      ...requestInit(request),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    const ms = performance.now() - started;
    return { kind, status: response.status, json: parseJson(text), text, ms, at, gateway };
  } catch (error) {
    const name = (error as Error).name;
    const reason =
      name === 'TimeoutError' || name === 'AbortError'
        ? `no answer within ${timeoutMs} ms`
        : `${(error as Error).message}${(error as { cause?: Error }).cause ? `: ${(error as { cause: Error }).cause.message}` : ''}`;
    return {
      kind,
      status: 0,
      json: undefined,
      text: '',
      ms: performance.now() - started,
      at,
      error: reason,
      gateway,
    };
  }
}

/** An outcome (or ApiResponse) in one line, for failure messages. */
export function oneLine(outcome: Outcome | ApiResponse, what = ''): string {
  const body = 'error' in outcome && outcome.error ? outcome.error : outcome.text.slice(0, 200);
  const kind = 'kind' in outcome ? outcome.kind : what;
  return `${kind} via gateway ${outcome.gateway}: ${outcome.status} ${body}`;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length) - 1;
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank))];
}

export interface LatencySummary {
  count: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
}

/** Latencies in ms, per kind of call. */
export class Latencies {
  private readonly byKind = new Map<string, number[]>();

  record(kind: string, ms: number): void {
    let list = this.byKind.get(kind);
    if (!list) this.byKind.set(kind, (list = []));
    list.push(ms);
  }

  count(kind?: string): number {
    if (kind) return this.byKind.get(kind)?.length ?? 0;
    return [...this.byKind.values()].reduce((sum, list) => sum + list.length, 0);
  }

  summary(): Record<string, LatencySummary> {
    const round = (ms: number) => Math.round(ms * 10) / 10;
    const entries = [...this.byKind.entries()].sort(([a], [b]) => a.localeCompare(b));
    return Object.fromEntries(
      entries.map(([kind, list]) => {
        const sorted = [...list].sort((a, b) => a - b);
        return [
          kind,
          {
            count: sorted.length,
            p50: round(percentile(sorted, 50)),
            p90: round(percentile(sorted, 90)),
            p99: round(percentile(sorted, 99)),
            max: round(sorted.at(-1) ?? NaN),
          },
        ];
      }),
    );
  }

  /** The summary as an aligned text table. */
  table(): string {
    const rows = Object.entries(this.summary()).map(([kind, s]) => [
      kind,
      String(s.count),
      s.p50.toFixed(1),
      s.p90.toFixed(1),
      s.p99.toFixed(1),
      s.max.toFixed(1),
    ]);
    const header = ['kind', 'count', 'p50 ms', 'p90 ms', 'p99 ms', 'max ms'];
    const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i].length)));
    const line = (cells: string[]) =>
      cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
    return [line(header), ...rows.map(line)].join('\n');
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` every `intervalMs` until it returns a truthy value; throws `what` after `timeoutMs`. */
export const until = <T>(
  check: () => T | undefined | false | Promise<T | undefined | false>,
  timeoutMs: number,
  what: string,
  intervalMs = 50,
): Promise<T> => eventually(check, timeoutMs, what, intervalMs);

/** A socket on `gatewayUrl` that has authenticated with `heroId` and joined `roomId`. */
export async function joinRoom(
  gatewayUrl: string,
  token: string,
  heroId: string,
  roomId: string,
): Promise<SocketClient> {
  const socket = await SocketClient.connect(gatewayUrl, token);
  try {
    socket.emit('authenticate', { token, heroId });
    const authenticated = await socket.next(['authenticated', 'authentication_error']);
    if (authenticated.event !== 'authenticated')
      throw new Error(`authenticate: ${JSON.stringify(authenticated.payload)}`);
    socket.emit('join_room', { roomId });
    const joined = await socket.next(['room_joined', 'error']);
    if (joined.event !== 'room_joined') throw new Error(`join_room: ${JSON.stringify(joined.payload)}`);
    return socket;
  } catch (error) {
    socket.close();
    throw error;
  }
}
