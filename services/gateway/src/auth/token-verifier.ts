import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { loadDevPublicKey } from '@starborn/runtime';
import { importSPKI, jwtVerify, type CryptoKey } from 'jose';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { SessionStore, type SessionClaims } from './session-store.js';

/** Must match what the auth service signs with. */
const TOKEN_ISSUER = 'starborn-auth';
const TOKEN_AUDIENCE = 'starborn';

export interface AuthenticatedUser {
  id: string;
  name: string;
  email: string;
}

/** A token whose signature and claims check out, before its session is looked up. */
export interface VerifiedToken {
  user: AuthenticatedUser;
  session: SessionClaims;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Verifies access tokens locally with auth's public key, then asks the session store (one Redis
 * command) whether the token was signed out or its user no longer exists.
 */
@Injectable()
export class TokenVerifier implements OnModuleInit {
  private key?: CryptoKey;

  constructor(
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    private readonly sessions: SessionStore,
  ) {}

  async onModuleInit(): Promise<void> {
    let pem = this.config.AUTH_PUBLIC_KEY;
    if (!pem) {
      if (this.config.NODE_ENV === 'production') throw new Error('AUTH_PUBLIC_KEY is required in production');
      pem = await loadDevPublicKey(this.config.AUTH_KEYS_DIR);
    }
    this.key = await importSPKI(pem.replace(/\\n/g, '\n'), 'EdDSA');
  }

  /** The token's user, or undefined when the token is malformed, forged, expired or signed out. */
  async verify(token: string): Promise<AuthenticatedUser | undefined> {
    return (await this.verifySession(token))?.user;
  }

  /** The token's user and session, or undefined as for verify(). */
  async verifySession(token: string): Promise<VerifiedToken | undefined> {
    const verified = await this.verifySignature(token);
    if (!verified) return undefined;
    return (await this.sessions.isLive(verified.session)) ? verified : undefined;
  }

  /**
   * Signature and claims only, not whether the session is live (a token auth has just signed). A token
   * must name its user by uuid and carry its own id (`jti`): tokens without one cannot be signed out
   * alone, so they are not accepted.
   */
  async verifySignature(token: string): Promise<VerifiedToken | undefined> {
    let payload;
    try {
      ({ payload } = await jwtVerify(token, this.key!, {
        algorithms: ['EdDSA'],
        issuer: TOKEN_ISSUER,
        audience: TOKEN_AUDIENCE,
        requiredClaims: ['sub', 'jti', 'iat', 'exp'],
      }));
    } catch {
      return undefined;
    }
    const { sub, jti, iat, exp } = payload;
    if (typeof sub !== 'string' || !UUID.test(sub)) return undefined;
    if (typeof jti !== 'string' || !jti || jti.length > 100) return undefined;
    if (typeof iat !== 'number' || typeof exp !== 'number') return undefined;
    const issuedAtMs = typeof payload.iat_ms === 'number' ? payload.iat_ms : iat * 1000;
    return {
      user: { id: sub.toLowerCase(), name: String(payload.name ?? ''), email: String(payload.email ?? '') },
      session: { userId: sub.toLowerCase(), tokenId: jti, issuedAtMs, expiresAt: exp },
    };
  }
}
