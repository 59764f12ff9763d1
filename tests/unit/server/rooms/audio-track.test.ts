import { describe, expect, it } from 'vitest';
import type { PoolStream } from '../../../../src/native/speech/pool';
import type { RecognizerEvent } from '../../../../src/native/speech/types';
import { AudioTrack } from '../../../../src/server/rooms/audio-track';
import { PARTIAL_THROTTLE_MS } from '../../../../src/shared/constants';
import type { Transcript } from '../../../../src/shared/entities';
import { FakeTimers } from '../../../helpers/fake-timers';

const START_WALL_MS = 1_700_000_000_000;

function setup() {
  const timers = new FakeTimers();
  const partials: Transcript[] = [];
  const finals: Transcript[] = [];
  let nextIndex = 10;
  let allocations = 0;
  const track = new AudioTrack({
    trackId: 'trk1',
    author: 'ava-1',
    authorShow: 'Ada',
    lang: 'en-US',
    usePaidASR: false,
    startWallMs: START_WALL_MS,
    allocateIndex: () => {
      allocations += 1;
      return nextIndex++;
    },
    onPartial: (t) => partials.push(t),
    onFinal: (t) => finals.push(t),
    onError: (message) => {
      throw new Error(`unexpected error: ${message}`);
    },
    timers,
  });
  return { timers, partials, finals, track, allocations: () => allocations };
}

const partial = (segment: number, text: string, startMs = 1500): RecognizerEvent => ({
  kind: 'partial',
  segment,
  text,
  startMs,
  endMs: startMs + 500,
});

const final = (
  segment: number,
  text: string,
  startMs = 1500,
  words?: RecognizerEvent['words'],
): RecognizerEvent => ({
  kind: 'final',
  segment,
  text,
  startMs,
  endMs: startMs + 900,
  ...(words ? { words } : {}),
});

function fakeStream(engineId: string) {
  const calls: string[] = [];
  const stream: PoolStream = {
    engineId,
    backlogSamples: 480,
    write: () => calls.push('write'),
    flush: () => calls.push('flush'),
    boost: () => calls.push('boost'),
    close: async () => {
      calls.push('close');
    },
  };
  return { stream, calls };
}

describe('AudioTrack.handle', () => {
  it('shows the first partial of an utterance at once, in the spec Transcript shape', () => {
    const { timers, partials, track } = setup();
    track.attach(fakeStream('pocketsphinx:en-us').stream);
    timers.advanceTo(5000);
    track.handle(partial(0, 'Hello', 1500));
    expect(partials).toEqual([
      {
        id: 'trk1.0',
        isFinal: false,
        author: 'ava-1',
        authorShow: 'Ada',
        origin: 'asr',
        speechLang: 'en-US',
        texts: { 'en-US': 'Hello' },
        asr: { final: false, timeReceivedMs: 5000, engine: 'pocketsphinx:en-us', endMs: 2000 },
        firmWords: 0,
        usePaidASR: false,
        index: 10,
        timestampMs: START_WALL_MS + 1500,
        t0: 1500,
        trackName: 'trk1',
      },
    ]);
  });

  it('throttles partials of an utterance to the latest per interval, with one id and one index', () => {
    const { timers, partials, track, allocations } = setup();
    track.handle(partial(0, 'Hello'));
    timers.advanceTo(50);
    track.handle(partial(0, 'Hello there'));
    timers.advanceTo(120);
    track.handle(partial(0, 'Hello there you'));
    expect(partials.map((p) => p.texts['en-US'])).toEqual(['Hello']);
    timers.advanceTo(PARTIAL_THROTTLE_MS);
    expect(partials.map((p) => [p.texts['en-US'], p.id, p.index, p.asr?.timeReceivedMs])).toEqual([
      ['Hello', 'trk1.0', 10, 0],
      ['Hello there you', 'trk1.0', 10, 120],
    ]);
    expect(allocations()).toBe(1);
  });

  it('gives each utterance the next index when its first words appear, and throttles them apart', () => {
    const { partials, track, allocations } = setup();
    track.handle(partial(0, 'One'));
    track.handle(partial(1, 'Two', 4000)); // a different utterance is not held back by the first
    track.handle(partial(0, 'one more')); // held back
    expect(partials.map((p) => [p.id, p.index, p.texts['en-US']])).toEqual([
      ['trk1.0', 10, 'One'],
      ['trk1.1', 11, 'Two'],
    ]);
    expect(allocations()).toBe(2);
  });

  it('sends a final in place of a pending partial, with the same id and index', () => {
    const { timers, partials, finals, track } = setup();
    track.handle(partial(0, 'Hello'));
    timers.advanceTo(50);
    track.handle(partial(0, 'hello word'));
    timers.advanceTo(80);
    const words = [
      { w: 'hello', startMs: 1500, endMs: 1900 },
      { w: 'world', startMs: 1950, endMs: 2400 },
    ];
    track.handle(final(0, 'Hello world', 1500, words));
    timers.advanceTo(10_000);
    expect(partials.map((p) => p.texts['en-US'])).toEqual(['Hello']); // the pending partial was dropped
    expect(finals).toHaveLength(1);
    expect(finals[0]).toMatchObject({
      id: 'trk1.0',
      isFinal: true,
      index: 10,
      texts: { 'en-US': 'Hello world' },
      asr: { final: true, timeReceivedMs: 80, engine: '', words },
      timestampMs: START_WALL_MS + 1500,
      t0: 1500,
    });
  });

  it('sends a final with no partial before it under a newly allocated index', () => {
    const { finals, track, allocations } = setup();
    track.handle(final(3, 'Just this', 9000));
    expect(finals.map((f) => [f.id, f.index, f.texts['en-US'], f.timestampMs])).toEqual([
      ['trk1.3', 10, 'Just this', START_WALL_MS + 9000],
    ]);
    expect(allocations()).toBe(1);
  });

  it('drops an empty final for an utterance never shown, without taking an index', () => {
    const { finals, partials, track, allocations } = setup();
    track.handle(final(0, ''));
    expect(finals).toEqual([]);
    expect(partials).toEqual([]);
    expect(allocations()).toBe(0);
    track.handle(partial(1, 'next'));
    expect(partials[0]?.index).toBe(10);
  });

  it('passes an empty final after a shown partial on, so clients remove the line', () => {
    const { finals, track } = setup();
    track.handle(partial(0, 'uh'));
    track.handle(final(0, ''));
    expect(finals.map((f) => [f.id, f.index, f.isFinal, f.texts])).toEqual([
      ['trk1.0', 10, true, { 'en-US': '' }],
    ]);
  });

  it('keeps the engine id after close, for the last final', async () => {
    const { finals, track } = setup();
    const { stream, calls } = fakeStream('sherpa-onnx:small');
    track.attach(stream);
    expect(track.engineId).toBe('sherpa-onnx:small');
    expect(track.backlogSamples).toBe(480);
    track.write(new Int16Array(960));
    track.flush();
    await track.close();
    expect(calls).toEqual(['write', 'flush', 'close']);
    expect(track.engineId).toBe('sherpa-onnx:small');
    expect(track.backlogSamples).toBe(0);
    track.handle(final(0, 'last words'));
    expect(finals[0]?.asr?.engine).toBe('sherpa-onnx:small');
  });
});

describe('AudioTrack captions read like sentences', () => {
  it('capitalises a lowercase partial and ends its final with a full stop (shared/caption-case)', () => {
    const { track, partials, finals } = setup();
    track.handle(partial(0, 'the meeting starts'));
    track.handle(final(0, 'the meeting starts at three', 5000));
    expect(partials.map((p) => p.texts['en-US'])).toEqual(['The meeting starts']);
    expect(finals.map((f) => f.texts['en-US'])).toEqual(['The meeting starts at three.']);
  });
});

describe('AudioTrack firm words (local-agreement.ts)', () => {
  const at = (text: string, endMs: number): RecognizerEvent => ({
    kind: 'partial',
    segment: 0,
    text,
    startMs: 0,
    endMs,
  });

  it('says how many words of each partial are firm, and keeps them in every later result', () => {
    const { timers, partials, finals, track } = setup();
    track.handle(at('i scream', 100));
    timers.advanceTo(PARTIAL_THROTTLE_MS);
    track.handle(at('i scream for', 500));
    timers.advanceTo(2 * PARTIAL_THROTTLE_MS);
    // The recogniser takes back its first words: the firm ones stay, its new tail follows them.
    track.handle(at('ice cream for you', 900));
    timers.advanceTo(3 * PARTIAL_THROTTLE_MS);
    expect(partials.map((p) => [p.texts['en-US'], p.firmWords])).toEqual([
      ['I scream', 0],
      ['I scream for', 2],
      ['I scream for you', 3],
    ]);
    track.handle({
      kind: 'final',
      segment: 0,
      text: 'ice cream for you',
      startMs: 0,
      endMs: 1200,
      words: [
        { w: 'ice', startMs: 0, endMs: 200 },
        { w: 'cream', startMs: 200, endMs: 400 },
        { w: 'for', startMs: 400, endMs: 500 },
        { w: 'you', startMs: 500, endMs: 700 },
      ],
    });
    expect(finals[0]!.texts['en-US']).toBe('I scream for you.');
    expect(finals[0]!.firmWords).toBeUndefined();
    expect(finals[0]!.asr?.words?.map((w) => w.w)).toEqual(['i', 'scream', 'for', 'you']);
  });

  it('keeps firm words when the final has none, instead of removing the line', () => {
    const { timers, finals, track } = setup();
    track.handle(at('hello there', 100));
    track.handle(at('hello there friend', 600));
    timers.advanceTo(PARTIAL_THROTTLE_MS);
    track.handle({ kind: 'final', segment: 0, text: '', startMs: 0, endMs: 900 });
    expect(finals.map((f) => f.texts['en-US'])).toEqual(['Hello there.']);
  });
});

describe('AudioTrack.openPartials', () => {
  it('holds the last partial shown for each open line, and forgets a line once it is final', () => {
    const { timers, track } = setup();
    track.attach(fakeStream('pocketsphinx:en-us').stream);
    timers.advanceTo(1000);
    track.handle(partial(0, 'Good'));
    expect(track.openPartials().map((t) => t.texts['en-US'])).toEqual(['Good']);
    // A newer partial still waiting for the throttle is not on screen yet.
    track.handle(partial(0, 'Good morning'));
    expect(track.openPartials().map((t) => t.texts['en-US'])).toEqual(['Good']);
    timers.advanceTo(1000 + PARTIAL_THROTTLE_MS);
    expect(track.openPartials().map((t) => t.texts['en-US'])).toEqual(['Good morning']);
    track.handle(final(0, 'good morning everyone'));
    expect(track.openPartials()).toEqual([]);
  });
});
