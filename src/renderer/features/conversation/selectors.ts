import { createSelector } from '@reduxjs/toolkit';
import type { RootState } from '../../app/root-reducer';

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

export interface ParticipantView {
  avaId: string;
  name: string;
  isHost: boolean;
  isMe: boolean;
  isTyping: boolean;
  isSpeaking: boolean;
}

/**
 * Participants with the best name the room status gives: a speaker's userName or avaName,
 * the host's avaName, or nothing (the component then says "Guest").
 */
export const selectParticipants = createSelector(
  [selectRoomStatus, (state: RootState) => state.session.identity?.avaId],
  (status, myAvaId): ParticipantView[] => {
    if (!status) return [];
    const nameOf = (avaId: string) => {
      const speaker = status.speakers.find((s) => s.avaId === avaId);
      if (speaker) return speaker.userName || speaker.avaName;
      if (status.host.avaId === avaId) return status.host.avaName;
      return '';
    };
    const ids = status.participants.map((p) => p.avaId);
    if (!ids.includes(status.host.avaId) && status.participants.length === 0) ids.push(status.host.avaId);
    return ids.map((avaId) => ({
      avaId,
      name: nameOf(avaId),
      isHost: avaId === status.host.avaId,
      isMe: avaId === myAvaId,
      isTyping: status.participants.some((p) => p.avaId === avaId && p.isTyping),
      isSpeaking: status.audioStreams.some((s) => s.avaId === avaId),
    }));
  },
);
