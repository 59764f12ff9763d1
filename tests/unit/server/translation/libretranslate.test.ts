import { describe, expect, it } from 'vitest';
import { pairsFromLanguages } from '../../../../src/server/translation/libretranslate';

describe('pairsFromLanguages', () => {
  it("reads each language's targets", () => {
    expect(
      pairsFromLanguages([
        { code: 'en', name: 'English', targets: ['en', 'es', 'fr'] },
        { code: 'es', name: 'Spanish', targets: ['en'] },
      ]),
    ).toEqual([
      { from: 'en', to: 'es' },
      { from: 'en', to: 'fr' },
      { from: 'es', to: 'en' },
    ]);
  });

  it('pairs every language with every other when an older server lists no targets', () => {
    expect(pairsFromLanguages([{ code: 'en' }, { code: 'pt-BR' }])).toEqual([
      { from: 'en', to: 'pt' },
      { from: 'pt', to: 'en' },
    ]);
  });

  it('refuses an answer that is not a list', () => {
    expect(() => pairsFromLanguages({ error: 'nope' })).toThrow(/did not answer a list/);
  });
});
