import { put, select, takeEvery } from 'typed-redux-saga';
import { botIsActive } from '../../../shared/meeting-bot';
import type { ClientMessage } from '../../../shared/protocol';
import type { AppDeps } from '../../app/deps';
import type { RootState } from '../../app/root-reducer';
import { selectIsHost } from '../conversation/selectors';
import { notificationsActions } from '../notifications/slice';
import { settingsActions } from '../settings/slice';
import { meetingBotActions } from './slice';

function* send(deps: AppDeps, message: ClientMessage) {
  const online = yield* select((s: RootState) => s.socket.status === 'online');
  if (!online || !deps.link.send(message))
    yield* put(notificationsActions.notify({ intent: 'warning', key: 'conversation.notConnected' }));
}

/**
 * The host's own speech language is the meeting's: when the host changes it while a bot is
 * in the meeting, the bot's captions follow (update-ava-bot-speech-lang).
 */
function* followSpeechLang(deps: AppDeps, action: ReturnType<typeof settingsActions.speechLangChanged>) {
  const isHost = yield* select(selectIsHost);
  const bot = yield* select((s: RootState) => s.meetingBot);
  const lang = yield* select((s: RootState) => s.settings.speechLang);
  if (!isHost || !botIsActive(bot.status) || bot.speechLang === lang || lang !== action.payload) return;
  yield* send(deps, { type: 'update-ava-bot-speech-lang', speechLang: lang });
}

export function* meetingBotSaga(deps: AppDeps) {
  yield* takeEvery(meetingBotActions.requested, function* (action) {
    yield* send(deps, { type: 'request-ava-bot', ...action.payload });
  });
  yield* takeEvery(meetingBotActions.speakRequested, function* (action) {
    yield* send(deps, { type: 'ava-bot-text-to-speech', text: action.payload.text });
  });
  yield* takeEvery(meetingBotActions.endRequested, function* () {
    yield* send(deps, { type: 'end-ava-bot' });
  });
  yield* takeEvery(settingsActions.speechLangChanged, followSpeechLang, deps);
}
