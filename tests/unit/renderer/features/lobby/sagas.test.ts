import { guestAuthorization } from '../../../../../src/shared/auth';
import { describe, expect, it } from 'vitest';
import { API } from '../../../../../src/shared/api';
import { hostOfRoomId } from '../../../../../src/shared/ids';
import { audioActions } from '../../../../../src/renderer/features/audio/slice';
import { conversationActions } from '../../../../../src/renderer/features/conversation/slice';
import { lobbySaga } from '../../../../../src/renderer/features/lobby/sagas';
import { socketActions } from '../../../../../src/renderer/features/socket/slice';
import { lobbyActions } from '../../../../../src/renderer/features/lobby/slice';
import { initialSessionState } from '../../../../../src/renderer/features/identity/slice';
import { makeFakes, run, settle } from '../../../../helpers/saga-harness';

const ready = {
  session: {
    ...initialSessionState,
    status: 'ready' as const,
    identity: { kind: 'guest' as const, avaId: 'me1', userName: 'Mia', credential: 'me1.cred' },
  },
};

describe('lobby', () => {
  it('starts a conversation in a new room of ours', async () => {
    const fakes = makeFakes();
    const app = run(lobbySaga, [fakes.deps], ready);
    app.dispatch(lobbyActions.startRequested());
    await settle();
    expect(fakes.navigations).toHaveLength(1);
    const roomId = decodeURIComponent(fakes.navigations[0]!.replace('/web/conversations/', ''));
    expect(hostOfRoomId(roomId)).toBe('me1');
  });

  it('starts the microphone once the new room is connected, with no second press', async () => {
    const fakes = makeFakes();
    const app = run(lobbySaga, [fakes.deps], ready);
    app.dispatch(lobbyActions.startRequested());
    await settle();
    const roomId = decodeURIComponent(fakes.navigations[0]!.replace('/web/conversations/', ''));
    expect(app.actions.map((a) => a.type)).not.toContain(audioActions.startRequested.type);
    // The conversation screen enters the room, then its socket connects.
    app.dispatch(conversationActions.entered({ roomId, readonly: false }));
    app.dispatch(socketActions.statusEvent('succeeded'));
    await settle();
    expect(app.actions.filter((a) => a.type === audioActions.startRequested.type)).toHaveLength(1);
  });

  it('starts a phone conversation opened on its phone panel, the microphone left to the call', async () => {
    const fakes = makeFakes();
    const app = run(lobbySaga, [fakes.deps], ready);
    app.dispatch(lobbyActions.startRequested({ panel: 'phone' }));
    await settle();
    expect(fakes.navigations).toHaveLength(1);
    const [path, query] = fakes.navigations[0]!.split('?');
    expect(query).toBe('panel=phone');
    const roomId = decodeURIComponent(path!.replace('/web/conversations/', ''));
    expect(hostOfRoomId(roomId)).toBe('me1');
    app.dispatch(conversationActions.entered({ roomId, readonly: false }));
    app.dispatch(socketActions.statusEvent('succeeded'));
    await settle();
    expect(app.actions.map((a) => a.type)).not.toContain(audioActions.startRequested.type);
  });

  it('does not start the microphone when the user left before the room connected', async () => {
    const fakes = makeFakes();
    const app = run(lobbySaga, [fakes.deps], ready);
    app.dispatch(lobbyActions.startRequested());
    await settle();
    const roomId = decodeURIComponent(fakes.navigations[0]!.replace('/web/conversations/', ''));
    app.dispatch(conversationActions.entered({ roomId, readonly: false }));
    app.dispatch(conversationActions.exited());
    // Another room (joined by name, say) connecting later is not this start's business.
    app.dispatch(conversationActions.entered({ roomId: 'someone_else_room', readonly: false }));
    app.dispatch(socketActions.statusEvent('succeeded'));
    await settle();
    expect(app.actions.map((a) => a.type)).not.toContain(audioActions.startRequested.type);
  });

  it('waits for the identity before starting', async () => {
    const fakes = makeFakes();
    const app = run(lobbySaga, [fakes.deps]);
    app.dispatch(lobbyActions.startRequested());
    await settle();
    expect(fakes.navigations).toEqual([]);
  });

  it('explains a badly typed room name without asking the server', async () => {
    const fakes = makeFakes();
    const app = run(lobbySaga, [fakes.deps], ready);
    app.dispatch(lobbyActions.joinByNameRequested('ab'));
    await settle();
    expect(app.state.lobby.join.problem).toEqual({ kind: 'validation', problem: 'too-short' });
    expect(fakes.http.calls).toEqual([]);
  });

  it('shows the server’s message for an unknown name', async () => {
    const fakes = makeFakes();
    fakes.http.on('GET', API.roomName('no-such-room'), {
      ok: false,
      status: 404,
      message: 'No room has this name',
    });
    const app = run(lobbySaga, [fakes.deps], ready);
    app.dispatch(lobbyActions.joinByNameRequested(' No Such Room '));
    await settle();
    expect(app.state.lobby).toMatchObject({
      join: {
        status: 'failed',
        problem: { kind: 'server', message: 'No room has this name', status: 404 },
      },
    });
    expect(fakes.navigations).toEqual([]);
  });

  it('joins the room a name resolves to', async () => {
    const fakes = makeFakes();
    fakes.http.on('GET', API.roomName('blue-river-42'), {
      ok: true,
      status: 200,
      data: { roomId: 'host1_abc', name: 'blue-river-42', token: 'tokrw', readonly: false },
    });
    const app = run(lobbySaga, [fakes.deps], ready);
    app.dispatch(lobbyActions.joinByNameRequested('blue-river-42'));
    await settle();
    // The look-up proves who asks (the answer depends on it), and the token joins the room.
    expect(fakes.http.calls[0]!.headers).toEqual({ Authorization: guestAuthorization('me1.cred') });
    expect(fakes.navigations).toEqual(['/web/conversations/host1_abc?token=tokrw']);
    expect(app.state.lobby.join.status).toBe('idle');
  });

  it('resolves a link token and joins read-only when the link or the query says so', async () => {
    const fakes = makeFakes();
    fakes.http.on('GET', API.token('tok-rw'), {
      ok: true,
      status: 200,
      data: { roomId: 'host1_abc', readonly: false },
    });
    fakes.http.on('GET', API.token('tok-ro'), {
      ok: true,
      status: 200,
      data: { roomId: 'host1_abc', readonly: true },
    });
    const app = run(lobbySaga, [fakes.deps], ready);
    app.dispatch(lobbyActions.tokenReceived({ token: 'tok-rw', readonly: false }));
    await settle();
    app.dispatch(lobbyActions.tokenReceived({ token: 'tok-rw', readonly: true }));
    await settle();
    app.dispatch(lobbyActions.tokenReceived({ token: 'tok-ro', readonly: false }));
    await settle();
    expect(fakes.navigations).toEqual([
      '/web/conversations/host1_abc?token=tok-rw',
      '/web/conversations/host1_abc?readonly=true&token=tok-rw',
      '/web/conversations/host1_abc?readonly=true&token=tok-ro',
    ]);
  });

  it('says why a token could not be resolved', async () => {
    const fakes = makeFakes();
    fakes.http.on('GET', API.token('bad'), { ok: false, status: 404, message: 'This link has expired' });
    const app = run(lobbySaga, [fakes.deps], ready);
    app.dispatch(lobbyActions.tokenReceived({ token: 'bad', readonly: false }));
    await settle();
    expect(app.state.lobby).toMatchObject({
      token: { status: 'failed', problem: 'This link has expired' },
    });
  });
});
