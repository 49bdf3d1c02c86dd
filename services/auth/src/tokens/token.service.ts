import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { AccessTokenClaims } from '@starborn/contracts';
import { loadOrCreateDevKeyPair } from '@starborn/runtime';
import { randomUUID } from 'node:crypto';
import { importPKCS8, SignJWT, type CryptoKey } from 'jose';
import { AUTH_CONFIG, type AuthConfig } from '../config.js';

export const TOKEN_ISSUER = 'starborn-auth';
export const TOKEN_AUDIENCE = 'starborn';

/** Signs EdDSA access tokens; the gateway verifies them with the public key, without a round trip. */
@Injectable()
export class TokenService implements OnModuleInit {
  private key?: CryptoKey;

  constructor(@Inject(AUTH_CONFIG) private readonly config: AuthConfig) {}

  async onModuleInit(): Promise<void> {
    let pem = this.config.AUTH_PRIVATE_KEY;
    if (!pem) {
      if (this.config.NODE_ENV === 'production')
        throw new Error('AUTH_PRIVATE_KEY is required in production');
      pem = (await loadOrCreateDevKeyPair(this.config.AUTH_KEYS_DIR)).privateKeyPem;
    }
    this.key = await importPKCS8(pem.replace(/\\n/g, '\n'), 'EdDSA');
  }

  /**
   * A token with its own id (`jti`, so one session can be signed out) and its issue time in
   * milliseconds (`iat_ms`, so "sign out everywhere" can tell a token made just after it from one made
   * just before, which `iat` in whole seconds cannot).
   */
  async sign(claims: AccessTokenClaims): Promise<string> {
    const issuedAtMs = Date.now();
    return new SignJWT({ name: claims.name, email: claims.email, iat_ms: issuedAtMs })
      .setProtectedHeader({ alg: 'EdDSA', typ: 'JWT' })
      .setJti(randomUUID())
      .setSubject(claims.sub)
      .setIssuer(TOKEN_ISSUER)
      .setAudience(TOKEN_AUDIENCE)
      .setIssuedAt(Math.floor(issuedAtMs / 1000))
      .setExpirationTime(this.config.JWT_TTL)
      .sign(this.key!);
  }
}
