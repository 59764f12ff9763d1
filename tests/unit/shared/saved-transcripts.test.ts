import { describe, expect, it } from 'vitest';
import {
  type SavedTranscript,
  listedSavedTranscripts,
  matchesSearch,
  normalizeForSearch,
  savedTranscriptsQuerySchema,
  searchTerms,
} from '../../../src/shared/saved-transcripts';

describe('search normalisation', () => {
  it('strips non-alphanumerics and lowercases', () => {
    expect(normalizeForSearch("Budget: Q3 — let's REVIEW it!")).toBe('budgetq3letsreviewit');
  });

  it('drops accents, so typing without them still finds the word', () => {
    expect(normalizeForSearch('Café Crème')).toBe('cafecreme');
    expect(normalizeForSearch('naïve')).toBe(normalizeForSearch('naive'));
  });

  it('keeps letters and digits of other scripts', () => {
    expect(normalizeForSearch('Привет, мир 42')).toBe('приветмир42');
  });
});

describe('search terms', () => {
  it('refuses fewer than 3 characters once normalised', () => {
    expect(searchTerms('ab')).toBeUndefined();
    expect(searchTerms(' a! b? ')).toBeUndefined();
    expect(searchTerms('')).toBeUndefined();
    expect(searchTerms('abc')).toEqual(['abc']);
  });

  it('splits on spaces and normalises each word', () => {
    expect(searchTerms('  Budget,  REVIEW ')).toEqual(['budget', 'review']);
  });

  it('matches an entry that has every word, in any order', () => {
    const text = normalizeForSearch('We reviewed the budget on Monday.');
    expect(matchesSearch(text, searchTerms('budget review')!)).toBe(true);
    expect(matchesSearch(text, searchTerms('budget tuesday')!)).toBe(false);
  });
});

describe('the list rule', () => {
  const entry = (roomId: string, over: Partial<SavedTranscript> = {}): SavedTranscript => ({
    roomId,
    startTimestampMs: 1,
    title: roomId,
    hasTranscripts: true,
    isAllowedAccess: true,
    deleted: false,
    ...over,
  });

  it('drops entries without transcripts, without access, or deleted', () => {
    const listed = listedSavedTranscripts([
      entry('kept'),
      entry('empty', { hasTranscripts: false }),
      entry('not-shared', { isAllowedAccess: false }),
      entry('gone', { deleted: true }),
    ]);
    expect(listed.map((e) => e.roomId)).toEqual(['kept']);
  });
});

describe('the GET query', () => {
  it('takes the spec limits and refuses more than a page', () => {
    expect(savedTranscriptsQuerySchema.check({ avaId: 'a', limit: 10 }).ok).toBe(true);
    expect(savedTranscriptsQuerySchema.check({ avaId: 'a', limit: 11 }).ok).toBe(false);
    expect(savedTranscriptsQuerySchema.check({ limit: 1 }).ok).toBe(false);
  });
});
