/**
 * The wire text of a message the room sends to many members at once (a caption, a status
 * update): serialised once and reused for every member who gets the same object, instead of
 * once per member. A lecture's caption goes to hundreds of readers; each would otherwise pay
 * JSON.stringify for it again. Keyed by the object (a WeakMap: nothing is kept once the message
 * is gone), so only the broadcast kinds, which the room builds fresh and never changes after
 * sending, are cached; anything personal is a different object and is serialised on its own.
 */
import type { ServerMessage } from '../../shared/protocol';

const SHARED_TYPES: ReadonlySet<ServerMessage['type']> = new Set(['transcript', 'room-status-update']);

const texts = new WeakMap<ServerMessage, string>();

export function wireText(message: ServerMessage): string {
  if (!SHARED_TYPES.has(message.type)) return JSON.stringify(message);
  let text = texts.get(message);
  if (text === undefined) {
    text = JSON.stringify(message);
    texts.set(message, text);
  }
  return text;
}
