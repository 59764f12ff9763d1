/**
 * The extractive smart recap, made on this server with no external service: the transcript's
 * own sentences ranked by TextRank over TF-IDF cosine similarity (a sentence is central when it
 * shares rare words with many others), the best few kept in the order they were said, and the
 * keywords ranked by TF-IDF. Pure: the same transcript always gives the same recap.
 */
import type { Transcript } from '../../shared/entities';
import { RECAP_MAX_KEYWORDS, RECAP_MAX_POINTS, type RecapPoint } from '../../shared/recap/smart-recap';
import { normalizeWords } from '../../shared/wer';
import { stopwordsFor } from './stopwords';

export interface RecapSentence {
  text: string;
  transcriptId: string;
  index: number;
  /** Content words (lower case, stop words and very short words left out). */
  terms: string[];
}

const DAMPING = 0.85;
const ITERATIONS = 50;
/** A sentence needs this many content words to be worth a point of its own. */
const MIN_TERMS = 3;

/** The original text of a final, in its spoken language. */
function original(t: Transcript): string {
  return t.texts[t.speechLang] ?? Object.values(t.texts)[0] ?? '';
}

/** Words of at least three letters that are not stop words of the line's language. */
export function contentTerms(text: string, lang: string): string[] {
  const stop = stopwordsFor(lang);
  return normalizeWords(text).filter((w) => w.length >= 3 && !stop.has(w) && !/^\d+$/.test(w));
}

/**
 * The sentences of the finals, each with the line it came from. A line is split at sentence
 * ends; one without punctuation (PocketSphinx gives none mid-line) stays one sentence.
 */
export function recapSentences(transcripts: readonly Transcript[]): RecapSentence[] {
  const sentences: RecapSentence[] = [];
  for (const t of transcripts) {
    if (!t.isFinal || t.gap) continue;
    const text = original(t).trim();
    if (!text) continue;
    const parts = text.match(/[^.!?…]+(?:[.!?…]+|$)/g) ?? [text];
    for (const part of parts) {
      const sentence = part.trim();
      if (!sentence) continue;
      sentences.push({
        text: sentence,
        transcriptId: t.id,
        index: t.index,
        terms: contentTerms(sentence, t.speechLang),
      });
    }
  }
  return sentences;
}

/** Inverse document frequency of each term, the sentences being the documents. */
function idfOf(sentences: readonly RecapSentence[]): Map<string, number> {
  const df = new Map<string, number>();
  for (const s of sentences) for (const term of new Set(s.terms)) df.set(term, (df.get(term) ?? 0) + 1);
  const n = sentences.length;
  return new Map([...df].map(([term, count]) => [term, Math.log((1 + n) / (1 + count)) + 1]));
}

/**
 * TextRank scores: PageRank over the sentence graph whose edges are the TF-IDF cosine
 * similarities. A sentence that shares nothing with any other keeps the base score. Only pairs
 * that share a term are compared (an index from term to sentences), and the graph is kept as
 * lists of edges, so the iterations cost the edges, not n².
 */
export function textRank(sentences: readonly RecapSentence[]): number[] {
  const n = sentences.length;
  const idf = idfOf(sentences);
  // Each sentence's TF-IDF weights by term, and its vector's length.
  const weights = sentences.map((s) => {
    const v = new Map<string, number>();
    for (const term of s.terms) v.set(term, (v.get(term) ?? 0) + (idf.get(term) ?? 0));
    return v;
  });
  const norms = weights.map((v) => Math.sqrt([...v.values()].reduce((sum, w) => sum + w * w, 0)));
  const postings = new Map<string, number[]>();
  weights.forEach((v, i) => {
    for (const term of v.keys()) {
      const list = postings.get(term);
      if (list) list.push(i);
      else postings.set(term, [i]);
    }
  });
  // Dot products of the pairs that share a term, each pair once (j > i), kept both ways.
  const edges: { to: number[]; weight: number[] }[] = Array.from({ length: n }, () => ({
    to: [],
    weight: [],
  }));
  const dot = new Float64Array(n);
  const touched: number[] = [];
  for (let i = 0; i < n; i++) {
    for (const [term, wi] of weights[i]!) {
      for (const j of postings.get(term)!) {
        if (j <= i) continue;
        if (dot[j] === 0) touched.push(j);
        dot[j] = dot[j]! + wi * weights[j]!.get(term)!;
      }
    }
    for (const j of touched) {
      const similarity = dot[j]! / (norms[i]! * norms[j]!);
      edges[i]!.to.push(j);
      edges[i]!.weight.push(similarity);
      edges[j]!.to.push(i);
      edges[j]!.weight.push(similarity);
      dot[j] = 0;
    }
    touched.length = 0;
  }
  const outSum = edges.map((e) => e.weight.reduce((sum, w) => sum + w, 0));
  let scores = new Float64Array(n).fill(1);
  for (let iteration = 0; iteration < ITERATIONS; iteration++) {
    const next = new Float64Array(n);
    for (let j = 0; j < n; j++) {
      if (outSum[j] === 0) continue;
      const share = scores[j]! / outSum[j]!;
      const { to, weight } = edges[j]!;
      for (let k = 0; k < to.length; k++) next[to[k]!] = next[to[k]!]! + weight[k]! * share;
    }
    for (let i = 0; i < n; i++) next[i] = 1 - DAMPING + DAMPING * next[i]!;
    scores = next;
  }
  return [...scores];
}

/** How many points a conversation of `sentences` sentences gets: about one in five, 1 to 5. */
export function pointCount(sentences: number): number {
  return Math.max(1, Math.min(RECAP_MAX_POINTS, Math.ceil(sentences / 5)));
}

/**
 * The keywords: content words ranked by how often they were said times how specific they are
 * (TF-IDF over the sentences), a word said only once ranking after those said more often.
 */
export function keywords(sentences: readonly RecapSentence[], max = RECAP_MAX_KEYWORDS): string[] {
  const idf = idfOf(sentences);
  const tf = new Map<string, number>();
  for (const s of sentences) for (const term of s.terms) tf.set(term, (tf.get(term) ?? 0) + 1);
  return [...tf]
    .map(([term, count]) => ({ term, count, score: count * (idf.get(term) ?? 0) }))
    .sort(
      (a, b) => Number(b.count > 1) - Number(a.count > 1) || b.score - a.score || (a.term < b.term ? -1 : 1),
    )
    .slice(0, max)
    .map((k) => k.term);
}

export interface ExtractiveRecap {
  points: RecapPoint[];
  keywords: string[];
}

export function extractiveRecap(transcripts: readonly Transcript[]): ExtractiveRecap {
  const sentences = recapSentences(transcripts);
  const candidates = sentences.filter((s) => s.terms.length >= MIN_TERMS);
  const pool = candidates.length > 0 ? candidates : sentences;
  const scores = textRank(pool);
  const chosen = pool
    .map((sentence, i) => ({ sentence, score: scores[i]!, order: i }))
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .slice(0, pointCount(pool.length))
    .sort((a, b) => a.order - b.order);
  return {
    points: chosen.map(({ sentence }) => ({
      text: sentence.text,
      transcriptId: sentence.transcriptId,
      index: sentence.index,
    })),
    keywords: keywords(sentences),
  };
}
