import { describe, expect, it } from 'vitest';
import { captionText, normaliseWord, tokensToWords } from '../../../../../src/native/speech/sherpa-onnx/text';

const opts = { audioEndMs: 10_000, maxTailMs: 400 };

describe('normaliseWord', () => {
  it('lower-cases the upper-case output of LibriSpeech models', () => {
    expect(normaliseWord('HELLO')).toBe('hello');
    expect(normaliseWord("KATE'S")).toBe("kate's");
  });

  it('keeps the pronoun I and its contractions in capitals', () => {
    expect(normaliseWord('I')).toBe('I');
    expect(normaliseWord("I'M")).toBe("I'm");
    expect(normaliseWord("I'LL")).toBe("I'll");
    expect(normaliseWord('IT')).toBe('it');
    expect(normaliseWord('IN')).toBe('in');
  });
});

describe('tokensToWords', () => {
  it('joins BPE pieces into words at the word-start markers (space or ▁)', () => {
    const words = tokensToWords([' TELL', "'S", ' CAT', 'S', '\u2581RUN'], [0, 40, 200, 240, 600], opts);
    expect(words.map((w) => w.w)).toEqual(["tell's", 'cats', 'run']);
  });

  it('times a word from its first piece until the next word, capped after its last piece', () => {
    const words = tokensToWords([' A', ' B', 'C', ' D'], [100, 200, 300, 2000], opts);
    expect(words).toEqual([
      { w: 'a', startMs: 100, endMs: 200 },
      // last piece at 300: the 1.7 s pause before D is not part of "bc"
      { w: 'bc', startMs: 200, endMs: 700 },
      { w: 'd', startMs: 2000, endMs: 2400 },
    ]);
  });

  it('never ends a word after the audio decoded so far', () => {
    const words = tokensToWords([' A'], [9_900], opts);
    expect(words[0]).toEqual({ w: 'a', startMs: 9_900, endMs: 10_000 });
  });

  it('starts a word at a continuation piece that opens the utterance', () => {
    expect(tokensToWords(['S', ' OLD'], [0, 160], opts).map((w) => w.w)).toEqual(['s', 'old']);
  });

  it('skips a bare word-start marker but still breaks the word there', () => {
    expect(tokensToWords([' HE', '\u2581', 'LLO'], [0, 40, 80], opts).map((w) => w.w)).toEqual(['he', 'llo']);
  });

  it('makes each token a word for models without word markers', () => {
    expect(tokensToWords(['你', '好'], [0, 40], opts).map((w) => w.w)).toEqual(['你', '好']);
  });

  it('gives no words for no tokens', () => {
    expect(tokensToWords([], [], opts)).toEqual([]);
  });
});

describe('captionText', () => {
  it('is the words joined by spaces for BPE models', () => {
    const tokens = [' I', "'M", ' HOME'];
    const words = tokensToWords(tokens, [0, 40, 80], opts);
    expect(captionText(words, tokens, " I'M HOME")).toBe("I'm home");
  });

  it("falls back to the engine's text when tokens mark no words", () => {
    expect(captionText([], ['X'], '  HELLO  THERE ')).toBe('hello there');
  });
});
