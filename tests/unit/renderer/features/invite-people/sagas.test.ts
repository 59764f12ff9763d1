import { all, call } from 'redux-saga/effects';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SELF_JOIN_ERROR_RESET_MS } from '../../../../../src/shared/constants';
import { JOIN_ERRORS } from '../../../../../src/shared/errors';
import { conversationPath } from '../../../../../src/shared/routes';
import en from '../../../../../src/renderer/i18n/en';
import fr from '../../../../../src/renderer/i18n/fr';
import { invitePeopleSaga } from '../../../../../src/renderer/features/invite-people/sagas';
import { invitePeopleActions } from '../../../../../src/renderer/features/invite-people/slice';
import { queryOfText } from '../../../../../src/renderer/features/invite-people/query';
import { conversationActions } from '../../../../../src/renderer/features/conversation/slice';
import { socketSaga } from '../../../../../src/renderer/features/socket/sagas';
import { admissionSaga } from '../../../../../src/renderer/features/admission/sagas';
import { initialSessionState } from '../../../../../src/renderer/features/identity/slice';
import type { AppDeps } from '../../../../../src/renderer/app/deps';
import { type Fakes, type Running, makeFakes, makeStatus, run } from '../../../../helpers/saga-harness';

const ROOM = 'host1_room';
const tick = (ms = 0) => vi.advanceTimersByTimeAsync(ms);

function* sockets(deps: AppDeps) {
  yield all([call(socketSaga, deps), call(admissionSaga, deps), call(invitePeopleSaga, deps)]);
}

describe('queryOfText', () => {
  it('reads an email when there is an @, else a name start', () => {
    expect(queryOfText(' Zor ')).toEqual({ query: { avaNameStartsWith: 'zor' } });
    expect(queryOfText('Zora@Example.com')).toEqual({ query: { emailEqualTo: 'zora@example.com' } });
    expect(queryOfText('zo')).toEqual({ problem: 'tooShort' });
    expect(queryOfText('zora@')).toEqual({ problem: 'notEmail' });
  });
});

describe('join errors in the interface', () => {
  it('has words for every key of the catalogue, the spec’s own in English', () => {
    expect(Object.keys(en.errors.join).sort()).toEqual(Object.keys(JOIN_ERRORS).sort());
    expect(Object.keys(fr.errors.join).sort()).toEqual(Object.keys(JOIN_ERRORS).sort());
    expect(en.errors.join.self).toBe('Can not join yourself.');
    expect(en.errors.join.timeout).toBe("Can't find your host. Try again?");
    expect(en.errors.join.unknownUser).toBe('Unknown username. Check spelling.');
  });
});

describe('invite by user query', () => {
  let fakes: Fakes;
  let app: Running;

  beforeEach(async () => {
    vi.useFakeTimers();
    fakes = makeFakes();
    app = run(sockets, [fakes.deps], {
      session: {
        ...initialSessionState,
        status: 'ready',
        identity: { kind: 'guest', avaId: 'host1', userName: 'Hana', credential: 'host1.cred' },
      },
    });
    app.dispatch(conversationActions.entered({ roomId: ROOM, readonly: false }));
    await tick();
    const socket = fakes.sockets[0]!;
    socket.open();
    await tick();
    socket.receive({
      type: 'connection-succeeded',
      speakerId: 'host1',
      roomId: ROOM,
      serverTimeMs: 5,
      readonly: false,
      role: 'participant',
    });
    socket.receive({ type: 'room-status', status: makeStatus({ id: ROOM }) });
    await tick();
  });

  afterEach(() => {
    app.task.cancel();
    vi.useRealTimers();
  });

  it('searches, shows who was found, and invites by email when found by email', async () => {
    const socket = fakes.sockets[0]!;
    app.dispatch(invitePeopleActions.searchRequested('zo'));
    await tick();
    expect(socket.sentOfType('user-query')).toEqual([]);
    expect(app.state.invitePeople.problem).toBe('tooShort');

    app.dispatch(invitePeopleActions.searchRequested('Zora@example.com'));
    await tick();
    expect(socket.sentOfType('user-query')).toEqual([
      { type: 'user-query', emailEqualTo: 'zora@example.com' },
    ]);
    expect(app.state.invitePeople.searching).toBe(true);
    socket.receive({
      type: 'user-query-response',
      emailEqualTo: 'zora@example.com',
      users: [{ avaId: 'zora1', avaName: 'Zora Neale', userName: 'Zora' }],
    });
    await tick();
    expect(app.state.invitePeople).toMatchObject({ searching: false, results: [{ avaId: 'zora1' }] });

    app.dispatch(invitePeopleActions.inviteRequested({ id: 'inv1', to: 'zora1', name: 'Zora' }));
    await tick();
    expect(socket.sentOfType('connection-request')).toEqual([
      { type: 'connection-request', fromSource: 'email', id: 'inv1', to: 'zora1', role: 'participant' },
    ]);
    socket.receive({ type: 'connection-response', id: 'inv1', to: 'zora1', status: 'requested' });
    await tick();
    expect(app.state.invitePeople.sent?.status).toBe('requested');
    expect(app.state.invitePeople.sent?.mailed).toBeUndefined();
  });

  it('says when the invitee, not in Hearken now, was emailed the link instead', async () => {
    const socket = fakes.sockets[0]!;
    app.dispatch(invitePeopleActions.inviteRequested({ id: 'inv3', to: 'zora1', name: 'Zora' }));
    socket.receive({
      type: 'connection-response',
      id: 'inv3',
      to: 'zora1',
      status: 'requested',
      mailed: true,
    });
    await tick();
    expect(app.state.invitePeople.sent).toMatchObject({ status: 'requested', mailed: true });
  });

  it('a refused invitation is shown, and is not taken for a refusal of this person at a door', async () => {
    const socket = fakes.sockets[0]!;
    app.dispatch(invitePeopleActions.inviteRequested({ id: 'inv2', to: 'zora1', name: 'Zora' }));
    socket.receive({
      type: 'connection-response',
      id: 'inv2',
      to: 'zora1',
      status: 'refused',
      error: 'timeout',
    });
    await tick();
    expect(app.state.invitePeople.sent).toMatchObject({ status: 'refused', error: 'timeout' });
    expect(app.state.admission.refusal).toBeUndefined();
    expect(app.state.socket.status).toBe('online');
    expect(socket.closed).toBe(false);
  });

  it('shows the self-join error for SELF_JOIN_ERROR_RESET_MS, then resets', async () => {
    const socket = fakes.sockets[0]!;
    app.dispatch(invitePeopleActions.inviteRequested({ id: 'inv3', to: 'host1', name: 'Hana' }));
    socket.receive({
      type: 'connection-response',
      id: 'inv3',
      to: 'host1',
      status: 'refused',
      error: 'self',
    });
    await tick(SELF_JOIN_ERROR_RESET_MS - 10);
    expect(app.state.invitePeople.sent?.error).toBe('self');
    await tick(20);
    expect(app.state.invitePeople.sent).toBeUndefined();
  });

  it('the invitee sees the invitation, accepts, and joins once the server closed it', async () => {
    const socket = fakes.sockets[0]!;
    socket.receive({
      type: 'connection-invitation',
      id: 'srv1',
      roomId: 'zora1_room',
      role: 'participant',
      from: { avaId: 'zora1', userName: 'Zora', roomTitle: 'Standup' },
    });
    await tick();
    expect(app.state.invitePeople.incoming).toEqual([
      { id: 'srv1', roomId: 'zora1_room', fromName: 'Zora', roomTitle: 'Standup' },
    ]);
    app.dispatch(invitePeopleActions.incomingAnswered({ id: 'srv1', roomId: 'zora1_room', accept: true }));
    await tick();
    expect(socket.sentOfType('connection-invitation-answer')).toEqual([
      { type: 'connection-invitation-answer', id: 'srv1', accept: true },
    ]);
    expect(fakes.navigations).not.toContain(conversationPath('zora1_room'));
    socket.receive({ type: 'connection-invitation-closed', id: 'srv1' });
    await tick();
    expect(fakes.navigations.at(-1)).toBe(conversationPath('zora1_room'));
  });

  it('declining sends the answer and stays', async () => {
    const socket = fakes.sockets[0]!;
    socket.receive({
      type: 'connection-invitation',
      id: 'srv2',
      roomId: 'zora1_room',
      role: 'participant',
      from: { avaId: 'zora1', userName: 'Zora', roomTitle: '' },
    });
    await tick();
    app.dispatch(invitePeopleActions.incomingAnswered({ id: 'srv2', roomId: 'zora1_room', accept: false }));
    socket.receive({ type: 'connection-invitation-closed', id: 'srv2' });
    await tick();
    expect(socket.sentOfType('connection-invitation-answer')).toEqual([
      { type: 'connection-invitation-answer', id: 'srv2', accept: false },
    ]);
    expect(app.state.invitePeople.incoming).toEqual([]);
    expect(fakes.navigations).not.toContain(conversationPath('zora1_room'));
  });
});
