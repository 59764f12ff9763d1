/**
 * DTMF as RFC 4733 telephone-events, and the plan of a call's outgoing packets while its
 * access codes are pressed. Pure: the plan is a list of 20 ms ticks, each sending either a
 * packet of the line's silence or one telephone-event packet; the sender (sip-call.ts) walks
 * it on its packet clock.
 *
 * The waits are Twilio's SendDigits', so the same `sendDigits` (shared/phone-calls.ts
 * dialSequence) dials the same way through either provider: `w` waits half a second, `W` one
 * second. Each digit is a 100 ms tone (RFC 4733 §2.5: one event, the same RTP timestamp in
 * every packet, its duration growing; the first packet has the marker bit) whose last packet,
 * with the E bit, is sent three times (§2.5.1.4), then 100 ms of silence before the next one.
 */
import { PTIME_MS } from './sdp';

/** Events 0-9, *, # (RFC 4733 §3.2). */
export const DTMF_EVENTS: Record<string, number> = {
  '0': 0,
  '1': 1,
  '2': 2,
  '3': 3,
  '4': 4,
  '5': 5,
  '6': 6,
  '7': 7,
  '8': 8,
  '9': 9,
  '*': 10,
  '#': 11,
};

const EVENT_DIGITS = Object.fromEntries(Object.entries(DTMF_EVENTS).map(([d, e]) => [e, d])) as Record<
  number,
  string
>;

export const DIGIT_TONE_MS = 100;
export const INTER_DIGIT_MS = 100;
export const SHORT_WAIT_MS = 500;
export const LONG_WAIT_MS = 1000;
/** The end packet is sent this many times in all (RFC 4733 §2.5.1.4 recommends three). */
export const END_PACKETS = 3;
/** RFC 4733's volume field: -10 dBm0, a usual DTMF level. */
export const DTMF_VOLUME = 10;
const SAMPLES_PER_TICK = (8000 * PTIME_MS) / 1000;

export interface TelephoneEvent {
  event: number;
  end: boolean;
  /** Attenuation in dBm0 (0-63). */
  volume: number;
  /** In timestamp units (8 kHz samples) since the event began. */
  duration: number;
}

export function encodeTelephoneEvent(e: TelephoneEvent): Uint8Array {
  const out = new Uint8Array(4);
  out[0] = e.event & 0xff;
  out[1] = (e.end ? 0x80 : 0) | (e.volume & 0x3f);
  out[2] = (e.duration >> 8) & 0xff;
  out[3] = e.duration & 0xff;
  return out;
}

export function decodeTelephoneEvent(payload: Uint8Array): TelephoneEvent | undefined {
  if (payload.length < 4) return undefined;
  return {
    event: payload[0]!,
    end: (payload[1]! & 0x80) !== 0,
    volume: payload[1]! & 0x3f,
    duration: (payload[2]! << 8) | payload[3]!,
  };
}

export function dtmfDigit(event: number): string | undefined {
  return EVENT_DIGITS[event];
}

export type DtmfTick =
  | { kind: 'silence' }
  | {
      kind: 'event';
      /** The first packet of the event: RTP marker bit. */
      marker: boolean;
      /** Ticks since the event's first one: its RTP timestamp is that tick's. */
      startTick: number;
      event: TelephoneEvent;
    };

/** The ticks pressing `sendDigits` takes, in order (one packet per 20 ms). */
export function dtmfPlan(sendDigits: string): DtmfTick[] {
  const ticks: DtmfTick[] = [];
  const silence = (ms: number) => {
    for (let i = 0; i < Math.round(ms / PTIME_MS); i++) ticks.push({ kind: 'silence' });
  };
  for (const char of sendDigits) {
    if (char === 'w') {
      silence(SHORT_WAIT_MS);
      continue;
    }
    if (char === 'W') {
      silence(LONG_WAIT_MS);
      continue;
    }
    const event = DTMF_EVENTS[char];
    if (event === undefined) throw new Error(`not a DTMF digit: ${JSON.stringify(char)}`);
    const toneTicks = DIGIT_TONE_MS / PTIME_MS;
    for (let i = 0; i < toneTicks; i++) {
      const end = i === toneTicks - 1;
      const tick = {
        kind: 'event' as const,
        marker: i === 0,
        startTick: i,
        event: { event, end, volume: DTMF_VOLUME, duration: (i + 1) * SAMPLES_PER_TICK },
      };
      ticks.push(tick);
      // The end packet's repeats: same event, same duration, same timestamp.
      if (end) for (let r = 1; r < END_PACKETS; r++) ticks.push({ ...tick, marker: false, startTick: i + r });
    }
    silence(INTER_DIGIT_MS);
  }
  return ticks;
}

/**
 * Receiving side (the tests' peer, and a check of the plan): the digits a stream of
 * telephone-event packets presses, one per event (told apart by their RTP timestamp).
 */
export class DtmfReceiver {
  private lastTimestamp: number | undefined;
  readonly digits: string[] = [];

  packet(timestamp: number, payload: Uint8Array): void {
    const e = decodeTelephoneEvent(payload);
    if (!e || timestamp === this.lastTimestamp) return;
    this.lastTimestamp = timestamp;
    const digit = dtmfDigit(e.event);
    if (digit !== undefined) this.digits.push(digit);
  }
}
