import { describe, expect, it } from 'vitest';
import { API } from '../../../../../src/shared/api';
import { conversationActions } from '../../../../../src/renderer/features/conversation/slice';
import { initialSessionState } from '../../../../../src/renderer/features/identity/slice';
import { socketActions } from '../../../../../src/renderer/features/socket/slice';
import { transcriptSaga } from '../../../../../src/renderer/features/transcript/sagas';
import { selectTranscriptLines } from '../../../../../src/renderer/features/transcript/selectors';
import { transcriptActions } from '../../../../../src/renderer/features/transcript/slice';
import { makeFakes, makeStatus, makeTranscript, run, settle } from '../../../../helpers/saga-harness';

const ready = {
  session: {
    ...initialSessionState,
    status: 'ready' as const,
    identity: { kind: 'guest' as const, avaId: 'me1', userName: 'Mia' },
  },
};

describe('transcript view', () => {
  it('uses the captions in the store right after the conversation, finals only, in order', async () => {
    const fakes = makeFakes();
    const app = run(transcriptSaga, [fakes.deps], ready);
    app.dispatch(conversationActions.entered({ roomId: 'r1', readonly: false }));
    app.dispatch(
      socketActions.messageReceived({ type: 'room-status', status: makeStatus({ id: 'r1', title: 'Demo' }) }),
    );
    app.dispatch(
      socketActions.messageReceived({
        type: 'transcripts',
        transcripts: [
          makeTranscript({ id: 'b', index: 1, isFinal: true, author: 'me1', texts: { 'en-US': 'Second.' } }),
          makeTranscript({
            id: 'a',
            index: 0,
            isFinal: true,
            texts: { 'en-US': 'First.' },
            asr: { final: true, timeReceivedMs: 1, engine: 'test' },
          }),
          makeTranscript({ id: 'c', index: 2, isFinal: false, texts: { 'en-US': 'unfinished' } }),
        ],
        seq: 2,
        hasOlder: false,
      }),
    );
    app.dispatch(transcriptActions.opened('r1'));
    await settle();
    expect(fakes.http.calls).toEqual([]);
    expect(app.state.transcript.status).toBe('loaded');
    expect(app.state.transcript.room?.title).toBe('Demo');
    expect(selectTranscriptLines(app.state).map((t) => t.id)).toEqual(['a', 'b']);
    // The spec's word stats, counted here as the server counts them: Mia typed 'Second.'.
    expect(app.state.transcript.wordStats).toEqual({
      wordsTypedYou: 1,
      wordsTypedGroup: 1,
      wordsCapturedYou: 0,
      wordsCapturedGroup: 1,
    });
  });

  it('fetches the whole transcript when the conversation only ever showed its latest captions', async () => {
    const fakes = makeFakes();
    const all = [0, 1, 2].map((i) =>
      makeTranscript({ id: `t${i}`, index: i, isFinal: true, texts: { 'en-US': `Line ${i}.` } }),
    );
    fakes.http.on('GET', API.roomTranscripts('r1'), {
      ok: true,
      status: 200,
      data: { status: makeStatus({ id: 'r1' }), transcripts: all },
    });
    const app = run(transcriptSaga, [fakes.deps], ready);
    app.dispatch(conversationActions.entered({ roomId: 'r1', readonly: false }));
    app.dispatch(
      socketActions.messageReceived({
        type: 'transcripts',
        transcripts: all.slice(2),
        seq: 3,
        hasOlder: true,
      }),
    );
    app.dispatch(transcriptActions.opened('r1'));
    await settle();
    expect(fakes.http.calls).toHaveLength(1);
    expect(selectTranscriptLines(app.state).map((t) => t.id)).toEqual(['t0', 't1', 't2']);
  });

  it('loads the transcript from the server after a reload', async () => {
    const fakes = makeFakes();
    fakes.http.on('GET', API.roomTranscripts('r2'), {
      ok: true,
      status: 200,
      data: {
        status: makeStatus({ id: 'r2', title: 'Saved' }),
        transcripts: [makeTranscript({ id: 'x', isFinal: true, texts: { 'en-US': 'Hello.' } })],
        wordStats: { wordsTypedYou: 0, wordsTypedGroup: 1, wordsCapturedYou: 0, wordsCapturedGroup: 0 },
      },
    });
    const app = run(transcriptSaga, [fakes.deps], ready);
    app.dispatch(transcriptActions.opened('r2'));
    await settle();
    expect(app.state.transcript).toMatchObject({
      roomId: 'r2',
      status: 'loaded',
      room: { title: 'Saved' },
      wordStats: { wordsTypedGroup: 1 },
    });
    expect(selectTranscriptLines(app.state).map((t) => t.id)).toEqual(['x']);
  });

  it('shows the server’s words when it cannot be loaded', async () => {
    const fakes = makeFakes();
    fakes.http.on('GET', API.roomTranscripts('r3'), {
      ok: false,
      status: 403,
      message: 'Not a participant',
    });
    const app = run(transcriptSaga, [fakes.deps], ready);
    app.dispatch(transcriptActions.opened('r3'));
    await settle();
    expect(app.state.transcript).toMatchObject({ status: 'failed', error: 'Not a participant' });
  });
});
