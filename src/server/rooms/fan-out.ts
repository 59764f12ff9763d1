/**
 * Messages that go to many sockets as the very same object: a room's broadcast (a caption, a
 * status, an editor's cursors, the meeting bot's panel), and the copy of one that every reader
 * at a curse-filter level shares (curse-filter.ts). The socket serialises such a message once
 * and sends the same text to each of them (socket/shared-serialization.ts), so a broadcast
 * costs one JSON.stringify per kind of viewer (what makes their messages differ), not one per
 * socket: a room of N sockets in which each of them types would otherwise serialise every
 * line N times, N^2 in all (issue 29 F-02).
 *
 * Marked by the sender, not guessed by type: a personal message may be reused and changed after
 * it is sent (its text must then be made afresh); a shared one is built for the send and never
 * changed after. A WeakSet: nothing is kept once the message is gone.
 */
import type { ServerMessage } from '../../shared/protocol';

const shared = new WeakSet<ServerMessage>();

/** `message` goes to many sockets as it is and is never changed after: serialised once. */
export function shareMessage<M extends ServerMessage>(message: M): M {
  shared.add(message);
  return message;
}

export function isSharedMessage(message: ServerMessage): boolean {
  return shared.has(message);
}
