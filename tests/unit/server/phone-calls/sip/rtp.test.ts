import { describe, expect, it } from 'vitest';
import { buildRtp, isRtcp, parseRtp } from '../../../../../src/server/phone-calls/sip/rtp';

describe('RTP packets', () => {
  it('builds RFC 3550’s fixed header and parses it back', () => {
    const packet = {
      payloadType: 101,
      marker: true,
      sequence: 65535,
      timestamp: 0xfffffff0,
      ssrc: 0xdeadbeef,
      payload: Uint8Array.from([1, 2, 3]),
    };
    const bytes = buildRtp(packet);
    expect([...bytes.subarray(0, 12)]).toEqual([
      0x80, 0xe5, 0xff, 0xff, 0xff, 0xff, 0xff, 0xf0, 0xde, 0xad, 0xbe, 0xef,
    ]);
    const parsed = parseRtp(bytes)!;
    expect({ ...parsed, payload: [...parsed.payload] }).toEqual({ ...packet, payload: [1, 2, 3] });
  });

  it('skips CSRCs, a header extension and padding to reach the payload', () => {
    const bytes = Uint8Array.from([
      0xb1,
      0x00,
      0x00,
      0x01,
      0,
      0,
      0,
      160,
      0,
      0,
      0,
      7, // V=2, P, X, CC=1, PT 0
      1,
      2,
      3,
      4, // CSRC
      0xbe,
      0xde,
      0x00,
      0x01,
      9,
      9,
      9,
      9, // extension of one word
      0x7f,
      0x7e, // payload
      0,
      0,
      3, // padding of 3
    ]);
    expect(parseRtp(bytes)).toMatchObject({ payloadType: 0, sequence: 1, timestamp: 160, ssrc: 7 });
    expect([...parseRtp(bytes)!.payload]).toEqual([0x7f, 0x7e]);
  });

  it('refuses what is not RTP version 2 or is cut short', () => {
    expect(parseRtp(new Uint8Array(11))).toBeUndefined();
    expect(parseRtp(Uint8Array.from([0x40, ...new Array<number>(11).fill(0)]))).toBeUndefined();
    expect(parseRtp(Uint8Array.from([0x81, ...new Array<number>(11).fill(0)]))).toBeUndefined();
  });

  it('tells RTCP apart', () => {
    expect(isRtcp(Uint8Array.from([0x80, 200]))).toBe(true);
    expect(
      isRtcp(
        buildRtp({
          payloadType: 0,
          marker: false,
          sequence: 0,
          timestamp: 0,
          ssrc: 0,
          payload: new Uint8Array(),
        }),
      ),
    ).toBe(false);
  });
});
