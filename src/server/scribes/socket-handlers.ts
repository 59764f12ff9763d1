/**
 * The Scribe messages on the socket (who may is the access table's): requests, cancels and
 * correction modes go to the desk (scribes/desk.ts), whose refusals are told to the sender.
 */
import { normalizeTypedText } from '../../shared/validation';
import type { ClientMessageType } from '../../shared/protocol';
import type { MemberContext, SocketHandler, SocketHandlers } from '../socket';
import { type ScribeDesk, ScribeError } from './desk';

/** Runs `act` at the desk; the desk's refusals (ScribeError) are told to the sender. */
async function atTheDesk(
  ctx: MemberContext,
  type: ClientMessageType,
  act: (desk: ScribeDesk) => Promise<void>,
): Promise<void> {
  const desk = ctx.deps.scribes;
  if (!desk) {
    ctx.fail('scribe-request-failed', 'Scribes are not available on this server', type);
    return;
  }
  try {
    await act(desk);
  } catch (error) {
    if (!(error instanceof ScribeError)) throw error;
    ctx.fail('scribe-request-failed', error.message, type);
  }
}

export const requestScribe: SocketHandler<'request-scribe'> = (ctx, message) =>
  atTheDesk(ctx, message.type, (desk) => desk.request(ctx.room, ctx.member, message.correctionMode));

export const cancelScribe: SocketHandler<'cancel-scribe'> = (ctx, message) =>
  atTheDesk(ctx, message.type, (desk) => desk.cancel(ctx.room));

export const updateScribeCorrectionMode: SocketHandler<'update-scribe-correction-mode'> = (ctx, message) =>
  atTheDesk(ctx, message.type, (desk) => desk.setCorrectionMode(ctx.room, message.correctionMode));

export const scribeChat: SocketHandler<'scribe-chat'> = (ctx, message) =>
  atTheDesk(ctx, message.type, async (desk) => {
    const text = normalizeTypedText(message.text);
    if (!text) {
      ctx.fail('invalid-message', 'scribe-chat.text: nothing to say once spaces are removed', message.type);
      return;
    }
    if (!ctx.rates.typedMessages.take()) {
      ctx.fail('rate-limited', 'messages are being typed too fast; wait a moment', message.type);
      return;
    }
    await desk.chatInRoom(ctx.room, ctx.member, text);
  });

/** Scribes' part of the socket's handler table (socket/handlers.ts). */
export const SCRIBE_SOCKET_HANDLERS = {
  'request-scribe': requestScribe,
  'cancel-scribe': cancelScribe,
  'update-scribe-correction-mode': updateScribeCorrectionMode,
  'scribe-chat': scribeChat,
} satisfies Partial<SocketHandlers>;
