/** Invite by user query on the room's socket: searches, invitations, and the invitee's answer. */
import { call, delay, put, select, take, takeEvery, takeLatest } from 'typed-redux-saga';
import type { Action } from '@reduxjs/toolkit';
import type { ClientMessage } from '../../../shared/protocol';
import { SELF_JOIN_ERROR_RESET_MS } from '../../../shared/constants';
import { conversationPath } from '../../../shared/routes';
import type { AppDeps } from '../../app/deps';
import type { RootState } from '../../app/root-reducer';
import { notificationsActions } from '../notifications/slice';
import { socketActions } from '../socket/slice';
import { queryOfText } from './query';
import { invitePeopleActions } from './slice';

function* send(deps: AppDeps, message: ClientMessage) {
  const sent = yield* call([deps.link, deps.link.send], message);
  if (!sent) yield* put(notificationsActions.notify({ intent: 'warning', key: 'conversation.notConnected' }));
}

function* search(deps: AppDeps, action: ReturnType<typeof invitePeopleActions.searchRequested>) {
  const asked = queryOfText(action.payload);
  if ('problem' in asked) return;
  yield* send(deps, { type: 'user-query', ...asked.query });
}

function* invite(deps: AppDeps, action: ReturnType<typeof invitePeopleActions.inviteRequested>) {
  const byEmail = yield* select((state: RootState) => state.invitePeople.byEmail);
  const { id, to } = action.payload;
  yield* send(deps, {
    type: 'connection-request',
    fromSource: byEmail ? 'email' : 'name',
    id,
    to,
    role: 'participant',
  });
}

const isSelfRefusal = (a: Action): boolean =>
  socketActions.messageReceived.match(a) &&
  a.payload.type === 'connection-response' &&
  'to' in a.payload &&
  a.payload.error === 'self';

/** The spec's self-join error is shown for SELF_JOIN_ERROR_RESET_MS, then the state resets. */
export function* resetSelfError() {
  yield* delay(SELF_JOIN_ERROR_RESET_MS);
  yield* put(invitePeopleActions.selfErrorReset());
}

/** Declines, or accepts and joins once the server made this person a member (invitation closed). */
export function* answer(deps: AppDeps, action: ReturnType<typeof invitePeopleActions.incomingAnswered>) {
  const { id, roomId, accept } = action.payload;
  yield* send(deps, { type: 'connection-invitation-answer', id, accept });
  if (!accept) return;
  yield* take(
    (a: Action) =>
      socketActions.messageReceived.match(a) &&
      a.payload.type === 'connection-invitation-closed' &&
      a.payload.id === id,
  );
  yield* call([deps.navigation, deps.navigation.navigate], conversationPath(roomId));
}

export function* invitePeopleSaga(deps: AppDeps) {
  yield* takeLatest(invitePeopleActions.searchRequested.type, search, deps);
  yield* takeEvery(invitePeopleActions.inviteRequested.type, invite, deps);
  yield* takeLatest(isSelfRefusal, resetSelfError);
  yield* takeEvery(invitePeopleActions.incomingAnswered.type, answer, deps);
}
