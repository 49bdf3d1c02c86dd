import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { RemoteError } from '@starborn/messaging';
import type { FastifyRequest } from 'fastify';
import { consumeOrRefuse, RedisLimits, reserveOrRefuse } from '../limits/redis-limits.js';
import { accountKey } from './auth-rate-limiter.js';

const TOO_MANY_ATTEMPTS = 'Too many attempts';

/**
 * Sign-up limits that count what costs, so an office or a school behind one address is not locked out
 * by its own typos (docs/decisions.md, "Sign-up limits"):
 * - accounts made from one address, held while a sign-up runs and given back when none is made;
 * - refused sign-ups for one email (an address already taken, tried again and again);
 * - every request from one address, malformed ones included, against a high flood ceiling
 *   ({@link SignUpFloodGuard}, before the body is validated).
 */
@Injectable()
export class SignUpRateLimiter extends RedisLimits {
  private readonly accountsPerIp = this.limiter('register-accounts-ip');
  private readonly failuresPerEmail = this.limiter('register-failures-email');
  private readonly attemptsPerIp = this.limiter('register-attempts-ip');

  /** Counts one sign-up request from the address, whatever it holds; 429 past the flood ceiling. */
  countAttempt(ip: string): Promise<void> {
    return consumeOrRefuse(this.attemptsPerIp, ip, TOO_MANY_ATTEMPTS);
  }

  /**
   * Runs `signUp` within the address's account budget and the email's failure budget: 429 with
   * Retry-After when either is spent; a refused sign-up (4xx) counts against the email.
   */
  async limit<T>(ip: string, email: string, signUp: () => Promise<T>): Promise<T> {
    const emailKey = accountKey(email);
    // Both taken before the account is made, each in one Redis step with its check, so simultaneous
    // sign-ups cannot run past either budget; what does not count is given back afterwards.
    const failure = await reserveOrRefuse(this.failuresPerEmail, emailKey, TOO_MANY_ATTEMPTS);
    let account;
    try {
      account = await reserveOrRefuse(
        this.accountsPerIp,
        ip,
        'Too many accounts were created from your network for now',
      );
    } catch (refusal) {
      await failure.release();
      throw refusal;
    }
    let session: T;
    try {
      session = await signUp();
    } catch (error) {
      await account.release();
      // A refused sign-up (4xx) counts against the email; a failure of ours does not.
      if (!(error instanceof RemoteError && error.status >= 400 && error.status < 500))
        await failure.release();
      throw error;
    }
    await failure.release();
    return session;
  }

  /** A deleted account: its email's count of refused sign-ups goes with it. */
  async forgetAccount(email: string): Promise<void> {
    await this.failuresPerEmail.delete(accountKey(email));
  }
}

/** Counts every sign-up request before validation, so malformed floods meet the ceiling too. */
@Injectable()
export class SignUpFloodGuard implements CanActivate {
  constructor(private readonly limiter: SignUpRateLimiter) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    await this.limiter.countAttempt(context.switchToHttp().getRequest<FastifyRequest>().ip);
    return true;
  }
}
