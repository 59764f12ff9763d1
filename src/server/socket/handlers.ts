/**
 * The socket's messages, one typed entry per message type (the compiler refuses a missing one),
 * each handled beside its feature. `ping` and `connection-params` are answered before joining;
 * every other message reaches its handler only once the access table let it through
 * (socket/authorisation.ts), so no handler decides who may.
 */
import type { ClientMessage } from '../../shared/protocol';
import { accessBoostWords, setBoost } from '../boost';
import { avaBotTextToSpeech, endAvaBot, requestAvaBot, updateAvaBotSpeechLang } from '../meeting-bot';
import {
  audio,
  resetRecorder,
  webrtcSignal,
  webrtcTrackMetadata,
  assignBlocDifferentSpeaker,
  assignVoicingSpeakerMyself,
  assignVoicingSpeakerName,
  close,
  connectionParamsUpdate,
  connectionRequestAnswer,
  forceMute,
  prolongRestrictedSession,
  setCurseFilter,
  signalIAmTyping,
  typedMessage,
  updateTitle,
} from '../rooms';
import { cancelScribe, requestScribe, scribeChat, updateScribeCorrectionMode } from '../scribes';
import { transcriptEdit, transcriptsBefore, transcriptsSince } from '../transcripts';
import { autoTranslateSetGuestLanguage, autoTranslateToggle, setReadingLanguage } from '../translation';
import { requestTextToSpeech } from '../voiced-replies';
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
  // The room (rooms/socket-handlers.ts).
  'connection-params-update': connectionParamsUpdate,
  'connection-request-answer': connectionRequestAnswer,
  'force-mute': forceMute,
  'prolong-restricted-session': prolongRestrictedSession,
  'update-title': updateTitle,
  'set-curse-filter': setCurseFilter,
  'signal-i-am-typing': signalIAmTyping,
  'typed-message': typedMessage,
  'assign-voicing-speaker-name': assignVoicingSpeakerName,
  'assign-voicing-speaker-myself': assignVoicingSpeakerMyself,
  'assign-bloc-different-speaker': assignBlocDifferentSpeaker,
  close,
  // Recording (rooms/audio-socket-handlers.ts).
  audio,
  webrtc: webrtcSignal,
  'webrtc-track-metadata': webrtcTrackMetadata,
  'reset-recorder': resetRecorder,
  // Translation (translation/socket-handlers.ts).
  'set-reading-language': setReadingLanguage,
  'auto-translate-toggle': autoTranslateToggle,
  'auto-translate-set-guest-language': autoTranslateSetGuestLanguage,
  // The transcript (transcripts/socket-handlers.ts).
  'transcript-edit': transcriptEdit,
  'transcripts-since': transcriptsSince,
  'transcripts-before': transcriptsBefore,
  // Voiced replies (voiced-replies/socket-handlers.ts).
  'request-text-to-speech': requestTextToSpeech,
  // The meeting bot (meeting-bot/socket-handlers.ts).
  'request-ava-bot': requestAvaBot,
  'end-ava-bot': endAvaBot,
  'update-ava-bot-speech-lang': updateAvaBotSpeechLang,
  'ava-bot-text-to-speech': avaBotTextToSpeech,
  // Scribes (scribes/socket-handlers.ts).
  'request-scribe': requestScribe,
  'cancel-scribe': cancelScribe,
  'update-scribe-correction-mode': updateScribeCorrectionMode,
  'scribe-chat': scribeChat,
  // Vocabulary boost (boost/socket-handlers.ts).
  'access-boost-words': accessBoostWords,
  boost: setBoost,
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
