/**
 * The extractive smart recap, caption quality report and word statistics measured on
 * conversations of growing length made of the recorded speech's reference sentences (real
 * words, several speakers, one line every 4 s of 400 ms words). The recap is the costly one:
 * TextRank compares every sentence with every other. Prints milliseconds per call (median of
 * REPEAT) per length and, last, one JSON object of the figures.
 *
 *   npm run bench:recap -- [--lines 100,500,2000,5000] [--repeat 5]
 */
import { parseArgs } from 'node:util';
import { extractiveRecap } from '../src/server/recap/extractive';
import type { Transcript, WordTiming } from '../src/shared/entities';
import { captionQuality } from '../src/shared/recap/caption-quality';
import { wordStats } from '../src/shared/recap/word-stats';
import { readTranscripts, speechDir } from './lib/speech-dir';

const { values } = parseArgs({
  options: {
    lines: { type: 'string', default: '100,500,2000,5000' },
    repeat: { type: 'string', default: '5' },
  },
});
const LENGTHS = values.lines.split(',').map(Number);
const REPEAT = Number(values.repeat);
const items = readTranscripts(`${speechDir()}/dev`);

function conversation(lines: number): Transcript[] {
  const start = Date.UTC(2026, 10, 25, 9);
  return Array.from({ length: lines }, (_, i) => {
    const item = items[i % items.length]!;
    const text = item.reference.toLowerCase();
    const atMs = i * 4_000;
    const words: WordTiming[] = text
      .split(' ')
      .map((w, k) => ({ w, startMs: atMs + k * 400, endMs: atMs + k * 400 + 350 }));
    const speaker = `speaker${i % 4}`;
    return {
      id: `${speaker}.${i}`,
      isFinal: true,
      author: speaker,
      authorShow: speaker,
      origin: 'asr',
      speechLang: 'en-US',
      texts: { 'en-US': text },
      asr: {
        final: true,
        timeReceivedMs: start + words.at(-1)!.endMs + 900,
        engine: 'pocketsphinx:en-us',
        words,
      },
      usePaidASR: false,
      index: i,
      timestampMs: start + atMs,
      t0: atMs,
      trackName: speaker,
    } satisfies Transcript;
  });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function timed(run: () => unknown): number {
  const times: number[] = [];
  for (let r = 0; r < REPEAT; r++) {
    const t0 = performance.now();
    run();
    times.push(performance.now() - t0);
  }
  return Math.round(median(times) * 10) / 10;
}

const figures: Record<string, { recapMs: number; qualityMs: number; statsMs: number; points: number }> = {};
for (const lines of LENGTHS) {
  const transcripts = conversation(lines);
  const recap = extractiveRecap(transcripts);
  const recapMs = timed(() => extractiveRecap(transcripts));
  const qualityMs = timed(() => captionQuality('bench', transcripts, new Map(), 0));
  const statsMs = timed(() => wordStats(transcripts));
  figures[lines] = { recapMs, qualityMs, statsMs, points: recap.points.length };
  console.log(
    `${lines} lines: recap ${recapMs} ms (${recap.points.length} points, keywords ${recap.keywords.join(' ')}), quality ${qualityMs} ms, word statistics ${statsMs} ms`,
  );
}
console.log(JSON.stringify(figures));
