import { describe, expect, it } from 'vitest';
import { compareVersions, isDesktopV2Version } from '../../../src/shared/desktop';

describe('versions', () => {
  it.each([
    ['2.1.9', '2.1.9', 0],
    ['2.1.10', '2.1.9', 1],
    ['2.2.0', '2.10.0', -1],
    ['v2.1.9', '2.1.9', 0],
    ['2.1.9-beta.1', '2.1.9', -1],
    ['2.1', '2.1.0', 0],
  ])('compareVersions(%s, %s) = %i', (a, b, expected) => {
    expect(compareVersions(a, b)).toBe(expected);
  });

  it('allows desktop v2 only from 2.1.9', () => {
    expect(isDesktopV2Version('2.1.8')).toBe(false);
    expect(isDesktopV2Version('2.1.9')).toBe(true);
    expect(isDesktopV2Version('2.2.0')).toBe(true);
    expect(isDesktopV2Version('2.1.9-rc.1')).toBe(false);
  });
});
