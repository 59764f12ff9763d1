import { createSelector } from '@reduxjs/toolkit';
import type { Transcript } from '../../../shared/entities';
import type { RootState } from '../../app/root-reducer';
import {
  selectIsHost,
  selectIsReadonly,
  selectParticipants,
  selectRoomStatus,
} from '../conversation/selectors';

export const selectOpenLineId = (state: RootState) => state.speakers.openLineId;
export const selectSpeakerAnnouncement = (state: RootState) => state.speakers.announcement;
const selectMyAvaId = (state: RootState) => state.session.identity?.avaId;

export interface SpeakerChoice {
  id: string;
  name: string;
  isMe: boolean;
  /** Named in the room, no device of their own. */
  voicing: boolean;
  /** Heard on my own microphone (the status's possiblyMyself): perhaps me. */
  possiblyMe?: boolean;
}

/** Everyone a line can be given to: people who spoke or are here with a name, and named speakers. */
export const selectSpeakerChoices = createSelector(
  [selectRoomStatus, selectParticipants, selectMyAvaId],
  (status, participants, me): SpeakerChoice[] => {
    if (!status) return [];
    const choices = new Map<string, SpeakerChoice>();
    for (const p of participants)
      if (p.name) choices.set(p.avaId, { id: p.avaId, name: p.name, isMe: p.avaId === me, voicing: false });
    for (const s of status.speakers)
      choices.set(s.avaId, {
        id: s.avaId,
        name: s.userName || s.avaName,
        isMe: s.myself === true || s.avaId === me,
        voicing: s.voicing === true,
        ...(s.possiblyMyself ? { possiblyMe: true } : {}),
      });
    return [...choices.values()].filter((c) => c.name);
  },
);

/** The speakers without a device, those heard on my own microphone (perhaps me) first. */
export const selectVoicingSpeakers = createSelector([selectSpeakerChoices], (choices) =>
  choices
    .filter((c) => c.voicing)
    .sort((a, b) => Number(b.possiblyMe === true) - Number(a.possiblyMe === true)),
);

/**
 * Whether I may change who said `line`, as the server's table says (auth/access.ts): the host
 * any line, a read-write member a line their own microphone or keyboard made; a final, not a gap,
 * in an ongoing room.
 */
export function selectMayChangeLine(state: RootState, line: Transcript): boolean {
  const status = state.conversation.status;
  if (!status || status.state.value !== 'ongoing' || !line.isFinal || line.gap) return false;
  if (selectIsReadonly(state)) return false;
  if (selectIsHost(state)) return true;
  return (line.sourceAuthor ?? line.author) === selectMyAvaId(state);
}

/** Whether I may name speakers and say "this was me" (anyone who writes in the room). */
export const selectMayNameSpeakers = (state: RootState): boolean =>
  state.conversation.status?.state.value === 'ongoing' && !selectIsReadonly(state);
