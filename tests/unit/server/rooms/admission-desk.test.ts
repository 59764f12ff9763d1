import { describe, expect, it } from 'vitest';
import {
  ADMISSION_TIMEOUT_MS,
  type AdmissionDecision,
  AdmissionDesk,
  type AdmissionRequest,
  MAX_PENDING_ADMISSIONS,
} from '../../../../src/server/rooms/admission-desk';
import { FakeTimers } from '../../../helpers/fake-timers';

const COOLDOWN_MS = 60_000;

/** A knock: this socket's id, and who knocks (by default someone of their own). */
const knock = (id: string, avaId = `a-${id}`): AdmissionRequest =>
  ({ id, avaId, userName: 'Newcomer', role: 'participant', fromSource: 'link' }) as const;

function desk() {
  const timers = new FakeTimers();
  const decisions: Record<string, AdmissionDecision> = {};
  /** Requests that left the door, in order (the hosts are told each once). */
  const closed: string[] = [];
  const d = new AdmissionDesk(timers, (id) => closed.push(id));
  const open = (id: string, options: { hosts?: number; avaId?: string } = {}) =>
    d.open(
      knock(id, options.avaId),
      options.hosts ?? 1,
      (decision) => (decisions[id] = decision),
      COOLDOWN_MS,
    );
  return { d, timers, decisions, closed, open };
}

describe('the admission desk', () => {
  it('asks the hosts, and the first answer decides', () => {
    const { d, decisions, closed, open } = desk();
    expect(open('r1')).toEqual({ kind: 'ask', id: 'r1' });
    expect(d.waiting.map((r) => r.id)).toEqual(['r1']);
    expect(d.answer('r1', true)).toBe(true);
    expect(decisions.r1).toEqual({ accepted: true });
    expect(closed).toEqual(['r1']);
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
    expect(open('r2', { hosts: 0 })).toEqual({ kind: 'decided', id: 'r2' });
    expect(decisions.r2).toEqual({ accepted: false, reason: 'timeout' });
    open('r3');
    timers.advanceTo(timers.now() + ADMISSION_TIMEOUT_MS - 1);
    expect(decisions.r3).toBeUndefined();
    timers.advanceTo(timers.now() + 1);
    expect(decisions.r3).toEqual({ accepted: false, reason: 'timeout' });
  });

  it('tells everyone waiting at once when the last host leaves, and forgets those who leave', () => {
    const { d, decisions, closed, open, timers } = desk();
    open('r1');
    open('r2');
    expect(d.cancel('r2')).toBe(true);
    expect(closed).toEqual(['r2']);
    d.hostsGone();
    expect(decisions.r1).toEqual({ accepted: false, reason: 'timeout' });
    expect(decisions.r2).toBeUndefined();
    timers.advanceTo(timers.now() + ADMISSION_TIMEOUT_MS * 2);
    expect(decisions.r2).toBeUndefined();
  });

  it('keeps the queue at the door bounded', () => {
    const { decisions, open } = desk();
    for (let i = 0; i < MAX_PENDING_ADMISSIONS; i++) expect(open(`q${i}`).kind).toBe('ask');
    expect(open('one-too-many')).toEqual({ kind: 'decided', id: 'one-too-many' });
    expect(decisions['one-too-many']).toEqual({ accepted: false, reason: 'too-many-requests' });
  });
});

describe('one person knocking again and again (issue 31, N-3)', () => {
  it('keeps one request per person: a knock while it waits joins it, and the hosts are not asked again', () => {
    const { d, decisions, closed, open } = desk();
    expect(open('k1', { avaId: 'g1' })).toEqual({ kind: 'ask', id: 'k1' });
    for (let i = 2; i <= 60; i += 1)
      expect(open(`k${i}`, { avaId: 'g1' })).toEqual({ kind: 'joined', id: 'k1' });
    expect(d.waiting.map((r) => r.id)).toEqual(['k1']);
    // The answer reaches every knock of that person; the hosts hear once that it closed.
    d.answer('k1', true);
    expect(Object.keys(decisions)).toHaveLength(60);
    expect(new Set(Object.values(decisions).map((x) => JSON.stringify(x)))).toEqual(
      new Set([JSON.stringify({ accepted: true })]),
    );
    expect(closed).toEqual(['k1']);
  });

  it('takes no room from others at the door, however many sockets one person knocks with', () => {
    const { open } = desk();
    for (let i = 0; i < MAX_PENDING_ADMISSIONS * 2; i++) open(`spam${i}`, { avaId: 'g1' });
    expect(open('honest', { avaId: 'g2' })).toEqual({ kind: 'ask', id: 'honest' });
  });

  it('keeps the request while one of its knocks is still there, and closes it when the last leaves', () => {
    const { d, closed, open } = desk();
    open('k1', { avaId: 'g1' });
    open('k2', { avaId: 'g1' });
    expect(d.cancel('k1')).toBe(true);
    expect(closed).toEqual([]);
    expect(d.waiting.map((r) => r.id)).toEqual(['k1']);
    expect(d.cancel('k2')).toBe(true);
    expect(closed).toEqual(['k1']);
    expect(d.waiting).toEqual([]);
    expect(d.cancel('k2')).toBe(false);
  });

  it('after the host said no, refuses that person’s knocks for the cooldown without asking, then asks again', () => {
    const { d, timers, decisions, open } = desk();
    open('k1', { avaId: 'g1' });
    d.answer('k1', false);
    timers.advanceTo(timers.now() + 15_000);
    expect(open('k2', { avaId: 'g1' })).toEqual({
      kind: 'cooling-down',
      refusedMsAgo: 15_000,
      retryInMs: COOLDOWN_MS - 15_000,
    });
    expect(decisions.k2).toBeUndefined();
    expect(d.waiting).toEqual([]);
    // Someone else is asked as usual.
    expect(open('other', { avaId: 'g2' }).kind).toBe('ask');
    timers.advanceTo(timers.now() + COOLDOWN_MS - 15_000);
    expect(open('k3', { avaId: 'g1' })).toEqual({ kind: 'ask', id: 'k3' });
  });

  it('gives no cooldown when nobody said no (no host, no answer in time, gone)', () => {
    const { d, timers, open } = desk();
    open('k1', { avaId: 'g1', hosts: 0 });
    expect(open('k2', { avaId: 'g1' }).kind).toBe('ask');
    timers.advanceTo(timers.now() + ADMISSION_TIMEOUT_MS);
    expect(open('k3', { avaId: 'g1' }).kind).toBe('ask');
    d.cancel('k3');
    expect(open('k4', { avaId: 'g1' }).kind).toBe('ask');
  });
});
