/**
 * What a meeting bot and a phone call share as things that join a room as a media participant
 * (docs/meeting-bot.md, docs/phone-calls.md): the participant and its member, the room
 * manager's life cycle, the shape of what is stored of them in cluster mode, and the addresses
 * their providers reach them at.
 */
export { participantAddress, websocketOrigin } from './addresses';
export type { MediaParticipant } from './participant';
export {
  type Adopted,
  type MediaLogLines,
  type MediaParticipantsOptions,
  type OwnFields,
  MediaParticipants,
} from './room-participants';
export type { MediaParticipantStore, StoredMediaParticipant } from './store';
