/**
 * Word statistics of a conversation for its transcript page: words per speaker, how long each
 * spoke, and their speaking rate. Pure: the page computes it from the lines it already shows.
 */
import type { Transcript } from '../entities';
import { normalizeWords } from '../wer';

export interface SpeakerWordStats {
  /** The speaker's avaId (a voicing speaker's id for someone without a device). */
  author: string;
  /** The name shown on their latest line. */
  name: string;
  words: number;
  /** Spoken words only (typed replies have no speaking time). */
  spokenWords: number;
  /** Sum of their spoken lines' durations, from the first word's start to the last word's end. */
  speakingMs: number;
  /** Spoken words per minute of speaking time; null without speaking time. */
  wordsPerMinute: number | null;
}

export interface WordStats {
  speakers: SpeakerWordStats[];
  totalWords: number;
  totalSpeakingMs: number;
  wordsPerMinute: number | null;
}

/** The words of a line's original text (not its translations). */
export function lineWords(t: Transcript): number {
  const text = t.texts[t.speechLang] ?? Object.values(t.texts)[0] ?? '';
  return normalizeWords(text).length;
}

/**
 * How long a spoken line lasted: its words' span when the engine gave word timings, otherwise
 * from its start (t0) to the end of the audio it was made from; 0 for typed lines and gaps.
 */
export function lineSpeakingMs(t: Transcript): number {
  if (t.origin !== 'asr' || !t.asr || t.gap) return 0;
  const words = t.asr.words ?? [];
  if (words.length > 0) {
    const start = Math.min(...words.map((w) => w.startMs));
    const end = Math.max(...words.map((w) => w.endMs));
    return Math.max(0, end - start);
  }
  return t.asr.endMs !== undefined ? Math.max(0, t.asr.endMs - t.t0) : 0;
}

function rate(words: number, ms: number): number | null {
  return ms > 0 ? Math.round((words * 60_000) / ms) : null;
}

/** Statistics per speaker, most words first (ties: in order of first line). */
export function wordStats(transcripts: readonly Transcript[]): WordStats {
  const byAuthor = new Map<string, SpeakerWordStats>();
  for (const t of transcripts) {
    if (!t.isFinal || t.gap) continue;
    const words = lineWords(t);
    const ms = lineSpeakingMs(t);
    const entry = byAuthor.get(t.author) ?? {
      author: t.author,
      name: t.authorShow,
      words: 0,
      spokenWords: 0,
      speakingMs: 0,
      wordsPerMinute: null,
    };
    entry.name = t.authorShow || entry.name;
    entry.words += words;
    if (t.origin === 'asr') {
      entry.spokenWords += words;
      entry.speakingMs += ms;
    }
    byAuthor.set(t.author, entry);
  }
  const speakers = [...byAuthor.values()]
    .map((s) => ({ ...s, wordsPerMinute: rate(s.spokenWords, s.speakingMs) }))
    .sort((a, b) => b.words - a.words);
  const totalSpeakingMs = speakers.reduce((sum, s) => sum + s.speakingMs, 0);
  const spoken = speakers.reduce((sum, s) => sum + s.spokenWords, 0);
  return {
    speakers,
    totalWords: speakers.reduce((sum, s) => sum + s.words, 0),
    totalSpeakingMs,
    wordsPerMinute: rate(spoken, totalSpeakingMs),
  };
}

/**
 * The spec's word stats (conversation.md, Word stats) of one conversation as one person sees it:
 * words typed (typed replies: lines with no recogniser, `asr` absent) and words captured (lines
 * the recogniser made from a microphone or a computer's sound), by that person ("You": lines
 * from their own keyboard, microphone or computer, whoever the line is shown as now) and by
 * everyone in it, that person included ("Group"). Finals only; gaps have no words.
 */
export interface ConversationWordStats {
  wordsTypedYou: number;
  wordsTypedGroup: number;
  wordsCapturedYou: number;
  wordsCapturedGroup: number;
}

export function conversationWordStats(
  transcripts: readonly Transcript[],
  you: string,
): ConversationWordStats {
  const stats: ConversationWordStats = {
    wordsTypedYou: 0,
    wordsTypedGroup: 0,
    wordsCapturedYou: 0,
    wordsCapturedGroup: 0,
  };
  for (const t of transcripts) {
    if (!t.isFinal || t.gap) continue;
    const words = lineWords(t);
    const yours = (t.sourceAuthor ?? t.author) === you;
    if (t.asr) {
      stats.wordsCapturedGroup += words;
      if (yours) stats.wordsCapturedYou += words;
    } else {
      stats.wordsTypedGroup += words;
      if (yours) stats.wordsTypedYou += words;
    }
  }
  return stats;
}
