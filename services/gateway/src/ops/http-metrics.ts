import type { FastifyInstance } from 'fastify';
import { Gauge, Histogram, register } from 'prom-client';

/**
 * `starborn_http_request_duration_seconds{method, route, status}`: the latency of every HTTP answer of
 * the gateway, labelled by route pattern (`/api/heroes/:id`, never the raw URL, so the series stay few).
 */
export function instrumentHttp(fastify: FastifyInstance): void {
  const histogram =
    (register.getSingleMetric('starborn_http_request_duration_seconds') as Histogram | undefined) ??
    new Histogram({
      name: 'starborn_http_request_duration_seconds',
      help: 'Latency of the gateway HTTP answers, by method, route pattern and status code',
      labelNames: ['method', 'route', 'status'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 120],
    });
  // Synchronous: an async hook costs a promise on every answer.
  fastify.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions?.url ?? 'unmatched';
    histogram.observe(
      { method: request.method, route, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    done();
  });
}

/** `starborn_socket_connections`: socket.io connections open on this gateway, read at each scrape. */
export function instrumentSockets(count: () => number): void {
  const existing = register.getSingleMetric('starborn_socket_connections');
  if (existing) register.removeSingleMetric('starborn_socket_connections');
  new Gauge({
    name: 'starborn_socket_connections',
    help: 'socket.io connections open on this gateway instance',
    collect() {
      this.set(count());
    },
  });
}
