/**
 * The room's own messages on the socket (who may is the access table's): its settings and
 * admission, the host's limits, typed lines and typing, speakers, one's curse filter, and closing.
 * Recording is in rooms/audio-socket-handlers.ts.
 */
import { closeEndsRoom } from '../../shared/end-sequence';
import { SESSION_ENDED_REASON } from '../../shared/session-limits';
import { normalizeTitle, normalizeTypedText } from '../../shared/validation';
import { PREMIUM_NOT_ENTITLED_MESSAGE } from '../credits';
import type { SocketHandler, SocketHandlers } from '../socket';

export const connectionParamsUpdate: SocketHandler<'connection-params-update'> = async (ctx, message) => {
  if (message.usePaidASR !== undefined) {
    // Asked, not given: the tier is the server's at each recording start. Asking for
    // Premium without it is answered, and the rest of the message still applies.
    ctx.premium.asked = message.usePaidASR;
    if (message.usePaidASR && (await ctx.premium.grantOf(ctx.principal)) === 'none')
      ctx.fail('not-entitled', PREMIUM_NOT_ENTITLED_MESSAGE, message.type);
  }
  if (message.downAudio !== undefined) ctx.member.downAudio = message.downAudio;
  await ctx.room.updateParams(message);
};

export const connectionRequestAnswer: SocketHandler<'connection-request-answer'> = (ctx, message) => {
  ctx.room.answerAdmission(message.id, message.accept);
};

export const forceMute: SocketHandler<'force-mute'> = async (ctx, message) => {
  await ctx.room.forceMute(message.avaId);
};

export const prolongRestrictedSession: SocketHandler<'prolong-restricted-session'> = async (ctx) => {
  await ctx.room.prolongSession();
};

export const updateTitle: SocketHandler<'update-title'> = async (ctx, message) => {
  const title = normalizeTitle(message.title);
  if (title) await ctx.room.updateTitle(title);
};

/** The host names a member (connected or not) an owner of the transcript, or no longer. */
export const updateTranscriptOwner: SocketHandler<'update-transcript-owner'> = async (ctx, message) => {
  const member =
    ctx.room.membersOf(message.avaId).length > 0 ||
    (await ctx.deps.rooms.membership(ctx.room.id, message.avaId)) !== undefined;
  if (message.owner && !member) {
    ctx.fail('invalid-message', 'update-transcript-owner.avaId: not a member of this room', message.type);
    return;
  }
  await ctx.room.updateTranscriptOwner(message.avaId, message.owner);
};

export const setCurseFilter: SocketHandler<'set-curse-filter'> = (ctx, message) => {
  ctx.curseFilter.set(message.level);
  ctx.send({ type: 'curse-filter', level: ctx.curseFilter.level });
  // What is on their screen already, again at the new level.
  ctx.room.resendLatest(ctx.member);
};

export const signalIAmTyping: SocketHandler<'signal-i-am-typing'> = (ctx) => {
  ctx.room.signalTyping(ctx.member);
};

export const typedMessage: SocketHandler<'typed-message'> = (ctx, message) => {
  const text = normalizeTypedText(message.text);
  if (!text) {
    ctx.fail('invalid-message', 'typed-message.text: nothing to say once spaces are removed', message.type);
    return;
  }
  if (!ctx.rates.typedMessages.take()) {
    ctx.fail('rate-limited', 'messages are being typed too fast; wait a moment', message.type);
    return;
  }
  ctx.room.addTypedLine(ctx.member, text, message.lang);
};

export const assignVoicingSpeakerName: SocketHandler<'assign-voicing-speaker-name'> = async (
  ctx,
  message,
) => {
  await ctx.room.nameVoicingSpeaker(message.speakerId, message.speakerName);
};

export const assignVoicingSpeakerMyself: SocketHandler<'assign-voicing-speaker-myself'> = async (
  ctx,
  message,
) => {
  await ctx.room.claimVoicingSpeaker(ctx.member, message.speakerId);
};

export const assignBlocDifferentSpeaker: SocketHandler<'assign-bloc-different-speaker'> = (ctx, message) => {
  ctx.room.assignLineSpeaker(message.blocId, message.speakerId);
};

/**
 * The spec's `mbackend`: a note for the server's log, with the room and the sender. It shares the
 * typed-line limit of the connection, so it cannot flood the log.
 */
export const mbackend: SocketHandler<'mbackend'> = (ctx, message) => {
  if (!ctx.rates.typedMessages.take()) {
    ctx.fail('rate-limited', 'mbackend: too many notes; wait a moment', message.type);
    return;
  }
  ctx.deps.log('info', 'a member’s note (mbackend)', {
    roomId: ctx.room.id,
    avaId: ctx.member.avaId,
    content: message.content,
  });
};

export const close: SocketHandler<'close'> = async (ctx, message) => {
  // The table let this through: a reason that ends the room comes from the host, who is
  // told it ended (as everyone is) before their socket closes: their end sequence waits
  // for that. Frames and messages behind it on this socket wait too, which is what a close
  // means.
  if (closeEndsRoom(message.reason))
    await ctx.room.end(message.reason === 'max_convo_time_reached' ? SESSION_ENDED_REASON : 'ended');
  ctx.deps.log('info', 'a member closed their connection', {
    roomId: ctx.room.id,
    reason: message.reason ?? 'closed',
  });
  ctx.close(1000, message.reason ?? 'closed');
};

/** The room's part of the socket's handler table (socket/handlers.ts). */
export const ROOM_SOCKET_HANDLERS = {
  'connection-params-update': connectionParamsUpdate,
  'connection-request-answer': connectionRequestAnswer,
  'force-mute': forceMute,
  'prolong-restricted-session': prolongRestrictedSession,
  'update-title': updateTitle,
  'update-transcript-owner': updateTranscriptOwner,
  'set-curse-filter': setCurseFilter,
  'signal-i-am-typing': signalIAmTyping,
  'typed-message': typedMessage,
  'assign-voicing-speaker-name': assignVoicingSpeakerName,
  'assign-voicing-speaker-myself': assignVoicingSpeakerMyself,
  'assign-bloc-different-speaker': assignBlocDifferentSpeaker,
  mbackend,
  close,
} satisfies Partial<SocketHandlers>;
