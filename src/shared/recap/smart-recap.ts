/**
 * The smart recap of a finished conversation (the spec's generateSmartRecap): a few key points
 * and keywords, each point linking to the transcript line it comes from. Made once on the server
 * and stored; `method` says honestly what made it, and the page shows that.
 */

/** extractive: sentences picked from the transcript on this server; language-model: a hosted model wrote it. */
export const RECAP_METHODS = ['extractive', 'language-model'] as const;
export type RecapMethod = (typeof RECAP_METHODS)[number];

/** At most this many key points and keywords, whatever made the recap. */
export const RECAP_MAX_POINTS = 5;
export const RECAP_MAX_KEYWORDS = 8;

export interface RecapPoint {
  /** The sentence (extractive: the transcript's own words) or the model's summary point. */
  text: string;
  /** The transcript line the point comes from: its id and its index (the page's anchor). */
  transcriptId: string;
  index: number;
}

export interface SmartRecap {
  roomId: string;
  method: RecapMethod;
  /** The hosted model's name, when one made it. */
  model?: string;
  points: RecapPoint[];
  keywords: string[];
  createdAtMs: number;
  /**
   * Why the recap is not what was configured: the hosted model was asked and failed, so this
   * server made it (its reason, for the reader and the logs).
   */
  fallbackReason?: string;
}

/** The HTML id of a transcript line on the transcript page, which a recap point links to. */
export function transcriptLineAnchor(index: number): string {
  return `line-${index}`;
}
