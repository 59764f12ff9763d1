import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Transcript } from '../../../../src/shared/entities';
import {
  contentTerms,
  extractiveRecap,
  keywords,
  pointCount,
  recapSentences,
  textRank,
} from '../../../../src/server/recap/extractive';
import { stopwordsFor } from '../../../../src/server/recap/stopwords';
import { spoken, typed } from '../../../helpers/transcript-fixture';

/** The first 40 reference lines of the dev set: four readers, each reading one book. */
function knownTranscript(): Transcript[] {
  const rows = readFileSync('/work/shared/speech/dev/transcripts.tsv', 'utf8')
    .trim()
    .split('\n')
    .slice(0, 40)
    .map((line) => line.split('\t') as [string, string]);
  return rows.map(([file, text], i) => {
    const reader = file.split('-')[0]!;
    return spoken(reader, `Reader ${reader}`, i * 10_000, text.toLowerCase());
  });
}

describe('extractive recap of a known transcript', () => {
  const transcripts = knownTranscript();
  const recap = extractiveRecap(transcripts);

  it('keeps five of its forty lines, in the order they were said', () => {
    expect(recap.points).toHaveLength(5);
    const indexes = recap.points.map((p) => p.index);
    expect([...indexes].sort((a, b) => a - b)).toEqual(indexes);
  });

  it('links every point to the line it is taken from', () => {
    for (const point of recap.points) {
      const line = transcripts.find((t) => t.id === point.transcriptId);
      expect(line?.index).toBe(point.index);
      expect(line?.texts['en-US']).toContain(point.text);
    }
  });

  it('covers most of the readers rather than one talk', () => {
    const readers = new Set(
      recap.points.map((p) => transcripts.find((t) => t.id === p.transcriptId)!.author),
    );
    expect(readers.size).toBeGreaterThanOrEqual(3);
  });

  it('picks, among the medical talk, the line about poisoning that the others echo', () => {
    expect(recap.points.map((p) => p.text)).toContainEqual(
      expect.stringContaining('suspected to be one of poisoning'),
    );
  });

  it('names repeated, specific words as keywords and no stop words', () => {
    expect(recap.keywords).toContain('poisoning');
    expect(recap.keywords).toContain('mister');
    const stop = stopwordsFor('en');
    for (const k of recap.keywords) expect(stop.has(k)).toBe(false);
    expect(recap.keywords.length).toBeLessThanOrEqual(8);
  });
});

describe('extractive pieces', () => {
  it('prefers the sentence that shares the most with the others', () => {
    const lines = [
      spoken('a', 'Ann', 0, 'the budget for the library roof repair'),
      spoken('b', 'Bob', 5_000, 'the library roof repair budget needs approval from the council'),
      spoken('a', 'Ann', 10_000, 'council approval of the roof budget comes next month'),
      spoken('b', 'Bob', 15_000, 'my cat sleeps beside the radiator'),
    ];
    const recap = extractiveRecap(lines);
    expect(recap.points).toHaveLength(1);
    expect(recap.points[0]!.transcriptId).toBe(lines[1]!.id);
  });

  it('gives a sentence that shares nothing the base score', () => {
    const sentences = recapSentences([
      spoken('a', 'Ann', 0, 'alpha beta gamma'),
      spoken('a', 'Ann', 5_000, 'alpha beta delta'),
      spoken('a', 'Ann', 10_000, 'zebra yellow xylophone'),
    ]);
    const scores = textRank(sentences);
    expect(scores[2]).toBeCloseTo(0.15, 6);
    expect(scores[0]).toBeGreaterThan(0.5);
  });

  it('splits a punctuated line into sentences that all link to it', () => {
    const line = typed('a', 'Ann', 0, 'We meet on Monday. Bring the drawings! Is the hall free?');
    const sentences = recapSentences([line]);
    expect(sentences.map((s) => s.text)).toEqual([
      'We meet on Monday.',
      'Bring the drawings!',
      'Is the hall free?',
    ]);
    expect(new Set(sentences.map((s) => s.index))).toEqual(new Set([line.index]));
  });

  it('leaves out gaps, partials and empty lines, and makes an empty recap of nothing', () => {
    const gap = {
      ...spoken('a', 'Ann', 0, 'lost words here'),
      gap: { fromMs: 0, toMs: 1, reason: 'connection-lost' as const },
    };
    const partial = { ...spoken('a', 'Ann', 0, 'not yet final words'), isFinal: false };
    expect(recapSentences([gap, partial])).toEqual([]);
    expect(extractiveRecap([])).toEqual({ points: [], keywords: [] });
  });

  it('ranks words said more than once before words said once', () => {
    const sentences = recapSentences([
      spoken('a', 'Ann', 0, 'zeppelin arrives tuesday'),
      spoken('a', 'Ann', 5_000, 'the zeppelin lands'),
    ]);
    expect(keywords(sentences)[0]).toBe('zeppelin');
  });

  it('gives one point per five sentences, from one to five', () => {
    expect([0, 1, 5, 6, 24, 25, 400].map(pointCount)).toEqual([1, 1, 1, 2, 5, 5, 5]);
  });

  it('keeps content words of the line language only', () => {
    expect(contentTerms('Nous avons parlé de la réunion', 'fr-FR')).toEqual(['avons', 'parlé', 'réunion']);
    expect(contentTerms('The meeting is at 10 tomorrow', 'en')).toEqual(['meeting', 'tomorrow']);
  });
});
