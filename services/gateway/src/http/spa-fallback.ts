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

/** An HTML answer, compressed once on first demand. */
class HtmlPage {
  private gzip?: Buffer;
  private brotli?: Buffer;

  constructor(readonly body: Buffer) {}

  /** The body in the best encoding the request accepts. */
  encoded(acceptEncoding: string | undefined): { body: Buffer; encoding?: 'br' | 'gzip' } {
    const accepts = (name: string) =>
      new RegExp(`\\b${name}\\b(?!;q=0(\\.0*)?\\b)`).test(acceptEncoding ?? '');
    if (accepts('br')) {
      this.brotli ??= brotliCompressSync(this.body, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: this.body.length },
      });
      return { body: this.brotli, encoding: 'br' };
    }
    if (accepts('gzip')) {
      this.gzip ??= gzipSync(this.body, { level: 9 });
      return { body: this.gzip, encoding: 'gzip' };
    }
    return { body: this.body };
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
    const { body, encoding } = page.encoded(request.headers['accept-encoding']);
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
