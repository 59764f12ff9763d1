/**
 * The live delay meter in the app: captions timed as they arrive against the server clock the
 * PONG gives, summarised once a second; the warning past 3 s comes once and goes with hysteresis.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { captionDelaySaga } from '../../../../../src/renderer/features/caption-delay/sagas';
import {
  captionDelayActions,
  captionDelayReducer,
  initialCaptionDelayState,
} from '../../../../../src/renderer/features/caption-delay/slice';
import { conversationActions } from '../../../../../src/renderer/features/conversation/slice';
import { socketActions } from '../../../../../src/renderer/features/socket/slice';
import type { Transcript } from '../../../../../src/shared/entities';
import { makeFakes, makeTranscript, run } from '../../../../helpers/saga-harness';

/** The client's clock is 10 s behind the server's. */
const SKEW_MS = 10_000;
const START = 200_000;

function spoken(id: string, streamStartServerMs: number, endMs: number, madeAtServerMs: number): Transcript {
  return makeTranscript({
    id,
    texts: { 'en-US': 'Hello' },
    timestampMs: streamStartServerMs + 1000,
    t0: 1000,
    asr: { final: false, timeReceivedMs: madeAtServerMs, engine: 'pocketsphinx:en-us', endMs },
  });
}

describe('caption delay saga', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: START });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('measures delay on the server clock and refreshes once a second', async () => {
    const app = run(captionDelaySaga, [makeFakes().deps]);
    app.dispatch(conversationActions.entered({ roomId: 'r1', readonly: false }));
    // Ping sent at client START - 200, answered when the server said START + SKEW - 100: offset SKEW.
    app.dispatch(
      socketActions.messageReceived({
        type: 'PONG',
        clientTimeMs: START - 200,
        serverTimeMs: START + SKEW_MS - 100,
      }),
    );
    // The stream began at server time START + SKEW - 5000; 4.2 s of it are covered; shown now.
    const streamStart = START + SKEW_MS - 5000;
    app.dispatch(
      socketActions.messageReceived({
        type: 'transcript',
        transcript: spoken('a', streamStart, 4200, START + SKEW_MS - 100),
        seq: 0,
      }),
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(app.state.captionDelay.summary).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1000);
    expect(app.state.captionDelay.summary).toEqual({ medianMs: 800, p95Ms: 800, count: 1 });
    expect(app.state.captionDelay.tooLong).toBe(false);
    // A minute later with nothing spoken, the badge has nothing to say.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(app.state.captionDelay.summary).toBeUndefined();
    app.task.cancel();
  });

  it('ignores the snapshot of old finals and stops at the end of the conversation', async () => {
    const app = run(captionDelaySaga, [makeFakes().deps]);
    app.dispatch(conversationActions.entered({ roomId: 'r1', readonly: false }));
    app.dispatch(
      socketActions.messageReceived({ type: 'PONG', clientTimeMs: START, serverTimeMs: START + SKEW_MS }),
    );
    const old = spoken('old', START + SKEW_MS - 50_000, 2000, START + SKEW_MS - 47_000);
    app.dispatch(
      socketActions.messageReceived({ type: 'transcripts', transcripts: [old], seq: 1, hasOlder: false }),
    );
    await vi.advanceTimersByTimeAsync(1000);
    expect(app.state.captionDelay.summary).toBeUndefined();
    app.dispatch(conversationActions.exited());
    app.dispatch(
      socketActions.messageReceived({
        type: 'transcript',
        transcript: spoken('late', START + SKEW_MS - 5000, 4000, START + SKEW_MS),
        seq: 1,
      }),
    );
    await vi.advanceTimersByTimeAsync(2000);
    expect(app.state.captionDelay.summary).toBeUndefined();
    app.task.cancel();
  });
});

describe('caption delay slice', () => {
  it('warns past 3 s and clears only once well under it', () => {
    let state = captionDelayReducer(
      initialCaptionDelayState,
      captionDelayActions.measured({ medianMs: 3400, p95Ms: 4000, count: 5 }),
    );
    expect(state.tooLong).toBe(true);
    state = captionDelayReducer(
      state,
      captionDelayActions.measured({ medianMs: 2800, p95Ms: 3500, count: 6 }),
    );
    expect(state.tooLong).toBe(true);
    state = captionDelayReducer(
      state,
      captionDelayActions.measured({ medianMs: 2400, p95Ms: 3000, count: 7 }),
    );
    expect(state.tooLong).toBe(false);
    state = captionDelayReducer(
      state,
      captionDelayActions.measured({ medianMs: 3000, p95Ms: 9000, count: 7 }),
    );
    expect(state.tooLong).toBe(false);
  });
});
