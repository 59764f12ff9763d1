/**
 * From sherpa-onnx's tokens to caption words. Pure, so the rules below are unit-tested.
 *
 * Word pieces: English zipformer models speak BPE pieces; a piece that begins a word carries
 * sentencepiece's "▁" (sherpa-onnx turns it into a leading space), the others continue the word
 * before them: [" TELL", "'S", " CAT", "S"] is "TELL'S CATS".
 *
 * Case: the English models were trained on LibriSpeech's upper-case transcripts, and shouting
 * captions are hard to read. We lower-case every word, as the PocketSphinx engine's output is,
 * so captions look the same whichever engine made them, and write the pronoun "I" (and I'm,
 * I'll, I'd, I've) in capitals because "i" reads as a typo. Sentence capitals and punctuation
 * are not guessed here: the models give no punctuation to hang them on.
 */
import type { WordTiming } from '../../../shared/entities';

const WORD_START = /^[\u2581 ]/;
const MARKERS = /^[\u2581 ]+/;

export function normaliseWord(word: string): string {
  const lower = word.toLowerCase();
  return /^i(?:'[a-z]+)?$/.test(lower) ? `I${lower.slice(1)}` : lower;
}

export interface WordTimingOptions {
  /** Where the audio decoded so far ends (ms): no word ends after it. */
  audioEndMs: number;
  /**
   * Token timestamps mark where each piece was emitted, not where it ends. A word is taken to
   * last until the next word starts, but no more than this after its last piece: a pause after
   * a word is not part of it.
   */
  maxTailMs: number;
}

interface Building {
  w: string;
  startMs: number;
  lastPieceMs: number;
}

/** Joins pieces into words with timings; `timesMs` holds each piece's time from the stream start. */
export function tokensToWords(
  tokens: readonly string[],
  timesMs: readonly number[],
  options: WordTimingOptions,
): WordTiming[] {
  // Models without word markers (character-based ones) give one word per token.
  const pieces = tokens.some((t) => WORD_START.test(t));
  const words: Building[] = [];
  let boundary = true;
  tokens.forEach((token, i) => {
    const t = timesMs[i] ?? timesMs[timesMs.length - 1] ?? 0;
    const piece = token.replace(MARKERS, '');
    if (!pieces || WORD_START.test(token)) boundary = true;
    if (piece.length === 0) return;
    const last = words[words.length - 1];
    if (boundary || !last) {
      words.push({ w: piece, startMs: t, lastPieceMs: t });
      boundary = false;
    } else {
      last.w += piece;
      last.lastPieceMs = t;
    }
  });
  return words.map((word, i) => {
    const next = words[i + 1]?.startMs ?? options.audioEndMs;
    const end = Math.min(next, word.lastPieceMs + options.maxTailMs, options.audioEndMs);
    return {
      w: normaliseWord(word.w),
      startMs: Math.round(word.startMs),
      endMs: Math.round(Math.max(end, word.startMs)),
    };
  });
}

/** Caption text: the words, or the engine's own text for models that do not mark words. */
export function captionText(
  words: readonly WordTiming[],
  tokens: readonly string[],
  engineText: string,
): string {
  if (tokens.some((t) => WORD_START.test(t))) return words.map((w) => w.w).join(' ');
  return engineText.trim().split(/\s+/).filter(Boolean).map(normaliseWord).join(' ');
}
