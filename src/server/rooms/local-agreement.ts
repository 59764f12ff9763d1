/**
 * Which words of a line still being spoken are firm (issue 25): the LocalAgreement policy of
 * whisper_streaming, on the recogniser's successive hypotheses of one utterance. A word becomes
 * firm when the hypotheses agree on it, and with it every word before it: it has stood at the same
 * place, after the same words, in every hypothesis computed over at least `agreedMs` of audio
 * (PocketSphinx revises its last few words as more audio arrives; a word that survived that long
 * rarely changes again). Once firm a word is never taken back: every later hypothesis, the final
 * included, is shown as the firm words followed by what the hypothesis has after them.
 *
 * What comes "after the firm words" in a hypothesis that no longer starts with them: the shortest
 * prefix of it closest (by word edits) to the firm words is theirs, the rest is the tail. So
 * "the cat sat" firm and "a cat sad on the mat" heard give the tail "on the mat".
 *
 * Pure: no clock but the audio's own times (`endMs` of the hypothesis), so a recording gives the
 * same split however fast it is decoded.
 */
import type { WordTiming } from '../../shared/entities';

/** How long a word must be agreed on (ms of audio) to become firm. Chosen on the dev set: docs/measurements.md. */
export const FIRM_AGREEMENT_MS = 350;

export interface AgreedLine {
  /** The firm words then the tentative tail, as the recogniser wrote them. */
  words: string[];
  /** How many of `words` are firm. */
  firm: number;
}

interface Candidate {
  word: string;
  /** Audio time of the hypothesis since which this word (after the same words) has been agreed. */
  sinceMs: number;
}

export class LocalAgreement {
  private readonly firm: string[] = [];
  /** The last hypothesis's tail, each word with how long it has been agreed. */
  private candidates: Candidate[] = [];

  constructor(private readonly agreedMs: number = FIRM_AGREEMENT_MS) {}

  /** Firm words so far. */
  get firmWords(): readonly string[] {
    return this.firm;
  }

  /** A partial hypothesis computed from the audio up to `endMs`: the line to show and its firm count. */
  partial(text: string, endMs: number): AgreedLine {
    const tail = tailAfter(this.firm, splitWords(text)).tail;
    let kept = 0;
    while (
      kept < this.candidates.length &&
      kept < tail.length &&
      same(this.candidates[kept]!.word, tail[kept]!)
    )
      kept++;
    this.candidates = [
      ...this.candidates.slice(0, kept),
      ...tail.slice(kept).map((word) => ({ word, sinceMs: endMs })),
    ];
    // Agreed means seen in an earlier hypothesis too, and for long enough: a prefix, since a
    // word's agreement never starts before the agreement of the words in front of it.
    let firmed = 0;
    for (const c of this.candidates) {
      if (c.sinceMs >= endMs || endMs - c.sinceMs < this.agreedMs) break;
      firmed++;
    }
    this.firm.push(...this.candidates.slice(0, firmed).map((c) => c.word));
    this.candidates = this.candidates.slice(firmed);
    return { words: [...this.firm, ...this.candidates.map((c) => c.word)], firm: this.firm.length };
  }

  /**
   * The final hypothesis: the firm words, then the final's words after them; every word is firm.
   * `timings` are the final's word timings (one per word of `text`), re-cut to the words shown.
   */
  final(text: string, timings?: readonly WordTiming[]): AgreedLine & { timings?: WordTiming[] } {
    const hypothesis = splitWords(text);
    const { tail, paired } = tailAfter(this.firm, hypothesis);
    const words = [...this.firm, ...tail];
    this.firm.splice(0, this.firm.length, ...words);
    this.candidates = [];
    if (!timings || timings.length === 0 || timings.length !== hypothesis.length)
      return { words, firm: words.length };
    return {
      words,
      firm: words.length,
      timings: retimed(words, paired, hypothesis.length - tail.length, timings),
    };
  }
}

export function splitWords(text: string): string[] {
  return text.split(/\s+/).filter((w) => w.length > 0);
}

function same(a: string, b: string): boolean {
  return a === b || a.toLowerCase() === b.toLowerCase();
}

/**
 * The hypothesis's words after the firm ones. The prefix of `hypothesis` nearest to `firm` in
 * word edits (ties: the length nearest to the firm words') is theirs; `paired[i]` is the index of
 * the hypothesis word aligned with firm word i (same or substituted), if any.
 */
export function tailAfter(
  firm: readonly string[],
  hypothesis: readonly string[],
): { tail: string[]; paired: (number | undefined)[] } {
  const n = firm.length;
  if (n === 0) return { tail: [...hypothesis], paired: [] };
  if (hypothesis.length >= n && firm.every((w, i) => same(w, hypothesis[i]!)))
    return { tail: hypothesis.slice(n), paired: firm.map((_, i) => i) };
  const m = hypothesis.length;
  // d[i][j]: word edits between firm[..i] and hypothesis[..j].
  const d = Array.from({ length: n + 1 }, (_, i) => {
    const row = new Array<number>(m + 1).fill(0);
    row[0] = i;
    return row;
  });
  for (let j = 0; j <= m; j++) d[0]![j] = j;
  for (let i = 1; i <= n; i++)
    for (let j = 1; j <= m; j++) {
      const cost = same(firm[i - 1]!, hypothesis[j - 1]!) ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j - 1]! + cost, d[i - 1]![j]! + 1, d[i]![j - 1]! + 1);
    }
  let cut = 0;
  for (let j = 1; j <= m; j++) {
    const better = d[n]![j]! < d[n]![cut]!;
    const tie = d[n]![j] === d[n]![cut] && Math.abs(j - n) < Math.abs(cut - n);
    if (better || tie) cut = j;
  }
  // Walk back from (n, cut) to pair the firm words with the hypothesis words they stand for.
  const paired = new Array<number | undefined>(n).fill(undefined);
  for (let i = n, j = cut; i > 0;) {
    if (j > 0 && d[i]![j] === d[i - 1]![j - 1]! + (same(firm[i - 1]!, hypothesis[j - 1]!) ? 0 : 1)) {
      paired[i - 1] = j - 1;
      i--;
      j--;
    } else if (d[i]![j] === d[i - 1]![j]! + 1) i--;
    else j--;
  }
  return { tail: hypothesis.slice(cut), paired };
}

/**
 * Timings for the words shown: a firm word takes the time of the hypothesis word it was paired
 * with, or (a word the final no longer has) the end of the word before it; the tail keeps its own.
 */
function retimed(
  words: readonly string[],
  paired: readonly (number | undefined)[],
  tailStart: number,
  timings: readonly WordTiming[],
): WordTiming[] {
  const out: WordTiming[] = [];
  let lastEnd = timings[0]!.startMs;
  paired.forEach((j, i) => {
    const t = j === undefined ? { startMs: lastEnd, endMs: lastEnd } : timings[j]!;
    out.push({ w: words[i]!, startMs: t.startMs, endMs: t.endMs });
    lastEnd = t.endMs;
  });
  for (let j = tailStart; j < timings.length; j++) out.push({ ...timings[j]! });
  return out;
}
