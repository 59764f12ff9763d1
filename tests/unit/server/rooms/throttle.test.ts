import { describe, expect, it } from 'vitest';
import { Throttle } from '../../../../src/server/rooms/throttle';
import { FakeTimers } from '../../../helpers/fake-timers';

function setup(intervalMs = 200) {
  const timers = new FakeTimers();
  const sent: [string, number][] = [];
  const throttle = new Throttle<string>(intervalMs, (v) => sent.push([v, timers.now()]), timers);
  /** Pushes `value` at `time` (after running the timers due by then). */
  const pushAt = (time: number, value: string) => {
    timers.advanceTo(time);
    throttle.push(value);
  };
  return { timers, sent, throttle, pushAt };
}

describe('Throttle', () => {
  it('sends the first value at once', () => {
    const { sent, pushAt, timers } = setup();
    pushAt(1000, 'a');
    expect(sent).toEqual([['a', 1000]]);
    expect(timers.scheduled).toBe(0);
  });

  it('coalesces values within the interval to the latest, sent at the interval boundary', () => {
    const { sent, pushAt, timers } = setup();
    pushAt(0, 'a');
    pushAt(50, 'b');
    pushAt(100, 'c');
    pushAt(199, 'd');
    expect(sent).toEqual([['a', 0]]);
    expect(timers.delays).toEqual([150]); // one timer, for 0 + 200 - 50
    timers.advanceTo(200);
    expect(sent).toEqual([
      ['a', 0],
      ['d', 200],
    ]);
    timers.advanceTo(10_000);
    expect(sent).toHaveLength(2);
  });

  it('sends at once a value pushed a full interval after the last one sent', () => {
    const { sent, pushAt } = setup();
    pushAt(0, 'a');
    pushAt(200, 'b');
    pushAt(500, 'c');
    expect(sent).toEqual([
      ['a', 0],
      ['b', 200],
      ['c', 500],
    ]);
  });

  it('counts the interval from the last value sent, including one sent by the timer', () => {
    const { sent, pushAt, timers } = setup();
    pushAt(0, 'a');
    pushAt(10, 'b'); // sent at 200
    pushAt(250, 'c'); // 50 ms after 200: waits until 400
    expect(timers.delays).toEqual([190, 150]);
    timers.advanceTo(400);
    expect(sent).toEqual([
      ['a', 0],
      ['b', 200],
      ['c', 400],
    ]);
  });

  it('sends at most one value per interval, always the latest, for a steady stream', () => {
    const { sent, pushAt, timers } = setup();
    for (let t = 0; t <= 1000; t += 10) pushAt(t, `v${t}`);
    timers.advanceTo(2000);
    expect(sent).toEqual([
      ['v0', 0],
      ['v190', 200],
      ['v390', 400],
      ['v590', 600],
      ['v790', 800],
      ['v990', 1000],
      ['v1000', 1200],
    ]);
  });

  it('cancel drops the pending value', () => {
    const { sent, pushAt, throttle, timers } = setup();
    pushAt(0, 'a');
    pushAt(50, 'b');
    throttle.cancel();
    expect(timers.cleared).toBe(1);
    timers.advanceTo(5000);
    expect(sent).toEqual([['a', 0]]);
  });

  it('keeps the interval after a cancel', () => {
    const { sent, pushAt, throttle, timers } = setup();
    pushAt(0, 'a');
    pushAt(50, 'b');
    throttle.cancel();
    pushAt(120, 'c'); // still within 200 ms of 'a'
    expect(sent).toEqual([['a', 0]]);
    timers.advanceTo(200);
    expect(sent).toEqual([
      ['a', 0],
      ['c', 200],
    ]);
  });

  it('cancel with nothing pending does nothing', () => {
    const { sent, pushAt, throttle, timers } = setup();
    throttle.cancel();
    pushAt(0, 'a');
    throttle.cancel();
    expect(timers.cleared).toBe(0);
    pushAt(300, 'b');
    expect(sent).toEqual([
      ['a', 0],
      ['b', 300],
    ]);
  });
});
