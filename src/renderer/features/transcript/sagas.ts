import { call, put, select, takeLatest } from 'typed-redux-saga';
import { toPlainText } from '../../../shared/transcript-export/documents';
import { exportLabels } from '../../../shared/transcript-export/labels';
import { exportLines } from '../../../shared/transcript-export/lines';
import { API, type RoomTranscriptsResponse } from '../../../shared/api';
import type { AppDeps } from '../../app/deps';
import { selectState } from '../../app/root-reducer';
import { selectCaptions } from '../captions/selectors';
import { identityHeaders, waitForIdentity } from '../identity/sagas';
import { transcriptActions } from './slice';
import { conversationWordStats } from '../../../shared/recap/word-stats';

export function* loadTranscript(deps: AppDeps, action: ReturnType<typeof transcriptActions.opened>) {
  const roomId = action.payload;
  const state = yield* select(selectState);
  if (state.transcript.status === 'loaded' && state.transcript.roomId === roomId) return;
  // Just left this room: its captions are still in the store, unless only the latest pages of a
  // long conversation were ever fetched (the GET has all of them).
  if (state.captions.roomId === roomId && state.captions.ids.length > 0 && !state.captions.hasOlder) {
    const transcripts = yield* select(selectCaptions);
    const room = state.conversation.status?.id === roomId ? state.conversation.status : undefined;
    // Counted here as the server counts them for its answer below (one function for both).
    const you = state.session.identity?.avaId;
    const wordStats = you ? conversationWordStats(transcripts, you) : undefined;
    yield* put(transcriptActions.loaded({ roomId, room, transcripts, ...(wordStats ? { wordStats } : {}) }));
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
    transcriptActions.loaded({
      roomId,
      room: result.data.status,
      transcripts: result.data.transcripts,
      ...(result.data.wordStats ? { wordStats: result.data.wordStats } : {}),
    }),
  );
}

/** The reader's time zone, for the times an export writes (UTC when the browser does not say). */
function readerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** Downloads the transcript in one format, with the reader's language and time zone. */
export function* downloadExport(deps: AppDeps, action: ReturnType<typeof transcriptActions.exportRequested>) {
  const format = action.payload;
  const state = yield* select(selectState);
  const roomId = state.transcript.roomId;
  if (!roomId) return;
  const identity = yield* call(waitForIdentity);
  const path = API.roomTranscriptExport(roomId, {
    format,
    ui: state.settings.language,
    timeZone: readerTimeZone(),
    // The file is in the language the person read the captions in, where the room translated them.
    ...(state.translation.readingLang ? { lang: state.translation.readingLang } : {}),
  });
  const result = yield* call([deps.files, deps.files.download], path, identityHeaders(identity));
  if (!result.ok) {
    deps.logger.log(
      'warn',
      'transcript',
      `export ${format} of ${roomId} failed: ${result.status} ${result.message}`,
    );
    yield* put(transcriptActions.exportFailed({ action: format, message: result.message }));
    return;
  }
  deps.files.save(result.data);
  yield* put(transcriptActions.exportFinished(format));
}

/** Copies the transcript as plain text, written here from the lines the page shows (no round trip). */
export function* copyTranscript(deps: AppDeps) {
  const state = yield* select(selectState);
  const { roomId, room, transcripts } = state.transcript;
  if (!roomId) return;
  const source = {
    roomId,
    title: room?.title ?? '',
    startTimestampMs: room?.startTimestampMs ?? transcripts[0]?.timestampMs ?? 0,
    transcripts,
  };
  const text = toPlainText(source, exportLines(source, state.translation.readingLang ?? undefined), {
    labels: exportLabels(state.settings.language),
    timeZone: readerTimeZone(),
  });
  try {
    yield* call([deps.clipboard, deps.clipboard.writeText], text);
    yield* put(transcriptActions.exportFinished('copy'));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    yield* put(transcriptActions.exportFailed({ action: 'copy', message }));
  }
}

export function* transcriptSaga(deps: AppDeps) {
  yield* takeLatest(transcriptActions.opened.type, loadTranscript, deps);
  yield* takeLatest(transcriptActions.exportRequested.type, downloadExport, deps);
  yield* takeLatest(transcriptActions.copyRequested.type, copyTranscript, deps);
}
