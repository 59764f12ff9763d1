/**
 * The door of a live room (rooms/room-admission.ts) on a real core and a fake clock: every host
 * connected is asked about each person waiting, and every host hears when a request is closed;
 * a host who comes (back) is asked about everyone already waiting; nobody waits for a host who
 * is not there. The desk's own rules are in admission-desk.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { AdmissionDecision, AdmissionRequest } from '../../../../src/server/rooms/admission-desk';
import { RoomAdmission } from '../../../../src/server/rooms/room-admission';
import { testCore } from '../../../helpers/live-room';

const COOLDOWN_MS = 60_000;

const request = (id: string, avaId = `guest-${id}`): AdmissionRequest => ({
  id,
  avaId,
  userName: 'Grace',
  role: 'participant',
  fromSource: 'link',
});

function admissionAlone() {
  const t = testCore();
  const admission = new RoomAdmission(t.core, t.timers);
  const decisions: AdmissionDecision[] = [];
  const types = (avaId: string) => t.inbox(avaId).map((m) => m.type);
  return { ...t, admission, decisions, decide: (d: AdmissionDecision) => void decisions.push(d), types };
}

describe('the door alone', () => {
  it('asks every host connected, and tells them all when the first answers', () => {
    const t = admissionAlone();
    t.member('host1');
    t.member('host1');
    t.member('g0');
    t.admission.request(request('r1'), t.decide, COOLDOWN_MS);
    expect(t.inbox('host1')).toEqual([
      {
        type: 'connection-request',
        id: 'r1',
        to: 'host1_room',
        role: 'participant',
        fromSource: 'link',
        from: { avaId: 'guest-r1', userName: 'Grace' },
      },
    ]);
    expect(t.inbox('g0')).toEqual([]);
    t.admission.answer('r1', true);
    expect(t.decisions).toEqual([{ accepted: true }]);
    expect(t.types('host1')).toEqual(['connection-request', 'connection-request-closed']);
    // Answered already: a second answer changes nothing.
    t.admission.answer('r1', false);
    expect(t.decisions).toHaveLength(1);
  });

  it('refuses at once when no host is here', () => {
    const t = admissionAlone();
    t.admission.request(request('r1'), t.decide, COOLDOWN_MS);
    expect(t.decisions).toEqual([{ accepted: false, reason: 'timeout' }]);
  });

  it('asks a host who comes back about everyone waiting, and tells the hosts when someone gives up', () => {
    const t = admissionAlone();
    t.member('host1');
    t.admission.request(request('r1'), t.decide, COOLDOWN_MS);
    t.admission.request(request('r2'), t.decide, COOLDOWN_MS);
    // The host's second connection (its inbox is the one read from here on).
    const late = t.member('host1');
    t.admission.hostJoined(late);
    expect(t.inbox('host1').flatMap((m) => (m.type === 'connection-request' ? [m.id] : []))).toEqual([
      'r1',
      'r2',
    ]);
    t.admission.withdraw('r1');
    expect(t.inbox('host1').at(-1)).toEqual({ type: 'connection-request-closed', id: 'r1' });
    expect(t.decisions).toEqual([]);
  });

  it('asks the hosts once about a person knocking with many sockets, and tells them once it closed', () => {
    const t = admissionAlone();
    t.member('host1');
    expect(t.admission.request(request('k1', 'g1'), t.decide, COOLDOWN_MS)).toEqual({
      kind: 'ask',
      id: 'k1',
    });
    for (let i = 2; i <= 60; i += 1) t.admission.request(request(`k${i}`, 'g1'), t.decide, COOLDOWN_MS);
    expect(t.types('host1')).toEqual(['connection-request']);
    t.admission.answer('k1', false);
    expect(t.decisions).toHaveLength(60);
    expect(t.types('host1')).toEqual(['connection-request', 'connection-request-closed']);
    // Knocking again right after the no asks nobody.
    expect(t.admission.request(request('k61', 'g1'), t.decide, COOLDOWN_MS)).toMatchObject({
      kind: 'cooling-down',
    });
    expect(t.types('host1')).toEqual(['connection-request', 'connection-request-closed']);
    expect(t.decisions).toHaveLength(60);
  });

  it('refuses everyone waiting once the hosts are gone', () => {
    const t = admissionAlone();
    const host = t.member('host1');
    t.admission.request(request('r1'), t.decide, COOLDOWN_MS);
    t.core.removeMember(host);
    t.admission.hostsGone();
    expect(t.decisions).toEqual([{ accepted: false, reason: 'timeout' }]);
  });
});
