import { describe, expect, it } from 'vitest';
import { reconnectDelayMs } from '../../../../../src/renderer/features/socket/reconnect';

describe('reconnectDelayMs', () => {
  it('spaces attempts by at least RECONNECT_MIN_INTERVAL_MS', () => {
    expect(reconnectDelayMs(undefined, 10_000)).toBe(0);
    expect(reconnectDelayMs(10_000, 11_000)).toBe(4000);
    expect(reconnectDelayMs(10_000, 15_000)).toBe(0);
    expect(reconnectDelayMs(10_000, 60_000)).toBe(0);
  });
});
