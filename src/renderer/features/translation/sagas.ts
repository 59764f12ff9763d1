/**
 * Translation's side effects: asks the server which reading languages it offers from the room's
 * speech language (when the room status first comes, and when the speech language changes),
 * tells the room the language chosen (again on every connection: the server keeps it per
 * connection), and runs auto-translate's toggle with its spinner of at most 5 s.
 */
import type { Action } from '@reduxjs/toolkit';
import { call, delay, put, race, select, take, takeEvery, takeLatest } from 'typed-redux-saga';
import { API, withQuery } from '../../../shared/api';
import { AUTO_TRANSLATE_TOGGLE_SPINNER_MS, DEFAULT_SPEECH_LANG } from '../../../shared/constants';
import { baseLanguage, type TranslationLanguagesResponse } from '../../../shared/translation';
import type { AppDeps } from '../../app/deps';
import type { RootState } from '../../app/root-reducer';
import { selectIsHost } from '../conversation/selectors';
import { notificationsActions } from '../notifications/slice';
import { settingsActions } from '../settings/slice';
import { socketActions } from '../socket/slice';
import { translationActions } from './slice';

/** The language the room's captions are spoken in: the room's, else this person's. */
function* roomSpeechLang() {
  const status = yield* select((s: RootState) => s.conversation.status);
  const own = yield* select((s: RootState) => s.settings.speechLang);
  return status?.langs[0] ?? own ?? DEFAULT_SPEECH_LANG;
}

export function* loadReadingLanguages(deps: AppDeps) {
  const from = yield* call(roomSpeechLang);
  const known = yield* select((s: RootState) => s.translation.options?.from);
  if (known === from) return;
  const result = yield* call(
    [deps.http, deps.http.get<TranslationLanguagesResponse>],
    withQuery(API.translationLanguages, { from }),
  );
  if (result.ok && result.data) {
    yield* put(translationActions.languagesLoaded({ ...result.data, from }));
  } else if (!result.ok) {
    deps.logger.log('warn', 'translation', `could not read the reading languages: ${result.message}`);
  }
}

function* sendReadingLang(deps: AppDeps) {
  const lang = yield* select((s: RootState) => s.translation.readingLang);
  const online = yield* select((s: RootState) => s.socket.status === 'online');
  if (!online) return;
  const from = yield* call(roomSpeechLang);
  // Reading as spoken is the speech language itself: the server then translates nothing.
  deps.link.send({ type: 'set-reading-language', lang: lang ?? from });
}

const isMessage =
  (type: string) =>
  (action: Action): boolean =>
    socketActions.messageReceived.match(action) && action.payload.type === type;

const isAutoTranslateChange = (action: Action): boolean =>
  socketActions.messageReceived.match(action) &&
  action.payload.type === 'room-status-update' &&
  action.payload.reason === 'auto-translate-changed';

const isRefusal =
  (types: readonly string[]) =>
  (action: Action): boolean =>
    socketActions.messageReceived.match(action) &&
    action.payload.type === 'error' &&
    types.includes(action.payload.inReplyTo ?? '');

/** Auto-translate's toggle: the spinner shows until the room says whose turn it is, or for 5 s. */
function* toggleAutoTranslate(deps: AppDeps) {
  if (!deps.link.send({ type: 'auto-translate-toggle' })) {
    yield* put(notificationsActions.notify({ intent: 'warning', key: 'conversation.notConnected' }));
    return;
  }
  yield* put(translationActions.autoTogglePendingChanged(true));
  yield* race({
    changed: take(isAutoTranslateChange),
    refused: take(isRefusal(['auto-translate-toggle'])),
    timeout: delay(AUTO_TRANSLATE_TOGGLE_SPINNER_MS),
  });
  yield* put(translationActions.autoTogglePendingChanged(false));
}

function* chooseGuestLanguage(
  deps: AppDeps,
  action: ReturnType<typeof translationActions.guestLanguageChosen>,
) {
  if (!deps.link.send({ type: 'auto-translate-set-guest-language', language: action.payload }))
    yield* put(notificationsActions.notify({ intent: 'warning', key: 'conversation.notConnected' }));
}

/** The server could not translate into the language chosen (or switch auto-translate): said, and undone. */
function* refused(action: ReturnType<typeof socketActions.messageReceived>) {
  const message = action.payload;
  if (message.type !== 'error') return;
  if (message.inReplyTo === 'set-reading-language') yield* put(translationActions.readingLangChosen(null));
  yield* put(
    notificationsActions.notify({
      intent: 'warning',
      key: 'translation.refused',
      values: { reason: message.error.message },
    }),
  );
}

/**
 * Auto-translate on the host's device: the microphone is recognised in the language of whoever
 * is active, when the server recognises it; when it does not, the host is told, and captions
 * stay in the language being recognised (still translated for the other person).
 */
function* followAutoTurn(action: ReturnType<typeof socketActions.messageReceived>) {
  const message = action.payload;
  if (message.type !== 'room-status-update') return;
  const auto = message.status.autoTranslation;
  const isHost = yield* select(selectIsHost);
  if (!auto || !isHost) return;
  const wanted = auto.active === 'host' ? auto.hostLanguage : auto.guestLanguage;
  const { speechLang, availableSpeechLangs } = yield* select((s: RootState) => s.settings);
  const tag =
    availableSpeechLangs.find((l) => l === wanted) ??
    availableSpeechLangs.find((l) => baseLanguage(l) === baseLanguage(wanted));
  if (!tag) {
    yield* put(
      notificationsActions.notify({
        intent: 'warning',
        key: 'translation.auto.noRecognition',
        values: { language: wanted },
      }),
    );
    return;
  }
  if (tag !== speechLang) yield* put(settingsActions.speechLangChanged(tag));
}

export function* translationSaga(deps: AppDeps) {
  yield* takeEvery(isAutoTranslateChange, followAutoTurn);
  yield* takeLatest(isMessage('room-status'), loadReadingLanguages, deps);
  yield* takeLatest(settingsActions.speechLangChanged.type, loadReadingLanguages, deps);
  yield* takeEvery(isMessage('connection-succeeded'), sendReadingLang, deps);
  yield* takeEvery(translationActions.readingLangChosen.type, sendReadingLang, deps);
  yield* takeEvery(translationActions.autoToggleRequested.type, toggleAutoTranslate, deps);
  yield* takeEvery(translationActions.guestLanguageChosen.type, chooseGuestLanguage, deps);
  yield* takeEvery(
    isRefusal(['set-reading-language', 'auto-translate-set-guest-language', 'auto-translate-toggle']),
    refused,
  );
}
