/**
 * What the rooms feature offers the rest of the server: other folders import from here,
 * never from its files (eslint/feature-imports.js). Its other files are its own to change.
 */
export { endAbandonedRooms, startAbandonSweep } from './abandoned';
export { admit, tokenKind } from './admission';
export { RECORDING_SOCKET_HANDLERS } from './audio-socket-handlers';
export { ReaderCurseFilter } from './curse-filter';
export { isSharedMessage, shareMessage } from './fan-out';
export { RoomRegistry } from './registry';
export type { RegistryOptions } from './registry';
export { RoomRepository } from './repository';
export type { MemberRecord, RoomRecord } from './repository';
export type { RoomServices } from './room-contract';
export { RoomError } from './room';
export type { LiveRoom, RoomMember } from './room';
export { roomServices } from './services';
export { ROOM_SOCKET_HANDLERS } from './socket-handlers';
export { SpeakerRepository } from './speakers-repository';
export type { StoredSpeaker } from './speakers-repository';
export { realTimers } from './throttle';
export type { Timers } from './throttle';
