/**
 * Pure rules of the captions list. Transcripts are keyed by id: a `transcript` message with a
 * known id replaces that caption in place (a partial grows, then its final replaces it). The
 * first `transcripts` message of a room is the list; on a reconnection it is merged into what is
 * shown (by id, so nothing is duplicated), as are the pages asked for later (`transcripts-since`,
 * `transcripts-before`). The list is ordered by `index`.
 */
import type { Transcript } from '../../../shared/entities';

export interface CaptionsList {
  byId: Record<string, Transcript>;
  /** Ids ordered by `index` (then start time, then id, so the order is total). */
  ids: string[];
}

export function compareTranscripts(a: Transcript, b: Transcript): number {
  return a.index - b.index || a.timestampMs - b.timestampMs || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

export function replaceTranscripts(list: readonly Transcript[]): CaptionsList {
  const byId: Record<string, Transcript> = {};
  for (const transcript of list) byId[transcript.id] = transcript;
  const ids = Object.values(byId)
    .sort(compareTranscripts)
    .map((t) => t.id);
  return { byId, ids };
}

/** Inserts or replaces one transcript, keeping the order. Returns a new list. */
export function upsertTranscript(state: CaptionsList, transcript: Transcript): CaptionsList {
  const byId = { ...state.byId, [transcript.id]: transcript };
  const previous = state.byId[transcript.id];
  if (previous && previous.index === transcript.index && previous.timestampMs === transcript.timestampMs) {
    return { byId, ids: state.ids };
  }
  const ids = state.ids.filter((id) => id !== transcript.id);
  // Captions almost always arrive in order: search from the end.
  let at = ids.length;
  while (at > 0 && compareTranscripts(byId[ids[at - 1]!]!, transcript) > 0) at--;
  ids.splice(at, 0, transcript.id);
  return { byId, ids };
}

/**
 * Adds or replaces `transcripts` (finals from a snapshot or a page) in the list. Used on
 * reconnection and for pages, where what is already shown must stay.
 */
export function mergeTranscripts(state: CaptionsList, transcripts: readonly Transcript[]): CaptionsList {
  if (transcripts.length === 0) return state;
  const byId = { ...state.byId };
  for (const t of transcripts) byId[t.id] = t;
  const ids = Object.values(byId)
    .sort(compareTranscripts)
    .map((t) => t.id);
  return { byId, ids };
}

/** The words of a caption: the text in its speech language, else the first one it has. */
export function captionText(transcript: Transcript): string {
  const own = transcript.texts[transcript.speechLang];
  if (own !== undefined) return own;
  const first = Object.values(transcript.texts)[0];
  return first ?? '';
}

/**
 * Whether each caption shows its speaker's name: only when the speaker changes, as in
 * subtitles (the name stays in the line for screen readers, hidden from view).
 */
export function speakerChanges(captions: readonly Transcript[]): boolean[] {
  return captions.map((caption, i) => {
    const previous = captions[i - 1];
    // After a gap the speaker is named again: the gap interrupted what they were saying.
    return !previous || previous.author !== caption.author || previous.gap !== undefined;
  });
}
