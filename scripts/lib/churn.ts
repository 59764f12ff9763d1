/**
 * Partial churn: how much of what a reader was shown was later taken back. Every rewrite of a
 * word already on screen is flicker, so a recogniser that shows words sooner but changes them
 * often is not simply better. Pure, so its definition is tested exactly.
 *
 * Within one line (the messages sharing a caption id, partials then the final, in arrival order),
 * each word shown is followed from message to message: a word of one message that a longest
 * common subsequence alignment pairs with a word of the next is the same word still shown; a word
 * the next message does not pair is changed (rewritten or removed). A changed word is counted once,
 * when it changes; its replacement is a new word that may change again.
 *
 * - rewritesPerFinalWord: changed words / words of the final captions.
 * - changedShare: changed words / words ever shown (in any message, the final included), the
 *   share of words a reader saw that did not stay.
 */
import type { Transcript } from '../../src/shared/entities';
import { normalizeWords } from '../../src/shared/wer';
import { alignedIndexes } from './latency';

export interface Churn {
  /** Words shown, followed from message to message (each counted once). */
  wordsShown: number;
  /** Of those, the words later changed or removed. */
  wordsChanged: number;
  /** Words of the lines' finals. */
  finalWords: number;
}

function text(t: Transcript): string {
  return t.texts[t.speechLang] ?? Object.values(t.texts)[0] ?? '';
}

/** Churn of one line's messages (in arrival order). */
export function lineChurn(texts: readonly string[]): Churn {
  let wordsShown = 0;
  let wordsChanged = 0;
  let previous: string[] = [];
  for (const t of texts) {
    const words = normalizeWords(t);
    const kept = alignedIndexes(previous, words).length;
    wordsChanged += previous.length - kept;
    wordsShown += words.length - kept;
    previous = words;
  }
  return { wordsShown, wordsChanged, finalWords: previous.length };
}

/** Churn of a recording's caption messages (any number of lines, interleaved). */
export function messagesChurn(messages: readonly { transcript: Transcript }[]): Churn {
  const byId = new Map<string, string[]>();
  const finals = new Set<string>();
  for (const m of messages) {
    const list = byId.get(m.transcript.id) ?? [];
    // After its final, a line is only edited by people; the recogniser's churn ends there.
    if (finals.has(m.transcript.id)) continue;
    list.push(text(m.transcript));
    byId.set(m.transcript.id, list);
    if (m.transcript.isFinal) finals.add(m.transcript.id);
  }
  const total: Churn = { wordsShown: 0, wordsChanged: 0, finalWords: 0 };
  for (const [id, texts] of byId) {
    // A line that never got a final (the stream broke) has no words that stayed to count against.
    if (!finals.has(id)) continue;
    const c = lineChurn(texts);
    total.wordsShown += c.wordsShown;
    total.wordsChanged += c.wordsChanged;
    total.finalWords += c.finalWords;
  }
  return total;
}

export function addChurn(a: Churn, b: Churn): Churn {
  return {
    wordsShown: a.wordsShown + b.wordsShown,
    wordsChanged: a.wordsChanged + b.wordsChanged,
    finalWords: a.finalWords + b.finalWords,
  };
}

/** The two printed figures; null where there is nothing to divide by. */
export function churnFigures(c: Churn): { rewritesPerFinalWord: number | null; changedShare: number | null } {
  return {
    rewritesPerFinalWord: c.finalWords > 0 ? c.wordsChanged / c.finalWords : null,
    changedShare: c.wordsShown > 0 ? c.wordsChanged / c.wordsShown : null,
  };
}
