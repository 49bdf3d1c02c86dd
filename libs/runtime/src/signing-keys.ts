import { generateKeyPairSync } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export const DEV_KEYS_DIR = 'data/keys';
const PAIR_DIR = 'auth-ed25519';

export interface SigningKeyPair {
  privateKeyPem: string;
  publicKeyPem: string;
}

/**
 * Development only: the Ed25519 key pair that signs access tokens, generated on first start.
 * Auth and the gateway may start at the same moment, so the pair is written into a temporary folder
 * that is renamed into place in one step; whoever loses the race reads the winner's pair.
 */
export async function loadOrCreateDevKeyPair(dir = DEV_KEYS_DIR): Promise<SigningKeyPair> {
  const existing = await readPair(dir);
  if (existing) return existing;

  const { privateKey, publicKey } = generateKeyPairSync('ed25519', {
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  const staging = join(dir, `.staging-${process.pid}-${Date.now()}`);
  await mkdir(staging, { recursive: true, mode: 0o700 });
  await writeFile(join(staging, 'private.pem'), privateKey, { mode: 0o600 });
  await writeFile(join(staging, 'public.pem'), publicKey, { mode: 0o644 });
  try {
    await rename(staging, join(dir, PAIR_DIR));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOTEMPTY' && code !== 'EEXIST') throw error;
    await rm(staging, { recursive: true, force: true });
  }
  const pair = await readPair(dir);
  if (!pair) throw new Error(`Could not read the signing keys in ${join(dir, PAIR_DIR)}`);
  return pair;
}

/** The gateway needs only the public half. */
export async function loadDevPublicKey(dir = DEV_KEYS_DIR): Promise<string> {
  return (await loadOrCreateDevKeyPair(dir)).publicKeyPem;
}

async function readPair(dir: string): Promise<SigningKeyPair | undefined> {
  try {
    const [privateKeyPem, publicKeyPem] = await Promise.all([
      readFile(join(dir, PAIR_DIR, 'private.pem'), 'utf8'),
      readFile(join(dir, PAIR_DIR, 'public.pem'), 'utf8'),
    ]);
    return { privateKeyPem, publicKeyPem };
  } catch {
    return undefined;
  }
}
