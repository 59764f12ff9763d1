/**
 * The wire text of a message the room sends to many members at once (a caption, a status
 * update, anything its sender marked shared: rooms/fan-out.ts): serialised once and reused for
 * every member who gets the same object, instead of once per member. A lecture's caption goes to
 * hundreds of readers, and a room whose N sockets all type sends N lines to N sockets; each
 * would otherwise pay JSON.stringify again. Keyed by the object (a WeakMap: nothing is kept once
 * the message is gone), so only messages built fresh for the send and never changed after are
 * cached; anything personal is a different object and is serialised on its own.
 */
import type { ServerMessage } from '../../shared/protocol';
import { isSharedMessage } from '../rooms';

/** Kinds only ever built for a broadcast; any other message is shared when its sender says so (rooms/fan-out.ts). */
const SHARED_TYPES: ReadonlySet<ServerMessage['type']> = new Set(['transcript', 'room-status-update']);

const texts = new WeakMap<ServerMessage, string>();

export function wireText(message: ServerMessage): string {
  if (!SHARED_TYPES.has(message.type) && !isSharedMessage(message)) return JSON.stringify(message);
  let text = texts.get(message);
  if (text === undefined) {
    text = JSON.stringify(message);
    texts.set(message, text);
  }
  return text;
}
