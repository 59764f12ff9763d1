/**
 * What a meeting bot and a phone call share as things that join a room as a media participant
 * (docs/meeting-bot.md, docs/phone-calls.md): the participant and its member, the room
 * manager's life cycle, and the shape of what is stored of them in cluster mode.
 */
export type { MediaParticipant } from './participant';
export {
  type Adopted,
  type MediaLogLines,
  type MediaParticipantsOptions,
  type OwnFields,
  MediaParticipants,
} from './room-participants';
export type { MediaParticipantStore, StoredMediaParticipant } from './store';
