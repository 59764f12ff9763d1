/**
 * The owner's side of a stream decoded on another node (remote-speech/placed-stream.ts), with a
 * placer that records what would go over NATS: results renumbered onto the stream's own clock,
 * and a move replaying exactly the audio since the last final.
 */
import { describe, expect, it } from 'vitest';
import type { PoolStream } from '../../../../../src/native/speech/pool';
import type { RecognizerEvent } from '../../../../../src/native/speech/types';
import {
  PlacedStream,
  type Placer,
  type Target,
} from '../../../../../src/server/cluster/remote-speech/placed-stream';

interface Sent {
  node: string;
  op: string;
  route: string;
  samples?: number[];
}

function harness(targets: (Target | undefined)[]) {
  const sent: Sent[] = [];
  const routes = new Map<string, PlacedStream | undefined>();
  let next = 1;
  const placer: Placer = {
    target: () => targets.shift(),
    openLocal: () => {
      throw new Error('not in this test');
    },
    send: (node, message, body) =>
      sent.push({ node, op: message.op, route: message.route, ...(body ? { samples: [...body] } : {}) }),
    route: (route, stream) => routes.set(route, stream),
    newRouteId: () => `r${next++}`,
    log: () => undefined,
  };
  const events: RecognizerEvent[] = [];
  const errors: string[] = [];
  const first = targets.shift()!;
  const stream = new PlacedStream(
    placer,
    'pocketsphinx:test',
    'basic',
    'en-US',
    {
      onEvent: (e) => events.push(e),
      onError: (m) => errors.push(m),
    },
    first,
  );
  const lastRoute = () => [...sent].reverse().find((s) => s.op === 'open')!.route;
  return { stream, sent, routes, events, errors, lastRoute };
}

const final = (segment: number, startMs: number, endMs: number): RecognizerEvent => ({
  kind: 'final',
  segment,
  text: 'words',
  startMs,
  endMs,
  words: [{ w: 'words', startMs, endMs }],
});

/** `n` samples of value `v` (16 samples are 1 ms). */
const chunk = (v: number, n = 1600) => new Int16Array(n).fill(v);

describe('PlacedStream', () => {
  it('sends its audio to the node it is placed on and passes results through', () => {
    const h = harness([{ kind: 'node', node: 'b' }]);
    h.stream.write(chunk(1));
    expect(h.sent.map((s) => [s.node, s.op])).toEqual([
      ['b', 'open'],
      ['b', 'audio'],
    ]);
    h.stream.received({ op: 'events', route: 'r1', events: [final(0, 10, 90)], processed: 1600 });
    expect(h.events).toEqual([final(0, 10, 90)]);
    expect(h.stream.backlogSamples).toBe(0);
  });

  it('moves from its last final when the node is lost: that audio replayed, results renumbered', () => {
    const h = harness([
      { kind: 'node', node: 'b' },
      { kind: 'node', node: 'c' },
    ]);
    // 300 ms of audio: the first line ends at 100 ms (its final came), the second is under way.
    h.stream.write(chunk(1));
    h.stream.write(chunk(2));
    h.stream.write(chunk(3));
    h.stream.received({ op: 'events', route: 'r1', events: [final(0, 0, 100)], processed: 4800 });
    h.stream.received({
      op: 'events',
      route: 'r1',
      events: [{ kind: 'partial', segment: 1, text: 'half', startMs: 120, endMs: 250 }],
      processed: 4800,
    });
    h.stream.move('not heard from');
    expect(h.stream.node).toBe('c');
    const toC = h.sent.filter((s) => s.node === 'c');
    expect(toC.map((s) => s.op)).toEqual(['open', 'audio', 'audio']);
    expect(toC[1]!.samples![0]).toBe(2);
    expect(toC[2]!.samples![0]).toBe(3);
    // The old node is told to drop it (if it is only slow), and its late results are ignored.
    expect(h.sent.some((s) => s.node === 'b' && s.op === 'abort')).toBe(true);
    h.stream.received({ op: 'events', route: 'r1', events: [final(1, 120, 290)], processed: 4800 });
    expect(h.events).toHaveLength(2);
    // The new node's first line is the stream's second, on the stream's clock (from 100 ms).
    h.stream.received({ op: 'events', route: 'r2', events: [final(0, 20, 190)], processed: 3200 });
    expect(h.events[2]).toMatchObject({ kind: 'final', segment: 1, startMs: 120, endMs: 290 });
    expect(h.events[2]!.words![0]).toMatchObject({ startMs: 120, endMs: 290 });
    expect(h.errors).toEqual([]);
  });

  it('tries another node when the first refuses, and fails once nowhere has room', () => {
    const h = harness([{ kind: 'node', node: 'b' }, { kind: 'node', node: 'c' }, undefined]);
    h.stream.write(chunk(5));
    h.stream.received({ op: 'refused', route: 'r1', reason: 'full' });
    expect(h.stream.node).toBe('c');
    expect(h.sent.filter((s) => s.node === 'c').map((s) => s.op)).toEqual(['open', 'audio']);
    h.stream.received({ op: 'gone', route: 'r2' });
    expect(h.errors).toHaveLength(1);
    expect(h.errors[0]).toMatch(/no node has room/);
  });

  it('closes once the node has sent its last results, even when it moved while closing', async () => {
    const h = harness([
      { kind: 'node', node: 'b' },
      { kind: 'node', node: 'c' },
    ]);
    h.stream.write(chunk(1));
    let closed = false;
    const closing = h.stream.close().then(() => (closed = true));
    expect(h.sent.at(-1)).toMatchObject({ node: 'b', op: 'close' });
    h.stream.move('not heard from');
    expect(h.sent.filter((s) => s.node === 'c').map((s) => s.op)).toEqual(['open', 'audio', 'close']);
    await Promise.resolve();
    expect(closed).toBe(false);
    h.stream.received({ op: 'closed', route: h.lastRoute() });
    await closing;
    expect(closed).toBe(true);
  });

  it('reports a backlog of what the node has not decoded yet', () => {
    const h = harness([{ kind: 'node', node: 'b' }]);
    h.stream.write(chunk(1));
    h.stream.write(chunk(1));
    expect(h.stream.backlogSamples).toBe(3200);
    h.stream.received({ op: 'progress', route: 'r1', processed: 1600 });
    expect(h.stream.backlogSamples).toBe(1600);
  });
});

// The type says a placed stream is a PoolStream: the room cannot tell it from a local one.
const asPoolStream = (s: PlacedStream): PoolStream => s;
void asPoolStream;
