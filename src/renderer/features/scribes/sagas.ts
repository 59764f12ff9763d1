/**
 * Scribes: the dashboard's polling and actions (HTTP, as the signed-in Scribe), the room's Scribe
 * messages (on the socket), the correction mode kept locally, and a practice room's recording
 * and score.
 */
import { call, delay, put, race, select, take, takeEvery, takeLatest } from 'typed-redux-saga';
import {
  type AcceptScribeResponse,
  type BeginChatBody,
  SCRIBE_API,
  type ScribeDashboardResponse,
  type ScribeTrainingItemsResponse,
  type ScribeTrainingScore,
  type ScribeTrainingStartResponse,
} from '../../../shared/scribe/api';
import { CORRECTION_MODE_STORAGE_KEY, storedCorrectionMode } from '../../../shared/scribe/model';
import type { AppDeps } from '../../app/deps';
import type { ClientMessage } from '../../../shared/protocol';
import type { RootState } from '../../app/root-reducer';
import { notificationsActions } from '../notifications/slice';
import { authedRequest, currentToken } from '../sign-in/authed-request';
import { identityAuthorization } from '../../../shared/auth';
import type { ScribeEligibility } from '../../../shared/scribe/time';
import { identityHeaders } from '../identity/sagas';
import { scribeActions } from './slice';

/** How often the dashboard asks for waiting requests (the seconds since an update tick locally). */
export const DASHBOARD_POLL_MS = 2000;
/** How often a practice room's score is measured again. */
export const SCORE_POLL_MS = 3000;

function* loadDashboard(deps: AppDeps) {
  const result = yield* authedRequest<ScribeDashboardResponse>(deps, 'GET', SCRIBE_API.requests);
  if (result.ok)
    yield* put(scribeActions.dashboardLoaded({ dashboard: result.data, receivedAtMs: deps.now() }));
  else yield* put(scribeActions.dashboardFailed(result.message));
}

function* pollDashboard(deps: AppDeps) {
  const items = yield* authedRequest<ScribeTrainingItemsResponse>(deps, 'GET', SCRIBE_API.training);
  if (items.ok) yield* put(scribeActions.trainingLoaded(items.data.items));
  for (;;) {
    yield* call(loadDashboard, deps);
    const { closed } = yield* race({
      closed: take(scribeActions.dashboardClosed),
      later: delay(DASHBOARD_POLL_MS),
      now: take(scribeActions.refreshRequested),
    });
    if (closed) return;
  }
}

function* accept(deps: AppDeps, action: ReturnType<typeof scribeActions.acceptRequested>) {
  const result = yield* authedRequest<AcceptScribeResponse>(
    deps,
    'POST',
    SCRIBE_API.accept(action.payload),
    {},
  );
  if (result.ok) {
    yield* put(scribeActions.acceptFinished({ roomId: result.data.roomId }));
  } else {
    yield* put(scribeActions.acceptFinished({}));
    yield* put(
      notificationsActions.notify({ intent: 'danger', key: 'scribe.acceptFailed', detail: result.message }),
    );
    yield* put(scribeActions.refreshRequested());
  }
}

function* end(deps: AppDeps, action: ReturnType<typeof scribeActions.endRequested>) {
  const result = yield* authedRequest(deps, 'POST', SCRIBE_API.end(action.payload), {});
  if (!result.ok)
    yield* put(
      notificationsActions.notify({ intent: 'danger', key: 'scribe.endFailed', detail: result.message }),
    );
  yield* put(scribeActions.refreshRequested());
}

function* beginChat(deps: AppDeps, action: ReturnType<typeof scribeActions.beginChatRequested>) {
  const { requesterAvaId, text } = action.payload;
  const result = yield* authedRequest(deps, 'POST', SCRIBE_API.beginChat, {
    avaId: requesterAvaId,
    messageToUser: text,
    messageFromUser: text,
  } satisfies BeginChatBody);
  if (!result.ok)
    yield* put(
      notificationsActions.notify({ intent: 'danger', key: 'scribe.chatFailed', detail: result.message }),
    );
  yield* put(scribeActions.refreshRequested());
}

/** Sends a Scribe message on the room's socket; says so when it cannot. */
function* sendInRoom(deps: AppDeps, message: ClientMessage) {
  const online = yield* select((s: RootState) => s.socket.status === 'online');
  const sent = online && deps.link.send(message);
  if (!sent) yield* put(notificationsActions.notify({ intent: 'warning', key: 'conversation.notConnected' }));
}

function* requestScribe(deps: AppDeps, action: ReturnType<typeof scribeActions.requestScribe>) {
  deps.storage.set(CORRECTION_MODE_STORAGE_KEY, action.payload.correctionMode);
  yield* put(scribeActions.correctionModeLoaded(action.payload.correctionMode));
  yield* call(sendInRoom, deps, {
    type: 'request-scribe',
    correctionMode: action.payload.correctionMode,
  } as ClientMessage);
}

/**
 * Whether the person may ask for a Scribe (guest or account alike), so the button can say what
 * is needed before it is pressed. A failed read leaves the button as it was: the request itself
 * is still refused with the reason.
 */
function* loadEligibility(deps: AppDeps) {
  const identity = yield* select((s: RootState) => s.session.identity);
  if (!identity) return;
  const result = yield* call([deps.http, deps.http.get<ScribeEligibility>], SCRIBE_API.eligibility, {
    headers: identityHeaders(identity),
  });
  if (result.ok) yield* put(scribeActions.eligibilityLoaded(result.data));
  else deps.logger.log('warn', 'scribe', `Scribe eligibility not read: ${result.status} ${result.message}`);
}

function* chooseMode(deps: AppDeps, action: ReturnType<typeof scribeActions.correctionModeChosen>) {
  deps.storage.set(CORRECTION_MODE_STORAGE_KEY, action.payload);
  yield* put(scribeActions.correctionModeLoaded(action.payload));
  // In a room with a Scribe request: the room switches too.
  const request = yield* select((s: RootState) => s.conversation.status?.scribe);
  if (request && request.correctionMode !== action.payload && request.status !== 'ended')
    yield* call(sendInRoom, deps, {
      type: 'update-scribe-correction-mode',
      correctionMode: action.payload,
    } as ClientMessage);
}

function* startTraining(deps: AppDeps, action: ReturnType<typeof scribeActions.trainingStartRequested>) {
  const result = yield* authedRequest<ScribeTrainingStartResponse>(
    deps,
    'POST',
    SCRIBE_API.trainingStart(action.payload),
    {},
  );
  if (result.ok)
    yield* put(scribeActions.trainingStarted({ roomId: result.data.roomId, name: action.payload }));
  else
    yield* put(
      notificationsActions.notify({ intent: 'danger', key: 'scribe.trainingFailed', detail: result.message }),
    );
}

/** A practice room: its recording, to play, and its score, measured again every few seconds. */
function* practice(deps: AppDeps, action: ReturnType<typeof scribeActions.practiceOpened>) {
  const token = yield* call(currentToken, deps);
  if (token) {
    const file = yield* call(
      [deps.files, deps.files.download],
      SCRIBE_API.trainingAudio(action.payload.name),
      { Authorization: identityAuthorization(token) },
    );
    if (file.ok && typeof URL.createObjectURL === 'function')
      yield* put(scribeActions.trainingAudioLoaded(URL.createObjectURL(file.data.blob)));
  }
  for (;;) {
    const score = yield* authedRequest<ScribeTrainingScore>(
      deps,
      'GET',
      SCRIBE_API.trainingScore(action.payload.roomId),
    );
    if (score.ok) yield* put(scribeActions.scoreLoaded(score.data));
    const { closed } = yield* race({
      closed: take(scribeActions.practiceClosed),
      later: delay(SCORE_POLL_MS),
    });
    if (closed) break;
  }
  const url = yield* select((s: RootState) => s.scribe.trainingAudioUrl);
  if (url && typeof URL.revokeObjectURL === 'function') URL.revokeObjectURL(url);
  yield* put(scribeActions.trainingAudioLoaded(undefined));
}

export function* scribeSaga(deps: AppDeps) {
  yield* put(
    scribeActions.correctionModeLoaded(storedCorrectionMode(deps.storage.get(CORRECTION_MODE_STORAGE_KEY))),
  );
  yield* takeLatest(scribeActions.dashboardOpened.type, pollDashboard, deps);
  yield* takeEvery(scribeActions.acceptRequested.type, accept, deps);
  yield* takeEvery(scribeActions.endRequested.type, end, deps);
  yield* takeEvery(scribeActions.beginChatRequested.type, beginChat, deps);
  yield* takeEvery(scribeActions.requestScribe.type, requestScribe, deps);
  yield* takeLatest(scribeActions.eligibilityRequested.type, loadEligibility, deps);
  yield* takeEvery(scribeActions.cancelScribe.type, function* () {
    yield* call(sendInRoom, deps, { type: 'cancel-scribe' } as ClientMessage);
  });
  yield* takeEvery(scribeActions.correctionModeChosen.type, chooseMode, deps);
  yield* takeEvery(
    scribeActions.chatSent.type,
    function* (action: ReturnType<typeof scribeActions.chatSent>) {
      yield* call(sendInRoom, deps, { type: 'scribe-chat', text: action.payload } as ClientMessage);
    },
  );
  yield* takeEvery(scribeActions.trainingStartRequested.type, startTraining, deps);
  yield* takeLatest(scribeActions.practiceOpened.type, practice, deps);
}
