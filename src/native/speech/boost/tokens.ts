/**
 * The words a boost list asks an engine to favour: each entry (a word or a short phrase) split
 * into its words as WER scoring splits them, lower case, each once, in order.
 */
import { normalizeWords } from '../../../shared/wer';

export function boostTokens(entries: readonly string[]): string[] {
  return [...new Set(entries.flatMap((e) => normalizeWords(e)))];
}
