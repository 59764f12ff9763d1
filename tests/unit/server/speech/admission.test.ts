/**
 * Speech admission: one more speaker is refused (`speech-unavailable`) at the decoder cap or
 * when the load limit says the machine would fall behind; Premium with no engine is served by
 * Basic; a tier nothing serves is refused with the engine's reason; an admitted stream is wired
 * to its track.
 */
import { describe, expect, it } from 'vitest';
import type { PoolStream, PoolStreamHandlers } from '../../../../src/native/speech/pool';
import type { EngineStatus } from '../../../../src/native/speech/worker-protocol';
import type { RecognizerEvent } from '../../../../src/native/speech/types';
import type { AudioTrack } from '../../../../src/server/rooms/audio-track';
import { speechAdmission, type SpeechAdmissionPool } from '../../../../src/server/speech/admission';

const ready = (id: string): EngineStatus => ({ ok: true, id, langs: ['en'], skipped: [] });

function fakePool(opts: { openStreams?: number; hasRoom?: boolean; engines?: Record<string, EngineStatus> }) {
  const opened: { engine: string; lang: string; handlers: PoolStreamHandlers }[] = [];
  const loadLimits: number[] = [];
  const pool: SpeechAdmissionPool = {
    openStreams: opts.openStreams ?? 0,
    hasRoom: (limit) => {
      loadLimits.push(limit);
      return opts.hasRoom ?? true;
    },
    status: (name) => opts.engines?.[name] ?? { ok: false, error: `no ${name} engine` },
    open: (engine, lang, handlers) => {
      opened.push({ engine, lang, handlers });
      return { engineId: engine, close: async () => undefined } as PoolStream;
    },
  };
  return { pool, opened, loadLimits };
}

function fakeTrack() {
  const events: RecognizerEvent[] = [];
  const errors: string[] = [];
  const attached: PoolStream[] = [];
  const track = {
    handle: (event: RecognizerEvent) => events.push(event),
    attach: (stream: PoolStream) => attached.push(stream),
    context: { onError: (message: string) => errors.push(message) },
  } as unknown as AudioTrack;
  return { track, events, errors, attached };
}

const limits = {
  maxDecoders: 4,
  speechLoadLimit: 0.8,
  maxStreamsPerIdentity: 4,
  maxStreamsPerRoom: 4,
  streamSilentMs: 15_000,
};
const guest = { roomId: 'room-1', identity: 'guest-1' };
const both = { basic: ready('pocketsphinx'), premium: ready('sherpa-onnx') };

describe('speechAdmission', () => {
  it('opens the tier asked for and wires its results and errors to the track', () => {
    const { pool, opened, loadLimits } = fakePool({ engines: both });
    const { track, events, errors, attached } = fakeTrack();
    expect(speechAdmission(pool, limits)('premium', 'en', track, guest)).toEqual({ ok: true });
    expect(opened.map((o) => [o.engine, o.lang])).toEqual([['premium', 'en']]);
    expect(attached).toHaveLength(1);
    expect(loadLimits).toEqual([0.8]);
    const event: RecognizerEvent = { kind: 'final', segment: 0, text: 'hello', startMs: 0, endMs: 500 };
    opened[0]!.handlers.onEvent(event);
    opened[0]!.handlers.onError('worker died');
    expect(events).toEqual([event]);
    expect(errors).toEqual(['speech recognition failed: worker died']);
  });

  it('refuses one more speaker at the decoder cap, saying the server is full and how many it captions', () => {
    const { pool, opened } = fakePool({ openStreams: 4, engines: both });
    const { track, attached } = fakeTrack();
    expect(speechAdmission(pool, limits)('basic', 'en', track, guest)).toEqual({
      ok: false,
      code: 'speech-unavailable',
      message:
        'the server is full: it is captioning 4 speakers, the most it holds at once; try again in a moment',
      reason: 'full',
    });
    expect(opened).toHaveLength(0);
    expect(attached).toHaveLength(0);
  });

  it('refuses below the cap when the load limit says the worker would fall behind', () => {
    const { pool, opened } = fakePool({ openStreams: 1, hasRoom: false, engines: both });
    const result = speechAdmission(pool, limits)('basic', 'en', fakeTrack().track, guest);
    expect(result).toEqual({
      ok: false,
      code: 'speech-unavailable',
      message: 'the server is captioning as many speakers as it can (1); try again in a moment',
      reason: 'busy',
    });
    expect(opened).toHaveLength(0);
  });

  it('serves Premium on Basic when Premium has no engine', () => {
    const { pool, opened } = fakePool({
      engines: { basic: ready('pocketsphinx'), premium: { ok: false, error: 'model missing' } },
    });
    expect(speechAdmission(pool, limits)('premium', 'fr', fakeTrack().track, guest)).toEqual({ ok: true });
    expect(opened.map((o) => [o.engine, o.lang])).toEqual([['basic', 'fr']]);
  });

  it("refuses with Basic's reason when no engine serves at all", () => {
    const { pool, opened } = fakePool({ engines: { basic: { ok: false, error: 'no model installed' } } });
    expect(speechAdmission(pool, limits)('premium', 'en', fakeTrack().track, guest)).toEqual({
      ok: false,
      code: 'speech-unavailable',
      message: 'speech recognition is unavailable: no model installed',
      reason: 'engine',
    });
    expect(opened).toHaveLength(0);
  });

  it('gives one identity a bounded share of the decoders, whatever room or socket it uses (F-01)', () => {
    const { pool } = fakePool({ engines: both });
    const open = speechAdmission(pool, { ...limits, maxDecoders: 24, maxStreamsPerIdentity: 2 });
    const hog = (roomId: string) => open('basic', 'en', fakeTrack().track, { roomId, identity: 'hog' });
    expect(hog('own-room')).toEqual({ ok: true });
    expect(hog('another-room')).toEqual({ ok: true });
    expect(hog('own-room')).toEqual({
      ok: false,
      code: 'speech-unavailable',
      message:
        'you are already captioned on 2 streams, the most one person may have at once (2); stop one to start another (a recording that sends no audio stops by itself after 15 s)',
      reason: 'fair-share',
    });
    // Someone else is still served.
    expect(open('basic', 'en', fakeTrack().track, { roomId: 'room-2', identity: 'honest' })).toEqual({
      ok: true,
    });
  });

  it('gives one room a bounded share, so other rooms keep decoders', () => {
    const { pool } = fakePool({ engines: both });
    const open = speechAdmission(pool, { ...limits, maxDecoders: 24, maxStreamsPerRoom: 3 });
    for (const identity of ['a', 'b', 'c']) {
      expect(open('basic', 'en', fakeTrack().track, { roomId: 'busy', identity })).toEqual({ ok: true });
    }
    expect(open('basic', 'en', fakeTrack().track, { roomId: 'busy', identity: 'd' })).toMatchObject({
      ok: false,
      message: expect.stringContaining('this conversation already has 3 speakers captioned'),
    });
    expect(open('basic', 'en', fakeTrack().track, { roomId: 'quiet', identity: 'd' })).toEqual({ ok: true });
  });

  it('gives the share back when the stream closes or fails, once', async () => {
    const { pool, opened } = fakePool({ engines: both });
    const open = speechAdmission(pool, { ...limits, maxStreamsPerIdentity: 1 });
    const first = fakeTrack();
    expect(open('basic', 'en', first.track, guest)).toEqual({ ok: true });
    expect(open('basic', 'en', fakeTrack().track, guest)).toMatchObject({ ok: false });
    await first.attached[0]!.close();
    await first.attached[0]!.close();
    const second = fakeTrack();
    expect(open('basic', 'en', second.track, guest)).toEqual({ ok: true });
    // A failed stream holds nothing: its owner opens a new one.
    opened[1]!.handlers.onError('worker died');
    expect(open('basic', 'en', fakeTrack().track, guest)).toEqual({ ok: true });
    expect(open('basic', 'en', fakeTrack().track, guest)).toMatchObject({ ok: false });
  });
});
