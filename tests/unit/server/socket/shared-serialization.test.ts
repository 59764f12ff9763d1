import { describe, expect, it } from 'vitest';
import { wireText } from '../../../../src/server/socket/shared-serialization';
import type { ServerMessage } from '../../../../src/shared/protocol';

describe('wireText', () => {
  it('is the message as JSON', () => {
    const message: ServerMessage = { type: 'PONG', serverTimeMs: 2, clientTimeMs: 1 };
    expect(JSON.parse(wireText(message))).toEqual(message);
  });

  it('serialises a broadcast message once for everyone it goes to', () => {
    const caption = {
      type: 'transcript',
      seq: 3,
      transcript: { id: 't1', isFinal: false, texts: { 'en-US': 'hello' } },
    } as unknown as ServerMessage;
    const first = wireText(caption);
    // A later change to the object is not seen: the room never changes a message it sent.
    (caption as unknown as { seq: number }).seq = 4;
    expect(wireText(caption)).toBe(first);
  });

  it('serialises anything else afresh each time (personal messages may be reused and changed)', () => {
    const pong = { type: 'PONG', serverTimeMs: 2, clientTimeMs: 1 } as ServerMessage & {
      serverTimeMs: number;
    };
    const first = wireText(pong);
    pong.serverTimeMs = 5;
    expect(wireText(pong)).not.toBe(first);
    expect(JSON.parse(wireText(pong)).serverTimeMs).toBe(5);
  });
});
