import { afterEach, describe, expect, it } from 'vitest';
import { historySaga } from '../../../../../src/renderer/features/history/sagas';
import { historyActions } from '../../../../../src/renderer/features/history/slice';
import { initialSessionState } from '../../../../../src/renderer/features/identity/slice';
import type { SavedTranscript } from '../../../../../src/shared/saved-transcripts';
import { type Fakes, type Running, makeFakes, run } from '../../../../helpers/saga-harness';

const entry = (roomId: string, startTimestampMs: number): SavedTranscript => ({
  roomId,
  startTimestampMs,
  title: `Talk ${roomId}`,
  hasTranscripts: true,
  isAllowedAccess: true,
  deleted: false,
  summary: { durationMs: 0, participants: [], otherParticipants: 0, firstWords: '' },
});
const flush = () => new Promise((r) => setTimeout(r, 0));

describe('history saga', () => {
  let fakes: Fakes;
  let app: Running;

  function start() {
    fakes = makeFakes();
    app = run(historySaga, [fakes.deps], {
      session: {
        ...initialSessionState,
        status: 'ready',
        identity: { kind: 'guest', avaId: 'me1', userName: 'Me', credential: 'cred' },
      },
    });
  }
  afterEach(() => app.task.cancel());

  it('loads the first page as the caller, then the next one from nextBefore', async () => {
    start();
    fakes.http.on('GET', '/api/v1/saved-transcripts?avaId=me1&limit=10', {
      ok: true,
      status: 200,
      data: { savedTranscripts: [entry('b', 20), entry('a', 10)], nextBefore: 10 },
    });
    fakes.http.on('GET', '/api/v1/saved-transcripts?avaId=me1&limit=10&before=10', {
      ok: true,
      status: 200,
      data: { savedTranscripts: [entry('z', 5)] },
    });
    app.dispatch(historyActions.listRequested(''));
    await flush();
    expect(app.state.history.entries.map((e) => e.roomId)).toEqual(['b', 'a']);
    expect(app.state.history.nextBefore).toBe(10);
    expect(fakes.http.calls[0]!.headers).toBeDefined();
    app.dispatch(historyActions.moreRequested());
    await flush();
    expect(app.state.history.entries.map((e) => e.roomId)).toEqual(['b', 'a', 'z']);
    expect(app.state.history.nextBefore).toBeUndefined();
  });

  it('searches with the words given, from the newest again', async () => {
    start();
    fakes.http.on('GET', '/api/v1/saved-transcripts?avaId=me1&limit=10&search=budget+review', {
      ok: true,
      status: 200,
      data: { savedTranscripts: [entry('a', 10)] },
    });
    app.dispatch(historyActions.listRequested('budget review'));
    await flush();
    expect(app.state.history).toMatchObject({ status: 'loaded', search: 'budget review' });
    expect(app.state.history.entries.map((e) => e.roomId)).toEqual(['a']);
  });

  it('says a failed load in the server’s words', async () => {
    start();
    app.dispatch(historyActions.listRequested(''));
    await flush();
    expect(app.state.history).toMatchObject({ status: 'failed', error: 'not found' });
  });

  it('renames and deletes an entry, and tells the person either way', async () => {
    start();
    fakes.http.on('GET', '/api/v1/saved-transcripts?avaId=me1&limit=10', {
      ok: true,
      status: 200,
      data: { savedTranscripts: [entry('a', 10), entry('b', 5)] },
    });
    fakes.http.on('PATCH', '/api/v1/saved-transcripts/a', (call) => ({
      ok: true,
      status: 200,
      data: { roomId: 'a', title: (call.body as { title: string }).title },
    }));
    fakes.http.on('DELETE', '/api/v1/saved-transcripts/b', { ok: true, status: 204, data: undefined });
    app.dispatch(historyActions.listRequested(''));
    await flush();
    app.dispatch(historyActions.renameRequested({ roomId: 'a', title: 'Budget' }));
    app.dispatch(historyActions.deleteRequested('b'));
    await flush();
    expect(app.state.history.entries).toEqual([{ ...entry('a', 10), title: 'Budget' }]);
    expect(app.state.history.pending).toEqual({});
    expect(app.state.notifications.items.map((n) => n.key)).toEqual([
      'history.page.renamed',
      'history.page.deleted',
    ]);
    // Refused: the entry stays and the person is told.
    app.dispatch(historyActions.deleteRequested('a'));
    await flush();
    expect(app.state.history.entries.map((e) => e.roomId)).toEqual(['a']);
    expect(app.state.notifications.items.at(-1)?.key).toBe('history.page.deleteFailed');
  });

  it('deletes the selected entries in one request, and keeps them all when it is refused', async () => {
    start();
    fakes.http.on('GET', '/api/v1/saved-transcripts?avaId=me1&limit=10', {
      ok: true,
      status: 200,
      data: { savedTranscripts: [entry('a', 30), entry('b', 20), entry('c', 10)] },
    });
    fakes.http.on(
      'POST',
      '/api/v1/saved-transcripts/bulk-delete',
      { ok: false, status: 409, message: 'End the conversation before deleting it.' },
      (call) => ({
        ok: true,
        status: 200,
        data: { roomIds: (call.body as { roomIds: string[] }).roomIds, deleted: 2 },
      }),
    );
    app.dispatch(historyActions.listRequested(''));
    await flush();
    app.dispatch(historyActions.selectionToggled('c'));
    app.dispatch(historyActions.selectionToggled('a'));
    expect(app.state.history.selected).toEqual(['a', 'c']);

    app.dispatch(historyActions.bulkDeleteRequested());
    await flush();
    // Refused: nothing deleted, still selected, and the person is told.
    expect(app.state.history.entries.map((e) => e.roomId)).toEqual(['a', 'b', 'c']);
    expect(app.state.history.selected).toEqual(['a', 'c']);
    expect(app.state.history.pending).toEqual({});
    expect(app.state.notifications.items.at(-1)).toMatchObject({
      key: 'history.page.bulkDeleteFailed_other',
      values: { count: 2 },
    });

    app.dispatch(historyActions.bulkDeleteRequested());
    await flush();
    expect(fakes.http.callsTo('POST', '/api/v1/saved-transcripts/bulk-delete').at(-1)!.body).toEqual({
      roomIds: ['a', 'c'],
    });
    expect(app.state.history.entries.map((e) => e.roomId)).toEqual(['b']);
    expect(app.state.history.selected).toEqual([]);
    expect(app.state.notifications.items.at(-1)).toMatchObject({
      key: 'history.page.bulkDeleted_other',
      values: { count: 2 },
    });
  });
});
