import { describe, expect, it } from 'vitest';
import { speakIntoMeeting } from '../../../../src/server/meeting-bot/speak-into-meeting';
import { TtsError } from '../../../../src/native/tts/types';

const request = { text: 'Hello', voice: 'echo', lang: 'en-US' } as Parameters<typeof speakIntoMeeting>[1];

function engine(chunks: Int16Array[], failAfter?: number) {
  return {
    sampleRate: 22_050,
    async *synthesize() {
      for (const [i, chunk] of chunks.entries()) {
        if (failAfter !== undefined && i >= failAfter) throw new TtsError('the voice could not be made');
        yield chunk;
      }
    },
  };
}

describe('speakIntoMeeting', () => {
  it('plays every chunk into the meeting in order, at the engine’s rate', async () => {
    const played: [number, number][] = [];
    const done = await speakIntoMeeting(
      engine([new Int16Array([1, 2]), new Int16Array([3])]),
      request,
      async (samples, rate) => (played.push([samples[0] as number, rate]), true),
      new AbortController().signal,
      () => undefined,
    );
    expect(done).toBe(true);
    expect(played).toEqual([
      [1, 22_050],
      [3, 22_050],
    ]);
  });

  it('stops when the bot can no longer play (it left the meeting)', async () => {
    const played: number[] = [];
    const done = await speakIntoMeeting(
      engine([new Int16Array([1]), new Int16Array([2]), new Int16Array([3])]),
      request,
      async (samples) => (played.push(samples[0] as number), played.length < 2),
      new AbortController().signal,
      () => undefined,
    );
    expect(done).toBe(false);
    expect(played).toEqual([1, 2]);
  });

  it('a voice that fails halfway is logged, not thrown', async () => {
    const logged: string[] = [];
    const done = await speakIntoMeeting(
      engine([new Int16Array([1]), new Int16Array([2])], 1),
      request,
      async () => true,
      new AbortController().signal,
      (_level, message) => logged.push(message),
    );
    expect(done).toBe(false);
    expect(logged).toEqual(['a reply could not be spoken into the meeting']);
  });
});
