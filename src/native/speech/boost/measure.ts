/**
 * What bench:boost measures (docs/boost.md): which words of a reference set to boost (its
 * rarest, by a language model's unigram probability: names, places) and how often recognition
 * missed them.
 */
import { normalizeWords } from '../../../shared/wer';

/** Words shorter than this are not names or places worth boosting (and are rarely rare). */
const MIN_BOOST_WORD_LENGTH = 4;

/**
 * The `count` rarest distinct words of `references`: words the model lacks first, then by
 * ascending unigram probability (`log10Prob`), ties in order of first appearance.
 */
export function rarestWords(
  references: readonly string[],
  log10Prob: (word: string) => number | undefined,
  count: number,
): string[] {
  const seen = new Map<string, number>();
  for (const ref of references)
    for (const w of normalizeWords(ref))
      if (w.length >= MIN_BOOST_WORD_LENGTH && !seen.has(w)) seen.set(w, seen.size);
  return [...seen.keys()]
    .map((word) => ({ word, p: log10Prob(word) ?? Number.NEGATIVE_INFINITY, order: seen.get(word)! }))
    .sort((a, b) => a.p - b.p || a.order - b.order)
    .slice(0, count)
    .map((x) => x.word);
}

/**
 * The share of boost-word occurrences in the references that the hypotheses miss: for each
 * pair and each boost word, the occurrences in the reference beyond those in the hypothesis,
 * over all occurrences in the references. 0 when the references hold none.
 */
export function boostWordErrorRate(
  pairs: ReadonlyArray<{ reference: string; hypothesis: string }>,
  boostWords: readonly string[],
): number {
  const boost = new Set(boostWords.flatMap((w) => normalizeWords(w)));
  let occurrences = 0;
  let missed = 0;
  for (const { reference, hypothesis } of pairs) {
    const inHyp = new Map<string, number>();
    for (const w of normalizeWords(hypothesis)) inHyp.set(w, (inHyp.get(w) ?? 0) + 1);
    const inRef = new Map<string, number>();
    for (const w of normalizeWords(reference)) if (boost.has(w)) inRef.set(w, (inRef.get(w) ?? 0) + 1);
    for (const [w, n] of inRef) {
      occurrences += n;
      missed += Math.max(0, n - (inHyp.get(w) ?? 0));
    }
  }
  return occurrences === 0 ? 0 : missed / occurrences;
}
