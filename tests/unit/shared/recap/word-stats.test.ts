import { describe, expect, it } from 'vitest';
import {
  conversationWordStats,
  lineSpeakingMs,
  lineWords,
  wordStats,
} from '../../../../src/shared/recap/word-stats';
import { spoken, typed } from '../../../helpers/transcript-fixture';

describe('word statistics', () => {
  // spoken(): each word 400 ms apart and 350 ms long, so n words span (n - 1) * 400 + 350 ms.
  const lines = [
    spoken('ann', 'Ann', 0, 'one two three four'),
    spoken('bob', 'Bob', 3_000, 'five six'),
    typed('bob', 'Bob', 5_000, 'Typed, with punctuation!'),
    spoken('ann', 'Ann Lee', 8_000, 'seven eight nine ten eleven twelve'),
  ];

  it('counts words, speaking time and rate per speaker, most words first', () => {
    const stats = wordStats(lines);
    expect(stats.speakers).toEqual([
      {
        author: 'ann',
        name: 'Ann Lee',
        words: 10,
        spokenWords: 10,
        speakingMs: 1_550 + 2_350,
        wordsPerMinute: 154,
      },
      { author: 'bob', name: 'Bob', words: 5, spokenWords: 2, speakingMs: 750, wordsPerMinute: 160 },
    ]);
    expect(stats.totalWords).toBe(15);
    expect(stats.totalSpeakingMs).toBe(4_650);
    expect(stats.wordsPerMinute).toBe(155);
  });

  it('has no rate for someone who only typed, and ignores partials and gaps', () => {
    const gap = {
      ...spoken('ann', 'Ann', 0, 'lost'),
      gap: { fromMs: 0, toMs: 10, reason: 'connection-lost' as const },
    };
    const partial = { ...spoken('ann', 'Ann', 0, 'not final'), isFinal: false };
    const stats = wordStats([typed('cat', 'Cat', 0, 'hello there'), gap, partial]);
    expect(stats.speakers).toEqual([
      { author: 'cat', name: 'Cat', words: 2, spokenWords: 0, speakingMs: 0, wordsPerMinute: null },
    ]);
    expect(stats.wordsPerMinute).toBeNull();
  });

  it('measures a line without word timings from its start to its audio end', () => {
    const line = spoken('ann', 'Ann', 0, 'a b c');
    const { words: _words, ...asr } = line.asr!;
    expect(lineSpeakingMs({ ...line, asr: { ...asr, endMs: line.t0 + 2_000 } })).toBe(2_000);
    expect(lineSpeakingMs({ ...line, asr: { final: true, timeReceivedMs: 0, engine: 'x' } })).toBe(0);
    expect(lineWords(typed('a', 'A', 0, "Don't stop—now"))).toBe(3);
  });
});

describe('conversationWordStats (the spec’s word stats)', () => {
  it('counts words typed and captured, the reader’s own and everyone’s, finals only', () => {
    const mine = spoken('ann', 'Ann', 0, 'one two three');
    const bobTyped = typed('bob', 'Bob', 1_000, 'four five');
    const annTyped = typed('ann', 'Ann', 2_000, 'six');
    // A line of Ann's microphone now shown as a named speaker's is still captured by Ann.
    const grandma = { ...spoken('voicing-gran', 'Gran', 3_000, 'seven eight'), sourceAuthor: 'ann' };
    const partial = { ...spoken('bob', 'Bob', 4_000, 'not yet counted'), isFinal: false };
    const lines = [mine, bobTyped, annTyped, grandma, partial];
    expect(conversationWordStats(lines, 'ann')).toEqual({
      wordsTypedYou: 1,
      wordsTypedGroup: 3,
      wordsCapturedYou: 5,
      wordsCapturedGroup: 5,
    });
    expect(conversationWordStats(lines, 'bob')).toEqual({
      wordsTypedYou: 2,
      wordsTypedGroup: 3,
      wordsCapturedYou: 0,
      wordsCapturedGroup: 5,
    });
  });
});
