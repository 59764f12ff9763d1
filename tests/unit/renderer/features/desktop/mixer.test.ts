import { describe, expect, it } from 'vitest';
import { ChunkMixer, MAX_WAIT_CHUNKS, mixInt16 } from '../../../../../src/renderer/features/desktop/mixer';

const chunk = (value: number, n = 4) => new Int16Array(n).fill(value);

describe('mixing the microphone and the computer audio', () => {
  it('sums samples and saturates instead of wrapping', () => {
    expect(
      Array.from(mixInt16(Int16Array.from([100, 30000, -30000]), Int16Array.from([-50, 10000, -10000]))),
    ).toEqual([50, 32767, -32768]);
  });

  it('pairs chunks of two sources in order', () => {
    const mixer = new ChunkMixer(2);
    expect(mixer.push(0, chunk(1))).toEqual([]);
    expect(mixer.push(0, chunk(2))).toEqual([]);
    expect(mixer.push(1, chunk(10)).map((c) => c[0])).toEqual([11]);
    expect(mixer.push(1, chunk(20)).map((c) => c[0])).toEqual([22]);
  });

  it('does not hold one source back when the other falls silent', () => {
    const mixer = new ChunkMixer(2);
    const out: number[] = [];
    for (let i = 1; i <= MAX_WAIT_CHUNKS + 2; i++) out.push(...mixer.push(0, chunk(i)).map((c) => c[0]!));
    expect(out).toEqual([1, 2]);
  });
});
