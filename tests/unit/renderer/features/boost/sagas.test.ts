import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { conversationSaga } from '../../../../../src/renderer/features/conversation/sagas';
import { conversationActions } from '../../../../../src/renderer/features/conversation/slice';
import { initialSessionState } from '../../../../../src/renderer/features/identity/slice';
import { socketActions } from '../../../../../src/renderer/features/socket/slice';
import { boostActions } from '../../../../../src/renderer/features/boost/slice';
import { boostSaga } from '../../../../../src/renderer/features/boost/sagas';
import type { Transcript } from '../../../../../src/shared/entities';
import { END_SEQUENCE_GUARD_MS } from '../../../../../src/shared/constants';
import {
  FakeSocket,
  type Running,
  makeFakes,
  makeStatus,
  makeTranscript,
  run,
} from '../../../../helpers/saga-harness';

const ROOM = 'host1_room';
const tick = (ms = 0) => vi.advanceTimersByTimeAsync(ms);

const corrected: Transcript[] = [
  makeTranscript({
    id: 'a',
    isFinal: true,
    index: 0,
    texts: { 'en-US': 'we met Zarathustra in Helstone' },
    asrText: 'we met zara thrust in hell stone',
  }),
  makeTranscript({
    id: 'b',
    isFinal: true,
    index: 1,
    texts: { 'en-US': 'back to Helstone' },
    asrText: 'back to halston',
  }),
];

function setUp(lines: Transcript[], boostList?: string[], upgradeRequired = false) {
  const fakes = makeFakes();
  const socket = new FakeSocket('ws://test/ws');
  fakes.deps.link.attach(socket);
  const app = run(conversationSaga, [fakes.deps], {
    session: {
      ...initialSessionState,
      status: 'ready',
      identity: { kind: 'guest', avaId: 'host1', userName: 'X' },
    },
  });
  app.dispatch(conversationActions.entered({ roomId: ROOM, readonly: false }));
  app.dispatch(socketActions.messageReceived({ type: 'room-status', status: makeStatus({ id: ROOM }) }));
  app.dispatch(
    socketActions.messageReceived({ type: 'transcripts', transcripts: lines, seq: 2, hasOlder: false }),
  );
  if (boostList)
    app.dispatch(
      socketActions.messageReceived({
        type: 'user-boost-words',
        words: boostList,
        enabled: true,
        ...(upgradeRequired ? { upgradeRequired: true } : {}),
      }),
    );
  return { socket, app };
}

/** The server's answer to the host's end: the room's status, ended. */
function roomEnded(app: Running): void {
  app.dispatch(
    socketActions.messageReceived({
      type: 'room-status',
      status: makeStatus({ id: ROOM, state: { value: 'ended' } }),
    }),
  );
}

/**
 * The host's "End for everyone" ends the room first (guests and a Scribe are not kept waiting on
 * the host's question), then BOOST asks (shared/end-sequence.ts runOrder).
 */
describe('the BOOST stage of the end sequence', () => {
  let app: Running;
  let socket: FakeSocket;

  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    app.task.cancel();
    vi.useRealTimers();
  });

  it('ends the room first, then offers the corrected words with their counts and waits for the person', async () => {
    ({ app, socket } = setUp(corrected, []));
    app.dispatch(conversationActions.endRequested());
    await tick();
    // Nothing asked before the room is ended for everyone.
    expect(app.state.ending.stage).toBe('END_ON_BACKEND');
    expect(app.state.boost.offer).toBeUndefined();
    expect(socket.sentOfType('connection-params-update')).toEqual([
      { type: 'connection-params-update', roomId: ROOM, state: { value: 'ended' } },
    ]);
    roomEnded(app);
    await tick();
    expect(app.state.ending.stage).toBe('BOOST');
    expect(app.state.boost.offer).toEqual([
      { word: 'Helstone', count: 2 },
      { word: 'Zarathustra', count: 1 },
    ]);
    // Nothing added while the question is open.
    await tick(END_SEQUENCE_GUARD_MS - 1000);
    expect(socket.sentOfType('access-boost-words')).toEqual([]);

    app.dispatch(boostActions.answered(['Helstone']));
    await tick();
    expect(socket.sentOfType('access-boost-words')).toEqual([
      { type: 'access-boost-words', action: 'add', words: 'Helstone' },
    ]);
    app.dispatch(
      socketActions.messageReceived({
        type: 'user-boost-words',
        words: ['Helstone'],
        enabled: true,
        added: ['Helstone'],
      }),
    );
    await tick();
    expect(app.state.boost.offer).toBeUndefined();
    expect(app.state.boost.words).toEqual(['Helstone']);
    expect(socket.sentOfType('connection-params-update')).toHaveLength(1);
  });

  it('does not outlive the end guard: unanswered, it closes, adds nothing, and the end goes on', async () => {
    ({ app, socket } = setUp(corrected, []));
    app.dispatch(conversationActions.endRequested());
    await tick();
    roomEnded(app);
    await tick();
    expect(app.state.boost.offer).toBeDefined();
    await tick(END_SEQUENCE_GUARD_MS - 1);
    expect(app.state.boost.offer).toBeDefined();
    await tick(1);
    expect(app.state.boost.offer).toBeUndefined();
    expect(socket.sentOfType('access-boost-words')).toEqual([]);
    expect(socket.sentOfType('connection-params-update')).toEqual([
      { type: 'connection-params-update', roomId: ROOM, state: { value: 'ended' } },
    ]);
  });

  it('adds nothing when the person says not now', async () => {
    ({ app, socket } = setUp(corrected, ['zarathustra']));
    app.dispatch(conversationActions.endRequested());
    await tick();
    roomEnded(app);
    await tick();
    // Already boosted words are not offered again, whatever their case; offers keep the case corrected.
    expect(app.state.boost.offer).toEqual([{ word: 'Helstone', count: 2 }]);
    app.dispatch(boostActions.answered([]));
    await tick();
    expect(socket.sentOfType('access-boost-words')).toEqual([]);
    expect(app.state.boost.offer).toBeUndefined();
    expect(socket.sentOfType('connection-params-update')).toHaveLength(1);
  });

  it('asks nothing when nobody corrected a word, or when the list is unknown', async () => {
    const plain = [makeTranscript({ id: 'c', isFinal: true, texts: { 'en-US': 'as said' } })];
    ({ app, socket } = setUp(plain, []));
    app.dispatch(conversationActions.endRequested());
    await tick();
    expect(app.state.boost.offer).toBeUndefined();
    expect(socket.sentOfType('connection-params-update')).toHaveLength(1);
    app.task.cancel();

    ({ app, socket } = setUp(corrected));
    app.dispatch(conversationActions.endRequested());
    await tick();
    expect(app.actions.some((a) => a.type === boostActions.offered.type)).toBe(false);
    expect(socket.sentOfType('connection-params-update')).toHaveLength(1);
  });

  it('asks nothing of someone whose plan does not include boost', async () => {
    ({ app, socket } = setUp(corrected, [], true));
    app.dispatch(conversationActions.endRequested());
    await tick();
    expect(app.actions.some((a) => a.type === boostActions.offered.type)).toBe(false);
    expect(socket.sentOfType('connection-params-update')).toHaveLength(1);
  });

  it('shows the server’s refusal', async () => {
    ({ app, socket } = setUp(corrected, []));
    app.dispatch(conversationActions.endRequested());
    await tick();
    roomEnded(app);
    await tick();
    app.dispatch(boostActions.answered(['helstone', 'zarathustra']));
    await tick();
    app.dispatch(
      socketActions.messageReceived({
        type: 'error',
        error: { code: 'invalid-message', message: 'Too many characters.' },
        inReplyTo: 'access-boost-words',
      }),
    );
    await tick();
    expect(app.state.boost.error).toBe('Too many characters.');
    expect(app.state.notifications.items.some((n) => n.key === 'boost.failed')).toBe(true);
  });
});

describe('boost saga', () => {
  let app: Running;
  afterEach(() => app.task.cancel());

  it('asks for the list once connected as a participant, never as a Scribe', async () => {
    const fakes = makeFakes();
    const socket = new FakeSocket('ws://test/ws');
    fakes.deps.link.attach(socket);
    app = run(boostSaga, [fakes.deps]);
    const succeeded = {
      type: 'connection-succeeded',
      speakerId: 'a',
      roomId: ROOM,
      serverTimeMs: 1,
      readonly: false,
    } as const;
    app.dispatch(socketActions.messageReceived({ ...succeeded, role: 'scribe' }));
    expect(socket.sentOfType('access-boost-words')).toEqual([]);
    app.dispatch(socketActions.messageReceived({ ...succeeded, role: 'participant' }));
    expect(socket.sentOfType('access-boost-words')).toEqual([{ type: 'access-boost-words', action: 'list' }]);
  });

  it('sends the switch as `boost`, and keeps what the server answers', () => {
    const fakes = makeFakes();
    const socket = new FakeSocket('ws://test/ws');
    fakes.deps.link.attach(socket);
    app = run(boostSaga, [fakes.deps]);
    app.dispatch(boostActions.switchRequested(false));
    expect(socket.sentOfType('boost')).toEqual([{ type: 'boost', enabled: false }]);
    app.dispatch(
      socketActions.messageReceived({ type: 'user-boost-words', words: ['kine'], enabled: false }),
    );
    expect(app.state.boost).toMatchObject({ loaded: true, enabled: false, words: ['kine'] });
  });
});
