/**
 * A voiced reply on the socket (`request-text-to-speech`; who may is the access table's): a typed
 * reply, the sender's own line, also read aloud to its sender and to the members who asked to
 * hear voiced replies (downAudio).
 */
import { DEFAULT_SPEECH_LANG } from '../../shared/constants';
import { normalizeTypedText } from '../../shared/validation';
import type { SocketHandler, SocketHandlers } from '../socket';
import { forVoicedReplyListeners } from './listeners';
import { speakReply } from './speak-reply';
import { voiceOfRequest } from './voice-choice';

export const requestTextToSpeech: SocketHandler<'request-text-to-speech'> = (ctx, message) => {
  const { room, member, deps } = ctx;
  const text = normalizeTypedText(message.text);
  const voice = voiceOfRequest(message.voiceId, ctx.principal);
  if (!text || !voice) {
    ctx.fail(
      'invalid-message',
      text
        ? `request-text-to-speech.voiceId: no voice is named ${message.voiceId}`
        : 'request-text-to-speech.text: nothing to say once spaces are removed',
      message.type,
    );
    return;
  }
  if (!ctx.rates.ttsRequests.take() || !ctx.rates.typedMessages.take()) {
    ctx.fail('rate-limited', 'replies are being voiced too fast; wait a moment', message.type);
    return;
  }
  // The line reaches the room as a typed reply whether or not the voice can be made.
  room.addTypedLine(member, text, message.lang);
  // Not awaited: the next messages of this socket need not wait for the voice.
  void speakReply(
    deps.tts ?? { ok: false, error: 'text-to-speech is not configured on this server' },
    { requestId: message.requestId, text, voice, lang: message.lang ?? DEFAULT_SPEECH_LANG },
    forVoicedReplyListeners(room, member, ctx.send),
    ctx.speaking,
    deps.log,
  );
};

/** Voiced replies' part of the socket's handler table (socket/handlers.ts). */
export const VOICED_REPLY_SOCKET_HANDLERS = {
  'request-text-to-speech': requestTextToSpeech,
} satisfies Partial<SocketHandlers>;
