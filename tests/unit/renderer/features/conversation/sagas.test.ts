import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { END_SEQUENCE_GUARD_MS } from '../../../../../src/shared/constants';
import { conversationSaga } from '../../../../../src/renderer/features/conversation/sagas';
import { selectParticipants } from '../../../../../src/renderer/features/conversation/selectors';
import { conversationActions } from '../../../../../src/renderer/features/conversation/slice';
import { audioActions, initialAudioState } from '../../../../../src/renderer/features/audio/slice';
import type { RootState } from '../../../../../src/renderer/app/root-reducer';
import { initialSessionState } from '../../../../../src/renderer/features/identity/slice';
import { socketActions } from '../../../../../src/renderer/features/socket/slice';
import { endingSaga } from '../../../../../src/renderer/features/ending/sagas';
import { endingActions } from '../../../../../src/renderer/features/ending/slice';
import {
  FakeSocket,
  type Fakes,
  type Running,
  makeFakes,
  makeStatus,
  makeTranscript,
  run,
} from '../../../../helpers/saga-harness';

const ROOM = 'host1_room';
const tick = (ms = 0) => vi.advanceTimersByTimeAsync(ms);

function setUp(avaId: string) {
  return setUpWith(avaId, {});
}

function setUpWith(avaId: string, preloaded: Partial<RootState>) {
  const fakes = makeFakes();
  const socket = new FakeSocket('ws://test/ws');
  fakes.deps.link.attach(socket);
  const app = run(conversationSaga, [fakes.deps], {
    session: { ...initialSessionState, status: 'ready', identity: { kind: 'guest', avaId, userName: 'X' } },
    ...preloaded,
  });
  app.dispatch(conversationActions.entered({ roomId: ROOM, readonly: false }));
  app.dispatch(socketActions.messageReceived({ type: 'room-status', status: makeStatus({ id: ROOM }) }));
  fakes.path.current = `/web/conversations/${ROOM}`;
  return { fakes, socket, app };
}

describe('conversation saga', () => {
  let fakes: Fakes;
  let socket: FakeSocket;
  let app: Running;

  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    app.task.cancel();
    vi.useRealTimers();
  });

  it('lets the host rename the room, only with a non-empty title', async () => {
    ({ fakes, socket, app } = setUp('host1'));
    app.dispatch(conversationActions.titleUpdateRequested('   '));
    app.dispatch(conversationActions.titleUpdateRequested('  Weekly sync '));
    await tick();
    expect(socket.sentOfType('update-title')).toEqual([{ type: 'update-title', title: 'Weekly sync' }]);
  });

  it('does not send a title change for someone who is not the host', async () => {
    ({ fakes, socket, app } = setUp('guest9'));
    app.dispatch(conversationActions.titleUpdateRequested('Mine now'));
    await tick();
    expect(socket.sentOfType('update-title')).toEqual([]);
  });

  it('host ends the room with connection-params-update and everyone goes to the transcript on ended', async () => {
    ({ fakes, socket, app } = setUp('host1'));
    app.dispatch(conversationActions.endRequested());
    await tick();
    expect(socket.sentOfType('connection-params-update')).toEqual([
      { type: 'connection-params-update', roomId: ROOM, state: { value: 'ended' } },
    ]);
    app.dispatch(
      socketActions.messageReceived({
        type: 'room-status-update',
        reason: 'ended',
        status: makeStatus({ id: ROOM, state: { value: 'ended' } }),
      }),
    );
    await tick();
    expect(fakes.navigations).toEqual([`/web/transcript?roomId=${ROOM}`]);
    // A second ended status does not navigate again.
    app.dispatch(
      socketActions.messageReceived({
        type: 'room-status',
        status: makeStatus({ id: ROOM, state: { value: 'ended' } }),
      }),
    );
    await tick();
    expect(fakes.navigations).toHaveLength(1);
  });

  it('stops the microphone before ending, so no audio follows the end', async () => {
    ({ fakes, socket, app } = setUpWith('host1', {
      audio: { ...initialAudioState, recording: 'RECORDING' },
    }));
    app.dispatch(conversationActions.endRequested());
    await tick();
    expect(app.actions.some((a) => audioActions.stopRequested.match(a))).toBe(true);
    expect(socket.sentOfType('connection-params-update')).toHaveLength(1);
  });

  it('does not touch a microphone that is not recording when ending', async () => {
    ({ fakes, socket, app } = setUp('host1'));
    app.dispatch(conversationActions.endRequested());
    await tick();
    expect(app.actions.some((a) => audioActions.stopRequested.match(a))).toBe(false);
    expect(socket.sentOfType('connection-params-update')).toHaveLength(1);
  });

  it('a participant leaves with close/closed and sees the transcript', async () => {
    ({ fakes, socket, app } = setUp('guest9'));
    app.dispatch(conversationActions.leaveRequested());
    await tick();
    expect(socket.sentOfType('close')).toEqual([{ type: 'close', reason: 'closed' }]);
    expect(fakes.navigations).toEqual([`/web/transcript?roomId=${ROOM}`]);
  });

  it('says why a participant leaves: the last guest, or after the host has gone', async () => {
    const present = (...ids: string[]) => ids.map((avaId) => ({ avaId, isTyping: false }));
    for (const [participants, reason] of [
      [present('host1', 'guest9'), 'last_guest_left'],
      [present('guest9', 'guest8'), 'host_left'],
      [present('host1', 'guest9', 'guest8'), 'closed'],
    ] as const) {
      ({ fakes, socket, app } = setUp('guest9'));
      app.dispatch(
        socketActions.messageReceived({
          type: 'room-status-update',
          reason: 'participant-joined',
          status: makeStatus({ id: ROOM, participants: [...participants] }),
        }),
      );
      app.dispatch(conversationActions.leaveRequested());
      await tick();
      expect(socket.sentOfType('close')).toEqual([{ type: 'close', reason }]);
      app.task.cancel();
    }
  });

  it('saves the conversation to the history before ending it on the backend', async () => {
    ({ fakes, socket, app } = setUp('host1'));
    fakes.http.on('POST', `/api/v1/rooms/${ROOM}/saved-transcript`, () => {
      // SAVE_TRANSCRIPTS comes before END_ON_BACKEND: nothing has been sent to end the room yet.
      expect(socket.sentOfType('connection-params-update')).toEqual([]);
      return { ok: true, status: 201, data: {} };
    });
    app.dispatch(conversationActions.endRequested());
    await tick();
    expect(fakes.http.callsTo('POST', `/api/v1/rooms/${ROOM}/saved-transcript`)).toHaveLength(1);
    expect(socket.sentOfType('connection-params-update')).toHaveLength(1);
    expect(app.state.ending.stage).toBe('END_ON_BACKEND');
  });

  it('tells the person when the conversation could not be saved, and still ends it', async () => {
    ({ fakes, socket, app } = setUp('host1'));
    fakes.http.on('POST', `/api/v1/rooms/${ROOM}/saved-transcript`, {
      ok: false,
      status: 503,
      message: 'database down',
    });
    app.dispatch(conversationActions.endRequested());
    await tick();
    expect(app.state.notifications.items.map((n) => n.key)).toEqual(['history.saveFailed']);
    expect(socket.sentOfType('connection-params-update')).toHaveLength(1);
  });

  it('a guest whose host ended the room is told so and has it saved', async () => {
    ({ fakes, socket, app } = setUp('guest9'));
    fakes.http.on('POST', `/api/v1/rooms/${ROOM}/saved-transcript`, { ok: true, status: 201, data: {} });
    app.dispatch(
      socketActions.messageReceived({
        type: 'room-status-update',
        reason: 'ended',
        status: makeStatus({ id: ROOM, state: { value: 'ended' } }),
      }),
    );
    await tick();
    expect(app.state.ending.hostEndedRoomId).toBe(ROOM);
    expect(fakes.http.callsTo('POST', `/api/v1/rooms/${ROOM}/saved-transcript`)).toHaveLength(1);
  });

  it.each(['guest9', 'host1'])('tells %s when the room ended at its time limit', async (who) => {
    ({ fakes, socket, app } = setUp(who));
    fakes.http.on('POST', `/api/v1/rooms/${ROOM}/saved-transcript`, { ok: true, status: 201, data: {} });
    app.dispatch(
      socketActions.messageReceived({
        type: 'room-status-update',
        reason: 'room-ended-due-to-convo-restricted-session',
        status: makeStatus({ id: ROOM, state: { value: 'ended' } }),
      }),
    );
    await tick();
    expect(app.state.ending.timeLimitRoomId).toBe(ROOM);
    expect(fakes.navigations).toEqual([`/web/transcript?roomId=${ROOM}`]);
  });

  it('does not navigate when already on the transcript view', async () => {
    ({ fakes, socket, app } = setUp('guest9'));
    fakes.path.current = '/web/transcript';
    app.dispatch(
      socketActions.messageReceived({
        type: 'room-status',
        status: makeStatus({ id: ROOM, state: { value: 'ended' } }),
      }),
    );
    await tick();
    expect(fakes.navigations).toEqual([]);
  });

  it('tells the host when the end is not confirmed, and lets them try again', async () => {
    ({ fakes, socket, app } = setUp('host1'));
    fakes.http.on('POST', `/api/v1/rooms/${ROOM}/saved-transcript`, { ok: true, status: 201, data: {} });
    app.dispatch(conversationActions.endRequested());
    await tick();
    app.dispatch(conversationActions.endRequested());
    await tick();
    expect(socket.sentOfType('connection-params-update')).toHaveLength(1);
    await tick(END_SEQUENCE_GUARD_MS);
    expect(app.state.conversation.endPhase).toBe('none');
    expect(app.state.notifications.items.map((n) => n.key)).toEqual(['conversation.endFailed']);
  });

  it('names participants from the room status', () => {
    ({ fakes, socket, app } = setUp('guest9'));
    app.dispatch(
      socketActions.messageReceived({
        type: 'room-status-update',
        reason: 'participant-joined',
        status: makeStatus({
          id: ROOM,
          participants: [
            { avaId: 'host1', isTyping: false },
            { avaId: 'guest9', isTyping: true },
          ],
          speakers: [{ avaId: 'guest9', avaName: 'g9', userName: 'Gil' }],
          audioStreams: [{ avaId: 'host1', trackId: 't', usePaidASR: false }],
        }),
      }),
    );
    // The host's microphone is on, but nothing of theirs is being recognised: silence is not speech.
    expect(selectParticipants(app.state)).toEqual([
      {
        avaId: 'host1',
        name: 'Hana Host',
        isHost: true,
        isMe: false,
        isScribe: false,
        isTyping: false,
        micOn: true,
        micMuted: false,
        isSpeaking: false,
      },
      {
        avaId: 'guest9',
        name: 'Gil',
        isHost: false,
        isMe: true,
        isScribe: false,
        isTyping: true,
        micOn: false,
        micMuted: false,
        isSpeaking: false,
      },
    ]);
    // A caption of theirs still growing: now they are speaking; once final, no longer.
    const partial = makeTranscript({
      id: 'p1',
      author: 'host1',
      isFinal: false,
      texts: { 'en-US': 'hello' },
    });
    app.dispatch(socketActions.messageReceived({ type: 'transcript', transcript: partial, seq: 0 }));
    expect(selectParticipants(app.state)[0]).toMatchObject({ micOn: true, isSpeaking: true });
    app.dispatch(
      socketActions.messageReceived({
        type: 'transcript',
        transcript: { ...partial, isFinal: true },
        seq: 1,
      }),
    );
    expect(selectParticipants(app.state)[0]).toMatchObject({ micOn: true, isSpeaking: false });
  });

  it('goes to the transcript when the server says the room has already ended', async () => {
    ({ fakes, socket, app } = setUp('guest9'));
    app.dispatch(
      socketActions.messageReceived({
        type: 'error',
        error: { code: 'room-ended', message: 'ended' },
        inReplyTo: 'connection-params',
      }),
    );
    await tick();
    expect(fakes.navigations).toEqual([`/web/transcript?roomId=${ROOM}`]);
  });
});

describe('the app terminating', () => {
  let app: Running | undefined;
  afterEach(() => app?.task.cancel());

  function setUpTermination(avaId: string, desktop: boolean) {
    const fakes = makeFakes();
    fakes.deps.platform.isDesktopShell = desktop;
    const socket = new FakeSocket('ws://test/ws');
    fakes.deps.link.attach(socket);
    app = run(endingSaga, [fakes.deps], {
      session: { ...initialSessionState, status: 'ready', identity: { kind: 'guest', avaId, userName: 'X' } },
    });
    app.dispatch(conversationActions.entered({ roomId: ROOM, readonly: false }));
    app.dispatch(socketActions.messageReceived({ type: 'room-status', status: makeStatus({ id: ROOM }) }));
    return socket;
  }

  it('ends the host’s room from the desktop app with app_terminated; a guest closes', () => {
    let socket = setUpTermination('host1', true);
    app!.dispatch(endingActions.appTerminating());
    expect(socket.sentOfType('close')).toEqual([{ type: 'close', reason: 'app_terminated' }]);
    app!.task.cancel();
    socket = setUpTermination('guest9', true);
    app!.dispatch(endingActions.appTerminating());
    expect(socket.sentOfType('close')).toEqual([{ type: 'close', reason: 'closed' }]);
  });

  it('sends nothing when a browser tab goes away: the host may come back', () => {
    const socket = setUpTermination('host1', false);
    app!.dispatch(endingActions.appTerminating());
    expect(socket.sentOfType('close')).toEqual([]);
  });
});
