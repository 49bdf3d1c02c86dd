import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Checks the operator token of a request: HTTP Basic (any user name, the token as password: what a
 * browser asks for) or `Authorization: Bearer <token>` (scripts). Both sides are hashed first, so the
 * comparison takes the same time whatever the length or content of what was sent.
 */
export function presentsOperatorToken(authorization: string | undefined, token: string): boolean {
  if (!authorization) return false;
  const space = authorization.indexOf(' ');
  if (space < 0) return false;
  const scheme = authorization.slice(0, space).toLowerCase();
  const value = authorization.slice(space + 1).trim();
  let given: string | undefined;
  if (scheme === 'bearer') given = value;
  else if (scheme === 'basic') {
    const decoded = Buffer.from(value, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    given = colon < 0 ? undefined : decoded.slice(colon + 1);
  }
  if (given === undefined) return false;
  const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(token));
}
