import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { withAbsoluteMetaUrls, withPageMeta, type PageMeta } from '@starborn/page-meta';

/** What the web build's prerender writes beside the pages (web/scripts/prerender.mjs). */
export interface PrerenderManifest {
  /** Stands for the public origin in the pages' absolute links: replaced when they are loaded. */
  originPlaceholder: string;
  /** Path → file under PRERENDER_DIR. */
  pages: Record<string, string>;
  /** The 404 page's file. */
  notFound: string;
  /** Every path pattern the app answers ('/hero/:id'): any other path is a 404. */
  routes: string[];
}

/** Where the prerendered pages sit in web/dist: a dot directory, so the static files never serve them. */
export const PRERENDER_DIR = '.pages';

/** A coding's q-value parameter, and a well-formed one: at most 1, with at most three decimals. */
const Q_PARAMETER = /^q=/i;
const Q_VALUE = /^q=(0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/i;

/** The q-value in a coding's parameters ('q=0.5', 'level=1;q=0'): 1 without one, null if malformed. */
function qualityOf(params: string): number | null {
  for (const param of params.split(';')) {
    const trimmed = param.trim();
    if (Q_PARAMETER.test(trimmed)) return Q_VALUE.test(trimmed) ? Number(trimmed.slice(2)) : null;
  }
  return 1;
}

/**
 * How to compress an HTML answer for a request: br, else gzip, whichever the Accept-Encoding header
 * rates higher (br on a tie, being smaller); neither if both are refused (q=0, `*` standing for any
 * coding not named) or the header names neither. One pass over the header with fixed patterns, reading
 * only the codings that matter; a coding with a malformed q-value counts as not named.
 * (@fastify/accept-negotiator, in the tree through @fastify/static, answers `br` to `br;q=0, *`.)
 */
export function preferredEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  if (!acceptEncoding) return undefined;
  let br: number | undefined;
  let gzip: number | undefined;
  // x-gzip is the old name of gzip, to be taken as the same.
  let xGzip: number | undefined;
  let anyOther: number | undefined;
  for (const element of acceptEncoding.split(',')) {
    const semicolon = element.indexOf(';');
    const name = (semicolon === -1 ? element : element.slice(0, semicolon)).trim().toLowerCase();
    if (name !== 'br' && name !== 'gzip' && name !== 'x-gzip' && name !== '*') continue;
    const quality = semicolon === -1 ? 1 : qualityOf(element.slice(semicolon + 1));
    if (quality === null) continue;
    if (name === 'br') br = quality;
    else if (name === 'gzip') gzip = quality;
    else if (name === 'x-gzip') xGzip = quality;
    else anyOther = quality;
  }
  const brQuality = br ?? anyOther ?? 0;
  const gzipQuality = gzip ?? xGzip ?? anyOther ?? 0;
  if (brQuality > 0 && brQuality >= gzipQuality) return 'br';
  if (gzipQuality > 0) return 'gzip';
  return undefined;
}

/** An HTML answer, compressed once on first demand. */
class HtmlPage {
  private gzip?: Buffer;
  private brotli?: Buffer;

  constructor(readonly body: Buffer) {}

  /** The body in this encoding (none: as it is). */
  encoded(encoding: 'br' | 'gzip' | undefined): Buffer {
    if (encoding === 'br')
      return (this.brotli ??= brotliCompressSync(this.body, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: this.body.length },
      }));
    if (encoding === 'gzip') return (this.gzip ??= gzipSync(this.body, { level: 9 }));
    return this.body;
  }
}

/** Does the path match a route pattern ('/hero/:id' matches '/hero/abc', not '/hero' or '/hero/a/b')? */
export function matchesRoute(pattern: string, path: string): boolean {
  const want = pattern.split('/').filter(Boolean);
  const have = path.split('/').filter(Boolean);
  return want.length === have.length && want.every((part, i) => part.startsWith(':') || part === have[i]);
}

/**
 * Serves the web app's HTML for its pages. Public pages are prerendered by the web build: their HTML
 * carries the page's text, title and preview tags. Other pages of the app (/hero/123, /profile) get
 * index.html, the empty shell the app renders into. A path the app has no page for gets the 404 page
 * with a 404 status. Each is read once, its origin placeholder and default preview URLs made absolute
 * on the public origin. Pages with preview tags of their own (a shared hero) get a copy with those tags.
 */
export class SpaFallback {
  private readonly template?: string;
  private readonly shell?: HtmlPage;
  private readonly pages = new Map<string, HtmlPage>();
  private notFound?: HtmlPage;
  private routes: string[] = [];

  constructor(
    readonly distDir: string,
    readonly publicOrigin: string,
  ) {
    const index = join(distDir, 'index.html');
    this.template = existsSync(index)
      ? withAbsoluteMetaUrls(readFileSync(index, 'utf8'), publicOrigin)
      : undefined;
    this.shell = this.template === undefined ? undefined : new HtmlPage(Buffer.from(this.template));
    this.loadPrerendered();
  }

  private loadPrerendered(): void {
    const manifestFile = join(this.distDir, PRERENDER_DIR, 'pages.json');
    if (!this.shell || !existsSync(manifestFile)) return;
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as PrerenderManifest;
    const load = (file: string) => {
      const html = readFileSync(join(this.distDir, PRERENDER_DIR, file), 'utf8').replaceAll(
        manifest.originPlaceholder,
        this.publicOrigin,
      );
      return new HtmlPage(Buffer.from(withAbsoluteMetaUrls(html, this.publicOrigin)));
    };
    for (const [path, file] of Object.entries(manifest.pages)) this.pages.set(path, load(file));
    this.notFound = load(manifest.notFound);
    this.routes = manifest.routes;
  }

  get available(): boolean {
    return this.shell !== undefined;
  }

  accepts(request: FastifyRequest): boolean {
    if (!this.shell || (request.method !== 'GET' && request.method !== 'HEAD')) return false;
    const path = request.url.split('?')[0];
    // /admin is the operators' (the queue dashboard, absent without OPERATOR_TOKEN): a 404 there.
    return !/^\/(api|media|socket\.io|admin)(\/|$)/.test(path);
  }

  /** The page for the request's path: prerendered, the shell, or the 404 page. */
  send(request: FastifyRequest, reply: FastifyReply): void {
    const raw = request.url.split(/[?#]/)[0] || '/';
    let path = raw;
    try {
      path = decodeURI(raw);
    } catch {
      // Not a path any page has: the 404 below.
    }
    if (path.length > 1) path = path.replace(/\/+$/, '');
    const prerendered = this.pages.get(path);
    if (prerendered) return this.reply(request, reply, 200, prerendered);
    if (!this.notFound || this.routes.some((pattern) => matchesRoute(pattern, path)))
      return this.reply(request, reply, 200, this.shell!);
    this.reply(request, reply, 404, this.notFound);
  }

  private reply(request: FastifyRequest, reply: FastifyReply, status: number, page: HtmlPage): void {
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    const body = page.encoded(encoding);
    reply.status(status).header('cache-control', 'no-cache').header('vary', 'accept-encoding');
    if (encoding) reply.header('content-encoding', encoding);
    reply.type('text/html; charset=utf-8').send(body);
  }

  /** The web app with the page's own preview tags (or the site's, without), with this status. */
  sendPage(reply: FastifyReply, status: number, meta?: PageMeta): void {
    if (!this.template) throw new Error('The web app is not built');
    reply
      .status(status)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(meta ? withPageMeta(this.template, meta) : this.shell!.body);
  }
}
