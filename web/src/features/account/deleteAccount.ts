import { ACCOUNT_MESSAGES } from '@starborn/contracts';
import type { ApiError } from '../../app/apiErrors';

/** What deleting the account removes, and what it keeps: the section says it before anything is asked. */
export const DELETION_REMOVES = [
  'your account, so you can no longer sign in',
  'your heroes, their pictures and downloads',
  'your storybooks and their chapters',
  'your shared links (they stop working)',
  'your place in shared story rooms',
] as const;

export const DELETION_KEEPS = [
  'your room messages, shown as from "a departed hero", so the others\' stories still read',
  'payment records, which the law requires us to keep, with nothing left that names you',
] as const;

export const DELETION_MESSAGES = {
  passwordRequired: ACCOUNT_MESSAGES.currentPasswordRequired,
  deleted: 'Your account and everything in it have been deleted. Farewell, traveller.',
  failed: 'Your account could not be deleted. Please try again.',
} as const;

/** Where a refused deletion is shown: a wrong or missing password under the field, anything else above the buttons. */
export function deletionErrorOf(error: ApiError | undefined): { password?: string; form?: string } {
  if (error?.kind === 'http' && error.status === 400)
    return { password: error.serverMessage ?? DELETION_MESSAGES.passwordRequired };
  return { form: error?.message ?? DELETION_MESSAGES.failed };
}
