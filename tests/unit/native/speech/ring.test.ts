import { describe, expect, it } from 'vitest';
import { AudioRing } from '../../../../src/native/speech/ring';

/** Samples whose value is their absolute index, so a slice shows which samples it holds. */
function samples(from: number, length: number): Int16Array {
  return Int16Array.from({ length }, (_, i) => from + i);
}

describe('AudioRing', () => {
  it('is empty at first', () => {
    const ring = new AudioRing(5);
    expect(ring.end).toBe(0);
    expect(ring.slice(0, 10)).toEqual(new Int16Array(0));
  });

  it('keeps the newest `capacity` samples, addressed by absolute index', () => {
    const ring = new AudioRing(5);
    ring.push(samples(0, 3));
    expect(ring.end).toBe(3);
    expect(ring.slice(0, 3)).toEqual(samples(0, 3));
    ring.push(samples(3, 4)); // 7 pushed: 2..6 held
    expect(ring.end).toBe(7);
    expect(ring.slice(0, 7)).toEqual(samples(2, 5));
    expect(ring.slice(3, 5)).toEqual(samples(3, 2));
  });

  it.each([
    ['a range inside what is held', 4, 6, [4, 5]],
    ['a range starting before the oldest sample', 0, 4, [2, 3]],
    ['a range ending after the newest sample', 5, 100, [5, 6]],
    ['a range past the end', 7, 10, []],
    ['a range entirely dropped', 0, 2, []],
    ['an empty range', 4, 4, []],
    ['a reversed range', 6, 3, []],
  ])('clips %s to what is held', (_, from, to, expected) => {
    const ring = new AudioRing(5);
    ring.push(samples(0, 7)); // 2..6 held
    expect(Array.from(ring.slice(from, to))).toEqual(expected);
  });

  it.each([
    ['larger than capacity', 13],
    ['exactly capacity', 5],
  ])('keeps the last samples of a push %s', (_, length) => {
    const ring = new AudioRing(5);
    ring.push(samples(0, 3));
    ring.push(samples(3, length));
    const end = 3 + length;
    expect(ring.end).toBe(end);
    expect(ring.slice(0, end)).toEqual(samples(end - 5, 5));
    ring.push(samples(end, 2));
    expect(ring.slice(0, end + 2)).toEqual(samples(end - 3, 5));
  });

  it('ignores an empty push', () => {
    const ring = new AudioRing(5);
    ring.push(samples(0, 4));
    ring.push(new Int16Array(0));
    expect(ring.end).toBe(4);
    expect(ring.slice(0, 4)).toEqual(samples(0, 4));
  });

  it('returns copies that later pushes do not change', () => {
    const ring = new AudioRing(4);
    ring.push(samples(0, 4));
    const slice = ring.slice(0, 4);
    ring.push(samples(4, 3));
    expect(slice).toEqual(samples(0, 4));
    slice[0] = 99;
    expect(ring.slice(3, 4)).toEqual(samples(3, 1));
  });

  it('matches a model that keeps everything, over many uneven pushes', () => {
    const capacity = 1000;
    const ring = new AudioRing(capacity);
    let seed = 3;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    let end = 0;
    for (let i = 0; i < 300; i++) {
      const length = next(5) === 0 ? capacity + next(500) : next(400);
      // Values wrap at 30000 to stay within Int16.
      ring.push(Int16Array.from({ length }, (_, k) => (end + k) % 30000));
      end += length;
      expect(ring.end).toBe(end);
      const from = end - next(1500);
      const to = from + next(1500);
      const a = Math.max(from, end - capacity, 0);
      const b = Math.min(to, end);
      const expected = Array.from({ length: Math.max(0, b - a) }, (_, k) => (a + k) % 30000);
      expect(Array.from(ring.slice(from, to))).toEqual(expected);
    }
  });
});
