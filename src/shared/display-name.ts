/**
 * The one name a person in a room is shown by (issue 30): the name their captions carry is the
 * name in the participant list and in "is typing", and the room's Scribe is shown as the Scribe.
 * Pure: the client words it (renderer features/conversation/display-name.ts) in the reader's
 * language.
 */
import type { ConversationStatus } from './entities';

export interface DisplayName {
  /** The name the room knows them by ("Guest 4321", "Ada"); empty when the room never said. */
  name: string;
  /** They are the room's Scribe: shown as "Scribe", with the name when known. */
  isScribe: boolean;
}

/**
 * Who `avaId` is in `status`: the name they joined with (the one their captions carry), else the
 * name they last spoke under, else the host's account name.
 */
export function displayNameOf(
  status: Pick<ConversationStatus, 'participants' | 'speakers' | 'host'>,
  avaId: string,
): DisplayName {
  const participant = status.participants.find((p) => p.avaId === avaId);
  const speaker = status.speakers.find((s) => s.avaId === avaId);
  const name =
    participant?.userName ||
    speaker?.userName ||
    speaker?.avaName ||
    (status.host.avaId === avaId ? status.host.avaName : '');
  return { name, isScribe: participant?.role === 'scribe' };
}
