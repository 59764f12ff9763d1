/**
 * A voiced reply's lifecycle on the sender's device (conversation.md, Text-to-speech): the
 * request marks it active and mutes the microphone, so the recogniser never captions the
 * synthetic voice; the audio is gathered from `response-text-to-speech`, played, and the reply
 * ends after its estimated duration, on the track's end, or once the voice has been silent
 * (lifecycle.ts), whichever comes first; then the microphone comes back. No answer within
 * TTS_TRACK_TIMEOUT_MS, or an error, ends it too, with the error shown for 2 s; unless this
 * browser can speak, when its own speech synthesis reads the reply instead (browser-voice.ts).
 * Also the voice list (the server's, else the built-in set) and the choices kept on the device.
 */
import type { Action } from '@reduxjs/toolkit';
import { call, delay, put, race, select, take, takeEvery, takeLatest } from 'typed-redux-saga';
import { API, type TtsVoicesResponse, withQuery } from '../../../shared/api';
import { STORAGE_KEYS } from '../../../shared/constants';
import type { ServerMessageOf } from '../../../shared/protocol';
import {
  TTS_ERROR_DISPLAY_MS,
  TTS_TRACK_TIMEOUT_MS,
  estimateTtsDurationMs,
  resolveVoice,
  ttsVoiceList,
  voiceFromId,
  voiceIdOf,
} from '../../../shared/tts';
import { base64ToInt16, concatInt16 } from '../../../shared/tts-audio';
import { encodeWav } from '../../../shared/wav';
import type { AppDeps } from '../../app/deps';
import type { RootState } from '../../app/root-reducer';
import { profileActions } from '../account-profile/slice';
import { audioActions } from '../audio/slice';
import { conversationActions } from '../conversation/slice';
import { authedRequest } from '../sign-in/authed-request';
import { socketActions } from '../socket/slice';
import {
  type BrowserVoice,
  browserVoiceLimitMs,
  pageBrowserVoice,
  shouldUseBrowserVoice,
} from './browser-voice';
import { playbackEndMs } from './lifecycle';
import { type Playback, type VoicePlayer, browserVoicePlayer } from './player';
import { voicedRepliesActions } from './slice';

const TAG = 'voiced-replies';
/** The lifecycle's own error when the server never answers (the spec's track timeout). */
export const TRACK_TIMEOUT_ERROR = 'the voice did not arrive in time';

type Response = ServerMessageOf<'response-text-to-speech'>;

const answerTo =
  (requestId: string) =>
  (action: Action): action is ReturnType<typeof socketActions.messageReceived> =>
    socketActions.messageReceived.match(action) &&
    action.payload.type === 'response-text-to-speech' &&
    action.payload.requestId === requestId;

/**
 * The voice a reply is spoken with: one chosen on this page; else an account's own (the one its
 * onboarding asked for, wherever it was chosen since); else the one kept on this device (a
 * guest's); else the default of the account's preferred gender, else the spec's (openai-echo).
 */
export function selectVoiceId(state: RootState): string {
  const { voiceId, chosenHere } = state.voicedReplies;
  const profile = state.session.identity?.kind === 'account' ? state.profile.profile : undefined;
  if (chosenHere && voiceFromId(voiceId)) return voiceId!;
  if (profile?.ttsVoice) return voiceIdOf(profile.ttsVoice);
  if (voiceFromId(voiceId)) return voiceId!;
  return voiceIdOf(resolveVoice(undefined, profile?.ttsGender));
}

/** The reply's audio, once the server has sent all of it; or why there is none. */
function* gather(requestId: string, first: Response | undefined) {
  const chunks: Int16Array[] = [];
  let head: Response | undefined;
  let pending = first;
  while (true) {
    let message: Response;
    if (pending) {
      message = pending;
      pending = undefined;
    } else {
      const result = yield* race({
        answer: take(answerTo(requestId)),
        timeout: delay(TTS_TRACK_TIMEOUT_MS),
        exit: take(conversationActions.exited.type),
      });
      if (result.exit) return { kind: 'exit' as const };
      if (!result.answer) return { kind: 'error' as const, error: TRACK_TIMEOUT_ERROR };
      message = result.answer.payload as Response;
    }
    if (message.error) return { kind: 'error' as const, error: message.error };
    head ??= message;
    if (message.audio) {
      const samples = base64ToInt16(message.audio);
      if (!samples) return { kind: 'error' as const, error: 'the voice arrived damaged' };
      chunks.push(samples);
    }
    if (message.isDone) {
      return {
        kind: 'audio' as const,
        samples: concatInt16(chunks),
        sampleRate: head.sampleRate ?? 22_050,
        estimatedMs: head.estimatedDurationMs,
      };
    }
  }
}

/**
 * The server could not voice the reply: this browser reads it at the spec's rate, the microphone
 * still muted, until the voice ends, its time runs out, or the conversation is left.
 */
function* speakInBrowser(deps: AppDeps, voice: BrowserVoice, requestId: string, text: string, lang: string) {
  let playback: Playback;
  try {
    playback = voice.speak(text, lang);
  } catch (error) {
    deps.logger.log('warn', TAG, 'the browser would not speak the reply either', error);
    return false;
  }
  yield* put(voicedRepliesActions.playingInBrowser(requestId));
  try {
    const ended = playback.ended;
    yield* race({
      ended: call(() => ended),
      done: delay(browserVoiceLimitMs(text, lang)),
      exit: take(conversationActions.exited.type),
    });
  } finally {
    playback.stop();
  }
  return true;
}

export function* voiceReply(
  deps: AppDeps,
  player: VoicePlayer,
  voice: BrowserVoice,
  action: ReturnType<typeof voicedRepliesActions.requested>,
) {
  const { requestId, text, lang, first } = action.payload;
  yield* put(voicedRepliesActions.started(requestId));
  yield* put(audioActions.voiceMuted(true));
  let playback: Playback | undefined;
  try {
    const gathered = yield* gather(requestId, first);
    if (gathered.kind === 'exit') return;
    if (gathered.kind === 'error') {
      const fallback = shouldUseBrowserVoice({
        text,
        serverError: gathered.error,
        available: voice.available,
      });
      if (fallback) {
        deps.logger.log(
          'info',
          TAG,
          `the server could not voice the reply (${gathered.error}); the browser reads it`,
        );
        if (yield* call(speakInBrowser, deps, voice, requestId, text, lang)) return;
      }
      yield* put(voicedRepliesActions.failed(gathered.error));
      return;
    }
    if (gathered.samples.length === 0) return;
    const endMs = playbackEndMs(
      gathered.samples,
      gathered.sampleRate,
      gathered.estimatedMs ?? estimateTtsDurationMs(text, lang),
    );
    try {
      playback = yield* call([player, player.play], encodeWav(gathered.samples, gathered.sampleRate));
    } catch (error) {
      deps.logger.log('warn', TAG, 'the browser would not play the voice', error);
      yield* put(voicedRepliesActions.failed('this browser would not play the voice'));
      return;
    }
    yield* put(voicedRepliesActions.playing(requestId));
    const ended = playback.ended;
    yield* race({
      ended: call(() => ended),
      done: delay(endMs),
      exit: take(conversationActions.exited.type),
    });
  } finally {
    playback?.stop();
    yield* put(audioActions.voiceMuted(false));
    yield* put(voicedRepliesActions.ended(requestId));
  }
}

function* clearErrorLater() {
  yield* delay(TTS_ERROR_DISPLAY_MS);
  yield* put(voicedRepliesActions.errorCleared());
}

/** The server's voice list for an account; the built-in set for guests and when it fails. */
export function* loadVoices(deps: AppDeps, action: ReturnType<typeof voicedRepliesActions.voicesRequested>) {
  const lang = action.payload;
  const state = yield* select((s: RootState) => s);
  const selected = voiceFromId(selectVoiceId(state));
  if (state.session.identity?.kind === 'account') {
    const result = yield* authedRequest<TtsVoicesResponse>(deps, 'GET', withQuery(API.ttsVoices, { lang }));
    if (result.ok) {
      const voices = result.data.voices.map((v) => ({ ...v, selected: v.voiceProviderId === selected }));
      yield* put(voicedRepliesActions.voicesLoaded({ voices, fromServer: true }));
      return;
    }
    deps.logger.log('warn', TAG, `voice list unavailable (${result.message}); the built-in voices are used`);
  }
  yield* put(voicedRepliesActions.voicesLoaded({ voices: ttsVoiceList(lang, selected), fromServer: false }));
}

function* keepSpeakAloud(deps: AppDeps, action: ReturnType<typeof voicedRepliesActions.speakAloudChanged>) {
  yield* call([deps.storage, deps.storage.set], STORAGE_KEYS.speakAloud, String(action.payload));
}

/** A voice chosen: kept on the device, and saved to an account's profile (its onboarding voice). */
function* keepVoice(deps: AppDeps, action: ReturnType<typeof voicedRepliesActions.voiceChosen>) {
  const voice = voiceFromId(action.payload);
  if (!voice) return;
  yield* call([deps.storage, deps.storage.set], STORAGE_KEYS.ttsVoice, action.payload);
  const kind = yield* select((s: RootState) => s.session.identity?.kind);
  if (kind === 'account') yield* put(profileActions.ttsVoiceRequested(voice));
}

/**
 * Another member's voiced reply (the server sends them with `fromAvaId` to members who asked,
 * downAudio): played here through the same lifecycle, so this microphone is muted meanwhile too
 * and the recogniser never captions it.
 */
export function* othersReply(action: ReturnType<typeof socketActions.messageReceived>) {
  const message = action.payload as Response;
  const state = yield* select((s: RootState) => s.voicedReplies);
  if (!state.playOthers || state.active?.requestId === message.requestId) return;
  yield* put(
    voicedRepliesActions.requested({ requestId: message.requestId, text: '', lang: '', first: message }),
  );
}

const isOthersReply = (action: Action): boolean =>
  socketActions.messageReceived.match(action) &&
  action.payload.type === 'response-text-to-speech' &&
  action.payload.fromAvaId !== undefined;

/** Tells the room whether to send others' voiced replies here: on each connection, and on a change. */
function* sayDownAudio(deps: AppDeps, action: Action) {
  const state = yield* select((s: RootState) => s);
  const online = state.socket.status === 'online';
  // On connecting, only "on" needs saying: the server's default is off.
  const changed = voicedRepliesActions.playOthersChanged.match(action);
  if (online && (changed || state.voicedReplies.playOthers)) {
    deps.link.send({ type: 'connection-params-update', downAudio: state.voicedReplies.playOthers });
  }
  if (changed)
    yield* call([deps.storage, deps.storage.set], STORAGE_KEYS.playVoicedReplies, String(action.payload));
}

const isConnected = (action: Action): boolean =>
  socketActions.statusEvent.match(action) && action.payload === 'succeeded';

export function* voicedRepliesSaga(
  deps: AppDeps,
  player: VoicePlayer = browserVoicePlayer(),
  voice: BrowserVoice = pageBrowserVoice(),
) {
  // A new reply takes over from one still speaking (its voice stops; the mute carries on).
  yield* takeLatest(voicedRepliesActions.requested, voiceReply, deps, player, voice);
  yield* takeLatest(voicedRepliesActions.failed, clearErrorLater);
  yield* takeLatest(voicedRepliesActions.voicesRequested, loadVoices, deps);
  yield* takeEvery(voicedRepliesActions.speakAloudChanged, keepSpeakAloud, deps);
  yield* takeEvery(voicedRepliesActions.voiceChosen, keepVoice, deps);
  yield* takeEvery(isOthersReply, othersReply);
  yield* takeEvery(
    (a: Action) => isConnected(a) || voicedRepliesActions.playOthersChanged.match(a),
    sayDownAudio,
    deps,
  );
}
