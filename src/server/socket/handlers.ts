/**
 * The socket's messages, one typed entry per message type (the compiler refuses a missing one),
 * each handled beside its feature, which exports its part of the table. `ping` and `connection-params` are answered before joining;
 * every other message reaches its handler only once the access table let it through
 * (socket/authorisation.ts), so no handler decides who may.
 */
import type { ClientMessage } from '../../shared/protocol';
import { BOOST_SOCKET_HANDLERS } from '../boost';
import { INVITATION_SOCKET_HANDLERS } from '../invitations';
import { MEETING_BOT_SOCKET_HANDLERS } from '../meeting-bot';
import { RECORDING_SOCKET_HANDLERS, ROOM_SOCKET_HANDLERS } from '../rooms';
import { SCRIBE_SOCKET_HANDLERS } from '../scribes';
import { TRANSCRIPT_SOCKET_HANDLERS } from '../transcripts';
import { TRANSLATION_SOCKET_HANDLERS } from '../translation';
import { VOICED_REPLY_SOCKET_HANDLERS } from '../voiced-replies';
import type {
  ConnectionContext,
  MemberContext,
  MemberMessageType,
  OpeningMessageType,
  SocketHandlers,
} from './context';

export const SOCKET_HANDLERS: SocketHandlers = {
  // Before joining. Keep-alive, allowed before connection-params too.
  ping: (ctx, message) =>
    ctx.send({ type: 'PONG', serverTimeMs: ctx.deps.now(), clientTimeMs: message.clientTimeMs }),
  'connection-params': (ctx, message) => ctx.handshake.begin(message),
  // Each feature's part, beside its handlers.
  ...ROOM_SOCKET_HANDLERS, // rooms/socket-handlers.ts
  ...RECORDING_SOCKET_HANDLERS, // rooms/audio-socket-handlers.ts
  ...TRANSLATION_SOCKET_HANDLERS,
  ...TRANSCRIPT_SOCKET_HANDLERS,
  ...VOICED_REPLY_SOCKET_HANDLERS,
  ...MEETING_BOT_SOCKET_HANDLERS,
  ...SCRIBE_SOCKET_HANDLERS,
  ...BOOST_SOCKET_HANDLERS,
  ...INVITATION_SOCKET_HANDLERS,
};

export type OpeningMessage = Extract<ClientMessage, { type: OpeningMessageType }>;
export type MemberMessage = Extract<ClientMessage, { type: MemberMessageType }>;

export function isOpeningMessage(message: ClientMessage): message is OpeningMessage {
  return message.type === 'ping' || message.type === 'connection-params';
}

/** Runs the handler of a message answered before joining. */
export function handleOpening(ctx: ConnectionContext, message: OpeningMessage): void | Promise<void> {
  // A union of handlers cannot take a union of messages: each entry is typed in the table above.
  const handler = SOCKET_HANDLERS[message.type] as (
    c: ConnectionContext,
    m: OpeningMessage,
  ) => void | Promise<void>;
  return handler(ctx, message);
}

/** Runs the handler of a member's message; the access table has already let it through. */
export function handleMember(ctx: MemberContext, message: MemberMessage): void | Promise<void> {
  const handler = SOCKET_HANDLERS[message.type] as (
    c: MemberContext,
    m: MemberMessage,
  ) => void | Promise<void>;
  return handler(ctx, message);
}
