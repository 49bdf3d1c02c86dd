import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Serves the web app's index.html for client-side routes such as /hero/123 or /profile. */
export class SpaFallback {
  private readonly indexHtml?: Buffer;

  constructor(readonly distDir: string) {
    const index = join(distDir, 'index.html');
    this.indexHtml = existsSync(index) ? readFileSync(index) : undefined;
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
}
