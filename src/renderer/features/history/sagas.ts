/**
 * Loads the person's saved conversations a page at a time (newest first, the spec's 10), with
 * or without a search, and sends renames and deletes. Every answer the server refuses is said
 * in its own words.
 */
import { call, put, select, takeEvery, takeLatest } from 'typed-redux-saga';
import { API, withQuery } from '../../../shared/api';
import {
  SAVED_TRANSCRIPTS_PAGE_SIZE,
  type BulkDeletedSavedTranscripts,
  type SavedTranscriptsResponse,
} from '../../../shared/saved-transcripts';
import type { AppDeps } from '../../app/deps';
import type { RootState } from '../../app/root-reducer';
import type { TranslationKey } from '../../i18n/types';
import { identityHeaders, waitForIdentity } from '../identity/sagas';
import { notificationsActions } from '../notifications/slice';
import { historyActions } from './slice';

const TAG = 'history';

function* loadPage(deps: AppDeps, search: string, before: number | undefined) {
  const identity = yield* call(waitForIdentity);
  const path = withQuery(API.savedTranscripts, {
    avaId: identity.avaId,
    limit: String(SAVED_TRANSCRIPTS_PAGE_SIZE),
    before: before === undefined ? undefined : String(before),
    search: search || undefined,
  });
  const result = yield* call([deps.http, deps.http.get<SavedTranscriptsResponse>], path, {
    headers: identityHeaders(identity),
  });
  if (!result.ok) {
    deps.logger.log('warn', TAG, `could not load the history: ${result.status} ${result.message}`);
    yield* put(historyActions.loadFailed(result.message));
    return;
  }
  yield* put(
    historyActions.pageLoaded({
      search,
      entries: result.data.savedTranscripts,
      ...(result.data.nextBefore !== undefined ? { nextBefore: result.data.nextBefore } : {}),
      append: before !== undefined,
    }),
  );
}

export function* loadFirstPage(deps: AppDeps, action: ReturnType<typeof historyActions.listRequested>) {
  yield* call(loadPage, deps, action.payload, undefined);
}

export function* loadMore(deps: AppDeps) {
  const state = yield* select((s: RootState) => s.history);
  if (state.nextBefore === undefined) return;
  yield* call(loadPage, deps, state.search, state.nextBefore);
}

/** The server refused a rename or a delete: the entry can be changed again, and the person is told why. */
function* changeRefused(roomId: string, key: TranslationKey, message: string) {
  yield* put(historyActions.changeFailed(roomId));
  yield* put(notificationsActions.notify({ intent: 'danger', key, detail: message }));
}

export function* rename(deps: AppDeps, action: ReturnType<typeof historyActions.renameRequested>) {
  const { roomId, title } = action.payload;
  const identity = yield* call(waitForIdentity);
  const result = yield* call(
    [deps.http, deps.http.patch<{ roomId: string; title: string }>],
    API.savedTranscript(roomId),
    { title },
    { headers: identityHeaders(identity) },
  );
  if (!result.ok) {
    yield* changeRefused(roomId, 'history.page.renameFailed', result.message);
    return;
  }
  yield* put(historyActions.renamed({ roomId, title: result.data.title }));
  yield* put(
    notificationsActions.notify({
      intent: 'success',
      key: 'history.page.renamed',
      values: { title: result.data.title },
    }),
  );
}

export function* remove(deps: AppDeps, action: ReturnType<typeof historyActions.deleteRequested>) {
  const roomId = action.payload;
  const title = (yield* select((s: RootState) => s.history.entries.find((e) => e.roomId === roomId)))?.title;
  const identity = yield* call(waitForIdentity);
  const result = yield* call([deps.http, deps.http.delete<unknown>], API.savedTranscript(roomId), {
    headers: identityHeaders(identity),
  });
  if (!result.ok) {
    yield* changeRefused(roomId, 'history.page.deleteFailed', result.message);
    return;
  }
  yield* put(historyActions.deleted(roomId));
  yield* put(
    notificationsActions.notify({
      intent: 'success',
      key: 'history.page.deleted',
      values: { title: title ?? '' },
    }),
  );
}

/**
 * The selected entries, deleted together (all or none), after the person confirmed. A notice's
 * key is one message, not a plural family: the form is chosen here (never 0 entries).
 */
export function* removeSelected(deps: AppDeps) {
  const roomIds = yield* select((s: RootState) => s.history.selected);
  if (roomIds.length === 0) return;
  const identity = yield* call(waitForIdentity);
  const result = yield* call(
    [deps.http, deps.http.post<BulkDeletedSavedTranscripts>],
    API.savedTranscriptsBulkDelete,
    { roomIds },
    { headers: identityHeaders(identity) },
  );
  if (!result.ok) {
    deps.logger.log('warn', TAG, `could not delete ${roomIds.length} conversations: ${result.status}`);
    yield* put(historyActions.bulkDeleteFailed(roomIds));
    yield* put(
      notificationsActions.notify({
        intent: 'danger',
        key:
          roomIds.length === 1 ? 'history.page.bulkDeleteFailed_one' : 'history.page.bulkDeleteFailed_other',
        values: { count: roomIds.length },
        detail: result.message,
      }),
    );
    return;
  }
  yield* put(historyActions.bulkDeleted(result.data.roomIds));
  yield* put(
    notificationsActions.notify({
      intent: 'success',
      key: result.data.deleted === 1 ? 'history.page.bulkDeleted_one' : 'history.page.bulkDeleted_other',
      values: { count: result.data.deleted },
    }),
  );
}

export function* historySaga(deps: AppDeps) {
  yield* takeLatest(historyActions.listRequested.type, loadFirstPage, deps);
  yield* takeLatest(historyActions.moreRequested.type, loadMore, deps);
  yield* takeEvery(historyActions.renameRequested.type, rename, deps);
  yield* takeEvery(historyActions.deleteRequested.type, remove, deps);
  yield* takeLatest(historyActions.bulkDeleteRequested.type, removeSelected, deps);
}
