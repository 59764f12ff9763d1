/**
 * A caption's text cut into runs for display: words people corrected (any of their characters in
 * the line's `highlighted`) apart from the rest, so every reader sees which words a person fixed,
 * not only that the line was corrected. Whole words are marked, as the editor marks them
 * (transcript-edit/words.ts), so a fixed letter does not split a word in two on screen.
 */
import type { HighlightRange } from '../../../shared/transcript-edit/text-ops';
import { wordsOf } from '../transcript-edit/words';

export interface TextRun {
  text: string;
  corrected: boolean;
  /** Part of the recogniser's tentative tail (shared/firm-words.ts): may still change. */
  tentative?: boolean;
}

/**
 * The runs cut where the firm words end (`firmChars`, UTF-16 units of the text): what follows is
 * marked tentative. The firm words keep their place whatever the tail does, since they come first.
 */
export function withTentativeTail(runs: readonly TextRun[], firmChars: number): TextRun[] {
  const out: TextRun[] = [];
  let at = 0;
  for (const run of runs) {
    const cut = Math.min(Math.max(firmChars - at, 0), run.text.length);
    if (cut > 0) out.push({ text: run.text.slice(0, cut), corrected: run.corrected });
    if (cut < run.text.length)
      out.push({ text: run.text.slice(cut), corrected: run.corrected, tentative: true });
    at += run.text.length;
  }
  return out;
}

export function correctedRuns(text: string, highlighted: readonly HighlightRange[] | undefined): TextRun[] {
  if (!highlighted?.length) return [{ text, corrected: false }];
  const points = Array.from(text);
  const runs: TextRun[] = [];
  const push = (from: number, to: number, corrected: boolean) => {
    if (to <= from) return;
    const piece = points.slice(from, to).join('');
    const last = runs[runs.length - 1];
    // Neighbouring words of one kind (with the space between) make one run.
    if (last && last.corrected === corrected) last.text += piece;
    else runs.push({ text: piece, corrected });
  };
  let at = 0;
  let previousCorrected = false;
  for (const word of wordsOf(text, highlighted)) {
    // The space between two corrected words belongs to their run: one mark for "New York".
    push(at, word.start, previousCorrected && word.corrected);
    previousCorrected = word.corrected;
    push(word.start, word.start + word.length, word.corrected);
    at = word.start + word.length;
  }
  push(at, points.length, false);
  return runs;
}
