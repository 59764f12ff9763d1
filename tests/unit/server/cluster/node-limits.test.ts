/**
 * A node's cluster-wide limits with Redis out of reach: each falls back to this node's own
 * count, says so once, and closes cleanly. (Counting through Redis itself is in
 * tests/integration/cluster-limits.test.ts.)
 */
import { createServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { NodeLimits } from '../../../../src/server/cluster/node-limits';

/** A local port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const open: NodeLimits[] = [];
afterEach(async () => {
  for (const limits of open.splice(0)) await limits.close();
});

async function limitsWithoutRedis() {
  const warnings: string[] = [];
  const limits = new NodeLimits({
    redisUrl: `redis://127.0.0.1:${await closedPort()}`,
    nodeId: 'a',
    leaseTtlMs: 3000,
    warn: (message) => warnings.push(message),
  });
  open.push(limits);
  return { limits, warnings };
}

describe('NodeLimits without Redis', () => {
  it('counts a rate limit on this node alone, and says so once', async () => {
    const { limits, warnings } = await limitsWithoutRedis();
    const limiter = limits.limiter('rooms', { ratePerSecond: 0.001, burst: 2 });
    expect(await limiter.take('10.0.0.1')).toBe(true);
    expect(await limiter.take('10.0.0.1')).toBe(true);
    expect(await limiter.take('10.0.0.1')).toBe(false);
    expect(await limiter.take('10.0.0.2')).toBe(true);
    expect(warnings).toEqual(['shared rate limits are unavailable; this node counts on its own']);
  });

  it('admits sockets per address on this node’s own count', async () => {
    const { limits } = await limitsWithoutRedis();
    const gauge = limits.socketGauge(2);
    expect(await gauge.open('10.0.0.1')).toBe(true);
    expect(await gauge.open('10.0.0.1')).toBe(true);
    expect(await gauge.open('10.0.0.1')).toBe(false);
    gauge.close('10.0.0.1');
    expect(await gauge.open('10.0.0.1')).toBe(true);
    expect(gauge.count('10.0.0.1')).toBe(2);
  });
});
