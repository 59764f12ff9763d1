import { describe, expect, it } from 'vitest';
import type { ScribeTrainingItem } from '../../../../src/shared/scribe/api';
import { defaultTrainingLanguage, trainingItemsIn } from '../../../../src/shared/scribe/training';

const item = (name: string, language: ScribeTrainingItem['language']): ScribeTrainingItem => ({
  name,
  displayName: name,
  url: `/api/v1/scribe-training/${name}/audio`,
  language,
});

describe('Scribe training languages', () => {
  it('opens on the interface’s language, English otherwise', () => {
    expect(defaultTrainingLanguage('fr')).toBe('fr-FR');
    expect(defaultTrainingLanguage('fr-CA')).toBe('fr-FR');
    expect(defaultTrainingLanguage('en')).toBe('en-US');
    expect(defaultTrainingLanguage('de')).toBe('en-US');
  });

  it('lists the items of the language picked, in order', () => {
    const items = [item('a', 'en-US'), item('b', 'fr-FR'), item('c', 'en-US'), item('d', 'fr-FR')];
    expect(trainingItemsIn(items, 'fr-FR').map((i) => i.name)).toEqual(['b', 'd']);
    expect(trainingItemsIn(items, 'en-US').map((i) => i.name)).toEqual(['a', 'c']);
  });
});
