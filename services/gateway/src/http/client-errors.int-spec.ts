import 'reflect-metadata';
import { execFile } from 'node:child_process';
import { connect } from 'node:net';
import { promisify } from 'node:util';
import { refusalBody, servedLoneGatewayForSuite } from '../__tests__/lone-gateway.js';

// A request the HTTP parser refuses — an address or headers over Node's 16 KiB limit, a malformed
// request line — must come back as a readable answer with the API's error body, also to a client that
// sends its whole request before it reads: the gateway keeps reading until the client is done.

const gateway = servedLoneGatewayForSuite('gateway-client-errors');

const TOO_LARGE = refusalBody(431, 'HEADERS_TOO_LARGE', 'The request address or headers are too large.');

interface RawAnswer {
  status?: number;
  body: string;
  sentAll: boolean;
  writeError?: string;
}

/**
 * A client on a slow link that writes `head` (the request up to its address) and then `size` more
 * characters of address in small pieces with pauses, and reads only once it has sent everything.
 */
function slowRequest(size: number, head = 'GET /api/heroes?q='): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const socket = connect(gateway.port, '127.0.0.1');
    const piece = 'y'.repeat(50_000);
    let received = '';
    let sentAll = false;
    let writeError: string | undefined;
    socket.pause();
    socket.setEncoding('utf8');
    socket.on('error', (error: NodeJS.ErrnoException) => (writeError ??= error.code ?? error.message));
    socket.on('close', () => {
      const [top = '', body = ''] = received.split('\r\n\r\n');
      resolve({
        status: Number(/^HTTP\/1\.1 (\d{3})/.exec(top)?.[1]) || undefined,
        body,
        sentAll,
        writeError,
      });
    });
    socket.write(head);
    let sent = 0;
    const sendNext = () => {
      if (socket.destroyed) return;
      if (sent >= size) {
        socket.write(' HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n', () => {
          sentAll = true;
          socket.on('data', (text: string) => (received += text));
          socket.resume();
        });
        return;
      }
      const text = piece.slice(0, Math.min(piece.length, size - sent));
      sent += text.length;
      socket.write(text, (error) => {
        if (!error) setTimeout(sendNext, 5);
      });
    };
    sendNext();
  });
}

describe('a request the HTTP parser refuses', () => {
  it.each([400_000, 5_000_000])(
    'an address of %d characters sent slowly gets a readable 431, never a broken pipe',
    async (size) => {
      const outcome = await slowRequest(size);
      expect(outcome.writeError).toBeUndefined();
      expect(outcome.sentAll).toBe(true);
      expect(outcome.status).toBe(431);
      expect(JSON.parse(outcome.body)).toEqual(TOO_LARGE);
    },
  );

  it('an address over the limit gets a 431 that fetch can read, with a body too', async () => {
    const query = 'q'.repeat(300_000);
    for (const init of [
      { method: 'GET' },
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'x'.repeat(500_000) }),
      },
    ]) {
      const answer = await fetch(`${gateway.origin}/api/heroes?${query}`, init);
      expect(answer.status).toBe(431);
      expect(answer.headers.get('connection')).toBe('close');
      expect(await answer.json()).toEqual(TOO_LARGE);
    }
  });

  it('headers over the limit get a 431 that curl can read', async () => {
    const { stdout } = await promisify(execFile)('curl', [
      '--silent',
      '--show-error',
      '--header',
      `x-padding: ${'p'.repeat(40_000)}`,
      '--write-out',
      '\n%{http_code}',
      `${gateway.origin}/api/heroes`,
    ]);
    const [body, status] = stdout.split('\n');
    expect(status).toBe('431');
    expect(JSON.parse(body!)).toEqual(TOO_LARGE);
  });

  it('a malformed request line gets a readable 400', async () => {
    const answer = await new Promise<string>((resolve) => {
      const socket = connect(gateway.port, '127.0.0.1');
      let received = '';
      socket.setEncoding('utf8');
      socket.on('data', (text: string) => (received += text));
      socket.on('error', () => undefined);
      socket.on('close', () => resolve(received));
      socket.write('GET / HTTP/9.x\r\n\r\n');
    });
    const [top = '', body = ''] = answer.split('\r\n\r\n');
    expect(top).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(body)).toEqual(refusalBody(400, 'MALFORMED_REQUEST', 'The request is not valid HTTP.'));
    // The parser's refusals carry the same security headers as every other answer.
    expect(top.toLowerCase()).toContain("content-security-policy: default-src 'self'");
    expect(top.toLowerCase()).toContain('x-content-type-options: nosniff');
    expect(top.toLowerCase()).toContain('permissions-policy: ');
  });

  it('leaves requests within the limit alone', async () => {
    const answer = await fetch(`${gateway.origin}/api/health/live?${'q'.repeat(8_000)}`);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ status: 'ok' });
  });
});
