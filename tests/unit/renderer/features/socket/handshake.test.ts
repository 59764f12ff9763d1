import { describe, expect, it } from 'vitest';
import { handshakeProblem } from '../../../../../src/renderer/features/socket/handshake';

describe('handshakeProblem', () => {
  it('accepts the spec’s order and names anything else', () => {
    expect(handshakeProblem(0, 'connection-succeeded')).toBeUndefined();
    expect(handshakeProblem(1, 'room-status')).toBeUndefined();
    expect(handshakeProblem(2, 'transcripts')).toBeUndefined();
    expect(handshakeProblem(0, 'error')).toMatch(/first message/);
    expect(handshakeProblem(1, 'transcript')).toMatch(/second message/);
  });
});
