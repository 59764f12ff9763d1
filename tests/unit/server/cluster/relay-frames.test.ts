import { describe, expect, it } from 'vitest';
import {
  FrameJoiner,
  IN_TEXT,
  MAX_PART_BYTES,
  MORE,
  OUT_TEXT,
  bodyOf,
  framesOf,
  kindOf,
  parseOpenRequest,
} from '../../../../src/server/cluster/relay-frames';

describe('relay frames', () => {
  it('send a small message as one frame', () => {
    const frames = framesOf(OUT_TEXT, '{"type":"PONG"}');
    expect(frames).toHaveLength(1);
    expect(kindOf(frames[0]!)).toBe(OUT_TEXT);
    expect(bodyOf(frames[0]!).toString()).toBe('{"type":"PONG"}');
  });

  it('split a message too big for NATS into parts that join back, in order', () => {
    const big = Buffer.alloc(MAX_PART_BYTES * 2 + 10, 7);
    big[0] = 1;
    big[big.length - 1] = 9;
    const frames = framesOf(IN_TEXT, big);
    expect(frames.map((f) => kindOf(f))).toEqual([IN_TEXT | MORE, IN_TEXT | MORE, IN_TEXT]);
    for (const f of frames) expect(f.length).toBeLessThanOrEqual(MAX_PART_BYTES + 1);
    const joiner = new FrameJoiner(big.length);
    const out = frames.map((f) => joiner.push(f));
    expect(out.slice(0, 2)).toEqual([undefined, undefined]);
    expect(kindOf(out[2]!)).toBe(IN_TEXT);
    expect(bodyOf(out[2]!).equals(big)).toBe(true);
    // The joiner is ready for the next message.
    expect(bodyOf(joiner.push(framesOf(IN_TEXT, 'next')[0]!)!).toString()).toBe('next');
  });

  it('drop a joined message over the limit rather than keep it in memory', () => {
    const joiner = new FrameJoiner(MAX_PART_BYTES);
    const out = framesOf(IN_TEXT, Buffer.alloc(MAX_PART_BYTES * 3)).map((f) => joiner.push(f));
    expect(out).toEqual([undefined, undefined, undefined]);
  });

  it('read only well-formed open requests', () => {
    const ok = { conn: 'abcdefgh12345678', roomId: 'r', address: '10.0.0.1', origin: 'http://x' };
    expect(parseOpenRequest(Buffer.from(JSON.stringify(ok)))).toEqual(ok);
    expect(parseOpenRequest(Buffer.from(JSON.stringify({ ...ok, conn: 'a b' })))).toBeUndefined();
    expect(parseOpenRequest(Buffer.from('not json'))).toBeUndefined();
    // A provider's socket says which, and the URL and signature its owner checks.
    const provider = { ...ok, kind: 'phone-media', url: '/api/v1/calls/media/h_r', signature: 'sig' };
    expect(parseOpenRequest(Buffer.from(JSON.stringify(provider)))).toEqual(provider);
    expect(parseOpenRequest(Buffer.from(JSON.stringify({ ...provider, kind: 'other' })))).toBeUndefined();
    expect(parseOpenRequest(Buffer.from(JSON.stringify({ ...provider, url: undefined })))).toBeUndefined();
    expect(parseOpenRequest(Buffer.from(JSON.stringify({ ...provider, signature: 1 })))).toBeUndefined();
  });
});
