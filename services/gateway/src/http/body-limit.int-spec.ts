import 'reflect-metadata';
import { execFile } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { refusalBody, servedLoneGatewayForSuite } from '../__tests__/lone-gateway.js';
import { BODY_DRAIN_LIMIT, BODY_LIMIT } from './body-limit.js';

// A body over the limit must come back as a readable 413, over a real socket, whatever way the client
// sends it: the gateway reads and discards the excess before answering, so no client sees a broken pipe.

const gateway = servedLoneGatewayForSuite('gateway-body-limit');

const TOO_LARGE = refusalBody(413, 'PAYLOAD_TOO_LARGE', 'The request body is too large.');

/** A JSON body of about `bytes` bytes. */
const jsonOf = (bytes: number) => JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(bytes) });

const SIZES = [1.1e6, 5e6, 20e6].map(Math.round);

/**
 * A client on a slow link: it writes the body in small pieces with pauses, as a phone upload does, and
 * reads the answer once it has sent everything. Answering before the body is in and closing the
 * connection breaks its writes (EPIPE / ECONNRESET) before it ever sees the status.
 */
function slowPost(
  framing: 'content-length' | 'chunked',
  size: number,
): Promise<{ status?: number; body: string; sentAll: boolean; writeError?: string }> {
  const { port } = new URL(gateway.origin);
  const piece = 'x'.repeat(50_000);
  return new Promise((resolve) => {
    const socket = connect(Number(port), '127.0.0.1');
    let received = '';
    let sentAll = false;
    let writeError: string | undefined;
    const finish = () => {
      const [head = '', body = ''] = received.split('\r\n\r\n');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]) || undefined;
      // A chunked answer carries its length before the body: keep the JSON only.
      resolve({
        status,
        body: body.slice(body.indexOf('{'), body.lastIndexOf('}') + 1),
        sentAll,
        writeError,
      });
    };
    socket.setEncoding('utf8');
    socket.on('data', (text) => (received += text));
    socket.on('error', (error: NodeJS.ErrnoException) => (writeError ??= error.code ?? error.message));
    socket.on('close', finish);
    socket.write(
      'POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\ncontent-type: application/json\r\n' +
        (framing === 'chunked' ? 'transfer-encoding: chunked\r\n' : `content-length: ${size}\r\n`) +
        '\r\n',
    );
    let sent = 0;
    const sendNext = () => {
      if (socket.destroyed) return;
      const text = piece.slice(0, Math.min(piece.length, size - sent));
      sent += text.length;
      socket.write(framing === 'chunked' ? `${text.length.toString(16)}\r\n${text}\r\n` : text);
      if (sent < size) return void setTimeout(sendNext, 5);
      if (framing === 'chunked') socket.write('0\r\n\r\n');
      sentAll = true;
    };
    sendNext();
  });
}

describe('a body over the limit', () => {
  it('is measured against limits that leave room for the drain', () => {
    expect(BODY_LIMIT).toBe(1024 * 1024);
    expect(BODY_DRAIN_LIMIT).toBeGreaterThan(20e6);
  });

  it.each(SIZES)('of %d bytes with Content-Length gets a 413 that fetch can read', async (size) => {
    const answer = await fetch(`${gateway.origin}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: jsonOf(size),
    });
    expect(answer.status).toBe(413);
    expect(await answer.json()).toEqual(TOO_LARGE);
  });

  it.each(SIZES)('of %d bytes sent chunked gets a 413 that fetch can read', async (size) => {
    const bytes = new TextEncoder().encode(jsonOf(size));
    const chunk = 64 * 1024;
    let offset = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (offset >= bytes.length) return controller.close();
        controller.enqueue(bytes.subarray(offset, (offset += chunk)));
      },
    });
    const answer = await fetch(`${gateway.origin}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(answer.status).toBe(413);
    expect(await answer.json()).toEqual(TOO_LARGE);
  });

  it.each(SIZES)(
    'of %d bytes gets a 413 that curl can read, with and without Content-Length',
    async (size) => {
      const file = join(gateway.workDir, `body-${size}.json`);
      await import('node:fs/promises').then((fs) => fs.writeFile(file, jsonOf(size)));
      for (const chunked of [false, true]) {
        const { stdout } = await promisify(execFile)('curl', [
          '--silent',
          '--show-error',
          '--request',
          'POST',
          '--header',
          'content-type: application/json',
          ...(chunked ? ['--header', 'transfer-encoding: chunked'] : []),
          '--data-binary',
          `@${file}`,
          '--write-out',
          '\n%{http_code}',
          `${gateway.origin}/api/auth/login`,
        ]);
        const [body, status] = stdout.split('\n');
        expect(status).toBe('413');
        expect(JSON.parse(body!)).toEqual(TOO_LARGE);
      }
    },
  );

  it.each(['content-length', 'chunked'] as const)(
    'sent slowly (%s) is read to its end before the 413, so the client never meets a closed socket',
    async (framing) => {
      const outcome = await slowPost(framing, 1_100_000);
      expect(outcome.writeError).toBeUndefined();
      expect(outcome.sentAll).toBe(true);
      expect(outcome.status).toBe(413);
      expect(JSON.parse(outcome.body)).toEqual(TOO_LARGE);
    },
  );

  it('that claims more than the drain bound is answered at once and the connection closed', async () => {
    const answer = await new Promise<{ status: number; connection?: string; body: string }>(
      (resolve, reject) => {
        const request = httpRequest(`${gateway.origin}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'content-length': String(BODY_DRAIN_LIMIT + 1) },
        });
        request.on('response', (response) => {
          let body = '';
          response.setEncoding('utf8');
          response.on('data', (text) => (body += text));
          response.on('end', () =>
            resolve({ status: response.statusCode!, connection: response.headers.connection, body }),
          );
        });
        request.on('error', reject);
        request.write('{"email":"');
      },
    );
    expect(answer.status).toBe(413);
    expect(answer.connection).toBe('close');
    expect(JSON.parse(answer.body)).toEqual(TOO_LARGE);
  });

  it('leaves bodies within the limit alone', async () => {
    const answer = await fetch(`${gateway.origin}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: '', password: 'x'.repeat(900_000) }),
    });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({ message: 'Please fill in all fields' });
  });
});
