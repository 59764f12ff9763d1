import { describe, expect, it } from 'vitest';
import type { ServerMessage } from '../../../../src/shared/protocol';
import { INVITATION_TIMEOUT_MS } from '../../../../src/shared/user-query';
import { InvitationDesk } from '../../../../src/server/invitations/desk';
import { FakeTimers } from '../../../helpers/fake-timers';

function inbox() {
  const got: ServerMessage[] = [];
  return { got, send: (m: ServerMessage) => void got.push(m) };
}

function setup() {
  const timers = new FakeTimers();
  const desk = new InvitationDesk(timers);
  const host = inbox();
  const phone = inbox();
  const laptop = inbox();
  const invitation = desk.open(
    { requestId: 'req1', roomId: 'room1', inviterAvaId: 'host1', toAvaId: 'zora1' },
    host,
    [phone, laptop],
    { userName: 'Hostia', roomTitle: 'Standup' },
  );
  return { timers, desk, host, phone, laptop, invitation };
}

describe('InvitationDesk', () => {
  it('tells each of the invitee’s sockets, and the inviter that they were asked', () => {
    const { host, phone, laptop, invitation, desk } = setup();
    const asked = {
      type: 'connection-invitation',
      id: invitation.id,
      roomId: 'room1',
      role: 'participant',
      from: { avaId: 'host1', userName: 'Hostia', roomTitle: 'Standup' },
    };
    expect(phone.got).toEqual([asked]);
    expect(laptop.got).toEqual([asked]);
    expect(host.got).toEqual([{ type: 'connection-response', id: 'req1', to: 'zora1', status: 'requested' }]);
    expect(desk.pendingFrom('host1')).toBe(1);
  });

  it('is answered only by the invitee, once; every socket of theirs hears it is closed', () => {
    const { desk, host, phone, laptop, invitation } = setup();
    expect(desk.take(invitation.id, 'someone-else')).toBeUndefined();
    const taken = desk.take(invitation.id, 'zora1');
    expect(taken).toMatchObject({ id: invitation.id, requestId: 'req1', roomId: 'room1' });
    expect(desk.take(invitation.id, 'zora1')).toBeUndefined();
    // Closed for the invitee once the outcome is told (after an acceptance, once a member).
    expect(phone.got.at(-1)?.type).toBe('connection-invitation');
    desk.tell(taken!, 'rejectedByUser');
    expect(phone.got.at(-1)).toEqual({ type: 'connection-invitation-closed', id: invitation.id });
    expect(laptop.got.at(-1)).toEqual({ type: 'connection-invitation-closed', id: invitation.id });
    expect(host.got.at(-1)).toEqual({
      type: 'connection-response',
      id: 'req1',
      to: 'zora1',
      status: 'refused',
      error: 'rejectedByUser',
    });
    expect(desk.pendingFrom('host1')).toBe(0);
  });

  it('times out unanswered: the inviter is told timeout', () => {
    const { timers, host, phone, desk, invitation } = setup();
    timers.advanceTo(INVITATION_TIMEOUT_MS - 1);
    expect(host.got).toHaveLength(1);
    timers.advanceTo(INVITATION_TIMEOUT_MS);
    expect(host.got.at(-1)).toMatchObject({ status: 'refused', error: 'timeout' });
    expect(phone.got.at(-1)).toEqual({ type: 'connection-invitation-closed', id: invitation.id });
    expect(desk.take(invitation.id, 'zora1')).toBeUndefined();
  });

  it('an answer stops the timeout', () => {
    const { timers, desk, host, invitation } = setup();
    desk.tell(desk.take(invitation.id, 'zora1')!, 'accepted');
    expect(timers.scheduled).toBe(0);
    timers.advanceTo(INVITATION_TIMEOUT_MS);
    expect(host.got.map((m) => (m.type === 'connection-response' ? m.status : m.type))).toEqual([
      'requested',
      'accepted',
    ]);
  });
});
