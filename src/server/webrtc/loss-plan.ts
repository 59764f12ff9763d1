/**
 * What to do with an RTP packet given the sequence number expected next: decode it, after
 * making up for the packets lost before it, or drop it (a duplicate, or one overtaken by later
 * packets, whose audio has already been concealed). Pure, so the rules are tested as a table.
 * Sequence numbers are 16 bits and wrap around.
 */

/**
 * A gap longer than this (1 s of 20 ms packets) is not packet loss but a pause in sending (a
 * tab in the background, a network outage): the stream carries on from the new packet rather
 * than inventing a second of audio.
 */
export const MAX_CONCEALED_PACKETS = 50;

export type PacketPlan =
  | { kind: 'drop' }
  /** `lost`: packets missing just before this one, to conceal (all but the last) and recover (the last). */
  | { kind: 'decode'; lost: number };

/** The signed distance from `expected` to `seq`, in the 16-bit sequence space (-32768..32767). */
export function sequenceDistance(expected: number, seq: number): number {
  const d = (seq - expected) & 0xffff;
  return d >= 0x8000 ? d - 0x10000 : d;
}

export function planPacket(expected: number | undefined, seq: number): PacketPlan {
  if (expected === undefined) return { kind: 'decode', lost: 0 };
  const distance = sequenceDistance(expected, seq);
  if (distance < 0) return { kind: 'drop' };
  return { kind: 'decode', lost: distance > MAX_CONCEALED_PACKETS ? 0 : distance };
}
