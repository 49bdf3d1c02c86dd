import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { withAbsoluteMetaUrls, withPageMeta, type PageMeta } from './page-meta.js';

/**
 * Serves the web app's index.html for client-side routes such as /hero/123 or /profile: read once, its
 * default preview URLs made absolute on the public origin. Pages with preview tags of their own (a
 * shared hero) get a copy with those tags.
 */
export class SpaFallback {
  private readonly template?: string;
  private readonly indexHtml?: Buffer;

  constructor(
    readonly distDir: string,
    readonly publicOrigin: string,
  ) {
    const index = join(distDir, 'index.html');
    this.template = existsSync(index)
      ? withAbsoluteMetaUrls(readFileSync(index, 'utf8'), publicOrigin)
      : undefined;
    this.indexHtml = this.template === undefined ? undefined : Buffer.from(this.template);
  }

  get available(): boolean {
    return this.indexHtml !== undefined;
  }

  accepts(request: FastifyRequest): boolean {
    if (!this.indexHtml || (request.method !== 'GET' && request.method !== 'HEAD')) return false;
    const path = request.url.split('?')[0];
    // /admin is the operators' (the queue dashboard, absent without OPERATOR_TOKEN): a 404 there.
    return !/^\/(api|media|socket\.io|admin)(\/|$)/.test(path);
  }

  send(reply: FastifyReply): void {
    reply
      .status(200)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(this.indexHtml);
  }

  /** The web app with the page's own preview tags (or the site's, without), with this status. */
  sendPage(reply: FastifyReply, status: number, meta?: PageMeta): void {
    if (!this.template) throw new Error('The web app is not built');
    reply
      .status(status)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(meta ? withPageMeta(this.template, meta) : this.indexHtml);
  }
}
