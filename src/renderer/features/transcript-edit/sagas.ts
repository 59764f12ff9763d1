/**
 * Sends the corrections the replica has ready, in order, one in flight (the slice's outbox is
 * filled by its reducers; this is the only part that touches the socket).
 */
import { put, select, takeEvery } from 'typed-redux-saga';
import type { Action } from '@reduxjs/toolkit';
import type { AppDeps } from '../../app/deps';
import type { RootState } from '../../app/root-reducer';
import { socketActions } from '../socket/slice';
import { transcriptEditActions } from './slice';

const mayFillOutbox = (action: Action): boolean =>
  transcriptEditActions.selected.match(action) ||
  transcriptEditActions.wordCommitted.match(action) ||
  socketActions.messageReceived.match(action);

export function* sendOutbox(deps: AppDeps) {
  const outbox = yield* select((s: RootState) => s.transcriptEdit.outbox);
  if (outbox.length === 0) return;
  const online = yield* select((s: RootState) => s.socket.status === 'online');
  let sent = online;
  for (const { lineId, mutation } of outbox) {
    if (!sent) break;
    sent = deps.link.send({ type: 'transcript-edit', transcriptId: lineId, mutation, origin: 'human' });
  }
  yield* put(transcriptEditActions.outboxSent(sent));
}

function* setEditingDisabled(
  deps: AppDeps,
  action: ReturnType<typeof transcriptEditActions.editingDisabledSet>,
) {
  const online = yield* select((s: RootState) => s.socket.status === 'online');
  if (online) deps.link.send({ type: 'connection-params-update', editingDisabled: action.payload });
}

export function* transcriptEditSaga(deps: AppDeps) {
  yield* takeEvery(mayFillOutbox, sendOutbox, deps);
  yield* takeEvery(transcriptEditActions.editingDisabledSet, setEditingDisabled, deps);
}
