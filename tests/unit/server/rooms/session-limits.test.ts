import { describe, expect, it } from 'vitest';
import { AutoStop, RoomSessionLimit } from '../../../../src/server/rooms/session-limits';
import { AUTO_STOP_AFTER_MS, SESSION_END_GRACE_MS } from '../../../../src/shared/session-limits';
import { FakeTimers } from '../../../helpers/fake-timers';

const MIN = 60_000;

function sessionLimit(stored?: { tier: 'basic' | 'premium'; endsAtMs: number }) {
  const timers = new FakeTimers();
  const saved: { tier: string; endsAtMs: number }[] = [];
  let expired = 0;
  const limit = new RoomSessionLimit(
    timers,
    { save: async (s) => void saved.push(s) },
    () => (expired += 1),
    stored,
  );
  return { timers, saved, limit, expired: () => expired };
}

describe('RoomSessionLimit', () => {
  it('ends a Basic conversation 40 minutes after it started (and the grace), stored first', async () => {
    const { timers, saved, limit, expired } = sessionLimit();
    timers.advanceTo(5 * MIN);
    await limit.restrict('basic', 0, false);
    expect(saved).toEqual([{ tier: 'basic', endsAtMs: 40 * MIN }]);
    expect(limit.current).toEqual({ tier: 'basic', endsAtMs: 40 * MIN, prolongable: false });
    timers.advanceTo(40 * MIN + SESSION_END_GRACE_MS - 1);
    expect(expired()).toBe(0);
    timers.advanceTo(40 * MIN + SESSION_END_GRACE_MS);
    expect(expired()).toBe(1);
  });

  it('keeps the first end when the host comes back, updating only whether they may prolong', async () => {
    const { timers, saved, limit } = sessionLimit();
    await limit.restrict('premium', 0, true);
    timers.advanceTo(30 * MIN);
    await limit.restrict('basic', 30 * MIN, false);
    expect(saved).toHaveLength(1);
    expect(limit.current).toEqual({ tier: 'premium', endsAtMs: 120 * MIN, prolongable: false });
    expect(await limit.prolong()).toBe(false);
  });

  it('prolongs by another period for an entitled host, and ends then', async () => {
    const { timers, saved, limit, expired } = sessionLimit();
    await limit.restrict('premium', 0, true);
    timers.advanceTo(118 * MIN);
    expect(await limit.prolong()).toBe(true);
    expect(saved.at(-1)).toEqual({ tier: 'premium', endsAtMs: 240 * MIN });
    timers.advanceTo(200 * MIN);
    expect(expired()).toBe(0);
    timers.advanceTo(240 * MIN + SESSION_END_GRACE_MS);
    expect(expired()).toBe(1);
  });

  it('a restarted server ends a stored session on time, at once when already past', () => {
    const { timers, expired } = sessionLimit({ tier: 'basic', endsAtMs: -SESSION_END_GRACE_MS - 10 });
    timers.advanceTo(0);
    expect(expired()).toBe(1);
    const later = sessionLimit({ tier: 'basic', endsAtMs: 10 * MIN });
    later.timers.advanceTo(10 * MIN + SESSION_END_GRACE_MS);
    expect(later.expired()).toBe(1);
  });

  it('does nothing once disposed (the room closed)', async () => {
    const { timers, limit, expired } = sessionLimit();
    await limit.restrict('basic', 0, false);
    limit.dispose();
    timers.advanceTo(60 * MIN);
    expect(expired()).toBe(0);
  });
});

describe('AutoStop', () => {
  function autoStop() {
    const timers = new FakeTimers();
    const stopped: string[] = [];
    return { timers, stopped, auto: new AutoStop<string>(timers, (k) => stopped.push(k)) };
  }
  const free = (key: string) => ({ key, freeOrLite: true });
  /** A room of one person, not in a call, without a Scribe. */
  const solo = { participants: 1, inPhoneCall: false, scribeActive: false };

  it('stops a free lone stream after 100000 ms of recording', () => {
    const { timers, stopped, auto } = autoStop();
    auto.update([free('ann')], solo);
    timers.advanceTo(AUTO_STOP_AFTER_MS - 1);
    expect(stopped).toEqual([]);
    // Nothing that leaves it alone restarts its count.
    auto.update([free('ann')], solo);
    timers.advanceTo(AUTO_STOP_AFTER_MS);
    expect(stopped).toEqual(['ann']);
  });

  it('a second stream clears the count; alone again, the count starts afresh', () => {
    const { timers, stopped, auto } = autoStop();
    auto.update([free('ann')], solo);
    timers.advanceTo(90_000);
    auto.update([free('ann'), free('bob')], solo);
    timers.advanceTo(300_000);
    expect(stopped).toEqual([]);
    auto.update([free('bob')], solo);
    timers.advanceTo(300_000 + AUTO_STOP_AFTER_MS - 1);
    expect(stopped).toEqual([]);
    timers.advanceTo(300_000 + AUTO_STOP_AFTER_MS);
    expect(stopped).toEqual(['bob']);
  });

  it('never stops a paid user, nor anyone while a Scribe serves the room', () => {
    const { timers, stopped, auto } = autoStop();
    auto.update([{ key: 'pro', freeOrLite: false }], solo);
    timers.advanceTo(10 * AUTO_STOP_AFTER_MS);
    auto.update([free('ann')], { ...solo, scribeActive: true });
    timers.advanceTo(20 * AUTO_STOP_AFTER_MS);
    auto.update([free('ann')], { ...solo, inPhoneCall: true });
    timers.advanceTo(30 * AUTO_STOP_AFTER_MS);
    expect(stopped).toEqual([]);
    auto.dispose();
  });

  it('a second person in the room, reading only, clears the count; alone again, it starts afresh', () => {
    const { timers, stopped, auto } = autoStop();
    auto.update([free('ann')], solo);
    timers.advanceTo(90_000);
    auto.update([free('ann')], { ...solo, participants: 2 });
    timers.advanceTo(300_000);
    expect(stopped).toEqual([]);
    auto.update([free('ann')], solo);
    timers.advanceTo(300_000 + AUTO_STOP_AFTER_MS - 1);
    expect(stopped).toEqual([]);
    timers.advanceTo(300_000 + AUTO_STOP_AFTER_MS);
    expect(stopped).toEqual(['ann']);
  });

  it('waits the time it is given (a test server’s shorter one)', () => {
    const timers = new FakeTimers();
    const stopped: string[] = [];
    const auto = new AutoStop<string>(timers, (k) => stopped.push(k), 2_000);
    auto.update([free('ann')], solo);
    timers.advanceTo(1_999);
    expect(stopped).toEqual([]);
    timers.advanceTo(2_000);
    expect(stopped).toEqual(['ann']);
  });
});
