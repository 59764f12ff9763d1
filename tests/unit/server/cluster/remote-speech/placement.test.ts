/**
 * Placement of a stream its owner has no room for (remote-speech/placement.ts): pure, with the
 * board's clock given by the test.
 */
import { describe, expect, it } from 'vitest';
import {
  chooseNode,
  LoadBoard,
  loadOf,
  type NodeLoad,
} from '../../../../../src/server/cluster/remote-speech/placement';

const load = (node: string, free: number, open = 4 - free, extra: Partial<NodeLoad> = {}): NodeLoad => ({
  node,
  open,
  cap: 4,
  free,
  ...extra,
});

describe('chooseNode', () => {
  it('takes the node with the most free decoders, never the owner itself', () => {
    const loads = [load('owner', 4), load('b', 1), load('c', 3)];
    expect(chooseNode(loads, 'owner')).toBe('c');
  });

  it('places nowhere when every other node is full', () => {
    expect(chooseNode([load('owner', 2), load('b', 0), load('c', 0)], 'owner')).toBeUndefined();
  });

  it('skips the nodes that refused or lost the stream', () => {
    const loads = [load('b', 3), load('c', 1)];
    expect(chooseNode(loads, 'owner', new Set(['b']))).toBe('c');
    expect(chooseNode(loads, 'owner', new Set(['b', 'c']))).toBeUndefined();
  });

  it('breaks a tie by measured load, then by streams, then by name, so owners agree', () => {
    expect(chooseNode([load('b', 2, 2, { load: 0.5 }), load('c', 2, 2, { load: 0.2 })], 'x')).toBe('c');
    expect(chooseNode([load('b', 2, 3), load('c', 2, 1)], 'x')).toBe('c');
    expect(chooseNode([load('c', 2, 2), load('b', 2, 2)], 'x')).toBe('b');
  });
});

describe('LoadBoard', () => {
  it('forgets a node not heard from within the dead time: no stream goes there', () => {
    const board = new LoadBoard(2000);
    board.heard(load('b', 4), 0);
    board.heard(load('c', 2), 1500);
    expect(board.alive('b', 2000)).toBe(true);
    expect(board.alive('b', 2001)).toBe(false);
    expect(board.live(2500).map((l) => l.node)).toEqual(['c']);
    expect(chooseNode(board.live(2500), 'owner')).toBe('c');
    expect(board.alive('never-heard', 0)).toBe(false);
  });

  it('counts a placement against the node until it publishes again, so a burst spreads', () => {
    const board = new LoadBoard();
    board.heard(load('b', 2), 0);
    board.heard(load('c', 2), 0);
    const placed: string[] = [];
    for (let i = 0; i < 4; i++) {
      const node = chooseNode(board.live(10), 'owner')!;
      board.reserve(node);
      placed.push(node);
    }
    expect(placed.sort()).toEqual(['b', 'b', 'c', 'c']);
    expect(chooseNode(board.live(10), 'owner')).toBeUndefined();
    // b says it has room again (a stream ended there).
    board.heard(load('b', 1), 20);
    expect(chooseNode(board.live(20), 'owner')).toBe('b');
  });

  it('prunes nodes long gone', () => {
    const board = new LoadBoard(100);
    board.heard(load('b', 1), 0);
    board.prune(500);
    expect(board.alive('b', 0)).toBe(true);
    board.prune(1001);
    expect(board.alive('b', 0)).toBe(false);
  });
});

describe('loadOf', () => {
  it('offers the slots under the cap, and none past the load limit', () => {
    expect(loadOf('a', { open: 1, cap: 4, hasRoom: true, load: 0.3 })).toEqual({
      node: 'a',
      open: 1,
      cap: 4,
      free: 3,
      load: 0.3,
    });
    expect(loadOf('a', { open: 1, cap: 4, hasRoom: false, load: undefined }).free).toBe(0);
    expect(loadOf('a', { open: 6, cap: 4, hasRoom: true, load: undefined }).free).toBe(0);
  });
});
