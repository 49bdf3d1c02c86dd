import { describe, expect, it, jest } from '@jest/globals';
import type { ApiError } from '../../app/apiErrors';
import { atLeast } from './minimumDuration';
import { supportFailure } from './supportApi';

/** A refusal whose server sentence is also the message shown. */
const refused = (status: number, sentence: string): ApiError => ({
  kind: 'http',
  status,
  serverMessage: sentence,
  message: sentence,
});

const FAILED = 'There was a problem submitting your request. Please try again later.';

describe('supportFailure', () => {
  it('shows the server sentence for a refused form (400)', () => {
    expect(supportFailure(refused(400, 'Please enter a valid email address'))).toEqual({
      message: 'Please enter a valid email address',
    });
  });

  it('adds the wait time to the published sentence when rate-limited (429)', () => {
    expect(supportFailure(refused(429, 'Too many attempts. Please wait 12 minutes and try again.'))).toEqual({
      message: FAILED,
      detail: 'Too many attempts. Please wait 12 minutes and try again.',
    });
  });

  it('uses the published sentence for server errors, timeouts, network failures and anything else', () => {
    const cases: unknown[] = [
      { kind: 'http', status: 503, serverMessage: 'auth is not responding', message: 'x' },
      { kind: 'http', status: 400, message: 'Something went wrong. Please try again.' },
      { kind: 'timeout', message: 'Request timed out. Please try again.' },
      { kind: 'network', message: 'Network error. Please check your connection and try again.' },
      new Error('boom'),
      undefined,
    ];
    for (const error of cases) expect(supportFailure(error)).toEqual({ message: FAILED });
  });
});

describe('atLeast', () => {
  function manualSleep() {
    let wake!: () => void;
    const sleep = jest.fn((_ms: number) => new Promise<void>((resolve) => (wake = resolve)));
    return { sleep, wake: () => wake() };
  }

  it('holds a fast success until the minimum time has passed', async () => {
    const { sleep, wake } = manualSleep();
    let settled = false;
    const result = atLeast(Promise.resolve('saved'), 1500, sleep).then((value) => {
      settled = true;
      return value;
    });
    await Promise.resolve();
    await Promise.resolve();
    expect(sleep).toHaveBeenCalledWith(1500);
    expect(settled).toBe(false);
    wake();
    await expect(result).resolves.toBe('saved');
  });

  it('holds a fast failure too, then rejects with it', async () => {
    const { sleep, wake } = manualSleep();
    let settled = false;
    const result = atLeast(Promise.reject(new Error('429')), 1500, sleep).catch((error: Error) => {
      settled = true;
      return error.message;
    });
    await Promise.resolve();
    await Promise.resolve();
    expect(settled).toBe(false);
    wake();
    await expect(result).resolves.toBe('429');
  });

  it('adds nothing to work that takes longer than the minimum', async () => {
    let finish!: (value: number) => void;
    const work = new Promise<number>((resolve) => (finish = resolve));
    const result = atLeast(work, 10, (ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    await new Promise((resolve) => setTimeout(resolve, 30));
    finish(42);
    await expect(result).resolves.toBe(42);
  });

  it('starts the work at once (the request runs during the wait)', async () => {
    const started = jest.fn();
    const work = new Promise<void>((resolve) => {
      started();
      resolve();
    });
    const { sleep, wake } = manualSleep();
    const result = atLeast(work, 1500, sleep);
    expect(started).toHaveBeenCalled();
    wake();
    await result;
  });
});
