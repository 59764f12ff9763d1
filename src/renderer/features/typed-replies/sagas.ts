import { call, put, select, takeEvery, throttle } from 'typed-redux-saga';
import { TYPING_SIGNAL_INTERVAL_MS } from '../../../shared/constants';
import { normalizeTypedText } from '../../../shared/validation';
import type { AppDeps } from '../../app/deps';
import type { DesktopDeps } from '../desktop/deps';
import { askMain } from '../desktop/sagas/ask-main';
import type { RootState } from '../../app/root-reducer';
import { notificationsActions } from '../notifications/slice';
import { typedRepliesActions } from './slice';
import { selectVoiceId } from '../voiced-replies/sagas';
import { voicedRepliesActions } from '../voiced-replies/slice';

let nextRequest = 1;

/** Sends a typed line on the room's socket; a line that could not be sent stays in the box. */
export function* sendTypedLine(deps: AppDeps, action: ReturnType<typeof typedRepliesActions.sendRequested>) {
  const text = normalizeTypedText(action.payload.text);
  if (!text) return;
  if (action.payload.viaRecorder && deps.desktop) {
    yield* call(sendThroughRecorder, deps, deps.desktop, action.payload.id, text);
    return;
  }
  const online = yield* select((s: RootState) => s.socket.status === 'online');
  const lang = yield* select((s: RootState) => s.settings.speechLang);
  const speak = yield* select((s: RootState) => s.voicedReplies.speakAloud);
  let sent: boolean;
  if (speak && online) {
    // A voiced reply is this same line, read aloud too: request-text-to-speech adds it to the
    // transcript on the server, so typed-message is not also sent.
    const requestId = `reply${nextRequest++}x${deps.now().toString(36)}`;
    const voiceId = yield* select(selectVoiceId);
    yield* put(voicedRepliesActions.requested({ requestId, text, lang }));
    sent = deps.link.send({ type: 'request-text-to-speech', requestId, text, voiceId, lang });
  } else {
    sent = online && deps.link.send({ type: 'typed-message', text, lang });
  }
  yield* put(typedRepliesActions.sendFinished({ id: action.payload.id, sent }));
  if (!sent) yield* put(notificationsActions.notify({ intent: 'warning', key: 'conversation.notConnected' }));
}

/**
 * From a desktop caption window: main hands the line to the recording window (in the room
 * read-write), whose own choice of speaking aloud applies. Without a room, the box says why.
 */
function* sendThroughRecorder(deps: AppDeps, desktop: DesktopDeps, id: string, text: string) {
  const answer = yield* askMain(deps, desktop, 'captions:typedReply', { text });
  const sent = answer?.ok === true;
  yield* put(typedRepliesActions.sendFinished({ id, sent }));
  if (!sent) {
    const key =
      answer && !answer.ok && answer.reason === 'offline'
        ? 'typedReplies.offlineCaptions'
        : 'typedReplies.noRoom';
    yield* put(notificationsActions.notify({ intent: 'warning', key }));
  }
}

function* signalTyping(deps: AppDeps) {
  const online = yield* select((s: RootState) => s.socket.status === 'online');
  if (online) deps.link.send({ type: 'signal-i-am-typing', fromUser: true });
}

export function* typedRepliesSaga(deps: AppDeps) {
  yield* takeEvery(typedRepliesActions.sendRequested, sendTypedLine, deps);
  yield* throttle(TYPING_SIGNAL_INTERVAL_MS, typedRepliesActions.composing, signalTyping, deps);
}
