import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { loadDevPublicKey } from '@starborn/runtime';
import { importSPKI, jwtVerify, type CryptoKey } from 'jose';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';

/** Must match what the auth service signs with. */
const TOKEN_ISSUER = 'starborn-auth';
const TOKEN_AUDIENCE = 'starborn';

export interface AuthenticatedUser {
  id: string;
  name: string;
  email: string;
}

/** Verifies access tokens locally with auth's public key: no round trip per request. */
@Injectable()
export class TokenVerifier implements OnModuleInit {
  private key?: CryptoKey;

  constructor(@Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig) {}

  async onModuleInit(): Promise<void> {
    let pem = this.config.AUTH_PUBLIC_KEY;
    if (!pem) {
      if (this.config.NODE_ENV === 'production') throw new Error('AUTH_PUBLIC_KEY is required in production');
      pem = await loadDevPublicKey(this.config.AUTH_KEYS_DIR);
    }
    this.key = await importSPKI(pem.replace(/\\n/g, '\n'), 'EdDSA');
  }

  /** The token's user, or undefined when the token is malformed, forged or expired. */
  async verify(token: string): Promise<AuthenticatedUser | undefined> {
    try {
      const { payload } = await jwtVerify(token, this.key!, {
        algorithms: ['EdDSA'],
        issuer: TOKEN_ISSUER,
        audience: TOKEN_AUDIENCE,
      });
      if (typeof payload.sub !== 'string') return undefined;
      return { id: payload.sub, name: String(payload.name ?? ''), email: String(payload.email ?? '') };
    } catch {
      return undefined;
    }
  }
}
