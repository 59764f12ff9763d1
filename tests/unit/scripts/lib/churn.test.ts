import { describe, expect, it } from 'vitest';
import { addChurn, churnFigures, lineChurn, messagesChurn } from '../../../../scripts/lib/churn';
import type { Transcript } from '../../../../src/shared/entities';

function msg(id: string, text: string, isFinal = false): { transcript: Transcript } {
  return {
    transcript: {
      id,
      isFinal,
      author: 'a',
      authorShow: 'A',
      origin: 'asr',
      speechLang: 'en-US',
      texts: { 'en-US': text },
      usePaidASR: false,
      index: 0,
      timestampMs: 0,
      t0: 0,
      trackName: 't',
    },
  };
}

describe('lineChurn', () => {
  it('counts nothing changed when each partial only adds words', () => {
    expect(lineChurn(['the', 'the cat', 'The cat sat.'])).toEqual({
      wordsShown: 3,
      wordsChanged: 0,
      finalWords: 3,
    });
  });

  it('counts a word rewritten, and its replacement as a new word shown', () => {
    // "hat" shown then changed to "cat": 3 words shown (the, hat, cat), 1 changed.
    expect(lineChurn(['the hat', 'the cat'])).toEqual({ wordsShown: 3, wordsChanged: 1, finalWords: 2 });
  });

  it('counts a word removed, and again when it comes back and goes again', () => {
    // "a" shown, removed, shown again, changed again: each showing is a word that did not stay.
    expect(lineChurn(['a cat', 'cat', 'a cat', 'the cat'])).toEqual({
      wordsShown: 4, // a, cat, a, the
      wordsChanged: 2,
      finalWords: 2,
    });
  });

  it('aligns by longest common subsequence: an inserted word changes nothing shown', () => {
    expect(lineChurn(['I saw dog', 'I saw a dog'])).toEqual({
      wordsShown: 4,
      wordsChanged: 0,
      finalWords: 4,
    });
  });

  it('counts every word of a line that ends empty (noise) as changed', () => {
    expect(lineChurn(['um uh', ''])).toEqual({ wordsShown: 2, wordsChanged: 2, finalWords: 0 });
  });
});

describe('messagesChurn', () => {
  it('follows interleaved lines separately and stops each at its final', () => {
    const churn = messagesChurn([
      msg('t.0', 'hello word'),
      msg('t.1', 'again'),
      msg('t.0', 'Hello world.', true),
      msg('t.0', 'Hello, world!', true), // a person's edit after the final: not the recogniser's churn
      msg('t.1', 'again and', false),
      msg('t.1', 'Again, then.', true),
      msg('t.2', 'never final'), // a line that never got a final is left out
    ]);
    // t.0: hello, word, world shown; word changed. t.1: again, and, then shown; and changed.
    expect(churn).toEqual({ wordsShown: 6, wordsChanged: 2, finalWords: 4 });
  });

  it('gives the two printed figures', () => {
    const churn = addChurn(lineChurn(['the hat', 'the cat']), lineChurn(['a b', 'a b c']));
    expect(churnFigures(churn)).toEqual({ rewritesPerFinalWord: 1 / 5, changedShare: 1 / 6 });
    expect(churnFigures({ wordsShown: 0, wordsChanged: 0, finalWords: 0 })).toEqual({
      rewritesPerFinalWord: null,
      changedShare: null,
    });
  });
});
