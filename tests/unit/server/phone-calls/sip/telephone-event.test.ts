import { describe, expect, it } from 'vitest';
import { dialSequence, pressedDigits } from '../../../../../src/shared/phone-calls';
import {
  DtmfReceiver,
  decodeTelephoneEvent,
  dtmfPlan,
  encodeTelephoneEvent,
} from '../../../../../src/server/phone-calls/sip/telephone-event';

describe('RFC 4733 telephone-events', () => {
  it('encodes the event, end bit, volume and duration', () => {
    const bytes = encodeTelephoneEvent({ event: 11, end: true, volume: 10, duration: 800 });
    expect([...bytes]).toEqual([11, 0x8a, 0x03, 0x20]);
    expect(decodeTelephoneEvent(bytes)).toEqual({ event: 11, end: true, volume: 10, duration: 800 });
    expect(decodeTelephoneEvent(new Uint8Array(3))).toBeUndefined();
  });
});

describe('the DTMF plan', () => {
  it('presses a digit as one 100 ms event, its end sent three times, then 100 ms of silence', () => {
    const plan = dtmfPlan('5');
    expect(
      plan.map((t) =>
        t.kind === 'event'
          ? `${t.event.duration}${t.event.end ? 'E' : ''}${t.marker ? 'M' : ''}@${t.startTick}`
          : '.',
      ),
    ).toEqual(['160M@0', '320@1', '480@2', '640@3', '800E@4', '800E@5', '800E@6', '.', '.', '.', '.', '.']);
    expect(plan.every((t) => t.kind === 'silence' || t.event.event === 5)).toBe(true);
  });

  it('waits half a second for w and a second for W, as Twilio’s SendDigits', () => {
    expect(dtmfPlan('w')).toHaveLength(25);
    expect(dtmfPlan('W')).toHaveLength(50);
    expect(dtmfPlan('')).toEqual([]);
    expect(() => dtmfPlan('5,')).toThrow(/not a DTMF digit/);
  });

  it('a receiver hears the conference’s codes from the plan’s packets', () => {
    const digits = dialSequence('zoom', '85512345678', '4321');
    const receiver = new DtmfReceiver();
    dtmfPlan(digits).forEach((tick, i) => {
      if (tick.kind === 'event')
        receiver.packet((i - tick.startTick) * 160, encodeTelephoneEvent(tick.event));
    });
    expect(receiver.digits.join('')).toBe(pressedDigits(digits));
    // The greeting's two seconds pass before the first digit.
    expect(dtmfPlan(digits).findIndex((t) => t.kind === 'event')).toBe(100);
  });
});
