import { describe, expect, it } from 'vitest';
import {
  AddressLimiter,
  CLIENT_LOG_ENTRY_LIMIT,
  GUEST_CREATION_LIMIT,
} from '../../../../src/server/http/address-limits';
import { CLIENT_LOGS_MAX_ENTRIES } from '../../../../src/shared/user';
import { parseTrustProxy } from '../../../../src/server/config';

function clock() {
  const c = { t: 0, now: () => c.t };
  return c;
}

describe('AddressLimiter', () => {
  it('allows a burst per address, then refuses until the allowance refills', () => {
    const c = clock();
    const limiter = new AddressLimiter({ ratePerSecond: 2, burst: 3 }, c.now);
    expect([1, 2, 3, 4].map(() => limiter.take('10.0.0.1'))).toEqual([true, true, true, false]);
    // Another address is not affected by the first one's flood.
    expect(limiter.take('10.0.0.2')).toBe(true);
    c.t = 499;
    expect(limiter.take('10.0.0.1')).toBe(false);
    c.t = 500;
    expect(limiter.take('10.0.0.1')).toBe(true);
    expect(limiter.take('10.0.0.1')).toBe(false);
  });

  it('charges by cost and takes nothing from a refused call', () => {
    const c = clock();
    const limiter = new AddressLimiter({ ratePerSecond: 10, burst: 100 }, c.now);
    expect(limiter.take('a', 60)).toBe(true);
    expect(limiter.take('a', 60)).toBe(false);
    expect(limiter.take('a', 40)).toBe(true);
    expect(limiter.take('a', 1)).toBe(false);
  });

  it('forgets the least recently seen address when full, so memory stays bounded', () => {
    const c = clock();
    const limiter = new AddressLimiter({ ratePerSecond: 1, burst: 1 }, c.now, 2);
    expect(limiter.take('a')).toBe(true);
    expect(limiter.take('b')).toBe(true);
    expect(limiter.take('a')).toBe(false); // a is now the most recently seen
    expect(limiter.take('c')).toBe(true); // b is forgotten
    expect(limiter.trackedAddresses).toBe(2);
    expect(limiter.take('a')).toBe(false); // a was kept, still empty
    expect(limiter.take('b')).toBe(true); // b starts over (c forgotten)
  });

  it('suggests a retry delay of at least a second', () => {
    const limiter = new AddressLimiter({ ratePerSecond: 200, burst: 2000 });
    expect(limiter.retryAfterSeconds(1)).toBe(1);
    expect(limiter.retryAfterSeconds(1000)).toBe(5);
  });

  it('lets a full batch of client logs and a room of guests through at once', () => {
    expect(CLIENT_LOG_ENTRY_LIMIT.burst).toBeGreaterThanOrEqual(CLIENT_LOGS_MAX_ENTRIES * 10);
    expect(GUEST_CREATION_LIMIT.burst).toBeGreaterThanOrEqual(100);
  });
});

describe('parseTrustProxy', () => {
  it.each([
    [undefined, false],
    ['', false],
    ['false', false],
    ['true', true],
    [' 10.0.0.0/8,127.0.0.1 ', '10.0.0.0/8,127.0.0.1'],
  ])('%j gives %j', (raw, expected) => {
    expect(parseTrustProxy(raw)).toEqual(expected);
  });
});
