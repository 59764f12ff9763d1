import { describe, expect, it } from 'vitest';
import { REUSED_URL_VALID_MS } from '../../../../../src/shared/constants';
import { reconnectDelayMs, socketUrlToUse } from '../../../../../src/renderer/features/socket/reconnect';

describe('reconnectDelayMs', () => {
  it('spaces attempts by at least RECONNECT_MIN_INTERVAL_MS', () => {
    expect(reconnectDelayMs(undefined, 10_000)).toBe(0);
    expect(reconnectDelayMs(10_000, 11_000)).toBe(4000);
    expect(reconnectDelayMs(10_000, 15_000)).toBe(0);
    expect(reconnectDelayMs(10_000, 60_000)).toBe(0);
  });
});

describe('socketUrlToUse', () => {
  const fresh = () => 'ws://fresh/ws';
  it('reuses the last URL while it was in use less than REUSED_URL_VALID_MS ago', () => {
    const reused = { url: 'ws://last/ws', lastUsedMs: 10_000 };
    expect(socketUrlToUse(reused, 10_000 + REUSED_URL_VALID_MS - 1, fresh)).toBe('ws://last/ws');
    expect(socketUrlToUse(reused, 10_000 + REUSED_URL_VALID_MS, fresh)).toBe('ws://fresh/ws');
    expect(socketUrlToUse(undefined, 10_000, fresh)).toBe('ws://fresh/ws');
  });
});
