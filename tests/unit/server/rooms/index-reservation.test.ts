/**
 * Caption indexes from the stored counter: reserved in blocks ahead of use, handed out from
 * memory (never waiting for the database), retried while the database is down.
 */
import { describe, expect, it } from 'vitest';
import { IndexReservation } from '../../../../src/server/rooms/index-reservation';
import { FakeTimers } from '../../../helpers/fake-timers';

async function flush(): Promise<void> {
  for (let i = 0; i < 20; i++) await Promise.resolve();
}

function setup(first: number, block = 8) {
  const timers = new FakeTimers();
  const calls: number[] = [];
  const logs: string[] = [];
  let stored = first;
  let down = false;
  const reservation = new IndexReservation(
    first,
    async (upTo) => {
      calls.push(upTo);
      if (down) throw new Error('database unreachable');
      stored = Math.max(stored, upTo);
      return stored;
    },
    timers,
    (_level, message) => logs.push(message),
    block,
  );
  return {
    timers,
    calls,
    logs,
    reservation,
    stored: () => stored,
    setDown: (value: boolean) => {
      down = value;
    },
  };
}

describe('IndexReservation', () => {
  it('starts at the stored counter and reserves a block ahead before handing any out', async () => {
    const t = setup(40);
    t.reservation.prepare();
    await flush();
    expect(t.calls).toEqual([48]);
    expect(t.stored()).toBe(48);
    const handed = Array.from({ length: 4 }, () => t.reservation.allocate());
    expect(handed).toEqual([40, 41, 42, 43]);
    await flush();
    expect(t.calls).toEqual([48]);
    // Past half the block: the next one is reserved.
    expect(t.reservation.allocate()).toBe(44);
    await flush();
    expect(t.calls).toEqual([48, 56]);
    expect(t.reservation.unreserved).toBe(0);
  });

  it('keeps handing out indexes while the database is down, and catches the reservation up after', async () => {
    const t = setup(0);
    t.setDown(true);
    const handed = Array.from({ length: 12 }, () => t.reservation.allocate());
    expect(handed).toEqual(Array.from({ length: 12 }, (_, i) => i));
    await flush();
    expect(t.reservation.unreserved).toBe(12);
    expect(t.logs).toHaveLength(1);
    t.timers.advanceTo(500);
    await flush();
    expect(t.calls.length).toBe(2);
    t.setDown(false);
    t.timers.advanceTo(1500);
    await flush();
    expect(t.reservation.unreserved).toBe(0);
    // Everything handed out is now covered by the stored counter.
    expect(t.stored()).toBeGreaterThanOrEqual(12);
  });

  it('stops retrying once closed', async () => {
    const t = setup(0);
    t.setDown(true);
    t.reservation.allocate();
    await flush();
    t.reservation.close();
    t.timers.advanceTo(60_000);
    await flush();
    expect(t.calls).toHaveLength(1);
    expect(t.timers.scheduled).toBe(0);
  });
});
