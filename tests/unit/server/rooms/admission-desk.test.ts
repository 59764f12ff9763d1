import { describe, expect, it } from 'vitest';
import {
  ADMISSION_TIMEOUT_MS,
  type AdmissionDecision,
  AdmissionDesk,
  MAX_PENDING_ADMISSIONS,
} from '../../../../src/server/rooms/admission-desk';
import { FakeTimers } from '../../../helpers/fake-timers';

const request = (id: string) =>
  ({ id, avaId: `a-${id}`, userName: 'Newcomer', role: 'participant', fromSource: 'link' }) as const;

function desk() {
  const timers = new FakeTimers();
  const decisions: Record<string, AdmissionDecision> = {};
  const d = new AdmissionDesk(timers);
  const open = (id: string, hosts = 1) =>
    d.open(request(id), hosts, (decision) => (decisions[id] = decision));
  return { d, timers, decisions, open };
}

describe('the admission desk', () => {
  it('asks the hosts, and the first answer decides', () => {
    const { d, decisions, open } = desk();
    expect(open('r1')).toBe(true);
    expect(d.waiting.map((r) => r.id)).toEqual(['r1']);
    expect(d.answer('r1', true)).toBe(true);
    expect(decisions.r1).toEqual({ accepted: true });
    // A second answer (another host's window) changes nothing.
    expect(d.answer('r1', false)).toBe(false);
    expect(decisions.r1).toEqual({ accepted: true });
    expect(d.waiting).toEqual([]);
  });

  it('refuses with the reason: rejected by the host, no host to ask, no answer in time', () => {
    const { timers, decisions, open, d } = desk();
    open('r1');
    d.answer('r1', false);
    expect(decisions.r1).toEqual({ accepted: false, reason: 'rejected-by-user' });
    expect(open('r2', 0)).toBe(false);
    expect(decisions.r2).toEqual({ accepted: false, reason: 'timeout' });
    open('r3');
    timers.advanceTo(timers.now() + ADMISSION_TIMEOUT_MS - 1);
    expect(decisions.r3).toBeUndefined();
    timers.advanceTo(timers.now() + 1);
    expect(decisions.r3).toEqual({ accepted: false, reason: 'timeout' });
  });

  it('tells everyone waiting at once when the last host leaves, and forgets those who leave', () => {
    const { d, decisions, open, timers } = desk();
    open('r1');
    open('r2');
    expect(d.cancel('r2')).toBe(true);
    d.hostsGone();
    expect(decisions.r1).toEqual({ accepted: false, reason: 'timeout' });
    expect(decisions.r2).toBeUndefined();
    timers.advanceTo(timers.now() + ADMISSION_TIMEOUT_MS * 2);
    expect(decisions.r2).toBeUndefined();
  });

  it('keeps the queue at the door bounded', () => {
    const { decisions, open } = desk();
    for (let i = 0; i < MAX_PENDING_ADMISSIONS; i++) expect(open(`q${i}`)).toBe(true);
    expect(open('one-too-many')).toBe(false);
    expect(decisions['one-too-many']).toEqual({ accepted: false, reason: 'too-many-requests' });
  });
});
