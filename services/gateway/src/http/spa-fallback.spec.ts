import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import Fastify, { type FastifyInstance } from 'fastify';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import {
  matchesRoute,
  preferredEncoding,
  PRERENDER_DIR,
  SpaFallback,
  type PrerenderManifest,
} from './spa-fallback.js';

const PLACEHOLDER = 'https://starborn-origin.invalid';
const ORIGIN = 'https://starborn.example';

const shell = (body: string, url = '/') => `<!doctype html>
<html><head><title>Starborn</title><meta property="og:url" content="${url}" /></head>
<body><div id="root">${body}</div></body></html>`;

describe('SpaFallback', () => {
  let dist: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'spa-fallback-'));
    writeFileSync(join(dist, 'index.html'), shell(''));
    mkdirSync(join(dist, PRERENDER_DIR));
    const manifest: PrerenderManifest = {
      originPlaceholder: PLACEHOLDER,
      pages: { '/': 'index.html', '/faqs': 'faqs.html' },
      notFound: '404.html',
      routes: ['/', '/faqs', '/login', '/hero/:id'],
    };
    writeFileSync(join(dist, PRERENDER_DIR, 'pages.json'), JSON.stringify(manifest));
    writeFileSync(join(dist, PRERENDER_DIR, 'index.html'), shell('<h1>Landing</h1>', `${PLACEHOLDER}/`));
    writeFileSync(
      join(dist, PRERENDER_DIR, 'faqs.html'),
      shell(
        `<h1>FAQs</h1><script type="application/ld+json">{"url":"${PLACEHOLDER}/faqs"}</script>`,
        `${PLACEHOLDER}/faqs`,
      ),
    );
    writeFileSync(join(dist, PRERENDER_DIR, '404.html'), shell('<h1>Lost in the Cosmic Void</h1>'));
    const spa = new SpaFallback(dist, ORIGIN);
    app = Fastify();
    app.get('/*', (request, reply) => spa.send(request, reply));
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('answers a prerendered page with its HTML, links made absolute on the public origin', async () => {
    const page = await app.inject({ method: 'GET', url: '/faqs?q=premium' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body).toContain('<h1>FAQs</h1>');
    expect(page.body).toContain(`{"url":"${ORIGIN}/faqs"}`);
    expect(page.body).toContain(`<meta property="og:url" content="${ORIGIN}/faqs" />`);
    expect(page.body).not.toContain(PLACEHOLDER);
    // A trailing slash is the same page.
    expect((await app.inject({ method: 'GET', url: '/faqs/' })).body).toContain('<h1>FAQs</h1>');
  });

  it('compresses for a browser that accepts it', async () => {
    const page = await app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip, br' } });
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(page.rawPayload).toString()).toContain('<h1>Landing</h1>');
    const gzip = await app.inject({
      method: 'GET',
      url: '/',
      headers: { 'accept-encoding': 'br;q=0, gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toContain('<h1>Landing</h1>');
    const refused = await app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br;q=0' } });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toContain('<h1>Landing</h1>');
    const bare = await app.inject({ method: 'GET', url: '/' });
    expect(bare.headers['content-encoding']).toBeUndefined();
    expect(bare.headers.vary).toContain('accept-encoding');
    expect(bare.body).toContain('<h1>Landing</h1>');
  });

  it('answers the app’s other pages with the empty shell, and a path no page has with the 404 page', async () => {
    for (const path of ['/login', '/hero/0123456789abcdef']) {
      const page = await app.inject({ method: 'GET', url: path });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<div id="root"></div>');
    }
    for (const path of ['/no/such/constellation', '/hero', '/hero/a/b']) {
      const page = await app.inject({ method: 'GET', url: path });
      expect(page.statusCode).toBe(404);
      expect(page.body).toContain('Lost in the Cosmic Void');
    }
  });

  it('without prerendered pages (an older build), answers every path with the shell', async () => {
    const bare = mkdtempSync(join(tmpdir(), 'spa-fallback-bare-'));
    writeFileSync(join(bare, 'index.html'), shell(''));
    const spa = new SpaFallback(bare, ORIGIN);
    const server = Fastify();
    server.get('/*', (request, reply) => spa.send(request, reply));
    const page = await server.inject({ method: 'GET', url: '/no/such/constellation' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root"></div>');
    await server.close();
    rmSync(bare, { recursive: true, force: true });
  });
});

describe('matchesRoute', () => {
  it('matches a path segment for segment, a :param standing for any one segment', () => {
    expect(matchesRoute('/', '/')).toBe(true);
    expect(matchesRoute('/hero/:id', '/hero/abc')).toBe(true);
    expect(matchesRoute('/hero/:id', '/hero')).toBe(false);
    expect(matchesRoute('/hero/:id', '/hero/abc/def')).toBe(false);
    expect(matchesRoute('/blog/ai-mythical-journeys', '/blog/other')).toBe(false);
  });
});

describe('preferredEncoding', () => {
  it('prefers br when the browser takes it, whatever order the header names them in', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('br')).toBe('br');
    expect(preferredEncoding('gzip;q=0.8, br;q=0.8')).toBe('br');
    expect(preferredEncoding('*')).toBe('br');
  });

  it('gives gzip to a client that takes only gzip, or rates it higher', () => {
    expect(preferredEncoding('gzip')).toBe('gzip');
    expect(preferredEncoding('gzip, deflate')).toBe('gzip');
    expect(preferredEncoding('gzip, br;q=0.5')).toBe('gzip');
    expect(preferredEncoding('GZIP ; Q=0.5')).toBe('gzip');
  });

  it('sends the page as it is to a client that asks for identity', () => {
    expect(preferredEncoding('identity')).toBeUndefined();
    expect(preferredEncoding('deflate, identity;q=0.5')).toBeUndefined();
  });

  it('never uses a coding refused with q=0, even where `*` would allow it', () => {
    expect(preferredEncoding('br;q=0, gzip')).toBe('gzip');
    expect(preferredEncoding('br;q=0, *')).toBe('gzip');
    expect(preferredEncoding('br;q=0.0, gzip;q=0.000')).toBeUndefined();
    expect(preferredEncoding('*;q=0')).toBeUndefined();
    expect(preferredEncoding('gzip;q=0, br;q=0, *')).toBeUndefined();
  });

  it('sends the page as it is without the header, or with an empty one', () => {
    expect(preferredEncoding(undefined)).toBeUndefined();
    expect(preferredEncoding('')).toBeUndefined();
    expect(preferredEncoding(' , ')).toBeUndefined();
  });

  it('reads a q-value among other parameters, and drops a coding whose q-value is malformed', () => {
    expect(preferredEncoding('br;level=1;q=0, gzip ; level=1')).toBe('gzip');
    expect(preferredEncoding('br;q=2, gzip;q=0.1')).toBe('gzip');
    expect(preferredEncoding('br;q=.5, gzip;q=0.001')).toBe('gzip');
    expect(preferredEncoding('br;q=0.5000, gzip;q=0.001')).toBe('gzip');
  });

  it('takes x-gzip as gzip, and no coding whose name merely contains br or gzip', () => {
    expect(preferredEncoding('x-gzip')).toBe('gzip');
    expect(preferredEncoding('brotli, gzipped, x-br')).toBeUndefined();
  });
});
