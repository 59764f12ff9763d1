/** The host's room mode, sent on the room's socket (connection-params-update conversationMode). */
import { call, put, takeEvery } from 'typed-redux-saga';
import type { ClientMessage } from '../../../shared/protocol';
import type { AppDeps } from '../../app/deps';
import { notificationsActions } from '../notifications/slice';
import { hostControlsActions } from './actions';

function* changeMode(deps: AppDeps, action: ReturnType<typeof hostControlsActions.modeChanged>) {
  const message: ClientMessage = { type: 'connection-params-update', conversationMode: action.payload };
  const sent = yield* call([deps.link, deps.link.send], message);
  if (!sent) yield* put(notificationsActions.notify({ intent: 'warning', key: 'conversation.notConnected' }));
}

export function* hostControlsSaga(deps: AppDeps) {
  yield* takeEvery(hostControlsActions.modeChanged.type, changeMode, deps);
}
