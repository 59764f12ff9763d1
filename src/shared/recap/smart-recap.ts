/**
 * The smart recap of a finished conversation (the spec's generateSmartRecap): a few key points
 * and keywords, each point linking to the transcript line it comes from. Made once on the server
 * and stored; `method` says honestly what made it, and the page shows that.
 */
import { type Infer, array, number, object, oneOf, optional, string } from '../schema';

/** extractive: sentences picked from the transcript on this server; language-model: a hosted model wrote it. */
export const RECAP_METHODS = ['extractive', 'language-model'] as const;
export type RecapMethod = (typeof RECAP_METHODS)[number];

/** At most this many key points and keywords, whatever made the recap. */
export const RECAP_MAX_POINTS = 5;
export const RECAP_MAX_KEYWORDS = 8;

/**
 * One key point: `text` is the sentence (extractive: the transcript's own words) or the model's
 * summary point; `transcriptId` and `index` are the transcript line it comes from (the index is
 * the page's anchor).
 */
export const recapPointSchema = object({ text: string(), transcriptId: string(), index: number() });
export type RecapPoint = Infer<typeof recapPointSchema>;

/**
 * A recap. `model`: the hosted model's name, when one made it. `fallbackReason`: why the recap
 * is not what was configured (the hosted model was asked and failed, so this server made it),
 * for the reader and the logs.
 */
export const smartRecapSchema = object({
  roomId: string(),
  method: oneOf(RECAP_METHODS),
  model: optional(string()),
  points: array(recapPointSchema),
  keywords: array(string()),
  createdAtMs: number(),
  fallbackReason: optional(string()),
});
export type SmartRecap = Infer<typeof smartRecapSchema>;

/** The HTML id of a transcript line on the transcript page, which a recap point links to. */
export function transcriptLineAnchor(index: number): string {
  return `line-${index}`;
}
