/**
 * Word error rate: (substitutions + deletions + insertions) / reference words, after
 * lowercasing and removing punctuation. Apostrophes inside words are kept ("don't" is one
 * word to every engine we use); hyphens and other marks separate words.
 */

export function normalizeWords(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[’‘`]/g, "'")
    .replace(/[^\p{L}\p{N}']+/gu, ' ')
    .replace(/(^|\s)'+|'+(?=\s|$)/g, ' ')
    .split(/\s+/)
    .filter((w) => w.length > 0);
}

export interface EditCounts {
  substitutions: number;
  deletions: number;
  insertions: number;
  referenceWords: number;
}

/** Levenshtein alignment over words, counting each kind of edit. */
export function editCounts(reference: string[], hypothesis: string[]): EditCounts {
  const n = reference.length;
  const m = hypothesis.length;
  // cost[j] and ops for the previous and current row; ties prefer substitution, then deletion.
  type Cell = { cost: number; s: number; d: number; i: number };
  let prev: Cell[] = Array.from({ length: m + 1 }, (_, j) => ({ cost: j, s: 0, d: 0, i: j }));
  for (let r = 1; r <= n; r++) {
    const cur: Cell[] = [{ cost: r, s: 0, d: r, i: 0 }];
    for (let j = 1; j <= m; j++) {
      const same = reference[r - 1] === hypothesis[j - 1];
      const diag = prev[j - 1]!;
      const up = prev[j]!;
      const left = cur[j - 1]!;
      const sub = { cost: diag.cost + (same ? 0 : 1), s: diag.s + (same ? 0 : 1), d: diag.d, i: diag.i };
      const del = { cost: up.cost + 1, s: up.s, d: up.d + 1, i: up.i };
      const ins = { cost: left.cost + 1, s: left.s, d: left.d, i: left.i + 1 };
      cur.push(sub.cost <= del.cost && sub.cost <= ins.cost ? sub : del.cost <= ins.cost ? del : ins);
    }
    prev = cur;
  }
  const last = prev[m]!;
  return { substitutions: last.s, deletions: last.d, insertions: last.i, referenceWords: n };
}

/** WER of one hypothesis against one reference, as a fraction (0.25 = 25%). */
export function wordErrorRate(reference: string, hypothesis: string): number {
  const c = editCounts(normalizeWords(reference), normalizeWords(hypothesis));
  if (c.referenceWords === 0) return c.insertions === 0 ? 0 : 1;
  return (c.substitutions + c.deletions + c.insertions) / c.referenceWords;
}

/** Corpus WER: total edits over total reference words (not the mean of per-file rates). */
export function corpusWordErrorRate(pairs: ReadonlyArray<{ reference: string; hypothesis: string }>): number {
  let edits = 0;
  let words = 0;
  for (const { reference, hypothesis } of pairs) {
    const c = editCounts(normalizeWords(reference), normalizeWords(hypothesis));
    edits += c.substitutions + c.deletions + c.insertions;
    words += c.referenceWords;
  }
  return words === 0 ? 0 : edits / words;
}
