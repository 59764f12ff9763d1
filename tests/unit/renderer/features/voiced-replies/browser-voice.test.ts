/**
 * The spec's speech-synthesis fallback (conversation.md, section 9: rate 0.7): when the server
 * cannot speak a reply, this browser's speechSynthesis reads it. Chromium in the test machines
 * may have no voices at all, so the page's speechSynthesis is a stub injected here: what is
 * tested is the decision, the call (text, language, rate) and the lifecycle around it (the
 * microphone muted until the browser's voice ends); that a real voice sounds is the browser's.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { socketActions } from '../../../../../src/renderer/features/socket/slice';
import {
  type SpeechSynthesisLike,
  browserVoice,
  browserVoiceLimitMs,
  pageBrowserVoice,
  shouldUseBrowserVoice,
} from '../../../../../src/renderer/features/voiced-replies/browser-voice';
import type { Playback, VoicePlayer } from '../../../../../src/renderer/features/voiced-replies/player';
import {
  TRACK_TIMEOUT_ERROR,
  voicedRepliesSaga,
} from '../../../../../src/renderer/features/voiced-replies/sagas';
import { voicedRepliesActions } from '../../../../../src/renderer/features/voiced-replies/slice';
import { TTS_SPEECH_SYNTHESIS_RATE, TTS_TRACK_TIMEOUT_MS } from '../../../../../src/shared/tts';
import { type Fakes, type Running, makeFakes, run } from '../../../../helpers/saga-harness';

const tick = (ms = 0) => vi.advanceTimersByTimeAsync(ms);

/** An utterance as the page makes one: text, rate, lang, and its end and error events. */
class StubUtterance extends EventTarget {
  rate = 1;
  lang = '';
  constructor(readonly text: string) {
    super();
  }
}

/** window.speechSynthesis, recording what it was asked to say; the test ends the speech. */
class StubSynthesis implements SpeechSynthesisLike {
  spoken: StubUtterance[] = [];
  cancelled = 0;
  speak(utterance: SpeechSynthesisUtterance): void {
    this.spoken.push(utterance as unknown as StubUtterance);
  }
  cancel(): void {
    this.cancelled++;
  }
  finish(): void {
    this.spoken.at(-1)?.dispatchEvent(new Event('end'));
  }
}

const stubVoice = (synthesis: StubSynthesis) =>
  browserVoice(synthesis, (text) => new StubUtterance(text) as unknown as SpeechSynthesisUtterance);

class NoPlayer implements VoicePlayer {
  played = 0;
  async play(): Promise<Playback> {
    this.played++;
    return { ended: new Promise(() => {}), stop: () => {} };
  }
}

describe('shouldUseBrowserVoice', () => {
  it('reads one’s own reply the server could not voice, when the browser can speak', () => {
    const refused = 'text-to-speech is unavailable: eSpeak NG is not available';
    expect(shouldUseBrowserVoice({ text: 'Hello', serverError: refused, available: true })).toBe(true);
    expect(shouldUseBrowserVoice({ text: 'Hello', serverError: TRACK_TIMEOUT_ERROR, available: true })).toBe(
      true,
    );
    // The server spoke: nothing to replace.
    expect(shouldUseBrowserVoice({ text: 'Hello', serverError: undefined, available: true })).toBe(false);
    // No speech synthesis here: the error is shown instead.
    expect(shouldUseBrowserVoice({ text: 'Hello', serverError: refused, available: false })).toBe(false);
    // Others' replies come as audio only: no text to read.
    expect(shouldUseBrowserVoice({ text: ' ', serverError: refused, available: true })).toBe(false);
  });
});

describe('browserVoice', () => {
  it('speaks the text in its language at the spec’s rate, and ends on the utterance’s end', async () => {
    const synthesis = new StubSynthesis();
    const voice = stubVoice(synthesis);
    expect(voice.available).toBe(true);
    const playback = voice.speak('Bonjour à tous', 'fr-FR');
    expect(synthesis.spoken).toHaveLength(1);
    expect(synthesis.spoken[0]).toMatchObject({ text: 'Bonjour à tous', lang: 'fr-FR', rate: 0.7 });
    expect(TTS_SPEECH_SYNTHESIS_RATE).toBe(0.7);
    let ended = false;
    void playback.ended.then(() => (ended = true));
    synthesis.finish();
    await Promise.resolve();
    expect(ended).toBe(true);
    playback.stop();
    expect(synthesis.cancelled).toBe(1);
  });

  it('is unavailable on a page without speechSynthesis', () => {
    expect(pageBrowserVoice({} as typeof globalThis).available).toBe(false);
    expect(() => pageBrowserVoice({} as typeof globalThis).speak('x', 'en')).toThrow();
  });

  it('allows the slower voice its time: the estimate divided by the rate', () => {
    // 'Hello there' with no voice data: the spec's 2 s floor, at rate 0.7.
    expect(browserVoiceLimitMs('Hello there', 'en-US')).toBe(Math.ceil(2000 / 0.7));
  });
});

describe('the lifecycle with the browser’s voice', () => {
  let fakes: Fakes;
  let synthesis: StubSynthesis;
  let player: NoPlayer;
  let app: Running;

  beforeEach(() => {
    vi.useFakeTimers();
    fakes = makeFakes();
    synthesis = new StubSynthesis();
    player = new NoPlayer();
    app = run(voicedRepliesSaga, [fakes.deps, player, stubVoice(synthesis)]);
  });
  afterEach(() => {
    app.task.cancel();
    vi.useRealTimers();
  });

  const request = () =>
    app.dispatch(
      voicedRepliesActions.requested({ requestId: 'r1', text: 'See you on Friday', lang: 'en-US' }),
    );
  const refuse = () =>
    app.dispatch(
      socketActions.messageReceived({
        type: 'response-text-to-speech',
        requestId: 'r1',
        isDone: true,
        error: 'text-to-speech is unavailable: eSpeak NG is not available',
      }),
    );

  it('reads a refused reply in the browser, the microphone muted until its voice ends, no error shown', async () => {
    request();
    refuse();
    await tick();
    expect(synthesis.spoken.map((u) => u.text)).toEqual(['See you on Friday']);
    expect(player.played).toBe(0);
    expect(app.state.voicedReplies.active).toEqual({ requestId: 'r1', playing: true, browser: true });
    expect(app.state.voicedReplies.error).toBeUndefined();
    expect(app.state.audio.muted).toBe(true);
    expect(app.state.voicedReplies.items).toEqual([
      { requestId: 'r1', text: 'See you on Friday', state: 'speaking', browser: true },
    ]);
    synthesis.finish();
    await tick();
    expect(app.state.audio.muted).toBe(false);
    expect(app.state.voicedReplies.active).toBeUndefined();
    expect(app.state.voicedReplies.items[0]).toMatchObject({ state: 'spoken', browser: true });
  });

  it('reads it when the server never answers, and gives the microphone back if the voice never ends', async () => {
    request();
    await tick(TTS_TRACK_TIMEOUT_MS);
    expect(synthesis.spoken).toHaveLength(1);
    expect(app.state.audio.muted).toBe(true);
    await tick(browserVoiceLimitMs('See you on Friday', 'en-US'));
    expect(app.state.audio.muted).toBe(false);
    expect(synthesis.cancelled).toBe(1);
  });

  it('shows the server’s reason when the browser cannot speak either', async () => {
    app.task.cancel();
    app = run(voicedRepliesSaga, [fakes.deps, player, pageBrowserVoice({} as typeof globalThis)]);
    request();
    refuse();
    await tick();
    expect(app.state.voicedReplies.error).toMatch(/eSpeak NG/);
    expect(app.state.audio.muted).toBe(false);
    expect(app.state.voicedReplies.items[0]).toMatchObject({ state: 'not-spoken', browser: false });
  });
});
