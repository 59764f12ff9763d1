/**
 * Whether a person may add a conversation to their saved transcripts (the spec's Transcript
 * access, as the end sequence's SAVE stage meets it): not when their own account forbids saving
 * (forbid-conversation-saving), and otherwise when they may read the transcript back
 * (transcripts/readable.ts: the host always; others while the host neither forbade sharing nor
 * disallowed saving). The list applies the same rule again, since the host may change it later.
 */
import type { Actor, Principal } from '../auth';
import type { RoomRecord } from '../rooms';
import { transcriptReadable } from '../transcripts';

export type SavingRefusal = { code: 'saving-forbidden' | 'transcript-not-shared'; message: string };

export function savingRefusal(
  room: RoomRecord,
  actor: Actor,
  principal: Principal,
): SavingRefusal | undefined {
  const features = principal.kind === 'account' ? principal.profile?.features : undefined;
  if (features?.['forbid-conversation-saving'] === true)
    return { code: 'saving-forbidden', message: 'Saving conversations is turned off for your account.' };
  if (!transcriptReadable(room, actor, principal.avaId))
    return { code: 'transcript-not-shared', message: 'The host has not shared this transcript.' };
  return undefined;
}
