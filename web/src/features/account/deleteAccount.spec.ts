import { describe, expect, it } from '@jest/globals';
import { DELETION_MESSAGES, deletionErrorOf } from './deleteAccount';

describe('deletionErrorOf', () => {
  it('puts a wrong or missing password under the password field, in the server words', () => {
    expect(
      deletionErrorOf({
        kind: 'http',
        status: 400,
        serverMessage: 'Your current password is incorrect.',
        message: 'Something went wrong. Please try again.',
      }),
    ).toEqual({ password: 'Your current password is incorrect.' });
    expect(deletionErrorOf({ kind: 'http', status: 400, message: 'x' })).toEqual({
      password: DELETION_MESSAGES.passwordRequired,
    });
  });

  it('shows anything else (too many attempts, offline, a failure) above the buttons', () => {
    expect(
      deletionErrorOf({
        kind: 'http',
        status: 429,
        serverMessage: 'Too many attempts',
        message: 'Too many attempts',
      }),
    ).toEqual({ form: 'Too many attempts' });
    expect(deletionErrorOf({ kind: 'network', message: 'Network error.' })).toEqual({
      form: 'Network error.',
    });
    expect(deletionErrorOf(undefined)).toEqual({ form: DELETION_MESSAGES.failed });
  });
});
