import { Redis } from 'ioredis';
import type { RedisConnectionOptions } from './options.js';

/**
 * A connection as BullMQ wants it: commands wait through reconnects instead of failing
 * (maxRetriesPerRequest: null), so a Redis restart delays messages rather than losing them.
 */
export function createRedisConnection(options: RedisConnectionOptions, name: string): Redis {
  return new Redis(options.url, {
    maxRetriesPerRequest: null,
    connectionName: `${options.prefix}:${name}`,
    ...options.redisOptions,
  });
}

/**
 * Lets the commands given to a connection in one turn of the event loop leave in one write: the
 * socket is corked at the turn's first command and uncorked once the turn's callbacks have run
 * (setImmediate). Under load the requests, replies, completions and fetches of many messages then
 * share one system call on each side instead of one apiece, and a lone command waits only for the end
 * of the turn it was issued in. ioredis's enableAutoPipelining batches the same way but builds a
 * pipeline per batch, which costs more than it saves here.
 */
export function coalesceWrites(redis: Redis): Redis {
  const sendCommand = redis.sendCommand.bind(redis);
  let corked: Redis['stream'] | undefined;
  const uncork = () => {
    const socket = corked;
    corked = undefined;
    socket?.uncork();
  };
  redis.sendCommand = (...args: Parameters<Redis['sendCommand']>) => {
    // Not while connecting: commands then wait in ioredis's offline queue, not on the socket.
    if (!corked && redis.status === 'ready') {
      corked = redis.stream;
      corked.cork();
      setImmediate(uncork);
    }
    return sendCommand(...args);
  };
  return redis;
}
