import { describe, expect, it } from 'vitest';
import {
  discoverApertiumModes,
  parseModeFileName,
  toTwoLetter,
} from '../../../../src/server/translation/apertium-pairs';

describe('parseModeFileName', () => {
  it.each([
    ['eng-spa.mode', { from: 'en', to: 'es', name: 'eng-spa' }],
    ['fr-es.mode', { from: 'fr', to: 'es', name: 'fr-es' }],
    ['fra-cat.mode', { from: 'fr', to: 'ca', name: 'fra-cat' }],
    ['cat-eng.mode', { from: 'ca', to: 'en', name: 'cat-eng' }],
  ])('%s is the pair %j', (file, pair) => {
    expect(parseModeFileName(file)).toEqual(pair);
  });

  it.each([
    'eng-cat_valencia.mode',
    'spa-eng_US.mode',
    'eco-fr-es.mode',
    'README',
    'eng-spa.mode.bak',
    'eng-eng.mode',
  ])('%s is not offered', (file) => {
    expect(parseModeFileName(file)).toBeUndefined();
  });
});

describe('toTwoLetter', () => {
  it('uses the two-letter code BCP 47 prefers, and keeps codes that have none', () => {
    expect(toTwoLetter('eng')).toBe('en');
    expect(toTwoLetter('SPA')).toBe('es');
    expect(toTwoLetter('es')).toBe('es');
    expect(toTwoLetter('ast')).toBe('ast');
    expect(toTwoLetter('xyz')).toBe('xyz');
  });
});

describe('discoverApertiumModes', () => {
  it("lists one mode per direction, in a stable order, from Debian's modes folder", () => {
    const files = [
      'spa-eng_US.mode',
      'eng-spa.mode',
      'README',
      'fr-es.mode',
      'fra-spa.mode',
      'eco-fr-es.mode',
      'eng-cat_valencia.mode',
      'eng-cat.mode',
    ];
    const modes = discoverApertiumModes('/modes', () => files);
    expect(modes.map((m) => [m.from, m.to, m.name, m.file])).toEqual([
      ['en', 'ca', 'eng-cat', '/modes/eng-cat.mode'],
      ['en', 'es', 'eng-spa', '/modes/eng-spa.mode'],
      // fr-es sorts before fra-spa: the same direction is offered once.
      ['fr', 'es', 'fr-es', '/modes/fr-es.mode'],
    ]);
  });

  it('finds no pair, without failing, where apertium is not installed', () => {
    expect(
      discoverApertiumModes('/nowhere', () => {
        throw Object.assign(new Error('ENOENT'), { code: 'ENOENT' });
      }),
    ).toEqual([]);
  });
});
