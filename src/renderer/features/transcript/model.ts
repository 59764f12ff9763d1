import type { Transcript } from '../../../shared/entities';
import { compareTranscripts } from '../captions/model';

/** The final captions of a conversation, in order: what the transcript view shows. */
export function finalTranscripts(list: readonly Transcript[]): Transcript[] {
  return list.filter((t) => t.isFinal).sort(compareTranscripts);
}
