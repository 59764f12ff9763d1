/**
 * The eSpeak NG engine itself (Debian's espeak-ng): every voice reads a reply as playable
 * 16-bit audio whose length fits the shared estimate, in English and French; the voices sound
 * different; the first audio comes before the whole reply is made; a missing program is a
 * clear status, never a crash.
 */
import { describe, expect, it } from 'vitest';
import { EspeakNgEngine } from '../../src/native/tts/espeak-ng/engine';
import { openTtsEngine } from '../../src/native/tts/engines';
import { TtsError } from '../../src/native/tts/types';
import { estimateTtsDurationMs, TTS_VOICE_TABLE } from '../../src/shared/tts';
import { TTS_VOICES, type TtsVoice } from '../../src/shared/user';
import { encodeWav, parseWav } from '../../src/shared/wav';

const TWENTY_WORDS =
  'The meeting starts at ten tomorrow morning and I will bring the printed reports for everyone who asked for them.';
const FRENCH = 'Je pense que nous devrions commencer la réunion maintenant, merci à tous.';

async function collect(engine: EspeakNgEngine, text: string, voice: TtsVoice, lang: string) {
  const chunks: Int16Array[] = [];
  for await (const chunk of engine.synthesize({ text, voice, lang })) chunks.push(chunk);
  const samples = new Int16Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    samples.set(c, at);
    at += c.length;
  }
  return { chunks, samples };
}

/** Root mean square level of the samples, 0 to 32768. */
function rms(samples: Int16Array): number {
  let sum = 0;
  for (const s of samples) sum += s * s;
  return Math.sqrt(sum / Math.max(1, samples.length));
}

/** Zero crossings per second: higher for a higher-pitched voice. */
function crossingsPerSecond(samples: Int16Array, rate: number): number {
  let n = 0;
  for (let i = 1; i < samples.length; i++) if (samples[i - 1]! < 0 !== samples[i]! < 0) n++;
  return (n * rate) / samples.length;
}

describe('eSpeak NG engine', async () => {
  const engine = await EspeakNgEngine.open();

  it('names itself and reads English and French', () => {
    expect(engine.id).toMatch(/^espeak-ng:\d+\.\d+/);
    expect(engine.sampleRate).toBeGreaterThanOrEqual(16_000);
    expect(engine.supports('en-US')).toBe(true);
    expect(engine.supports('fr-FR')).toBe(true);
    expect(engine.supports('xx-YY')).toBe(false);
  });

  it.each(TTS_VOICES.map((v) => [v]))(
    '%s reads a 20-word reply as audio whose length fits the estimate',
    async (voice) => {
      const { samples } = await collect(engine, TWENTY_WORDS, voice, 'en-US');
      // Through a WAV file, as the client plays it.
      const audio = parseWav(encodeWav(samples, engine.sampleRate));
      expect(audio.channels).toBe(1);
      const ms = (audio.samples.length / audio.sampleRate) * 1000;
      const estimate = estimateTtsDurationMs(TWENTY_WORDS, 'en-US', voice);
      // Never longer than the estimate (which keeps the microphone muted), and not far shorter:
      // 20 words at the voice's pace, give or take what eSpeak NG makes of each word.
      expect(ms).toBeLessThanOrEqual(estimate);
      expect(ms).toBeGreaterThan(20 * TTS_VOICE_TABLE[voice].perWordMs * 0.6);
      expect(rms(audio.samples)).toBeGreaterThan(500);
    },
  );

  it('reads French with every voice', async () => {
    for (const voice of TTS_VOICES) {
      const { samples } = await collect(engine, FRENCH, voice, 'fr-FR');
      const ms = (samples.length / engine.sampleRate) * 1000;
      expect(ms).toBeLessThanOrEqual(estimateTtsDurationMs(FRENCH, 'fr-FR', voice));
      expect(ms).toBeGreaterThan(1500);
    }
  });

  it('gives the female voices a higher pitch than the male ones', async () => {
    const pitch = async (voice: TtsVoice) =>
      crossingsPerSecond((await collect(engine, TWENTY_WORDS, voice, 'en-US')).samples, engine.sampleRate);
    expect(await pitch('nova')).toBeGreaterThan(await pitch('onyx'));
    expect(await pitch('shimmer')).toBeGreaterThan(await pitch('echo'));
  });

  it('streams: a long reply arrives in more than one chunk', async () => {
    const long = Array.from({ length: 6 }, () => TWENTY_WORDS).join(' ');
    const { chunks } = await collect(engine, long, 'echo', 'en-US');
    expect(chunks.length).toBeGreaterThan(1);
  });

  it('reads text that looks like an option as text', async () => {
    const { samples } = await collect(engine, '--help me please', 'echo', 'en-US');
    expect(samples.length).toBeGreaterThan(engine.sampleRate / 2);
  });

  it('refuses a language it has no voice for, clearly', async () => {
    await expect(collect(engine, 'hello', 'echo', 'xx-YY')).rejects.toThrow(
      new TtsError('no voice reads xx-YY on this server'),
    );
  });

  it('stops when the request is aborted, without an error', async () => {
    const controller = new AbortController();
    const chunks: Int16Array[] = [];
    const long = Array.from({ length: 20 }, () => TWENTY_WORDS).join(' ');
    for await (const chunk of engine.synthesize({
      text: long,
      voice: 'echo',
      lang: 'en',
      signal: controller.signal,
    })) {
      chunks.push(chunk);
      controller.abort();
    }
    expect(chunks.length).toBeGreaterThanOrEqual(1);
  });
});

describe('a missing eSpeak NG', () => {
  it('is a status that says how to install it, not a crash', async () => {
    const status = await openTtsEngine({ kind: 'espeak-ng', program: '/nonexistent/espeak-ng' });
    expect(status.ok).toBe(false);
    if (!status.ok) {
      expect(status.error).toContain('/nonexistent/espeak-ng was not found');
      expect(status.error).toContain('apt-get install espeak-ng');
    }
  });

  it('is off when configured off', async () => {
    expect(await openTtsEngine({ kind: 'off' })).toEqual({
      ok: false,
      error: 'text-to-speech is turned off on this server',
    });
  });
});
