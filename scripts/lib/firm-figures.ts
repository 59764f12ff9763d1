/**
 * What bench:asr measures of firm words (issue 25; shared/firm-words.ts), from the caption
 * messages a client received. Pure, so the definitions are tested exactly.
 *
 * - Stable word latency: for each word of a final caption (by the final's word timings, as word
 *   latency), from the moment the end of that word's audio was sent to the moment the word first
 *   reached the client as a firm word: in the first message of its line whose firm words reach
 *   it (the final, at the latest). Firm words never move, so the final's k-th word is the k-th
 *   word of every message that held k + 1 firm words or more.
 * - Firm rewrites: firm words the recogniser later changed: from one message of a line to the
 *   next, each firm word of the first that the second does not have at the same place (compared
 *   without case and punctuation). Must be 0; a rewritten word counts once.
 */
import { SAMPLE_RATE_HZ } from '../../src/shared/constants';
import { firmWordCount } from '../../src/shared/firm-words';
import type { Transcript } from '../../src/shared/entities';
import { normalizeWords } from '../../src/shared/wer';
import type { SendLog, TimedTranscript } from './latency';

function byLine(messages: readonly TimedTranscript[]): TimedTranscript[][] {
  const lines = new Map<string, TimedTranscript[]>();
  for (const m of messages) {
    const list = lines.get(m.transcript.id) ?? [];
    // After its final a line is only edited by people: the recogniser's part ends there.
    if (list.at(-1)?.transcript.isFinal) continue;
    list.push(m);
    lines.set(m.transcript.id, list);
  }
  return [...lines.values()];
}

function keys(t: Transcript): string[] {
  return (t.texts[t.speechLang] ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => normalizeWords(w).join(' '));
}

export function stableWordLatencies(messages: readonly TimedTranscript[], sent: SendLog): number[] {
  const latencies: number[] = [];
  for (const list of byLine(messages)) {
    const final = list.at(-1);
    if (!final?.transcript.isFinal) continue;
    (final.transcript.asr?.words ?? []).forEach((word, k) => {
      const firmAt = list.find((m) => firmWordCount(m.transcript) > k)?.atMs;
      const endSample = Math.max(0, Math.round((word.endMs * SAMPLE_RATE_HZ) / 1000) - 1);
      const sentAt = sent.sentAt(endSample);
      if (firmAt !== undefined && sentAt !== undefined) latencies.push(firmAt - sentAt);
    });
  }
  return latencies;
}

/** Firm words the recogniser changed afterwards, and the words of the finals they are counted against. */
export function firmRewrites(messages: readonly TimedTranscript[]): {
  rewritten: number;
  finalWords: number;
} {
  let rewritten = 0;
  let finalWords = 0;
  for (const list of byLine(messages)) {
    if (!list.at(-1)?.transcript.isFinal) continue;
    for (let i = 1; i < list.length; i++) {
      const before = list[i - 1]!.transcript;
      const firm = keys(before).slice(0, firmWordCount(before));
      const now = keys(list[i]!.transcript);
      rewritten += firm.filter((w, k) => now[k] !== w).length;
    }
    finalWords += keys(list.at(-1)!.transcript).length;
  }
  return { rewritten, finalWords };
}
