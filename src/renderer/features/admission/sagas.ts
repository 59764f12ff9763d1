/** The host's answers at the door, and the door's setting, sent on the room's socket. */
import { call, put, takeEvery } from 'typed-redux-saga';
import type { ClientMessage } from '../../../shared/protocol';
import type { AppDeps } from '../../app/deps';
import { notificationsActions } from '../notifications/slice';
import { admissionActions } from './slice';

function* answer(deps: AppDeps, action: ReturnType<typeof admissionActions.answered>) {
  const { id, accept } = action.payload;
  const message: ClientMessage = { type: 'connection-request-answer', id, accept };
  const sent = yield* call([deps.link, deps.link.send], message);
  if (!sent) yield* put(notificationsActions.notify({ intent: 'warning', key: 'conversation.notConnected' }));
}

function* requireAdmission(deps: AppDeps, action: ReturnType<typeof admissionActions.requireChanged>) {
  const message: ClientMessage = {
    type: 'connection-params-update',
    requireAdmission: action.payload,
  };
  const sent = yield* call([deps.link, deps.link.send], message);
  if (!sent) yield* put(notificationsActions.notify({ intent: 'warning', key: 'conversation.notConnected' }));
}

export function* admissionSaga(deps: AppDeps) {
  yield* takeEvery(admissionActions.answered.type, answer, deps);
  yield* takeEvery(admissionActions.requireChanged.type, requireAdmission, deps);
}
