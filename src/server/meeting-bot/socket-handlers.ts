/**
 * The meeting bot on the socket (who may is the access table's): the host sends it into an online
 * meeting, takes it out and sets its language; people who may speak have it say a typed reply
 * into the meeting.
 */
import { DEFAULT_SPEECH_LANG } from '../../shared/constants';
import { BOT_PANEL_TEXTS } from '../../shared/meeting-bot';
import { normalizeTypedText } from '../../shared/validation';
import type { SocketHandler, SocketHandlers } from '../socket';
import { voiceOfRequest } from '../voiced-replies';
import { speakIntoMeeting } from './speak-into-meeting';

export const requestAvaBot: SocketHandler<'request-ava-bot'> = (ctx, message) => {
  const bots = ctx.deps.meetingBots;
  if (!bots) {
    ctx.fail('forbidden', BOT_PANEL_TEXTS.notAvailable, message.type);
    return;
  }
  const result = bots.request(ctx.room, message.meetingUrl, message.speechLang);
  if (result.ok) return;
  const current = bots.statusFor(ctx.room);
  if (result.reason === 'requested-already' && current)
    ctx.send({ ...current, error: 'ava_bot_requested_already' });
  else ctx.fail('invalid-message', `${message.type}.meetingUrl: ${result.message}`, message.type);
};

export const endAvaBot: SocketHandler<'end-ava-bot'> = async (ctx) => {
  await ctx.deps.meetingBots?.end(ctx.room);
};

export const updateAvaBotSpeechLang: SocketHandler<'update-ava-bot-speech-lang'> = (ctx, message) => {
  ctx.deps.meetingBots?.updateSpeechLang(ctx.room, message.speechLang);
};

export const avaBotTextToSpeech: SocketHandler<'ava-bot-text-to-speech'> = (ctx, message) => {
  const { room, member, deps } = ctx;
  const text = normalizeTypedText(message.text);
  const voice = voiceOfRequest(undefined, ctx.principal);
  if (!text || !voice) {
    ctx.fail(
      'invalid-message',
      'ava-bot-text-to-speech.text: nothing to say once spaces are removed',
      message.type,
    );
    return;
  }
  // Only the self-hosted bot can play audio into its meeting (the provider's cannot):
  // said, not dropped.
  const bots = deps.meetingBots;
  if (!bots?.canSpeak(room)) {
    ctx.fail(
      'speech-unavailable',
      'the meeting bot cannot speak into the meeting; your reply was not sent to the meeting',
      message.type,
    );
    return;
  }
  if (!deps.tts?.ok) {
    ctx.fail(
      'speech-unavailable',
      'text-to-speech is not available on this server; your reply was not spoken',
      message.type,
    );
    return;
  }
  if (!ctx.rates.ttsRequests.take() || !ctx.rates.typedMessages.take()) {
    ctx.fail('rate-limited', 'replies are being voiced too fast; wait a moment', message.type);
    return;
  }
  const lang = bots.speechLangOf(room) ?? DEFAULT_SPEECH_LANG;
  room.addTypedLine(member, text, lang);
  // Not awaited: the next messages of this socket need not wait for the voice.
  void speakIntoMeeting(
    deps.tts.engine,
    { text, voice, lang },
    (samples, rate) => bots.speak(room, samples, rate),
    ctx.speaking,
    deps.log,
  );
};

/** The meeting bot's part of the socket's handler table (socket/handlers.ts). */
export const MEETING_BOT_SOCKET_HANDLERS = {
  'request-ava-bot': requestAvaBot,
  'end-ava-bot': endAvaBot,
  'update-ava-bot-speech-lang': updateAvaBotSpeechLang,
  'ava-bot-text-to-speech': avaBotTextToSpeech,
} satisfies Partial<SocketHandlers>;
