/**
 * Caption latency from what a client received, pure so the definitions are tested exactly:
 *
 * - Word latency: for each word of a final caption, from the moment the end of that word's
 *   audio was sent to the moment the word first reached the client in any caption message
 *   (a partial or the final) of the same utterance, at the same position.
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
    const words = final.transcript.asr?.words ?? [];
    const shown = list.map((m) => ({ atMs: m.atMs, words: normalizeWords(text(m.transcript)) }));
    words.forEach((word, k) => {
      const target = normalizeWords(word.w)[0];
      if (!target) return;
      const endSample = Math.max(0, Math.round((word.endMs * SAMPLE_RATE_HZ) / 1000) - 1);
      const sentAtMs = sent.sentAt(endSample);
      const first = shown.find((s) => s.words[k] === target);
      if (sentAtMs === undefined || !first) return;
      wordLatenciesMs.push(first.atMs - sentAtMs);
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
