/**
 * Scribe training's score (WER of the corrected transcript against the reference, and the
 * recogniser's errors fixed), the shipped training items, and how an account gets the scribe
 * flag from HEARKEN_SCRIBE_EMAILS.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadTrainingItems, trainingScore } from '../../../../src/server/scribes/training';
import { parseScribeEmails, withScribeGrant } from '../../../../src/server/auth/scribe-grants';

describe('trainingScore', () => {
  const reference = 'THE WEATHER IS NICE TODAY IN HELSTONE';
  it.each([
    [
      'nothing corrected',
      'the whether is nice today in hell stone',
      'the whether is nice today in hell stone',
      3,
      3,
      0,
    ],
    [
      'one word fixed',
      'the whether is nice today in hell stone',
      'the weather is nice today in hell stone',
      3,
      2,
      1,
    ],
    [
      'all fixed',
      'the whether is nice today in hell stone',
      'The weather is nice today, in Helstone.',
      3,
      0,
      3,
    ],
    [
      'made worse',
      'the weather is nice today in helstone',
      'the weather is not nice today in helstone',
      0,
      1,
      0,
    ],
  ])('%s', (_, asr, corrected, asrErrors, errorsLeft, fixed) => {
    const score = trainingScore(reference, asr, corrected, true);
    expect(score.asrErrors).toBe(asrErrors);
    expect(score.errorsLeft).toBe(errorsLeft);
    expect(score.errorsFixed).toBe(fixed);
    expect(score.referenceWords).toBe(7);
    expect(score.wer).toBeCloseTo(errorsLeft / 7);
    expect(score.asrWer).toBeCloseTo(asrErrors / 7);
  });
});

describe('the shipped training items', () => {
  it('are the spec’s items (name, displayName, url, language) with a recording and a reference', () => {
    const items = loadTrainingItems(join(process.cwd(), 'resources', 'scribe-training'));
    expect(items.length).toBeGreaterThanOrEqual(3);
    for (const item of items) {
      expect(item.name).toMatch(/^[a-z0-9-]+$/);
      expect(item.displayName.length).toBeGreaterThan(3);
      expect(item.url).toBe(`/api/v1/scribe-training/${item.name}/audio`);
      expect(['en-US', 'fr-FR']).toContain(item.language);
      expect(item.reference.split(' ').length).toBeGreaterThan(10);
    }
  });

  it('include French items (issue 28), read from ../shared/speech/dev-fr, with their French reference', () => {
    const items = loadTrainingItems(join(process.cwd(), 'resources', 'scribe-training'));
    const french = items.filter((i) => i.language === 'fr-FR');
    expect(french.map((i) => i.name)).toEqual(['actualites-fr', 'declarations-fr']);
    expect(french[0]!.reference).toContain('terrain montagneux');
    expect(items.filter((i) => i.language === 'en-US').length).toBeGreaterThanOrEqual(3);
  });
});

describe('HEARKEN_SCRIBE_EMAILS', () => {
  it('parses a comma-separated list, trimmed and lowercased', () => {
    expect(parseScribeEmails(' Ann@Example.com, ,bob@example.com ')).toEqual([
      'ann@example.com',
      'bob@example.com',
    ]);
    expect(parseScribeEmails(undefined)).toEqual([]);
  });

  it.each<[string, Record<string, string>, { scribe?: boolean }, boolean | undefined]>([
    ['listed', { password: 'ANN@example.com' }, {}, true],
    ['not listed', { password: 'eve@example.com' }, {}, undefined],
    ['already a Scribe', { password: 'eve@example.com' }, { scribe: true }, true],
    ['no email', {}, {}, undefined],
  ])('%s', (_, emails, features, scribe) => {
    const granted = withScribeGrant({ emails, features }, new Set(['ann@example.com']));
    expect(granted.features.scribe).toBe(scribe);
  });
});
