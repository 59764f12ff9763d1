/**
 * The Premium credit in a conversation: read for accounts when they come in and whenever their
 * Premium stream stops; counting while the room says their own stream is on Premium; told when
 * the server moved it to Basic; a failed read logged only (accounts.md section 8).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { conversationActions } from '../../../../../src/renderer/features/conversation/slice';
import { creditLeftMs } from '../../../../../src/renderer/features/credits/countdown';
import { creditsSaga } from '../../../../../src/renderer/features/credits/sagas';
import { socketActions } from '../../../../../src/renderer/features/socket/slice';
import { BUSINESS_API } from '../../../../../src/shared/business-api';
import { identityAuthorization } from '../../../../../src/shared/auth';
import type { AudioStream } from '../../../../../src/shared/entities';
import { type Running, makeFakes, makeStatus, run } from '../../../../helpers/saga-harness';

const NOW = 1_700_000_000_000;
const ME = 'acc1';
const PATH = BUSINESS_API.userCredits(ME);

function setUp(
  kind: 'account' | 'guest',
  ...answers: Parameters<ReturnType<typeof makeFakes>['http']['on']>[2][]
) {
  const fakes = makeFakes();
  if (answers.length > 0) fakes.http.on('GET', PATH, ...answers);
  const app = run(creditsSaga, [fakes.deps], {
    session: { status: 'ready', identity: { kind, avaId: ME, userName: 'Ada', token: 'tok' } },
  });
  app.dispatch(conversationActions.entered({ roomId: 'host1_room', readonly: false }));
  const streams = (audioStreams: AudioStream[]) =>
    app.dispatch(
      socketActions.messageReceived({
        type: 'room-status-update',
        reason: 'audio-stream-started',
        status: makeStatus({ audioStreams }),
      }),
    );
  return { fakes, app, streams };
}

const credits = (extra: number, recurring = 0) => ({
  ok: true as const,
  status: 200,
  data: { scribeCredit: 0, extraPremiumASRCredit: extra, recurringPremiumASRCredit: recurring },
});

describe('credits saga', () => {
  let app: Running;
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    app.task.cancel();
    vi.useRealTimers();
  });

  it('reads an account’s credits once on coming in, and counts down while its stream is Premium', async () => {
    const set = setUp('account', credits(50_000, 10_000), credits(47_000));
    app = set.app;
    set.streams([]);
    await vi.advanceTimersByTimeAsync(0);
    expect(set.fakes.http.callsTo('GET', PATH)).toHaveLength(1);
    expect(set.fakes.http.calls[0]!.headers).toEqual({ Authorization: identityAuthorization('tok') });
    expect(app.state.credits.countdown).toEqual({ baseMs: 60_000 });

    set.streams([{ avaId: ME, trackId: 't1', usePaidASR: true }]);
    await vi.advanceTimersByTimeAsync(0);
    expect(creditLeftMs(app.state.credits.countdown!, Date.now() + 3000)).toBe(57_000);
    // Another status while it runs changes nothing, and reads nothing.
    set.streams([
      { avaId: ME, trackId: 't1', usePaidASR: true },
      { avaId: 'x', trackId: 'x', usePaidASR: false },
    ]);
    await vi.advanceTimersByTimeAsync(2000);
    expect(set.fakes.http.callsTo('GET', PATH)).toHaveLength(1);
    expect(creditLeftMs(app.state.credits.countdown!, Date.now())).toBe(58_000);

    // Stopped: held, then set right by the server's count.
    set.streams([]);
    await vi.advanceTimersByTimeAsync(0);
    expect(set.fakes.http.callsTo('GET', PATH)).toHaveLength(2);
    expect(app.state.credits).toMatchObject({ countdown: { baseMs: 47_000 }, ranOut: false });
  });

  it('says the credit ran out when the server moves the running stream to Basic', async () => {
    const set = setUp('account', credits(3000), credits(0));
    app = set.app;
    set.streams([{ avaId: ME, trackId: 't1', usePaidASR: true }]);
    await vi.advanceTimersByTimeAsync(2000);
    set.streams([{ avaId: ME, trackId: 't2', usePaidASR: false }]);
    await vi.advanceTimersByTimeAsync(0);
    expect(app.state.credits).toMatchObject({ countdown: { baseMs: 0 }, ranOut: true });
  });

  it('never reads a guest’s credits, and logs a failed read without showing anything', async () => {
    const guest = setUp('guest', credits(5000));
    app = guest.app;
    guest.streams([{ avaId: ME, trackId: 't1', usePaidASR: true }]);
    await vi.advanceTimersByTimeAsync(0);
    expect(guest.fakes.http.calls).toEqual([]);
    expect(app.state.credits.countdown).toBeUndefined();
    app.task.cancel();

    const failing = setUp('account', { ok: false, status: 500, message: 'boom' });
    app = failing.app;
    failing.streams([]);
    await vi.advanceTimersByTimeAsync(0);
    expect(app.state.credits.countdown).toBeUndefined();
    expect(failing.fakes.logger.entries.some((e) => e.tag === 'credits' && e.msg.includes('500'))).toBe(true);
  });

  it('forgets the credits on leaving the conversation, and reads them again in the next', async () => {
    const set = setUp('account', credits(9000));
    app = set.app;
    set.streams([]);
    await vi.advanceTimersByTimeAsync(0);
    app.dispatch(conversationActions.exited());
    expect(app.state.credits.countdown).toBeUndefined();
    set.streams([]);
    await vi.advanceTimersByTimeAsync(0);
    expect(set.fakes.http.callsTo('GET', PATH)).toHaveLength(2);
  });
});
