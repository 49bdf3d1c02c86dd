import { describe, expect, it } from '@jest/globals';
import { QUOTA_EVENT_DEFAULT_MESSAGE, quotaEventMessage } from './realtimeEvents';

describe('realtime events', () => {
  it('reads quota api_error events, with the default message', () => {
    expect(quotaEventMessage({ errorType: 'quota_exceeded', message: 'Out of tokens' })).toBe(
      'Out of tokens',
    );
    expect(quotaEventMessage({ errorType: 'quota_exceeded' })).toBe(QUOTA_EVENT_DEFAULT_MESSAGE);
    expect(quotaEventMessage({ errorType: 'other', message: 'x' })).toBeNull();
    expect(quotaEventMessage(null)).toBeNull();
  });
});
