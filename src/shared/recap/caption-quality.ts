/**
 * The caption quality report of one conversation: how many words the recogniser produced, how
 * many people corrected (and the word error rate that makes), how late the captions were, and
 * which engines and tiers made them. Pure; the server stores the report once the room has ended.
 */
import type { Transcript } from '../entities';
import { type Infer, array, boolean, nullable, number, object, oneOf, string } from '../schema';
import { corpusWordErrorRate, editCounts, normalizeWords } from '../wer';

export const CAPTION_TIERS = ['basic', 'premium'] as const;
export type CaptionTier = (typeof CAPTION_TIERS)[number];

/** `words`: recognised words this engine and tier produced. */
export const engineShareSchema = object({ engine: string(), tier: oneOf(CAPTION_TIERS), words: number() });
export type EngineShare = Infer<typeof engineShareSchema>;

/**
 * The report.
 * - recognisedWords: words in the recogniser's finals (typed replies excluded).
 * - correctionsAvailable: whether the recogniser's own text of corrected lines is known: true
 *   since people correct captions (issue 12) and the server keeps it (`asrText`); a conversation
 *   nobody corrected then has a word error rate of 0 against its corrected text, said truly.
 *   False only for reports of conversations held before corrections existed (wordErrorRate
 *   null, not a claimed 0%).
 * - correctedWords: word edits people made to the recogniser's text (substitutions, deletions,
 *   insertions).
 * - wordErrorRate: WER of the recogniser's text against the corrected text (0.1 = 10%); null
 *   when unknown.
 * - delay: from the end of the last spoken word of each final line to the moment the server sent
 *   that final (server clock: the network hop to the screen is not in it), in ms.
 */
export const captionQualityReportSchema = object({
  roomId: string(),
  recognisedWords: number(),
  correctionsAvailable: boolean(),
  correctedWords: number(),
  wordErrorRate: nullable(number()),
  delay: nullable(object({ medianMs: number(), p95Ms: number(), lines: number() })),
  engines: array(engineShareSchema),
  createdAtMs: number(),
});
export type CaptionQualityReport = Infer<typeof captionQualityReportSchema>;

/**
 * The recogniser's own text of the lines people corrected, by transcript id (recognisedTextsOf).
 */
export type RecognisedTexts = ReadonlyMap<string, string>;

/** What the recogniser said of each line people corrected (their `asrText`). */
export function recognisedTextsOf(transcripts: readonly Transcript[]): RecognisedTexts {
  const out = new Map<string, string>();
  for (const t of transcripts) if (t.asrText !== undefined) out.set(t.id, t.asrText);
  return out;
}

/** The nearest-rank percentile of sorted values (p in 0..100). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) throw new Error('percentile of no values');
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

/**
 * How late one final was: from its last word's wall-clock end (the utterance's wall start minus
 * its stream offset, plus the word's stream time) to when the server had it. Undefined for a
 * typed line or a final without word timings or end time.
 */
export function finalDelayMs(t: Transcript): number | undefined {
  if (t.origin !== 'asr' || !t.asr || t.gap) return undefined;
  const words = t.asr.words ?? [];
  const endMs = words.length > 0 ? Math.max(...words.map((w) => w.endMs)) : t.asr.endMs;
  if (endMs === undefined) return undefined;
  const spokenEndWallMs = t.timestampMs - t.t0 + endMs;
  return Math.max(0, t.asr.timeReceivedMs - spokenEndWallMs);
}

function originalText(t: Transcript): string {
  return t.texts[t.speechLang] ?? Object.values(t.texts)[0] ?? '';
}

export function captionQuality(
  roomId: string,
  transcripts: readonly Transcript[],
  recognised: RecognisedTexts,
  createdAtMs: number,
  /** The server keeps the recogniser's text of corrected lines (absent: known if any is given). */
  correctionsTracked = recognised.size > 0,
): CaptionQualityReport {
  const spoken = transcripts.filter((t) => t.isFinal && t.origin === 'asr' && !t.gap);
  const engines = new Map<string, EngineShare>();
  let recognisedWords = 0;
  let correctedWords = 0;
  const pairs: { reference: string; hypothesis: string }[] = [];
  const delays: number[] = [];
  for (const t of spoken) {
    const shown = originalText(t);
    const asrText = recognised.get(t.id) ?? shown;
    const words = normalizeWords(asrText).length;
    recognisedWords += words;
    pairs.push({ reference: shown, hypothesis: asrText });
    if (recognised.has(t.id)) {
      const c = editCounts(normalizeWords(shown), normalizeWords(asrText));
      correctedWords += c.substitutions + c.deletions + c.insertions;
    }
    const engine = t.asr?.engine || 'unknown';
    const tier: CaptionTier = t.usePaidASR ? 'premium' : 'basic';
    const key = `${engine} ${tier}`;
    const share = engines.get(key) ?? { engine, tier, words: 0 };
    share.words += words;
    engines.set(key, share);
    const delay = finalDelayMs(t);
    if (delay !== undefined) delays.push(delay);
  }
  delays.sort((a, b) => a - b);
  const correctionsAvailable = correctionsTracked;
  return {
    roomId,
    recognisedWords,
    correctionsAvailable,
    correctedWords,
    wordErrorRate: correctionsAvailable ? corpusWordErrorRate(pairs) : null,
    delay:
      delays.length > 0
        ? { medianMs: percentile(delays, 50), p95Ms: percentile(delays, 95), lines: delays.length }
        : null,
    engines: [...engines.values()].sort((a, b) => b.words - a.words),
    createdAtMs,
  };
}
