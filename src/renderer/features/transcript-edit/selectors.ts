import type { RootState } from '../../app/root-reducer';
import { selectIsHost, selectIsReadonly, selectRoomEnded, selectRoomStatus } from '../conversation/selectors';

export type EditingRefusalKey = 'editing.readonly' | 'editing.ended' | 'editing.disabled' | 'editing.help';

/**
 * Whether this person may correct now, as the server's table decides it (auth/access.ts): not a
 * read-only member, not once the room ended, and while the room is public-muted or the host
 * turned editing off, only the host (Scribes too are held by the switch). The server refuses
 * anyway; this says why first.
 */
export function selectEditing(state: RootState): {
  visible: boolean;
  allowed: boolean;
  reason: EditingRefusalKey;
} {
  const status = selectRoomStatus(state);
  if (!status || selectIsReadonly(state))
    return { visible: false, allowed: false, reason: 'editing.readonly' };
  if (selectRoomEnded(state)) return { visible: false, allowed: false, reason: 'editing.ended' };
  const restricted = status.conversationMode === 'public-muted' || status.editingDisabled === true;
  if (restricted && !selectIsHost(state))
    return { visible: true, allowed: false, reason: 'editing.disabled' };
  return { visible: true, allowed: true, reason: 'editing.help' };
}
