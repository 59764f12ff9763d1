/**
 * The shape of what is stored of a live room's media participants in cluster mode, so that the
 * node that takes a room over goes on with them (MediaParticipants.adopt): one row per
 * participant, keyed by its token, written by the room's owner as the participant moves. Each
 * kind has its table and its columns (meeting-bot/repository.ts, phone-calls/repository.ts).
 * There is no store in one process: a participant lives and dies with it.
 */

/** What every stored participant has: its token, its room, and the member it speaks as. */
export interface StoredMediaParticipant {
  /** The key: what its callbacks and sockets prove themselves with, on any node. */
  token: string;
  roomId: string;
  memberAvaId: string;
}

/** `Stored`: a participant as saved once its provider took it; `Changes`: what changes as it goes. */
export interface MediaParticipantStore<Stored extends StoredMediaParticipant, Changes> {
  /** Saves a participant once (a second save of the same token changes nothing). */
  save(participant: Stored): Promise<void>;
  update(token: string, changes: Changes): Promise<void>;
  /** The room's participants a new owner may go on with. */
  ofRoom(roomId: string): Promise<Stored[]>;
}
