import { describe, expect, it } from 'vitest';
import type { PoolStream } from '../../../../src/native/speech/pool';
import type { EngineStatus } from '../../../../src/native/speech/worker-protocol';
import type { AudioTrack } from '../../../../src/server/rooms/audio-track';
import { speechAdmission } from '../../../../src/server/speech/admission';
import { VoiceMemory } from '../../../../src/server/speech/voice-memory';

describe('VoiceMemory', () => {
  it('keeps the newest mean of each voice, at most its bound, the least recently used going first', () => {
    const memory = new VoiceMemory(2);
    memory.set('a:microphone', [1]);
    memory.set('b:microphone', [2]);
    memory.set('a:microphone', undefined); // a stream that learnt nothing changes nothing
    expect(memory.get('a:microphone')).toEqual([1]); // ...and a is now the most recently used
    memory.set('c:microphone', [3]);
    expect(memory.get('b:microphone')).toBeUndefined();
    expect(memory.get('a:microphone')).toEqual([1]);
    expect(memory.get('c:microphone')).toEqual([3]);
    expect(memory.size).toBe(2);
  });
});

describe("a speaker's next stream starts from what their last one learnt", () => {
  const ready: EngineStatus = { ok: true, id: 'pocketsphinx', langs: ['en'], skipped: [] };
  const limits = {
    maxDecoders: 4,
    speechLoadLimit: 0.8,
    maxStreamsPerIdentity: 4,
    maxStreamsPerRoom: 4,
    streamSilentMs: 15_000,
  };

  it('gives the pool the voice’s mean at open and keeps the one the closed stream learnt', async () => {
    const given: (number[] | undefined)[] = [];
    let learnt = [0.5];
    const pool = {
      openStreams: 0,
      hasRoom: () => true,
      status: () => ready,
      open: (_engine: string, _lang: string, _handlers: unknown, options?: { cmnMean?: number[] }) => {
        given.push(options?.cmnMean);
        const mean = learnt;
        return { engineId: 'pocketsphinx', cmnMean: mean, close: async () => undefined } as PoolStream;
      },
    };
    const attached: PoolStream[] = [];
    const track = {
      handle: () => {},
      attach: (stream: PoolStream) => attached.push(stream),
      context: { onError: () => {} },
    } as unknown as AudioTrack;
    const voices = new VoiceMemory();
    const open = speechAdmission(pool, limits, undefined, undefined, voices);
    const ada = { roomId: 'r', identity: 'ada', voice: 'ada:microphone' };

    expect(open('basic', 'en', track, ada)).toEqual({ ok: true });
    await attached[0]!.close();
    learnt = [0.7];
    open('basic', 'en', track, ada);
    // Someone else, and Ada's computer sound, start from the model's own mean.
    open('basic', 'en', track, { roomId: 'r', identity: 'bob', voice: 'bob:microphone' });
    open('basic', 'en', track, { ...ada, voice: 'ada:computer' });
    expect(given).toEqual([undefined, [0.5], undefined, undefined]);
    await attached[1]!.close();
    expect(voices.get('ada:microphone')).toEqual([0.7]);
  });
});
