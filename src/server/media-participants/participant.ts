/**
 * Something that joins a live room as a media participant: a meeting bot (the meeting's sound,
 * meeting-bot/) or a phone call (the conference's, phone-calls/). It is a member of the room who
 * reads nothing and whose audio is a track, captioned through the same path as a microphone's
 * PCM stream (LiveRoom.startAudio / audio). Its provider (Recall.ai or the self-hosted bot;
 * Twilio or a SIP trunk) names it by its token in every callback, socket and stream, and by its
 * own id once it has taken it.
 */
import { randomId } from '../../shared/ids';
import type { LiveRoom, RoomMember } from '../rooms';

export interface MediaParticipant {
  room: LiveRoom;
  member: RoomMember;
  /** Proves a callback, socket or stream is this participant's (in its URL or its parameters). */
  token: string;
  /** The provider's id for it (a bot id, a call sid), once the provider has taken it. */
  providerId?: string;
  /** A member of its room now: its audio is the room's. */
  inRoom: boolean;
  /** Its track was started since it joined (LiveRoom.startAudio). */
  recording: boolean;
}

/** The room member a media participant speaks as (a new one: `avaId` prefixed by its kind). */
export function mediaMember(avaId: string, userName: string): RoomMember {
  return {
    avaId,
    userName,
    role: 'participant',
    readonly: false,
    usePaidASR: false,
    // It reads nothing: what the room sends it goes nowhere.
    send: () => undefined,
  };
}

/** A new member id of a kind of media participant: `meeting-bot-…`, `phone-call-…`. */
export function newMemberId(kind: string): string {
  return `${kind}-${randomId(12)}`;
}
