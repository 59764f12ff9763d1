import { describe, expect, it } from 'vitest';
import { nextVolume } from '../../../../../src/renderer/features/audio/volume';

describe('nextVolume', () => {
  it('moves the meter only by at least the change threshold', () => {
    expect(nextVolume(10, 10.4)).toBeUndefined();
    expect(nextVolume(10, 11)).toBe(11);
    expect(nextVolume(10, 0)).toBe(0);
    expect(nextVolume(0, 250)).toBe(100);
  });
});
