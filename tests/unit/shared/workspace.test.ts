/**
 * The workspace rules (shared/workspace.ts): the organisation vocabulary kept as boost words are
 * (comma-separated, trimmed, stripped of _ . , ! ?, 'Too many characters.'), the Scribe limit as
 * typed and as enforced per calendar month.
 */
import { describe, expect, it } from 'vitest';
import {
  SCRIBE_LIMIT_MAX_MINUTES,
  TOO_MANY_CHARACTERS,
  VOCABULARY_MAX_WORDS,
  VOCABULARY_WORD_MAX_LENGTH,
  checkVocabulary,
  cleanVocabularyWord,
  monthStartUtc,
  parseScribeLimit,
  withinScribeLimit,
  workspacePath,
  workspaceSettingsBodySchema,
} from '../../../src/shared/workspace';
import { formatIssue } from '../../../src/shared/schema';

describe('the organisation vocabulary', () => {
  it.each([
    ['Hearken!', 'Hearken'],
    ['  sign_language ', 'signlanguage'],
    ['Dr. Who?', 'Dr Who'],
    ['a,b', 'ab'],
    ['  many   spaces  ', 'many spaces'],
    ['_.,!?', ''],
  ])('cleans %j to %j', (word, clean) => {
    expect(cleanVocabularyWord(word)).toBe(clean);
  });

  it('splits a text on commas, drops empties and repeats (any case), keeps the first spelling', () => {
    expect(checkVocabulary('Hearken!, CART, hearken, , sign_language')).toEqual({
      ok: true,
      words: ['Hearken', 'CART', 'signlanguage'],
    });
    expect(checkVocabulary(['Kubernetes', 'a, b', 'KUBERNETES'])).toEqual({
      ok: true,
      words: ['Kubernetes', 'a', 'b'],
    });
    expect(checkVocabulary('')).toEqual({ ok: true, words: [] });
  });

  it("answers 'Too many characters.' for a word, a list or a text too long", () => {
    expect(checkVocabulary('x'.repeat(VOCABULARY_WORD_MAX_LENGTH))).toMatchObject({ ok: true });
    expect(checkVocabulary('x'.repeat(VOCABULARY_WORD_MAX_LENGTH + 1))).toEqual({
      ok: false,
      message: TOO_MANY_CHARACTERS,
    });
    const many = Array.from({ length: VOCABULARY_MAX_WORDS + 1 }, (_, i) => `w${i}`);
    expect(checkVocabulary(many)).toEqual({ ok: false, message: 'Too many characters.' });
    expect(checkVocabulary(many.slice(0, VOCABULARY_MAX_WORDS))).toMatchObject({ ok: true });
    const long = Array.from({ length: 60 }, (_, i) => `${'y'.repeat(36)}${String(i).padStart(3, '0')}`);
    expect(checkVocabulary(long)).toEqual({ ok: false, message: TOO_MANY_CHARACTERS });
  });
});

describe('the Scribe limit', () => {
  it.each([
    ['', { ok: true, minutes: null }],
    ['  ', { ok: true, minutes: null }],
    ['0', { ok: true, minutes: 0 }],
    [' 90 ', { ok: true, minutes: 90 }],
    [String(SCRIBE_LIMIT_MAX_MINUTES), { ok: true, minutes: SCRIBE_LIMIT_MAX_MINUTES }],
    [String(SCRIBE_LIMIT_MAX_MINUTES + 1), { ok: false }],
    ['-1', { ok: false }],
    ['1.5', { ok: false }],
    ['ten', { ok: false }],
  ])('reads %j as %j', (text, answer) => {
    expect(parseScribeLimit(text)).toEqual(answer);
  });

  it('lets a member ask until the month’s minutes are used; no limit never stops them', () => {
    expect(withinScribeLimit(null, 10 ** 12)).toBe(true);
    expect(withinScribeLimit(60, 59 * 60_000 + 59_999)).toBe(true);
    expect(withinScribeLimit(60, 60 * 60_000)).toBe(false);
    expect(withinScribeLimit(0, 0)).toBe(false);
  });

  it('counts from the first instant of the calendar month (UTC)', () => {
    expect(monthStartUtc(Date.UTC(2026, 11, 11, 23, 59))).toBe(Date.UTC(2026, 11, 1));
    expect(monthStartUtc(Date.UTC(2027, 0, 1))).toBe(Date.UTC(2027, 0, 1));
  });
});

describe('workspace paths', () => {
  it('puts every screen under /workspace, members first', () => {
    expect(workspacePath()).toBe('/workspace/members');
    expect(workspacePath('reporting')).toBe('/workspace/reporting');
  });
});

describe('the settings body (PATCH workspace settings)', () => {
  const refusal = (input: unknown) => {
    const checked = workspaceSettingsBodySchema.check(input);
    return checked.ok ? undefined : formatIssue(checked.issue);
  };

  it('refuses a field that is not a setting, rather than dropping it', () => {
    expect(refusal({ vocabulary: [], scribeLimit: 3 })).toBe('scribeLimit: is not a setting');
    expect(refusal([])).toBe('body: must be an object');
    expect(refusal({ vocabulary: ['a', 1] })).toBe('vocabulary[1]: expected string, got number');
  });

  it('lets any Scribe limit through, for the route to refuse with its own code', () => {
    for (const limit of [null, 30, -1, '30', 1.5])
      expect(workspaceSettingsBodySchema.check({ scribeLimitMinutes: limit })).toEqual({
        ok: true,
        value: { scribeLimitMinutes: limit },
      });
  });
});
