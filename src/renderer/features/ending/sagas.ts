/**
 * Runs the end sequence (shared/end-sequence.ts) one stage at a time: the microphone stops
 * first (the host's end ends the room before BOOST asks anything: shared runOrder), BOOST (the words people corrected, offered for the person's boost list: boost/sagas.ts), SAVE_TRANSCRIPTS
 * (this conversation joins the person's history, when the server's rules allow), then
 * END_ON_BACKEND: the host ends the room for everyone and waits for the server to say so;
 * anyone else leaves with the close reason that says why. There is one way of ending: the
 * conversation saga calls `runEndSequence` for the end and the leave buttons alike.
 */
import { ANALYTICS_EVENTS, ANALYTICS_TAG } from '../../../shared/analytics';
import { call, delay, put, race, select, take, takeEvery } from 'typed-redux-saga';
import { API } from '../../../shared/api';
import type { CloseReason } from '../../../shared/protocol';
import {
  type EndingContext,
  type EndingStage,
  leaveReason,
  mayStartEnding,
  runOrder,
  stagesFor,
} from '../../../shared/end-sequence';
import { END_SEQUENCE_GUARD_MS } from '../../../shared/constants';
import { transcriptPath } from '../../../shared/routes';
import type { AppDeps } from '../../app/deps';
import { type RootState, selectState } from '../../app/root-reducer';
import { audioActions } from '../audio/slice';
import { isEndedStatusFor } from '../conversation/ended';
import { conversationActions } from '../conversation/slice';
import { identityHeaders, waitForIdentity } from '../identity/sagas';
import { notificationsActions } from '../notifications/slice';
import { endingActions } from './slice';
import { runBoostStage } from '../boost/sagas';

const TAG = 'ending';

/** The one reason the web app's host ends a room with a close (app_terminated is the desktop's). */
type RoomEndingReason = Extract<CloseReason, 'max_convo_time_reached'>;

/**
 * What decides the stages for this person: the web app is never a Scribe's (role participant).
 * Boost: on unless the person turned it off (`boost`); its manager exists once the server has
 * sent the person's list on this connection.
 */
function endingContext(deps: AppDeps, state: RootState): EndingContext {
  return {
    isScribe: false,
    isDesktop: deps.platform.isDesktopShell,
    // "Boost works only if the subscription allows it": nothing to offer otherwise.
    boostEnabled: state.boost.enabled && !state.boost.upgradeRequired,
    boostManagerExists: state.boost.loaded,
  };
}

/** SAVE_TRANSCRIPTS: the conversation joins this person's saved transcripts. */
export function* saveTranscript(deps: AppDeps, roomId: string) {
  const identity = yield* call(waitForIdentity);
  const result = yield* call(
    [deps.http, deps.http.post<unknown>],
    API.roomSavedTranscript(roomId),
    {},
    { headers: identityHeaders(identity) },
  );
  if (result.ok) return;
  // 403: the host's settings or one's own forbid saving it; that is the rule, not a failure.
  if (result.status === 403) {
    deps.logger.log('info', TAG, `${roomId} is not saved: ${result.message}`);
    return;
  }
  deps.logger.log('warn', TAG, `could not save ${roomId}: ${result.status} ${result.message}`);
  yield* put(
    notificationsActions.notify({ intent: 'warning', key: 'history.saveFailed', detail: result.message }),
  );
}

function* notConnected() {
  yield* put(notificationsActions.notify({ intent: 'warning', key: 'conversation.notConnected' }));
}

/**
 * END_ON_BACKEND for the host: the room ends for everyone once the server says it has. An end
 * with a reason of its own (the time limit's max_convo_time_reached) is a close with that reason;
 * the server tells everyone before it closes this socket.
 */
function* endOnBackend(deps: AppDeps, roomId: string, reason?: RoomEndingReason) {
  const sent = reason
    ? deps.link.send({ type: 'close', reason })
    : deps.link.send({ type: 'connection-params-update', roomId, state: { value: 'ended' } });
  if (!sent) {
    yield* put(conversationActions.endFailed());
    yield* call(notConnected);
    return;
  }
  const { timeout } = yield* race({
    ended: take(isEndedStatusFor(roomId)),
    timeout: delay(END_SEQUENCE_GUARD_MS),
  });
  if (timeout) {
    deps.logger.log('error', TAG, `the server did not confirm the end of ${roomId}`);
    yield* put(conversationActions.endFailed());
    yield* put(notificationsActions.notify({ intent: 'danger', key: 'conversation.endFailed' }));
  }
}

/** END_ON_BACKEND for anyone else: leave, saying why, and read the transcript. */
function* leaveOnBackend(deps: AppDeps, roomId: string) {
  const state = yield* select(selectState);
  const status = state.conversation.status;
  const me = state.session.identity?.avaId;
  // Without a participant list (not received yet) nothing is known beyond "I leave".
  const reason =
    status && status.participants.length > 0
      ? leaveReason({
          hostPresent: status.participants.some((p) => p.avaId === status.host.avaId),
          otherGuests: status.participants.filter((p) => p.avaId !== status.host.avaId && p.avaId !== me)
            .length,
        })
      : 'closed';
  deps.link.send({ type: 'close', reason });
  yield* call([deps.navigation, deps.navigation.navigate], transcriptPath(roomId));
}

function* runStage(
  deps: AppDeps,
  stage: EndingStage,
  roomId: string,
  asHost: boolean,
  reason?: RoomEndingReason,
) {
  switch (stage) {
    case 'BOOST':
      yield* call(runBoostStage, deps);
      return;
    case 'NOT_ENDING':
      return;
    case 'SAVE_TRANSCRIPTS':
      yield* call(saveTranscript, deps, roomId);
      return;
    case 'END_ON_BACKEND':
      if (asHost) yield* call(endOnBackend, deps, roomId, reason);
      else yield* call(leaveOnBackend, deps, roomId);
      return;
  }
}

/**
 * The host ends the conversation (`asHost`), or someone else leaves it. `reason`: the host's end
 * has a reason of its own (the restricted session's time limit).
 */
export function* runEndSequence(deps: AppDeps, asHost: boolean, reason?: RoomEndingReason) {
  const state: RootState = yield* select(selectState);
  const roomId = state.conversation.roomId;
  if (!roomId) return;
  if (!mayStartEnding(state.ending, deps.now())) {
    deps.logger.log('info', TAG, 'an end is already running: this request is ignored');
    return;
  }
  yield* put(endingActions.started({ atMs: deps.now() }));
  deps.logger.log('info', ANALYTICS_TAG, ANALYTICS_EVENTS.hadConversation, { roomId, asHost });
  try {
    // The microphone stops first: ending is not a reason to keep sending the room audio.
    if (state.audio.recording !== 'NOT_RECORDING') yield* put(audioActions.stopRequested());
    for (const stage of runOrder(stagesFor(endingContext(deps, state)), asHost)) {
      yield* put(endingActions.stageEntered(stage));
      yield* call(runStage, deps, stage, roomId, asHost, reason);
    }
    // The host's room ended (END_ON_BACKEND) and every question was answered: the transcript.
    const after: RootState = yield* select(selectState);
    if (asHost && after.conversation.status?.state.value === 'ended' && after.conversation.roomId === roomId)
      yield* call([deps.navigation, deps.navigation.navigate], transcriptPath(roomId));
  } finally {
    yield* put(endingActions.finished());
  }
}

/**
 * The host ended the room while this person (not the host) was in it: the transcript page says
 * so, and the conversation is saved to their history as their own end would have.
 */
export function* afterHostEnded(deps: AppDeps, roomId: string, byTimeLimit = false) {
  yield* put(byTimeLimit ? endingActions.timeLimitReached(roomId) : endingActions.hostEnded(roomId));
  deps.logger.log('info', ANALYTICS_TAG, ANALYTICS_EVENTS.hadConversation, { roomId, asHost: false });
  const state = yield* select(selectState);
  if (stagesFor(endingContext(deps, state)).includes('SAVE_TRANSCRIPTS'))
    yield* call(saveTranscript, deps, roomId);
}

/**
 * The desktop app quitting with a conversation open: the host's room ends for everyone
 * (close reason app_terminated, which the server honours for the host only), anyone else
 * leaves. Synchronous, as the window is going away: the desktop skips SAVE_TRANSCRIPTS anyway.
 * A browser tab closing is not the app terminating (a reload would end the room): the host
 * may come back, so nothing is sent and the socket simply closes.
 */
export function* onAppTerminating(deps: AppDeps) {
  if (!deps.platform.isDesktopShell) return;
  const state = yield* select(selectState);
  const status = state.conversation.status;
  if (!status || status.state.value === 'ended' || state.conversation.roomId !== status.id) return;
  const isHost = status.host.avaId === state.session.identity?.avaId;
  deps.link.send({ type: 'close', reason: isHost ? 'app_terminated' : 'closed' });
}

export function* endingSaga(deps: AppDeps) {
  yield* takeEvery(endingActions.appTerminating.type, onAppTerminating, deps);
}
