/** Loads the recap, the quality report and the host's link of an ended room; opens shared links. */
import { all, call, put, takeLatest } from 'typed-redux-saga';
import {
  RECAP_API,
  type CaptionQualityResponse,
  type ShareLinkResponse,
  type SharedTranscriptResponse,
  type SmartRecapResponse,
} from '../../../shared/recap/api';
import type { AppDeps } from '../../app/deps';
import type { HttpResult } from '../../lib/http';
import { identityHeaders, waitForIdentity } from '../identity/sagas';
import { recapActions } from './slice';

function* loadRecap(deps: AppDeps, roomId: string, headers: Record<string, string>) {
  const result = yield* call(
    [deps.http, deps.http.post<SmartRecapResponse>],
    RECAP_API.generateSmartRecap(roomId),
    {},
    { headers },
  );
  if (result.ok) {
    yield* put(recapActions.recapSettled({ roomId, status: 'loaded', value: result.data.recap }));
  } else {
    deps.logger.log('warn', 'recap', `no recap of ${roomId}: ${result.status} ${result.message}`);
    yield* put(recapActions.recapSettled({ roomId, status: 'failed', error: result.message }));
  }
}

function* loadQuality(deps: AppDeps, roomId: string, headers: Record<string, string>) {
  const result = yield* call(
    [deps.http, deps.http.get<CaptionQualityResponse>],
    RECAP_API.captionQuality(roomId),
    {
      headers,
    },
  );
  if (result.ok) {
    yield* put(recapActions.qualitySettled({ roomId, status: 'loaded', value: result.data.report }));
  } else {
    deps.logger.log('warn', 'recap', `no quality report of ${roomId}: ${result.status} ${result.message}`);
    yield* put(recapActions.qualitySettled({ roomId, status: 'failed', error: result.message }));
  }
}

/** The host's link as the server now has it (loaded or changed), or the server's words why not. */
function shareLinkSettled(roomId: string, result: HttpResult<ShareLinkResponse>) {
  return recapActions.shareLinkSettled(
    result.ok
      ? { roomId, status: 'loaded', value: result.data.path }
      : { roomId, status: 'failed', error: result.message },
  );
}

function* loadShareLink(deps: AppDeps, roomId: string, headers: Record<string, string>) {
  const result = yield* call([deps.http, deps.http.get<ShareLinkResponse>], RECAP_API.shareLink(roomId), {
    headers,
  });
  yield* put(shareLinkSettled(roomId, result));
}

export function* openRecap(deps: AppDeps, action: ReturnType<typeof recapActions.opened>) {
  const { roomId, host } = action.payload;
  const identity = yield* call(waitForIdentity);
  const headers = identityHeaders(identity);
  yield* all([
    call(loadRecap, deps, roomId, headers),
    call(loadQuality, deps, roomId, headers),
    ...(host ? [call(loadShareLink, deps, roomId, headers)] : []),
  ]);
}

/** The host shares the read-only link, or stops sharing it. */
export function* changeShareLink(deps: AppDeps, action: ReturnType<typeof recapActions.shareRequested>) {
  const { roomId, share } = action.payload;
  const identity = yield* call(waitForIdentity);
  const options = { headers: identityHeaders(identity) };
  const result = share
    ? yield* call([deps.http, deps.http.post<ShareLinkResponse>], RECAP_API.shareLink(roomId), {}, options)
    : yield* call([deps.http, deps.http.delete<ShareLinkResponse>], RECAP_API.shareLink(roomId), options);
  yield* put(shareLinkSettled(roomId, result));
}

/** A shared link needs no identity: its token is the proof. */
export function* openShared(deps: AppDeps, action: ReturnType<typeof recapActions.sharedOpened>) {
  const token = action.payload;
  const result = yield* call(
    [deps.http, deps.http.get<SharedTranscriptResponse>],
    RECAP_API.sharedTranscript(token),
  );
  yield* put(
    recapActions.sharedSettled(
      result.ok
        ? { token, status: 'loaded', value: result.data }
        : { token, status: 'failed', error: result.message },
    ),
  );
}

export function* recapSaga(deps: AppDeps) {
  yield* takeLatest(recapActions.opened.type, openRecap, deps);
  yield* takeLatest(recapActions.shareRequested.type, changeShareLink, deps);
  yield* takeLatest(recapActions.sharedOpened.type, openShared, deps);
}
