import { describe, expect, it } from 'vitest';
import { SAMPLE_RATE_HZ } from '../../../../src/shared/constants';
import {
  dropReplayBefore,
  keepForReplay,
  listKey,
  newRoute,
  newStreamState,
  onStreamClock,
  REPLAY_MAX_SAMPLES,
  takeReplay,
  type Replay,
} from '../../../../src/native/speech/stream-route';

const handlers = { onEvent: () => undefined, onError: () => undefined };
const chunk = (length: number, value = 1) => new Int16Array(length).fill(value);
const emptyReplay = (from: number): Replay => ({ from, chunks: [], samples: 0 });

describe('onStreamClock', () => {
  it('renumbers segments and moves every time by the route offset', () => {
    // A stream moved at 2 s, after segments 0..2: the new backend's segment 0 is its 3.
    const route = newRoute(7, 'backend', 3, 2 * SAMPLE_RATE_HZ);
    expect(route.msOffset).toBe(2000);
    const mapped = onStreamClock(route, {
      kind: 'final',
      segment: 1,
      text: 'hello there',
      startMs: 100,
      endMs: 900,
      words: [
        { w: 'hello', startMs: 100, endMs: 400 },
        { w: 'there', startMs: 450, endMs: 900 },
      ],
    });
    expect(mapped).toEqual({
      kind: 'final',
      segment: 4,
      text: 'hello there',
      startMs: 2100,
      endMs: 2900,
      words: [
        { w: 'hello', startMs: 2100, endMs: 2400 },
        { w: 'there', startMs: 2450, endMs: 2900 },
      ],
    });
  });

  it('adds no words to an event that had none', () => {
    const mapped = onStreamClock(newRoute(1, 'b', 0, 0), {
      kind: 'partial',
      segment: 0,
      text: 'hel',
      startMs: 0,
      endMs: 300,
    });
    expect('words' in mapped).toBe(false);
  });

  it('rounds an offset that falls between milliseconds', () => {
    expect(newRoute(1, 'b', 0, 24).msOffset).toBe(2); // 1.5 ms
  });
});

describe('keepForReplay', () => {
  it('keeps a copy, so the chunk sent (and transferred away) does not empty it', () => {
    const replay = emptyReplay(0);
    const samples = chunk(10, 5);
    keepForReplay(replay, samples);
    samples.fill(0);
    expect(replay.chunks[0]).toEqual(chunk(10, 5));
    expect(replay.samples).toBe(10);
  });

  it('drops the oldest chunks past the cap, moving its start on', () => {
    const replay = emptyReplay(100);
    const half = REPLAY_MAX_SAMPLES / 2;
    keepForReplay(replay, chunk(half));
    keepForReplay(replay, chunk(half));
    keepForReplay(replay, chunk(half));
    expect(replay.samples).toBe(REPLAY_MAX_SAMPLES);
    expect(replay.chunks).toHaveLength(2);
    expect(replay.from).toBe(100 + half);
  });

  it('keeps one chunk even when it alone is over the cap', () => {
    const replay = emptyReplay(0);
    keepForReplay(replay, chunk(REPLAY_MAX_SAMPLES + 1));
    expect(replay.chunks).toHaveLength(1);
  });

  it('does nothing for a stream without a replay (on a worker thread)', () => {
    expect(() => keepForReplay(undefined, chunk(3))).not.toThrow();
  });
});

describe('dropReplayBefore', () => {
  it('drops only the chunks that end at or before the final', () => {
    const replay = emptyReplay(1000);
    for (let i = 0; i < 3; i++) keepForReplay(replay, chunk(100));
    dropReplayBefore(replay, 1150); // inside the second chunk: it stays
    expect(replay).toMatchObject({ from: 1100, samples: 200 });
    dropReplayBefore(replay, 1200); // the second chunk ends exactly there
    expect(replay).toMatchObject({ from: 1200, samples: 100 });
    expect(replay.chunks).toHaveLength(1);
  });
});

describe('takeReplay', () => {
  it('takes the stream replay off it, its backlog what is to be sent again', () => {
    const state = newStreamState<string>(1, 'en', 'en', handlers);
    state.written = 5000;
    state.replay = emptyReplay(4000);
    keepForReplay(state.replay, chunk(1000));
    state.held = [chunk(30)];
    const replay = takeReplay(state);
    expect(replay.from).toBe(4000);
    expect(state.replay).toBeUndefined();
    expect(state.backlog).toBe(1030);
  });

  it('goes on from what was written when the stream had no replay', () => {
    const state = newStreamState<string>(1, 'en', 'en', handlers);
    state.written = 5000;
    expect(takeReplay(state)).toEqual({ from: 5000, chunks: [], samples: 0 });
    expect(state.backlog).toBe(0);
  });
});

describe('listKey', () => {
  it('is the same list whatever the order of its words, and not another list', () => {
    expect(listKey(['b', 'a'])).toBe(listKey(['a', 'b']));
    expect(listKey(['a', 'b'])).not.toBe(listKey(['a', 'b', 'c']));
  });

  it('does not reorder the list it was given', () => {
    const words = ['b', 'a'];
    listKey(words);
    expect(words).toEqual(['b', 'a']);
  });
});
