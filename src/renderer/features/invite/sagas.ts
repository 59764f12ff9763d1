import { call, put, takeLatest } from 'typed-redux-saga';
import type { AppDeps } from '../../app/deps';
import { notificationsActions } from '../notifications/slice';
import { inviteActions } from './actions';

export function* copyInviteLink(deps: AppDeps, action: ReturnType<typeof inviteActions.copyLinkRequested>) {
  try {
    yield* call([deps.clipboard, deps.clipboard.writeText], action.payload);
    yield* put(notificationsActions.notify({ intent: 'success', key: 'invite.copied' }));
  } catch (error) {
    deps.logger.log('warn', 'invite', 'could not copy the link', error);
    yield* put(notificationsActions.notify({ intent: 'warning', key: 'invite.copyFailed' }));
  }
}

export function* inviteSaga(deps: AppDeps) {
  yield* takeLatest(inviteActions.copyLinkRequested.type, copyInviteLink, deps);
}
