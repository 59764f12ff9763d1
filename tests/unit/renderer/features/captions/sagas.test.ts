/**
 * Following the room's sequence numbers: a gap or a reconnection makes the client ask
 * `transcripts-since`, the answer fills the captions without duplicates, and scrolling back
 * fetches older pages (`transcripts-before`). The pure rules first, then the reducer and saga.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SINCE_RETRY_MS, captionsSaga } from '../../../../../src/renderer/features/captions/sagas';
import { captionsActions } from '../../../../../src/renderer/features/captions/slice';
import { conversationActions } from '../../../../../src/renderer/features/conversation/slice';
import { socketActions } from '../../../../../src/renderer/features/socket/slice';
import type { Transcript } from '../../../../../src/shared/entities';
import type { ServerMessage } from '../../../../../src/shared/protocol';
import { nextSeqState, type SeqState } from '../../../../../src/shared/transcript-sequence';
import { FakeSocket, makeFakes, makeTranscript, run, settle } from '../../../../helpers/saga-harness';

describe('nextSeqState', () => {
  it('advances one final at a time and asks once when one is skipped', () => {
    let state: SeqState = nextSeqState({}, { kind: 'snapshot', seq: 4 }).state;
    expect(state).toEqual({ seq: 4 });
    state = nextSeqState(state, { kind: 'final', seq: 5 }).state;
    expect(state).toEqual({ seq: 5 });
    const gap = nextSeqState(state, { kind: 'final', seq: 7 });
    expect(gap).toEqual({ state: { seq: 5, asked: 5 }, ask: 5 });
    // While the answer is on its way, further gaps do not ask again.
    expect(nextSeqState(gap.state, { kind: 'final', seq: 8 }).ask).toBeUndefined();
    const answered = nextSeqState(gap.state, { kind: 'since', afterSeq: 5, seq: 8, complete: true });
    expect(answered).toEqual({ state: { seq: 8 } });
  });

  it('notices a missed final from a partial carrying a later seq, and ignores what it already has', () => {
    const state: SeqState = { seq: 3 };
    expect(nextSeqState(state, { kind: 'unstored', seq: 3 })).toEqual({ state });
    expect(nextSeqState(state, { kind: 'final', seq: 2 })).toEqual({ state });
    expect(nextSeqState(state, { kind: 'unstored', seq: 4 }).ask).toBe(3);
  });

  it('after a reconnection asks for everything after what it had, and pages until complete', () => {
    const reconnected = nextSeqState({ seq: 10, asked: 9 }, { kind: 'snapshot', seq: 500 });
    expect(reconnected).toEqual({ state: { seq: 10, asked: 10 }, ask: 10 });
    const page = nextSeqState(reconnected.state, { kind: 'since', afterSeq: 10, seq: 210, complete: false });
    expect(page).toEqual({ state: { seq: 210, asked: 210 }, ask: 210 });
    const done = nextSeqState(page.state, { kind: 'since', afterSeq: 210, seq: 500, complete: true });
    expect(done).toEqual({ state: { seq: 500 } });
    // Nothing new while away: nothing to ask.
    expect(nextSeqState({ seq: 7 }, { kind: 'snapshot', seq: 7 })).toEqual({ state: { seq: 7 } });
  });

  it('asks again, from what it has, once a refused request has waited', () => {
    expect(nextSeqState({ seq: 6, asked: 4 }, { kind: 'refused' })).toEqual({
      state: { seq: 6, asked: 6 },
      ask: 6,
    });
    // Nothing was being asked (a new connection started over): nothing to ask again.
    expect(nextSeqState({ seq: 6 }, { kind: 'refused' })).toEqual({ state: { seq: 6 } });
  });

  it('does not take a stale answer for one that starts after what it has', () => {
    const state: SeqState = { seq: 5, asked: 5 };
    expect(nextSeqState(state, { kind: 'since', afterSeq: 9, seq: 12, complete: true }).state).toEqual(state);
  });
});

const final = (i: number, extra: Partial<Transcript> = {}) =>
  makeTranscript({ id: `t${i}`, index: i, isFinal: true, texts: { 'en-US': `Line ${i}.` }, ...extra });

const received = (message: ServerMessage) => socketActions.messageReceived(message);

function setup() {
  const fakes = makeFakes();
  const socket = new FakeSocket('ws://test/ws');
  fakes.deps.link.attach(socket);
  const app = run(captionsSaga, [fakes.deps]);
  app.dispatch(conversationActions.entered({ roomId: 'r1', readonly: false }));
  const ids = () => app.state.captions.ids;
  return { app, socket, ids, link: fakes.deps.link };
}

describe('captions and the room sequence', () => {
  it('asks for what a gap skipped, and fills it in order without duplicates', async () => {
    const { app, socket, ids } = setup();
    app.dispatch(received({ type: 'transcripts', transcripts: [final(0)], seq: 1, hasOlder: false }));
    app.dispatch(received({ type: 'transcript', transcript: final(1), seq: 2 }));
    app.dispatch(received({ type: 'transcript', transcript: final(3), seq: 4 }));
    await settle();
    expect(socket.sent).toEqual([{ type: 'transcripts-since', afterSeq: 2 }]);
    app.dispatch(
      received({
        type: 'transcripts-since-response',
        afterSeq: 2,
        transcripts: [final(2), final(3)],
        seq: 4,
        complete: true,
      }),
    );
    await settle();
    expect(ids()).toEqual(['t0', 't1', 't2', 't3']);
    expect(app.state.captions.sequence).toEqual({ seq: 4 });
    expect(socket.sent).toHaveLength(1);
  });

  it('keeps what it showed across a reconnection and asks for what it missed', async () => {
    const { app, socket, ids } = setup();
    app.dispatch(
      received({ type: 'transcripts', transcripts: [final(0), final(1)], seq: 2, hasOlder: false }),
    );
    app.dispatch(
      received({
        type: 'transcript',
        transcript: makeTranscript({ id: 'p', index: 2, texts: { 'en-US': 'spo' } }),
        seq: 2,
      }),
    );
    // Reconnected: the snapshot holds only the latest finals, and the partial was finalised meanwhile.
    app.dispatch(received({ type: 'transcripts', transcripts: [final(4)], seq: 5, hasOlder: true }));
    await settle();
    expect(ids()).toEqual(['t0', 't1', 't4']);
    expect(socket.sent).toEqual([{ type: 'transcripts-since', afterSeq: 2 }]);
    app.dispatch(
      received({
        type: 'transcripts-since-response',
        afterSeq: 2,
        transcripts: [final(2, { id: 'p' }), final(3), final(4)],
        seq: 5,
        complete: true,
      }),
    );
    await settle();
    expect(ids()).toEqual(['t0', 't1', 'p', 't3', 't4']);
    // It had the oldest ones already: nothing older to fetch.
    expect(app.state.captions.hasOlder).toBe(false);
  });

  it('waits for the next connection when there is none to ask on', async () => {
    const { app, socket, link } = setup();
    app.dispatch(received({ type: 'transcripts', transcripts: [], seq: 0, hasOlder: false }));
    await settle();
    link.detach();
    app.dispatch(received({ type: 'transcript', transcript: final(1), seq: 2 }));
    await settle();
    expect(socket.sent).toEqual([]);
    expect(app.state.captions.sinceToSend).toBeUndefined();
    expect(app.state.captions.sequence).toEqual({ seq: 0 });
    // The next connection's snapshot asks.
    link.attach(socket);
    app.dispatch(received({ type: 'transcripts', transcripts: [final(1)], seq: 2, hasOlder: false }));
    await settle();
    expect(socket.sent).toEqual([{ type: 'transcripts-since', afterSeq: 0 }]);
  });

  it('fetches the page before the oldest caption when asked, once at a time', async () => {
    const { app, socket, ids } = setup();
    app.dispatch(
      received({ type: 'transcripts', transcripts: [final(5), final(6)], seq: 7, hasOlder: true }),
    );
    app.dispatch(captionsActions.olderRequested());
    app.dispatch(captionsActions.olderRequested());
    await settle();
    expect(socket.sent).toEqual([{ type: 'transcripts-before', beforeIndex: 5, limit: 200 }]);
    expect(app.state.captions.olderLoading).toBe(true);
    app.dispatch(
      received({
        type: 'transcripts-before-response',
        beforeIndex: 5,
        transcripts: [final(3), final(4)],
        hasOlder: false,
      }),
    );
    await settle();
    expect(ids()).toEqual(['t3', 't4', 't5', 't6']);
    expect(app.state.captions).toMatchObject({ hasOlder: false, olderLoading: false });
    app.dispatch(captionsActions.olderRequested());
    await settle();
    expect(socket.sent).toHaveLength(1);
  });

  describe('when the server refuses a page (asked too often)', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('asks again for what it missed after a moment', async () => {
      vi.useFakeTimers();
      const { app, socket } = setup();
      app.dispatch(received({ type: 'transcripts', transcripts: [final(0)], seq: 1, hasOlder: false }));
      app.dispatch(received({ type: 'transcript', transcript: final(3), seq: 4 }));
      await vi.advanceTimersByTimeAsync(0);
      expect(socket.sent).toEqual([{ type: 'transcripts-since', afterSeq: 1 }]);
      app.dispatch(
        received({
          type: 'error',
          error: { code: 'rate-limited', message: 'captions are being asked for too often; wait a moment' },
          inReplyTo: 'transcripts-since',
        }),
      );
      await vi.advanceTimersByTimeAsync(SINCE_RETRY_MS - 100);
      expect(socket.sent).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(200);
      expect(socket.sent).toEqual([
        { type: 'transcripts-since', afterSeq: 1 },
        { type: 'transcripts-since', afterSeq: 1 },
      ]);
    });

    it('lets scrolling back ask for older captions again', async () => {
      const { app, socket } = setup();
      app.dispatch(received({ type: 'transcripts', transcripts: [final(5)], seq: 6, hasOlder: true }));
      app.dispatch(captionsActions.olderRequested());
      await settle();
      expect(app.state.captions.olderLoading).toBe(true);
      app.dispatch(
        received({
          type: 'error',
          error: { code: 'rate-limited', message: 'captions are being asked for too often; wait a moment' },
          inReplyTo: 'transcripts-before',
        }),
      );
      expect(app.state.captions.olderLoading).toBe(false);
      app.dispatch(captionsActions.olderRequested());
      await settle();
      expect(socket.sent).toHaveLength(2);
    });
  });
});
