import { Injectable } from '@nestjs/common';
import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id (the library's default algorithm) with its default cost (19 MiB, 2 passes: OWASP's
 * baseline), computed on libuv's thread pool so the event loop keeps serving.
 */
@Injectable()
export class PasswordHasher {
  // Verified when the email is unknown, so a wrong email costs as long as a wrong password.
  private readonly decoy = hash('starborn-decoy-password');

  hash(password: string): Promise<string> {
    return hash(password);
  }

  async verify(passwordHash: string | undefined, password: string): Promise<boolean> {
    const target = passwordHash ?? (await this.decoy);
    const matches = await verify(target, password).catch(() => false);
    return passwordHash !== undefined && matches;
  }
}
