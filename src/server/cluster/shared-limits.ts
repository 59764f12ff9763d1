/**
 * Rate limits counted across the cluster: the same token buckets as http/address-limits.ts, kept
 * in Redis so that a person reaching three nodes gets one allowance, not three. Redis's own clock
 * refills them (no two nodes' clocks are compared), and one script takes tokens atomically.
 * Redis unreachable: this node's own buckets answer (each node then limits on its own, as
 * before clustering), and the log says so once per outage.
 */
import { AddressLimiter, type Limit, type RateLimiter } from '../http';
import type { RedisConnection } from './redis';

/** KEYS[1] bucket; ARGV rate per second, burst, cost. Returns 1 when taken. */
const TAKE_SCRIPT = `
local now = redis.call('TIME')
local t = tonumber(now[1]) + tonumber(now[2]) / 1000000
local rate = tonumber(ARGV[1])
local burst = tonumber(ARGV[2])
local cost = tonumber(ARGV[3])
local state = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(state[1]) or burst
local at = tonumber(state[2]) or t
tokens = math.min(burst, tokens + math.max(0, t - at) * rate)
local taken = 0
if tokens >= cost then
  tokens = tokens - cost
  taken = 1
end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', tostring(t))
redis.call('PEXPIRE', KEYS[1], math.ceil((burst / rate) * 1000) + 1000)
return taken
`;

export class SharedLimiter implements RateLimiter {
  private readonly local: AddressLimiter;
  private failing = false;

  constructor(
    private readonly redis: RedisConnection,
    private readonly name: string,
    private readonly limit: Limit,
    private readonly warn: (message: string, extra?: object) => void,
  ) {
    this.local = new AddressLimiter(limit);
  }

  async take(key: string, cost = 1): Promise<boolean> {
    try {
      const reply = await this.redis.evalScript(
        TAKE_SCRIPT,
        [`hearken:limit:${this.name}:${key}`],
        [this.limit.ratePerSecond, this.limit.burst, cost],
      );
      this.failing = false;
      return reply === 1;
    } catch (error) {
      if (!this.failing)
        this.warn('shared rate limits are unavailable; this node counts on its own', {
          limit: this.name,
          error: (error as Error).message,
        });
      this.failing = true;
      return this.local.take(key, cost);
    }
  }

  retryAfterSeconds(cost = 1): number {
    return this.local.retryAfterSeconds(cost);
  }
}

/**
 * A rate limit as this server counts it: across the nodes in cluster mode (a person reaching
 * three nodes gets one allowance), in this process's own buckets otherwise.
 */
export function limiterFor(
  cluster: { limiter(name: string, limit: Limit): RateLimiter } | undefined,
  name: string,
  limit: Limit,
): RateLimiter {
  return cluster?.limiter(name, limit) ?? new AddressLimiter(limit);
}
