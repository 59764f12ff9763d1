/**
 * The limits every connection shares: rooms created (across the cluster in cluster mode), and
 * pages of finals and changes of lines per identity and, ten times as many, per address (a venue
 * behind one address).
 */
import { describe, expect, it } from 'vitest';
import type { Limit, RateLimiter } from '../../../src/server/http/address-limits';
import type { ClusterNode } from '../../../src/server/cluster/node';
import { connectionLimiters } from '../../../src/server/socket-server';

const limits = {
  roomCreations: { ratePerSecond: 1, burst: 1 },
  transcriptPages: { ratePerSecond: 0.001, burst: 2 },
  boostChanges: { ratePerSecond: 0.001, burst: 3 },
  lineEdits: { ratePerSecond: 0.001, burst: 3 },
  typedMessages: { ratePerSecond: 0.001, burst: 4 },
  socketsPerIdentity: 2,
};

async function taken(limiter: Pick<RateLimiter, 'take'>, key: string, times: number): Promise<number> {
  let n = 0;
  for (let i = 0; i < times; i++) if (await limiter.take(key)) n += 1;
  return n;
}

describe('connectionLimiters', () => {
  it('counts pages per identity, and ten times as many per address', async () => {
    const { transcriptPages } = connectionLimiters(limits, undefined);
    expect(await taken(transcriptPages.identity, 'identity:ada', 30)).toBe(2);
    expect(await taken(transcriptPages.address, 'address:1.2.3.4', 30)).toBe(20);
  });

  it('counts boost list changes per identity, whichever socket sends them (F-03)', async () => {
    const { boostChanges } = connectionLimiters(limits, undefined);
    expect(await taken(boostChanges, 'identity:ada', 10)).toBe(3);
    expect(await taken(boostChanges, 'identity:bob', 10)).toBe(3);
  });

  it('counts line edits per identity, whatever connection asks, and ten times as many per address', async () => {
    const { lineEdits } = connectionLimiters(limits, undefined);
    expect(await taken(lineEdits.identity, 'identity:ada', 30)).toBe(3);
    expect(await taken(lineEdits.identity, 'identity:bo', 30)).toBe(3);
    expect(await taken(lineEdits.address, 'address:1.2.3.4', 60)).toBe(30);
  });

  it('counts typed lines and open sockets per identity, whichever socket (F-02)', async () => {
    const { typedLines, identitySockets } = connectionLimiters(limits, undefined);
    expect(await taken(typedLines, 'identity:ada', 10)).toBe(4);
    expect(await taken(typedLines, 'identity:bo', 10)).toBe(4);
    const first = identitySockets.take('ada');
    const second = identitySockets.take('ada');
    expect(first && second).toBeTruthy();
    expect(identitySockets.take('ada')).toBeUndefined();
    expect(identitySockets.take('bo')).toBeTruthy();
    first!();
    first!();
    expect(identitySockets.openFor('ada')).toBe(1);
    expect(identitySockets.take('ada')).toBeTruthy();
  });

  it("counts room creations in this process, or in the cluster's shared buckets", async () => {
    expect(await taken(connectionLimiters(limits, undefined).roomCreations, 'address:1.2.3.4', 3)).toBe(1);
    const shared = { take: () => true, retryAfterSeconds: () => 0 } as RateLimiter;
    const asked: string[] = [];
    const cluster = {
      limiter: (name: string, _limit: Limit) => {
        asked.push(name);
        return shared;
      },
    } as Pick<ClusterNode, 'limiter'>;
    expect(connectionLimiters(limits, cluster).roomCreations).toBe(shared);
    // Pages are counted where the room is (its owner), never across the nodes.
    expect(asked).toEqual(['room-creations']);
  });
});
