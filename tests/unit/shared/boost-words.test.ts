import { describe, expect, it } from 'vitest';
import {
  BOOST_LIST_MAX,
  BOOST_WORDS_INPUT_MAX_LENGTH,
  TOO_MANY_CHARACTERS,
  applyBoostChange,
  cleanBoostWord,
  correctedWordCounts,
  newBoostWords,
  parseBoostWords,
  recognitionBoostList,
  transcriptVocabulary,
  withBoostedCase,
} from '../../../src/shared/boost-words';

describe('parseBoostWords', () => {
  it('splits on commas, trims, strips _ . , ! ? and keeps each entry once (any case), in order, as typed', () => {
    expect(parseBoostWords(' Zarathustra!, helstone. ,  New   York?, _kine_, zarathustra ')).toEqual({
      ok: true,
      words: ['Zarathustra', 'helstone', 'New York', 'kine'],
    });
  });

  it('drops empty entries (an empty list is simply empty)', () => {
    expect(parseBoostWords(' , ,, ?! ')).toEqual({ ok: true, words: [] });
  });

  it("refuses an input over the limit with 'Too many characters.'", () => {
    const atLimit = 'abc,'.repeat(BOOST_WORDS_INPUT_MAX_LENGTH / 4);
    expect(atLimit).toHaveLength(BOOST_WORDS_INPUT_MAX_LENGTH);
    expect(parseBoostWords(atLimit)).toEqual({ ok: true, words: ['abc'] });
    expect(parseBoostWords(`${atLimit}d`)).toEqual({
      ok: false,
      error: TOO_MANY_CHARACTERS,
    });
    expect(TOO_MANY_CHARACTERS).toBe('Too many characters.');
  });

  it('refuses a single entry that is too long', () => {
    expect(parseBoostWords(`ok, ${'x'.repeat(51)}`)).toEqual({ ok: false, error: TOO_MANY_CHARACTERS });
  });
});

describe('newBoostWords', () => {
  const transcript = transcriptVocabulary(['We met Zarathustra in Helstone.', 'The kine were there']);

  it('keeps only words present in the transcript and not already boosted', () => {
    expect(
      newBoostWords('zarathustra, Helstone!, Paris, kine', { alreadyBoosted: ['Kine'], transcript }),
    ).toEqual({ ok: true, words: ['zarathustra', 'Helstone'] });
  });

  it('keeps a phrase whose words are all in the transcript', () => {
    expect(newBoostWords('met zarathustra, met paris', { alreadyBoosted: [], transcript })).toEqual({
      ok: true,
      words: ['met zarathustra'],
    });
  });

  it('without a transcript (account settings) keeps every new word', () => {
    expect(newBoostWords('paris, kine', { alreadyBoosted: ['kine'] })).toEqual({
      ok: true,
      words: ['paris'],
    });
  });

  it('refuses to grow a list past its maximum', () => {
    const full = Array.from({ length: BOOST_LIST_MAX }, (_, i) => `w${i}`);
    expect(newBoostWords('another', { alreadyBoosted: full })).toEqual({
      ok: false,
      error: TOO_MANY_CHARACTERS,
    });
    expect(newBoostWords('w1', { alreadyBoosted: full })).toEqual({ ok: true, words: [] });
  });
});

describe('cleanBoostWord', () => {
  it('keeps the case typed and collapses spaces', () => {
    expect(cleanBoostWord('  San_Francisco  Bay! ')).toBe('SanFrancisco Bay');
  });
});

describe('withBoostedCase (issue 30: "Katie" was stored and captioned as "katie")', () => {
  it('writes boosted entries as typed, matched whatever their case, as whole words only', () => {
    expect(withBoostedCase('Then katie met KATIE at katies.', ['Katie'])).toBe(
      'Then Katie met Katie at katies.',
    );
    expect(withBoostedCase('We flew to new york today.', ['New York', 'kine'])).toBe(
      'We flew to New York today.',
    );
  });

  it('leaves a caption alone for entries typed in lower case', () => {
    expect(withBoostedCase('Helstone is far.', ['helstone'])).toBe('Helstone is far.');
  });
});

describe('correctedWordCounts', () => {
  it('counts the words people typed that recognition did not say, most corrected first', () => {
    const lines = [
      { asrText: 'we met zara thrust in hell stone', text: 'We met Zarathustra in Helstone' },
      { asrText: 'back to hell stone', text: 'back to Helstone' },
      { text: 'nobody corrected this line' },
      { asrText: 'same', text: 'same' },
    ];
    expect(correctedWordCounts(lines, [])).toEqual([
      { word: 'Helstone', count: 2 },
      { word: 'Zarathustra', count: 1 },
    ]);
  });

  it('leaves out words already boosted and words recognition said as often', () => {
    const lines = [{ asrText: 'the the cat', text: 'the the the Kine' }];
    expect(correctedWordCounts(lines, ['kine'])).toEqual([{ word: 'the', count: 1 }]);
  });
});

describe('applyBoostChange (the socket message and the HTTP route)', () => {
  it('adds only new words, at the end, and removes by their cleaned form', () => {
    const added = applyBoostChange(['kine'], { action: 'add', words: ' Helstone!, kine, New  York' });
    expect(added).toEqual({
      ok: true,
      words: ['kine', 'Helstone', 'New York'],
      added: ['Helstone', 'New York'],
      removed: [],
    });
    const removed = applyBoostChange(['kine', 'helstone'], { action: 'remove', words: 'HELSTONE., paris' });
    expect(removed).toEqual({ ok: true, words: ['kine'], added: [], removed: ['helstone'] });
  });

  it('keeps to the words said in the conversation when given its transcript', () => {
    const said = transcriptVocabulary(['We met at Helstone.']);
    expect(applyBoostChange([], { action: 'add', words: 'helstone, sintra' }, said)).toMatchObject({
      added: ['helstone'],
    });
  });

  it('refuses too long an input, and a list past its maximum', () => {
    const long = 'a'.repeat(BOOST_WORDS_INPUT_MAX_LENGTH + 1);
    expect(applyBoostChange([], { action: 'add', words: long })).toEqual({
      ok: false,
      error: TOO_MANY_CHARACTERS,
    });
    expect(applyBoostChange([], { action: 'remove', words: long })).toEqual({
      ok: false,
      error: TOO_MANY_CHARACTERS,
    });
    const full = Array.from({ length: BOOST_LIST_MAX }, (_, i) => `word${i}`);
    expect(applyBoostChange(full, { action: 'add', words: 'one more' })).toEqual({
      ok: false,
      error: TOO_MANY_CHARACTERS,
    });
  });
});

describe('recognitionBoostList', () => {
  it('adds the organisation’s words after the person’s own, each once whatever its case', () => {
    expect(recognitionBoostList(['Katie', 'helstone'], ['Helstone', 'Zarathustra', 'katie', 'kine'])).toEqual(
      ['Katie', 'helstone', 'Zarathustra', 'kine'],
    );
  });

  it('is the person’s own list when there is no organisation', () => {
    expect(recognitionBoostList(['Katie'], [])).toEqual(['Katie']);
    expect(recognitionBoostList([], ['Helstone'])).toEqual(['Helstone']);
  });

  it('keeps to the boost limits: BOOST_LIST_MAX entries, no empty or too long entry', () => {
    const own = Array.from({ length: BOOST_LIST_MAX - 1 }, (_, i) => `own${i}`);
    const list = recognitionBoostList(own, ['x'.repeat(51), ' . ', 'Helstone', 'Zarathustra']);
    expect(list).toHaveLength(BOOST_LIST_MAX);
    expect(list.at(-1)).toBe('Helstone');
  });
});
