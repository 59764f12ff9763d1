import { put, select, takeEvery, throttle } from 'typed-redux-saga';
import { TYPING_SIGNAL_INTERVAL_MS } from '../../../shared/constants';
import { normalizeTypedText } from '../../../shared/validation';
import type { AppDeps } from '../../app/deps';
import type { RootState } from '../../app/root-reducer';
import { notificationsActions } from '../notifications/slice';
import { typedRepliesActions } from './slice';

/** Sends a typed line on the room's socket; a line that could not be sent stays in the box. */
export function* sendTypedLine(deps: AppDeps, action: ReturnType<typeof typedRepliesActions.sendRequested>) {
  const text = normalizeTypedText(action.payload.text);
  if (!text) return;
  const online = yield* select((s: RootState) => s.socket.status === 'online');
  const lang = yield* select((s: RootState) => s.settings.speechLang);
  const sent = online && deps.link.send({ type: 'typed-message', text, lang });
  yield* put(typedRepliesActions.sendFinished({ id: action.payload.id, sent }));
  if (!sent) yield* put(notificationsActions.notify({ intent: 'warning', key: 'conversation.notConnected' }));
}

function* signalTyping(deps: AppDeps) {
  const online = yield* select((s: RootState) => s.socket.status === 'online');
  if (online) deps.link.send({ type: 'signal-i-am-typing', fromUser: true });
}

export function* typedRepliesSaga(deps: AppDeps) {
  yield* takeEvery(typedRepliesActions.sendRequested, sendTypedLine, deps);
  yield* throttle(TYPING_SIGNAL_INTERVAL_MS, typedRepliesActions.composing, signalTyping, deps);
}
