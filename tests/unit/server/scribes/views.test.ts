/** How an open request is shown in its room's status and on the dashboard (scribes/views.ts). */
import { describe, expect, it } from 'vitest';
import type { ScribeRequestRecord } from '../../../../src/server/scribes/repository';
import type { OpenRequest } from '../../../../src/server/scribes/open-requests';
import { requestViewOf, roomScribeOf, scribeHash } from '../../../../src/server/scribes/views';

const open = (over: Partial<ScribeRequestRecord>, extra: Partial<OpenRequest> = {}): OpenRequest => ({
  record: {
    id: 'r1',
    roomId: 'room1',
    requesterAvaId: 'host1',
    requesterName: 'Hana',
    correctionMode: 'accurate',
    state: 'connected',
    scribeAvaId: 's1',
    scribeName: 'Sam',
    createdAtMs: 10,
    acceptedAtMs: 20,
    scribeSeconds: 7,
    ...over,
  },
  unsavedSeconds: 0,
  ...extra,
});

const roomWith = (...roles: ('scribe' | 'participant')[]) => ({
  membersOf: (avaId: string) => (avaId === 's1' ? roles.map((role) => ({ role })) : []),
});

describe('scribeHash', () => {
  it('names a Scribe per request without their avaId', () => {
    expect(scribeHash('r1', 's1')).toMatch(/^[0-9a-f]{16}$/);
    expect(scribeHash('r1', 's1')).toBe(scribeHash('r1', 's1'));
    expect(scribeHash('r2', 's1')).not.toBe(scribeHash('r1', 's1'));
  });
});

describe('roomScribeOf', () => {
  it('is ongoing while the Scribe is connected as the Scribe, or on their way', () => {
    expect(roomScribeOf(open({}), roomWith('scribe'))).toEqual({
      status: 'ongoing',
      requestId: 'r1',
      correctionMode: 'accurate',
      requestor: 'host1',
      scribes: [{ hash: scribeHash('r1', 's1'), userName: 'Sam' }],
    });
    expect(roomScribeOf(open({}, { arriving: true, leavingSinceMs: 5 }), roomWith()).status).toBe('ongoing');
  });

  it('is leaving while their connection is lost, or once they are only a participant', () => {
    expect(roomScribeOf(open({}, { leavingSinceMs: 5 }), roomWith('scribe')).status).toBe('leaving');
    expect(roomScribeOf(open({}), roomWith('participant')).status).toBe('leaving');
  });

  it('is pending with no Scribe while waiting, and ended once closed', () => {
    const waiting = roomScribeOf(open({ state: 'pending', scribeAvaId: undefined }), roomWith());
    expect(waiting).toMatchObject({ status: 'pending', scribes: [] });
    expect(roomScribeOf(open({ state: 'ended' }), roomWith('scribe')).status).toBe('ended');
    expect(roomScribeOf(open({ scribeName: undefined }), roomWith('scribe')).scribes[0]!.userName).toBe('');
  });
});

describe('requestViewOf', () => {
  it('shows the request with its room, its time, its chat and the last caption time where known', () => {
    expect(requestViewOf(open({}), [], 'Lecture', 30)).toEqual({
      id: 'r1',
      roomId: 'room1',
      roomTitle: 'Lecture',
      requester: { avaId: 'host1', userName: 'Hana' },
      correctionMode: 'accurate',
      state: 'connected',
      createdAtMs: 10,
      acceptedAtMs: 20,
      lastCaptionAtMs: 30,
      scribeSeconds: 7,
      scribeConnected: true,
      chat: [],
    });
  });

  it('leaves out what is unknown, and says a leaving Scribe is not connected', () => {
    const view = requestViewOf(open({ acceptedAtMs: undefined }, { leavingSinceMs: 1 }), [], '', undefined);
    expect(view).not.toHaveProperty('acceptedAtMs');
    expect(view).not.toHaveProperty('lastCaptionAtMs');
    expect(view.scribeConnected).toBe(false);
    expect(requestViewOf(open({ state: 'pending' }), [], '', undefined).scribeConnected).toBe(false);
  });
});
