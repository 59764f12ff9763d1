import { put, select, takeEvery } from 'typed-redux-saga';
import type { ClientMessage } from '../../../shared/protocol';
import { checkSpeakerName, newVoicingSpeakerId } from '../../../shared/speakers';
import type { AppDeps } from '../../app/deps';
import type { RootState } from '../../app/root-reducer';
import { notificationsActions } from '../notifications/slice';
import { speakersActions } from './slice';

/** Sends to the room; says so when there is no connection (nothing changes then). */
function* sendAll(deps: AppDeps, messages: ClientMessage[]) {
  const online = yield* select((s: RootState) => s.socket.status === 'online');
  const sent = online && messages.every((m) => deps.link.send(m));
  if (!sent) yield* put(notificationsActions.notify({ intent: 'warning', key: 'conversation.notConnected' }));
  else yield* put(speakersActions.menuClosed());
}

export function* assignLine(deps: AppDeps, action: ReturnType<typeof speakersActions.lineAssigned>) {
  const { lineId, speakerId } = action.payload;
  yield* sendAll(deps, [{ type: 'assign-bloc-different-speaker', speakerId, blocId: lineId }]);
}

/** A new speaker and the line in one go: the client makes the id, so both can go at once. */
export function* giveLineToNewSpeaker(
  deps: AppDeps,
  action: ReturnType<typeof speakersActions.lineGivenToNewSpeaker>,
) {
  const checked = checkSpeakerName(action.payload.name);
  if (!checked.ok) return;
  const speakerId = newVoicingSpeakerId();
  yield* sendAll(deps, [
    { type: 'assign-voicing-speaker-name', speakerId, speakerName: checked.name },
    { type: 'assign-bloc-different-speaker', speakerId, blocId: action.payload.lineId },
  ]);
}

export function* rename(deps: AppDeps, action: ReturnType<typeof speakersActions.renamed>) {
  const checked = checkSpeakerName(action.payload.name);
  if (!checked.ok) return;
  yield* sendAll(deps, [
    { type: 'assign-voicing-speaker-name', speakerId: action.payload.speakerId, speakerName: checked.name },
  ]);
}

export function* claim(deps: AppDeps, action: ReturnType<typeof speakersActions.claimed>) {
  yield* sendAll(deps, [{ type: 'assign-voicing-speaker-myself', speakerId: action.payload.speakerId }]);
}

export function* speakersSaga(deps: AppDeps) {
  yield* takeEvery(speakersActions.lineAssigned, assignLine, deps);
  yield* takeEvery(speakersActions.lineGivenToNewSpeaker, giveLineToNewSpeaker, deps);
  yield* takeEvery(speakersActions.renamed, rename, deps);
  yield* takeEvery(speakersActions.claimed, claim, deps);
}
