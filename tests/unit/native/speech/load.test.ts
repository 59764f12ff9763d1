import { describe, expect, it } from 'vitest';
import {
  GUARANTEED_STREAMS_PER_WORKER,
  hasRoomForStream,
  LOAD_SMOOTHING,
  updateStreamCost,
} from '../../../../src/native/speech/load';

const steady = (utilisation: number, streams: number) => ({
  utilisation,
  streamsAtStart: streams,
  streamsAtEnd: streams,
});

describe('updateStreamCost', () => {
  it('starts at the first steady sample, divided among the streams', () => {
    expect(updateStreamCost(undefined, steady(0.4, 4))).toBeCloseTo(0.1);
  });

  it('moves part of the way towards each new sample', () => {
    expect(updateStreamCost(0.1, steady(0.6, 3))).toBeCloseTo(0.1 + LOAD_SMOOTHING * 0.1);
  });

  it('ignores a sample during which streams opened or closed', () => {
    // Eight streams' work, of which six closed during the second: not 0.7 / 2 per stream.
    expect(updateStreamCost(0.09, { utilisation: 0.7, streamsAtStart: 8, streamsAtEnd: 2 })).toBe(0.09);
    expect(updateStreamCost(undefined, { utilisation: 0.3, streamsAtStart: 1, streamsAtEnd: 2 })).toBe(
      undefined,
    );
  });

  it('ignores an idle worker', () => {
    expect(updateStreamCost(0.09, steady(0.01, 0))).toBe(0.09);
  });

  it('lets one busy second (a decoder being created) through without doubling the cost', () => {
    let cost: number | undefined;
    for (const u of [0.3, 0.3, 0.3, 0.55]) cost = updateStreamCost(cost, steady(u, 3));
    expect(cost!).toBeLessThan(0.15);
  });

  it('follows a machine that became slower within seconds', () => {
    let cost: number | undefined = 0.09;
    // Ten seconds of two workers' samples at twice the cost.
    for (let i = 0; i < 20; i++) cost = updateStreamCost(cost, steady(0.72, 4));
    expect(cost!).toBeGreaterThan(0.16);
  });

  it('smooths the swing between speech and pauses', () => {
    let cost: number | undefined = 0.09;
    for (const u of [0.56, 0.96, 0.6, 1.04, 0.56, 0.96]) cost = updateStreamCost(cost, steady(u, 8));
    expect(cost!).toBeGreaterThan(0.085);
    expect(cost!).toBeLessThan(0.11);
  });
});

describe('hasRoomForStream', () => {
  it('always admits up to the guaranteed streams, or before any cost is known', () => {
    for (let streams = 0; streams < GUARANTEED_STREAMS_PER_WORKER; streams++)
      expect(hasRoomForStream(streams, 0.99, 0.7)).toBe(true);
    expect(hasRoomForStream(12, undefined, 0.7)).toBe(true);
  });

  it('admits while all the streams with one more stay within the limit', () => {
    // 9% each: the seventh stream makes 63%, the eighth 72%.
    expect(hasRoomForStream(6, 0.09, 0.7)).toBe(true);
    expect(hasRoomForStream(7, 0.09, 0.7)).toBe(false);
  });

  it('admits fewer on a machine where a stream costs twice as much', () => {
    // 18% each: four streams are guaranteed; a fifth would make 90% (at 13%, 65%).
    expect(hasRoomForStream(GUARANTEED_STREAMS_PER_WORKER, 0.18, 0.7)).toBe(false);
    expect(hasRoomForStream(GUARANTEED_STREAMS_PER_WORKER, 0.13, 0.7)).toBe(true);
  });
});
