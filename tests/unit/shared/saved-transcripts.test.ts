import { describe, expect, it } from 'vitest';
import {
  type SavedTranscript,
  listedSavedTranscripts,
  matchesSearch,
  normalizeForSearch,
  ENTRY_FIRST_WORDS_MAX_LENGTH,
  bulkDeleteIds,
  firstWordsOf,
  savedTranscriptsQuerySchema,
  searchTerms,
  summarizeSavedTranscript,
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
    summary: { durationMs: 0, participants: [], otherParticipants: 0, firstWords: '' },
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

describe('an entry’s summary (issue 30, item 23)', () => {
  const facts = {
    startTimestampMs: 1_000_000,
    endedAtMs: 1_000_000 + 754_000,
    lastActiveMs: 1_000_000 + 900_000,
    speakers: ['Ada Host', 'Bo Reader'],
    speakerCount: 2,
    openingText: 'Let us look at the budget.',
  };

  it('lasts from its start to its end, or to its last activity while it runs', () => {
    expect(summarizeSavedTranscript(facts).durationMs).toBe(754_000);
    expect(summarizeSavedTranscript({ ...facts, endedAtMs: null }).durationMs).toBe(900_000);
    // A clock that went back does not make a negative length.
    expect(summarizeSavedTranscript({ ...facts, endedAtMs: 0 }).durationMs).toBe(0);
  });

  it('names the first three speakers in order and counts the others', () => {
    const many = summarizeSavedTranscript({
      ...facts,
      speakers: ['Ada', 'Bo', 'Cy', 'Di'],
      speakerCount: 6,
    });
    expect(many.participants).toEqual(['Ada', 'Bo', 'Cy']);
    expect(many.otherParticipants).toBe(3);
    expect(summarizeSavedTranscript(facts)).toMatchObject({
      participants: ['Ada Host', 'Bo Reader'],
      otherParticipants: 0,
    });
    // Blank and repeated names are not people.
    expect(
      summarizeSavedTranscript({ ...facts, speakers: [' Ada ', 'Ada', '  '], speakerCount: 1 }).participants,
    ).toEqual(['Ada']);
  });

  it('quotes the opening as it is when short, folding whitespace', () => {
    expect(summarizeSavedTranscript({ ...facts, openingText: ' Hello \n  there ' }).firstWords).toBe(
      'Hello there',
    );
  });

  it('cuts a long opening between words, with an ellipsis', () => {
    const long = 'We went through the budget line by line, '.repeat(6);
    const quoted = firstWordsOf(long);
    expect(quoted.length).toBeLessThanOrEqual(ENTRY_FIRST_WORDS_MAX_LENGTH + 1);
    expect(quoted.endsWith('…')).toBe(true);
    expect(long.startsWith(quoted.slice(0, -1))).toBe(true);
    // The cut falls between words, and a trailing comma goes with the words left out.
    expect(firstWordsOf('one two three four', 9)).toBe('one two…');
    expect(firstWordsOf('one two, three', 8)).toBe('one two…');
    expect(firstWordsOf('one two three', 13)).toBe('one two three');
    expect(firstWordsOf('x'.repeat(300), 10)).toBe(`${'x'.repeat(10)}…`);
  });
});

describe('bulk delete ids', () => {
  it('names each conversation once, in the order given, and none is no request', () => {
    expect(bulkDeleteIds(['r2', 'r1', 'r2'])).toEqual(['r2', 'r1']);
    expect(bulkDeleteIds([])).toBeUndefined();
  });
});
