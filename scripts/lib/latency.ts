/**
 * Caption latency from what a client received, pure so the definitions are tested exactly:
 *
 * - Word latency: for each word of a final caption, from the moment the end of that word's
 *   audio was sent to the moment the word first reached the client in any caption message
 *   (a partial or the final) of the same utterance. A message "shows" a final word when the two
 *   word sequences, aligned by longest common subsequence, pair it with that word: a partial
 *   that still has an extra or a wrong word earlier on shows the later words all the same. A
 *   message computed from audio that ended before the word began cannot show it (that is a
 *   different occurrence of a common word like "the"), when the message says where its audio ended.
 * - Final latency: from the moment the end of an utterance's audio was sent to the moment its
 *   (last) final caption arrived.
 */
import { SAMPLE_RATE_HZ } from '../../src/shared/constants';
import type { Transcript } from '../../src/shared/entities';
import { normalizeWords } from '../../src/shared/wer';

export interface TimedTranscript {
  atMs: number;
  transcript: Transcript;
}

/** Send times of the chunks of one recording: chunk i holds samples [first, first + length). */
export class SendLog {
  private readonly firstSamples: number[] = [];
  private readonly times: number[] = [];

  record(firstSample: number, sentAtMs: number): void {
    this.firstSamples.push(firstSample);
    this.times.push(sentAtMs);
  }

  /** When the chunk holding `sample` (0 = first sample of the recording) was sent. */
  sentAt(sample: number): number | undefined {
    // Binary search for the last chunk starting at or before the sample.
    let lo = 0;
    let hi = this.firstSamples.length - 1;
    if (hi < 0 || sample < this.firstSamples[0]!) return undefined;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.firstSamples[mid]! <= sample) lo = mid;
      else hi = mid - 1;
    }
    return this.times[lo];
  }
}

/**
 * Indexes of `final` paired with an equal word of `shown` by a longest common subsequence
 * alignment (the pairing that keeps the most words in order).
 */
export function alignedIndexes(shown: readonly string[], final: readonly string[]): number[] {
  const n = shown.length;
  const m = final.length;
  // lcs[i][j]: LCS length of shown[i..] and final[j..].
  const lcs = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lcs[i]![j] =
        shown[i] === final[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
    }
  }
  const matched: number[] = [];
  for (let i = 0, j = 0; i < n && j < m;) {
    if (shown[i] === final[j]) {
      matched.push(j);
      i++;
      j++;
    } else if (lcs[i + 1]![j]! >= lcs[i]![j + 1]!) i++;
    else j++;
  }
  return matched;
}

function text(t: Transcript): string {
  return t.texts[t.speechLang] ?? Object.values(t.texts)[0] ?? '';
}

export interface RecordingLatency {
  wordLatenciesMs: number[];
  /** Final captions' text in order, for scoring. */
  hypothesis: string;
  /** Arrival of the last final of the recording. */
  lastFinalAtMs: number | undefined;
}

/**
 * Latencies of one recording's captions. `messages` are the transcript messages of that
 * recording, in arrival order; `sent` maps sample positions to send times.
 */
export function recordingLatency(messages: readonly TimedTranscript[], sent: SendLog): RecordingLatency {
  const byId = new Map<string, TimedTranscript[]>();
  for (const m of messages) {
    const list = byId.get(m.transcript.id) ?? [];
    list.push(m);
    byId.set(m.transcript.id, list);
  }
  const finals: TimedTranscript[] = [];
  const wordLatenciesMs: number[] = [];
  for (const list of byId.values()) {
    const final = [...list].reverse().find((m) => m.transcript.isFinal);
    if (!final || !text(final.transcript)) continue;
    finals.push(final);
    const words = (final.transcript.asr?.words ?? []).flatMap((w) => {
      const normal = normalizeWords(w.w)[0];
      return normal ? [{ w: normal, startMs: w.startMs, endMs: w.endMs }] : [];
    });
    const finalWords = words.map((w) => w.w);
    const firstShown = new Array<number | undefined>(words.length);
    for (const m of list) {
      const audioEndMs = m.transcript.asr?.endMs;
      for (const j of alignedIndexes(normalizeWords(text(m.transcript)), finalWords)) {
        if (audioEndMs !== undefined && audioEndMs < words[j]!.startMs) continue;
        firstShown[j] ??= m.atMs;
      }
    }
    words.forEach((word, k) => {
      const endSample = Math.max(0, Math.round((word.endMs * SAMPLE_RATE_HZ) / 1000) - 1);
      const sentAtMs = sent.sentAt(endSample);
      const shownAt = firstShown[k];
      if (sentAtMs === undefined || shownAt === undefined) return;
      wordLatenciesMs.push(shownAt - sentAtMs);
    });
  }
  finals.sort((a, b) => a.transcript.index - b.transcript.index);
  return {
    wordLatenciesMs,
    hypothesis: finals.map((f) => text(f.transcript)).join(' '),
    lastFinalAtMs: finals.length > 0 ? Math.max(...finals.map((f) => f.atMs)) : undefined,
  };
}

/** Nearest-rank percentile (p in 0..100) of unsorted values; undefined when empty. */
export function percentile(values: readonly number[], p: number): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1];
}
