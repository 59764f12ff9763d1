/**
 * One sequenced change of a line's text, sent with the line in a `transcript` message: the op as
 * the server applied it, and the version it made. A replica applies it to the line it had (one
 * version before) and transforms its own unsent edits past it; a replica that missed a version
 * takes the line whole instead (replica.ts).
 */
import type { TextOp } from './text-ops';

export interface LineChange {
  version: number;
  op: TextOp;
  /** The recogniser's new words, or a person's mutation. */
  origin: 'asr' | 'human';
  /** The person's mutation this applied (its sender knows it as acknowledged). */
  mutationId?: string;
  /** Whose (mutatorHash): where the cursor of the person who changed it is shown. */
  mutatorHash?: string;
}
