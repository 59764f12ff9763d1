import { describe, expect, it } from 'vitest';
import { MAX_CONCEALED_PACKETS, planPacket, sequenceDistance } from '../../../../src/server/webrtc/loss-plan';

describe('sequenceDistance', () => {
  it.each([
    [10, 10, 0],
    [10, 13, 3],
    [10, 7, -3],
    [65535, 0, 1],
    [65534, 2, 4],
    [0, 65535, -1],
  ])('from %i to %i is %i', (expected, seq, d) => {
    expect(sequenceDistance(expected, seq)).toBe(d);
  });
});

describe('planPacket', () => {
  it.each([
    ['the first packet', undefined, 500, { kind: 'decode', lost: 0 }],
    ['the next packet', 500, 500, { kind: 'decode', lost: 0 }],
    ['after one lost', 500, 501, { kind: 'decode', lost: 1 }],
    ['after three lost, across the wrap', 65534, 1, { kind: 'decode', lost: 3 }],
    ['a duplicate or late packet', 500, 499, { kind: 'drop' }],
    ['after a pause longer than a second', 500, 500 + MAX_CONCEALED_PACKETS + 1, { kind: 'decode', lost: 0 }],
    [
      'after exactly a second lost',
      500,
      500 + MAX_CONCEALED_PACKETS,
      { kind: 'decode', lost: MAX_CONCEALED_PACKETS },
    ],
  ] as const)('%s', (_, expected, seq, plan) => {
    expect(planPacket(expected, seq)).toEqual(plan);
  });
});
