import { createSelector } from '@reduxjs/toolkit';
import type { RootState } from '../../app/root-reducer';
import { selectCaptions } from '../captions/selectors';
import { type DisplayName, displayNameOf } from '../../../shared/display-name';

export const selectConversation = (state: RootState) => state.conversation;
export const selectRoomId = (state: RootState) => state.conversation.roomId;
export const selectRoomStatus = (state: RootState) => state.conversation.status;
export const selectIsReadonly = (state: RootState) => state.conversation.readonly;
export const selectEndPhase = (state: RootState) => state.conversation.endPhase;

export const selectIsHost = (state: RootState): boolean => {
  const status = state.conversation.status;
  const avaId = state.session.identity?.avaId;
  return status !== undefined && avaId !== undefined && status.host.avaId === avaId;
};

export const selectRoomEnded = (state: RootState) => state.conversation.status?.state.value === 'ended';

export interface ParticipantView extends DisplayName {
  avaId: string;
  isHost: boolean;
  isMe: boolean;
  isTyping: boolean;
  /** Their microphone is on (an audio stream), whether or not they are talking. */
  micOn: boolean;
  /** Their WebRTC microphone is muted for now (their stream carries silence: webrtc-track-mute). */
  micMuted: boolean;
  /** Their words are being recognised now (a caption of theirs still growing): not silence. */
  isSpeaking: boolean;
}

/** Who has a caption still being recognised: speaking now, not merely recording silence. */
const selectSpeakingNow = createSelector([selectCaptions], (captions) => {
  const speaking = new Set<string>();
  for (const caption of captions) if (!caption.isFinal) speaking.add(caption.author);
  return speaking;
});

export const selectParticipants = createSelector(
  [selectRoomStatus, (state: RootState) => state.session.identity?.avaId, selectSpeakingNow],
  (status, myAvaId, speakingNow): ParticipantView[] => {
    if (!status) return [];
    const ids = status.participants.map((p) => p.avaId);
    if (!ids.includes(status.host.avaId) && status.participants.length === 0) ids.push(status.host.avaId);
    return ids.map((avaId) => ({
      avaId,
      // The one name (shared/display-name.ts); the component words it (display-name.ts).
      ...displayNameOf(status, avaId),
      isHost: avaId === status.host.avaId,
      isMe: avaId === myAvaId,
      isTyping: status.participants.some((p) => p.avaId === avaId && p.isTyping),
      micOn: status.audioStreams.some((s) => s.avaId === avaId),
      micMuted: status.audioStreams.some((s) => s.avaId === avaId && s.muted === true),
      isSpeaking: speakingNow.has(avaId),
    }));
  },
);
