/** Which buckets count a limit: the cluster's shared ones in cluster mode, this process's otherwise. */
import { describe, expect, it } from 'vitest';
import { AddressLimiter, type Limit, type RateLimiter } from '../../../../src/server/http/address-limits';
import { limiterFor } from '../../../../src/server/cluster/shared-limits';

const limit: Limit = { ratePerSecond: 1, burst: 2 };

describe('limiterFor', () => {
  it("uses the cluster's limiter of that name in cluster mode", () => {
    const shared = { take: async () => true, retryAfterSeconds: () => 1 } as unknown as RateLimiter;
    const asked: [string, Limit][] = [];
    const cluster = {
      limiter: (name: string, l: Limit) => {
        asked.push([name, l]);
        return shared;
      },
    };
    expect(limiterFor(cluster, 'guests', limit)).toBe(shared);
    expect(asked).toEqual([['guests', limit]]);
  });

  it("counts in this process's buckets without a cluster", async () => {
    const local = limiterFor(undefined, 'guests', limit);
    expect(local).toBeInstanceOf(AddressLimiter);
    expect(await local.take('address:1.2.3.4')).toBe(true);
    expect(await local.take('address:1.2.3.4')).toBe(true);
    expect(await local.take('address:1.2.3.4')).toBe(false);
  });
});
