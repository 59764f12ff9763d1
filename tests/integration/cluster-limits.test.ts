/**
 * Rate limits in cluster mode are one allowance across the nodes (real Redis): what one node
 * gave is gone for the others; without Redis a node still limits on its own.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { randomId } from '../../src/shared/ids';
import { RedisConnection } from '../../src/server/cluster/redis';
import { SharedLimiter } from '../../src/server/cluster/shared-limits';

const REDIS_URL = process.env.HEARKEN_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function connected(redis: RedisConnection): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      if ((await redis.command(['PING'])) === 'PONG') return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

describe('shared rate limits', () => {
  const nodeA = new RedisConnection(new URL(REDIS_URL));
  const nodeB = new RedisConnection(new URL(REDIS_URL));
  afterAll(() => {
    nodeA.close();
    nodeB.close();
  });

  it('count one allowance across nodes', async () => {
    await Promise.all([connected(nodeA), connected(nodeB)]);
    const name = `test-${randomId(8)}`;
    // A slow refill: the burst is what the test spends.
    const limit = { ratePerSecond: 0.001, burst: 4 };
    const a = new SharedLimiter(nodeA, name, limit, () => {});
    const b = new SharedLimiter(nodeB, name, limit, () => {});
    const taken = [
      await a.take('address:10.0.0.1'),
      await b.take('address:10.0.0.1'),
      await a.take('address:10.0.0.1'),
    ];
    expect(taken).toEqual([true, true, true]);
    expect(await b.take('address:10.0.0.1', 2)).toBe(false);
    expect(await b.take('address:10.0.0.1')).toBe(true);
    expect(await a.take('address:10.0.0.1')).toBe(false);
    // Another address has its own allowance.
    expect(await b.take('address:10.0.0.2')).toBe(true);
  });

  it('fall back to the node’s own count when Redis cannot be reached', async () => {
    const down = new RedisConnection(new URL('redis://127.0.0.1:1'));
    const warnings: string[] = [];
    const limiter = new SharedLimiter(down, 'x', { ratePerSecond: 0.001, burst: 1 }, (m) => warnings.push(m));
    expect(await limiter.take('k')).toBe(true);
    expect(await limiter.take('k')).toBe(false);
    expect(warnings).toHaveLength(1);
    down.close();
  });
});
