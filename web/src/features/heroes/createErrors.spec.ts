import { describe, expect, it } from '@jest/globals';
import type { ApiError } from '../../app/apiErrors';
import { classifyCreateFailure, isQuotaFailure } from './createErrors';

const http = (status: number, extra: Partial<ApiError> = {}): ApiError => ({
  kind: 'http',
  status,
  message: extra.serverMessage ?? 'Something went wrong. Please try again.',
  ...extra,
});

describe('creation failures', () => {
  it("treat 'You already have a non-premium hero' as the limit", () => {
    expect(
      classifyCreateFailure(
        http(409, { code: 'NON_PREMIUM_LIMIT', serverMessage: 'You already have a non-premium hero' }),
      ),
    ).toEqual({ kind: 'limit' });
    expect(
      classifyCreateFailure(http(409, { serverMessage: 'You already have a non-premium hero' })),
    ).toEqual({
      kind: 'limit',
    });
  });

  it('leave 401 to the API layer (it redirects to /login)', () => {
    expect(classifyCreateFailure(http(401))).toEqual({ kind: 'unauthorized' });
  });

  it("show the server's words otherwise", () => {
    expect(
      classifyCreateFailure(http(400, { serverMessage: 'The birth date cannot be in the future.' })),
    ).toEqual({
      kind: 'error',
      message: 'The birth date cannot be in the future.',
    });
    expect(
      classifyCreateFailure({ kind: 'timeout', message: 'Request timed out. Please try again.' }),
    ).toEqual({
      kind: 'error',
      message: 'Request timed out. Please try again.',
    });
    expect(classifyCreateFailure(new Error('boom')).kind).toBe('error');
  });

  it('send a name the content filter refuses back to the name step, with its message', () => {
    const message = 'Please choose another hero name: this one is not allowed.';
    expect(
      classifyCreateFailure(http(400, { code: 'CONTENT_NOT_ALLOWED', serverMessage: message, message })),
    ).toEqual({ kind: 'name', message });
  });

  it('recognise the AI quota', () => {
    expect(isQuotaFailure(http(429, { serverMessage: 'OpenAI API quota exceeded.' }))).toBe(true);
    expect(isQuotaFailure(http(429, { serverMessage: 'Rate limit reached' }))).toBe(true);
    expect(isQuotaFailure(http(429, { serverMessage: 'Slow down' }))).toBe(false);
    expect(isQuotaFailure(http(500, { serverMessage: 'quota' }))).toBe(false);
    expect(isQuotaFailure({ kind: 'network', message: 'x' })).toBe(false);
  });
});
