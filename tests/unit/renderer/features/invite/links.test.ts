import { describe, expect, it } from 'vitest';
import { absoluteLink } from '../../../../../src/renderer/features/invite/links';

describe('absoluteLink', () => {
  it('makes a relative invite link absolute for the QR code', () => {
    expect(absoluteLink('/web/conversations?token=x', 'https://h.example')).toBe(
      'https://h.example/web/conversations?token=x',
    );
    expect(absoluteLink('https://other.example/j?token=y', 'https://h.example')).toBe(
      'https://other.example/j?token=y',
    );
  });
});
