import { describe, expect, it } from 'vitest';
import { RATING_COMMENT_MAX_LENGTH, normalizeRating } from '../../../src/shared/rating';

describe('rating validation', () => {
  it('takes 1 to 5 whole stars', () => {
    for (const stars of [1, 2, 3, 4, 5]) expect(normalizeRating({ stars })).toEqual({ stars });
    for (const stars of [0, 6, 2.5, -1, '4', null]) expect(normalizeRating({ stars })).toBeUndefined();
    expect(normalizeRating({})).toBeUndefined();
  });

  it('keeps a comment trimmed and without control characters, and drops an empty one', () => {
    expect(normalizeRating({ stars: 4, comment: '  Clear captions\u0007 ' })).toEqual({
      stars: 4,
      comment: 'Clear captions',
    });
    expect(normalizeRating({ stars: 4, comment: '   ' })).toEqual({ stars: 4 });
  });

  it('refuses a comment longer than the limit', () => {
    expect(normalizeRating({ stars: 3, comment: 'x'.repeat(RATING_COMMENT_MAX_LENGTH) })).toBeDefined();
    expect(normalizeRating({ stars: 3, comment: 'x'.repeat(RATING_COMMENT_MAX_LENGTH + 1) })).toBeUndefined();
  });
});
