import { Inject, Injectable, Logger } from '@nestjs/common';
import { ErrorCodes } from '@starborn/contracts';
import { MessageBus, RemoteError } from '@starborn/messaging';
import type { Redis } from 'ioredis';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { ApiException } from '../http/http-error.filter.js';
import { GATEWAY_REDIS } from '../redis.provider.js';

/** What the store needs to know of a verified token. */
export interface SessionClaims {
  userId: string;
  tokenId: string;
  /** Issue time in milliseconds. */
  issuedAtMs: number;
  /** Expiry, seconds since the epoch. */
  expiresAt: number;
}

/** "Signed out everywhere" outlives every token issued before it: the longest token life, with room. */
const NOT_BEFORE_TTL_SECONDS = 60 * 60 * 24 * 31;
/** How long an unknown user id is remembered as unknown. */
const UNKNOWN_USER_TTL_SECONDS = 60;

/**
 * Sessions in Redis, shared by every gateway instance: per user a not-before time ("sign out
 * everywhere"), one record per signed-out token id (kept until that token would expire anyway) and
 * whether the user exists. Checking a request costs one MGET; only a user not seen for
 * AUTH_USER_CACHE_SECONDS costs a question to auth. The user id is a hash tag, so the keys of one user
 * share a Redis Cluster slot.
 */
@Injectable()
export class SessionStore {
  private readonly logger = new Logger(SessionStore.name);

  constructor(
    @Inject(GATEWAY_REDIS) private readonly redis: Redis,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    private readonly bus: MessageBus,
  ) {}

  /** True while the session is live: not signed out, not before a sign-out everywhere, user exists. */
  async isLive(claims: SessionClaims): Promise<boolean> {
    const keys = this.keys(claims.userId);
    let known: string | null, notBefore: string | null, revoked: string | null;
    try {
      [known, notBefore, revoked] = await this.redis.mget(
        keys.known,
        keys.notBefore,
        keys.revoked(claims.tokenId),
      );
    } catch (error) {
      throw unavailable(error, this.logger);
    }
    if (revoked !== null) return false;
    if (notBefore !== null && claims.issuedAtMs < Number(notBefore)) return false;
    if (known === '1') return true;
    if (known === '0') return false;
    return this.lookUp(claims.userId);
  }

  /** Notes a user auth has just vouched for (sign-up, sign-in), sparing the first request a question. */
  async markKnown(userId: string): Promise<void> {
    await this.redis.set(this.keys(userId).known, '1', 'EX', this.config.AUTH_USER_CACHE_SECONDS);
  }

  /** Signs one token out until it would have expired anyway. */
  async revoke(claims: SessionClaims): Promise<void> {
    const ttl = Math.max(1, claims.expiresAt - Math.floor(Date.now() / 1000));
    await this.redis.set(this.keys(claims.userId).revoked(claims.tokenId), '1', 'EX', ttl);
  }

  /**
   * Signs out every token of the user issued before `notBeforeMs` (now by default; a password change
   * passes the issue time of the fresh token it hands out, so that one stays live).
   */
  async revokeAll(userId: string, notBeforeMs = Date.now()): Promise<void> {
    await this.redis.set(this.keys(userId).notBefore, String(notBeforeMs), 'EX', NOT_BEFORE_TTL_SECONDS);
  }

  /** A deleted account: its tokens stop working at once, without asking auth. */
  async markDeleted(userId: string): Promise<void> {
    await this.revokeAll(userId);
    await this.redis.set(this.keys(userId).known, '0', 'EX', UNKNOWN_USER_TTL_SECONDS);
  }

  /** Asks auth once whether the user exists, and remembers the answer. */
  private async lookUp(userId: string): Promise<boolean> {
    const key = this.keys(userId).known;
    try {
      await this.bus.request('auth.get-user', { userId });
    } catch (error) {
      if (error instanceof RemoteError && (error.status === 401 || error.status === 404)) {
        await this.redis.set(key, '0', 'EX', UNKNOWN_USER_TTL_SECONDS).catch(() => undefined);
        return false;
      }
      throw error;
    }
    await this.redis.set(key, '1', 'EX', this.config.AUTH_USER_CACHE_SECONDS).catch(() => undefined);
    return true;
  }

  private keys(userId: string) {
    const base = `${this.config.REDIS_PREFIX}:auth:sessions:{${userId}}`;
    return {
      known: `${base}:known`,
      notBefore: `${base}:not-before`,
      revoked: (tokenId: string) => `${base}:revoked:${tokenId}`,
    };
  }
}

function unavailable(error: unknown, logger: Logger): ApiException {
  logger.warn(`Session check failed: ${(error as Error).message}`);
  return new ApiException({
    status: 503,
    code: ErrorCodes.SERVICE_UNAVAILABLE,
    message: 'Your session cannot be checked right now. Please try again in a moment.',
  });
}
