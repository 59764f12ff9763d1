/**
 * A relayed socket's slow client loses partials on the front node, where its buffer is, as a
 * client connected to the owner does on the owner (socket/transport.ts outgoingVerdict).
 */
import { describe, expect, it } from 'vitest';
import { deliverToClient } from '../../../../src/server/cluster/front';
import {
  FrameJoiner,
  OUT_TEXT,
  OUT_TEXT_DROPPABLE,
  kindOf,
} from '../../../../src/server/cluster/relay-frames';
import { RelayedSocket } from '../../../../src/server/cluster/relayed-socket';
import {
  DEAD_CLIENT_BUFFERED_BYTES,
  SLOW_CLIENT_BUFFERED_BYTES,
  outgoingVerdict,
} from '../../../../src/server/socket/transport';

function fakeClient(bufferedAmount: number) {
  const sent: string[] = [];
  const ends: string[] = [];
  return {
    sent,
    ends,
    ws: {
      readyState: 1 as const,
      OPEN: 1 as const,
      bufferedAmount,
      send: (data: string) => void sent.push(data),
      close: () => void ends.push('close'),
      terminate: () => void ends.push('terminate'),
      ping: () => undefined,
    },
  };
}

/** What the owner's half of a relayed socket writes, joined back into whole frames. */
function ownerFrames(act: (socket: RelayedSocket) => void): Buffer[] {
  const parts: Buffer[] = [];
  const socket = new RelayedSocket(
    (p) => void parts.push(p),
    () => 0,
  );
  act(socket);
  const joiner = new FrameJoiner(64 * 1024 * 1024);
  return parts.map((p) => joiner.push(p)).filter((f): f is Buffer => f !== undefined);
}

describe('partials for a slow relayed client', () => {
  it('are sent, skipped or end the socket by how far behind the client is', () => {
    expect(outgoingVerdict(0, true)).toBe('send');
    expect(outgoingVerdict(SLOW_CLIENT_BUFFERED_BYTES + 1, true)).toBe('skip');
    expect(outgoingVerdict(SLOW_CLIENT_BUFFERED_BYTES + 1, false)).toBe('send');
    expect(outgoingVerdict(DEAD_CLIENT_BUFFERED_BYTES + 1, false)).toBe('terminate');
    expect(outgoingVerdict(DEAD_CLIENT_BUFFERED_BYTES + 1, true)).toBe('terminate');
  });

  it('go from the owner marked as skippable; other messages do not', () => {
    const [partial, final] = ownerFrames((s) => {
      s.sendDroppable('{"type":"partial"}');
      s.send('{"type":"final"}');
    });
    expect(kindOf(partial!)).toBe(OUT_TEXT_DROPPABLE);
    expect(kindOf(final!)).toBe(OUT_TEXT);
  });

  it('are skipped by the front while its client is slow, finals still reach it', () => {
    const frames = ownerFrames((s) => {
      s.sendDroppable('partial');
      s.send('final');
    });
    const slow = fakeClient(SLOW_CLIENT_BUFFERED_BYTES + 1);
    for (const f of frames) deliverToClient(slow.ws, f);
    expect(slow.sent).toEqual(['final']);

    const quick = fakeClient(0);
    for (const f of frames) deliverToClient(quick.ws, f);
    expect(quick.sent).toEqual(['partial', 'final']);

    const dead = fakeClient(DEAD_CLIENT_BUFFERED_BYTES + 1);
    deliverToClient(dead.ws, frames[1]!);
    expect(dead.sent).toEqual([]);
    expect(dead.ends).toEqual(['terminate']);
  });
});
