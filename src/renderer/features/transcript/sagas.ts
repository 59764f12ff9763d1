import { call, put, select, takeLatest } from 'typed-redux-saga';
import { API, type RoomTranscriptsResponse } from '../../../shared/api';
import type { AppDeps } from '../../app/deps';
import { selectState } from '../../app/root-reducer';
import { selectCaptions } from '../captions/selectors';
import { identityHeaders, waitForIdentity } from '../identity/sagas';
import { transcriptActions } from './slice';

export function* loadTranscript(deps: AppDeps, action: ReturnType<typeof transcriptActions.opened>) {
  const roomId = action.payload;
  const state = yield* select(selectState);
  if (state.transcript.status === 'loaded' && state.transcript.roomId === roomId) return;
  // Just left this room: its captions are still in the store, unless only the latest pages of a
  // long conversation were ever fetched (the GET has all of them).
  if (state.captions.roomId === roomId && state.captions.ids.length > 0 && !state.captions.hasOlder) {
    const transcripts = yield* select(selectCaptions);
    const room = state.conversation.status?.id === roomId ? state.conversation.status : undefined;
    yield* put(transcriptActions.loaded({ roomId, room, transcripts }));
    return;
  }
  const identity = yield* call(waitForIdentity);
  const result = yield* call(
    [deps.http, deps.http.get<RoomTranscriptsResponse>],
    API.roomTranscripts(roomId),
    {
      headers: identityHeaders(identity),
    },
  );
  if (!result.ok) {
    deps.logger.log('warn', 'transcript', `could not load ${roomId}: ${result.status} ${result.message}`);
    yield* put(transcriptActions.failed({ roomId, message: result.message }));
    return;
  }
  yield* put(
    transcriptActions.loaded({ roomId, room: result.data.status, transcripts: result.data.transcripts }),
  );
}

export function* transcriptSaga(deps: AppDeps) {
  yield* takeLatest(transcriptActions.opened.type, loadTranscript, deps);
}
