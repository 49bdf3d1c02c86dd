import { describe, expect, it } from '@jest/globals';
import { SOCKET_TIMEOUT_MS, socketOptions } from './socketClient';

describe('socket options', () => {
  it('send credentials and the token, reconnect, time out after 20 s, websocket then polling', () => {
    expect(socketOptions('tok')).toEqual({
      path: '/socket.io',
      auth: { token: 'tok' },
      transports: ['websocket', 'polling'],
      withCredentials: true,
      reconnection: true,
      timeout: 20000,
    });
    expect(SOCKET_TIMEOUT_MS).toBe(20000);
  });
});
