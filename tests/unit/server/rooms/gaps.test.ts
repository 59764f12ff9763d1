import { describe, expect, it } from 'vitest';
import { MIN_GAP_MS, gapMarker, gapSpan } from '../../../../src/server/rooms/gaps';

describe('gapSpan', () => {
  const base = { clientFromMs: 9000, nowMs: 20_000, roomStartMs: 1000 };

  it("starts at the server's last audio when it has one, else at the client's estimate", () => {
    expect(gapSpan({ ...base, lastAudioAtMs: 5000 })).toEqual({ fromMs: 5000, toMs: 20_000 });
    expect(gapSpan({ ...base, lastAudioAtMs: undefined })).toEqual({ fromMs: 9000, toMs: 20_000 });
  });

  it('stays within the room and the present, and ignores a blip', () => {
    expect(gapSpan({ ...base, lastAudioAtMs: undefined, clientFromMs: 0 })?.fromMs).toBe(1000);
    expect(gapSpan({ ...base, lastAudioAtMs: undefined, clientFromMs: 99_999 })).toBeUndefined();
    expect(gapSpan({ ...base, lastAudioAtMs: 20_000 - MIN_GAP_MS + 1 })).toBeUndefined();
    expect(gapSpan({ ...base, lastAudioAtMs: 20_000 - MIN_GAP_MS })).toEqual({
      fromMs: 20_000 - MIN_GAP_MS,
      toMs: 20_000,
    });
  });
});

describe('gapMarker', () => {
  it('is a final with no text, at the start of the gap, in the room order', () => {
    expect(
      gapMarker({
        id: 'gap1',
        author: 'a',
        authorShow: 'Ada',
        lang: 'en-US',
        index: 7,
        span: { fromMs: 5, toMs: 9 },
      }),
    ).toMatchObject({
      id: 'gap1',
      isFinal: true,
      texts: {},
      index: 7,
      timestampMs: 5,
      gap: { fromMs: 5, toMs: 9, reason: 'connection-lost' },
    });
  });
});
