import { call, delay, put, takeLatest } from 'typed-redux-saga';
import type { AppDeps } from '../../app/deps';
import { COPIED_SHOW_MS, inviteActions } from './slice';

/** Copies the link; the card says whether it worked, then goes back to its plain label. */
export function* copyInviteLink(deps: AppDeps, action: ReturnType<typeof inviteActions.copyLinkRequested>) {
  try {
    yield* call([deps.clipboard, deps.clipboard.writeText], action.payload);
    yield* put(inviteActions.copyFinished('copied'));
    yield* delay(COPIED_SHOW_MS);
    yield* put(inviteActions.copyFinished('idle'));
  } catch (error) {
    deps.logger.log('warn', 'invite', 'could not copy the link', error);
    yield* put(inviteActions.copyFinished('failed'));
  }
}

export function* inviteSaga(deps: AppDeps) {
  yield* takeLatest(inviteActions.copyLinkRequested.type, copyInviteLink, deps);
}
