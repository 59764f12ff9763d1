/**
 * Translation on the socket (who may is the access table's): the language one reads captions in,
 * and the host's auto-translate conversation (whose turn it is, the guest's language).
 */
import type { SocketHandler, SocketHandlers } from '../socket';

/** Oneself only; read-only members too, since reading is what they do. */
export const setReadingLanguage: SocketHandler<'set-reading-language'> = (ctx, message) => {
  ctx.room.setReadingLanguage(ctx.member, message.lang);
};

export const autoTranslateToggle: SocketHandler<'auto-translate-toggle'> = (ctx) => {
  ctx.room.toggleAutoTranslate();
};

export const autoTranslateSetGuestLanguage: SocketHandler<'auto-translate-set-guest-language'> = (
  ctx,
  message,
) => {
  ctx.room.setAutoTranslateGuestLanguage(message.language);
};

/** Translation's part of the socket's handler table (socket/handlers.ts). */
export const TRANSLATION_SOCKET_HANDLERS = {
  'set-reading-language': setReadingLanguage,
  'auto-translate-toggle': autoTranslateToggle,
  'auto-translate-set-guest-language': autoTranslateSetGuestLanguage,
} satisfies Partial<SocketHandlers>;
