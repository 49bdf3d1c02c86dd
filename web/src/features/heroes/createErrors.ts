/**
 * What a failed POST /api/heroes means for the wizard, and when a failure is the AI
 * quota. Pure, so Jest checks every branch.
 */
import { ErrorCodes } from '@starborn/contracts';
import { asApiError } from '../../app/apiErrors';
import { NON_PREMIUM_LIMIT_CODE, NON_PREMIUM_LIMIT_ERROR, WIZARD_MESSAGES } from './wizardSlice';

export type CreateFailure =
  /** 'You already have a non-premium hero': alert, then /heroes. */
  | { kind: 'limit' }
  /** 401: the API layer already ended the session and is on its way to /login. */
  | { kind: 'unauthorized' }
  /** A name the server's content filter refuses: the wizard goes back to the name, with the message. */
  | { kind: 'name'; message: string }
  /** Anything else: the wizard shows the message and its status becomes error. */
  | { kind: 'error'; message: string };

export function classifyCreateFailure(error: unknown): CreateFailure {
  const e = asApiError(error);
  if (!e) return { kind: 'error', message: WIZARD_MESSAGES.generic };
  if (e.kind === 'http' && e.status === 401) return { kind: 'unauthorized' };
  if (e.code === NON_PREMIUM_LIMIT_CODE || e.serverMessage === NON_PREMIUM_LIMIT_ERROR)
    return { kind: 'limit' };
  if (e.code === ErrorCodes.CONTENT_NOT_ALLOWED) return { kind: 'name', message: e.message };
  return { kind: 'error', message: e.message };
}

/** A quota failure: errorType 'quota_exceeded', or a 429 whose text mentions quota, exceeded or limit. */
export function isQuotaFailure(error: unknown): boolean {
  const e = asApiError(error);
  if (!e || e.kind !== 'http') return false;
  if (e.code === 'quota_exceeded' || e.code === 'QUOTA_EXCEEDED') return true;
  return e.status === 429 && /quota|exceeded|limit/i.test(e.serverMessage ?? '');
}
