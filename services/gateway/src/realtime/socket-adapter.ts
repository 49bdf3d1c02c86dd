import { createAdapter } from '@socket.io/redis-adapter';
import { socketIoRedisKey } from '@starborn/contracts';
import { createRedisConnection } from '@starborn/messaging';
import type { Redis } from 'ioredis';
import type { GatewayConfig } from '../config.js';

export interface SocketAdapterConnections {
  adapter: ReturnType<typeof createAdapter>;
  /** Resolves once the subscriber listens, so nothing published after boot is missed. */
  ready(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The classic pub/sub Redis adapter (the variant @socket.io/redis-emitter speaks): broadcasts reach
 * every instance's sockets, and `fetchSockets()` asks every instance who is in a room. Answers to such
 * requests go to the asking instance's own channel.
 */
export function createSocketAdapter(config: GatewayConfig): SocketAdapterConnections {
  const options = { url: config.REDIS_URL, prefix: config.REDIS_PREFIX };
  const pub: Redis = createRedisConnection(options, 'gateway:socket.io-pub');
  const sub: Redis = createRedisConnection(options, 'gateway:socket.io-sub');
  // Reconnects are ioredis's business; an unhandled 'error' event must not kill the process.
  for (const client of [pub, sub]) client.on('error', () => undefined);
  const adapter = createAdapter(pub, sub, {
    key: socketIoRedisKey(config.REDIS_PREFIX),
    requestsTimeout: config.SOCKET_IO_REQUEST_TIMEOUT_MS,
    publishOnSpecificResponseChannel: true,
  });
  return {
    adapter,
    async ready() {
      // The adapter subscribes when a namespace is created; a command queued after its (P)SUBSCRIBEs on
      // the same connection answers only once they are in place.
      await sub.ping();
    },
    async close() {
      await Promise.all([pub.quit().catch(() => pub.disconnect()), sub.quit().catch(() => sub.disconnect())]);
    },
  };
}
