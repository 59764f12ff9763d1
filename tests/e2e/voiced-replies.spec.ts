/**
 * A deaf person types a reply with "Speak aloud" on: eSpeak NG's voice (the one chosen) plays
 * in their page's <audio> element, their microphone is muted while it plays and back after, and
 * the reply is in the transcript once, as their typed line. The new controls pass axe-core.
 *
 * What "not captioned twice" can honestly show here: Chromium's fake microphone is a WAV file
 * and never hears the page's speakers, so the synthetic voice cannot reach the recogniser in
 * this test whatever the app does. What it does show is the app's side of it: every audio frame
 * the page sends from the request until the voice has ended is silence (while real speech is
 * playing into the microphone before and after, whose frames are not), so whatever a real
 * microphone picked up of the voice would never reach the server; and the typed line appears
 * exactly once.
 *
 * Over WebRTC (the default transport) the microphone goes as Opus inside SRTP, which the test
 * cannot read; there it reads what Chromium's own sender measures of the audio it encodes (the
 * `media-source` stats: totalAudioEnergy over totalSamplesDuration): none while the voice plays,
 * some before and after, while the same speech plays into the microphone throughout.
 */
import { expect, test, type WebSocket as PageSocket } from '@playwright/test';
import { join } from 'node:path';
import { expectAccessible } from './axe';
import { launchChromium, microphoneFile, withRemoteFlags } from './browser';
import { SPEECH_DIR } from '../helpers/speech';

const REPLY = 'Thank you, I will send the minutes to everyone after lunch';

interface Sent {
  atMs: number;
  text?: string;
  /** For a binary frame: whether every sample is zero. */
  silent?: boolean;
}

test('a voiced reply plays in the chosen voice, with the microphone muted meanwhile, and is captioned once', async ({
  baseURL,
}) => {
  // PCM frames on the socket, which this test reads (WebRTC is the next test's).
  // Real speech into the microphone the whole time: its frames are not silent, so the check
  // on the muted frames can fail.
  const browser = await launchChromium(microphoneFile(join(SPEECH_DIR, 'long-dev.wav'), 0.5, 1));
  try {
    const context = await browser.newContext({ baseURL });
    await withRemoteFlags(context, { web_use_webrtc: false });
    const deaf = await context.newPage();
    const sent: Sent[] = [];
    deaf.on('websocket', (socket: PageSocket) => {
      socket.on('framesent', ({ payload }) => {
        if (typeof payload === 'string') {
          sent.push({ atMs: Date.now(), text: payload });
        } else {
          const samples = new Int16Array(
            payload.buffer,
            payload.byteOffset,
            Math.floor(payload.byteLength / 2),
          );
          sent.push({ atMs: Date.now(), silent: samples.every((s) => s === 0) });
        }
      });
    });
    await deaf.goto('/web/conversations');
    await deaf.getByTestId('start-conversation').click();
    await expect(deaf.getByTestId('socket-status')).toHaveAttribute('data-state', 'online');
    await expect(deaf.getByTestId('recording-state')).toHaveAttribute('data-state', 'RECORDING');
    // PCM frames from the start: WebRTC was never tried.
    await expect(deaf.getByTestId('recording-state')).toHaveAttribute('data-transport', 'none');

    // Speak aloud and the voice, by keyboard.
    await deaf.keyboard.press('Alt+m');
    await expect(deaf.getByRole('textbox', { name: 'Type a message' })).toBeFocused();
    const speakAloud = deaf.getByRole('checkbox', { name: 'Speak aloud' });
    await speakAloud.focus();
    await deaf.keyboard.press('Space');
    await expect(speakAloud).toBeChecked();
    const voice = deaf.getByRole('combobox', { name: 'Voice' });
    await expect(voice).toHaveValue('openai-echo');
    await voice.selectOption('openai-nova');
    await expectAccessible(deaf, 'conversation with Speak aloud on');

    // Let the microphone's speech be sent for a while first.
    await expect
      .poll(() => sent.filter((s) => s.silent === false).length, { timeout: 20_000 })
      .toBeGreaterThan(10);

    await deaf.keyboard.press('Alt+m');
    await deaf.keyboard.type(REPLY);
    await deaf.keyboard.press('Enter');
    const status = deaf.getByTestId('voiced-reply-status');
    await expect(status).toHaveText(/Your microphone is muted/);

    // The voice plays in the page's <audio> element: a WAV of a few seconds, not paused.
    const audio = deaf.getByTestId('voiced-reply-audio');
    await expect(audio).toHaveCount(1, { timeout: 10_000 });
    await expect
      .poll(() => audio.evaluate((el: HTMLAudioElement) => !el.paused && el.currentTime > 0), {
        timeout: 10_000,
      })
      .toBe(true);
    const seconds = await audio.evaluate((el: HTMLAudioElement) => el.duration);
    expect(seconds).toBeGreaterThan(2);
    expect(seconds).toBeLessThan(8);
    await expect(status).toHaveText(/Speaking aloud/);

    // The voice ends, the element goes, the microphone comes back.
    await expect(audio).toHaveCount(0, { timeout: 15_000 });
    await expect(status).toHaveText('');
    const endedAt = Date.now();
    await expect
      .poll(() => sent.filter((s) => s.silent === false && s.atMs > endedAt + 300).length)
      .toBeGreaterThan(5);

    // One request, in the chosen voice; the line was not also sent as typed-message.
    const texts = sent
      .filter((s) => s.text)
      .map((s) => JSON.parse(s.text!) as { type: string; voiceId?: string });
    const requests = texts.filter((m) => m.type === 'request-text-to-speech');
    expect(requests).toHaveLength(1);
    expect(requests[0]!.voiceId).toBe('openai-nova');
    expect(texts.filter((m) => m.type === 'typed-message')).toHaveLength(0);

    // Every frame from the request to the end of the voice is silence (allowing the frames
    // already queued when the request left, 100 ms, and the time this test takes to see the
    // status cleared after the microphone came back: its polling lags the page by up to a few
    // hundred ms on a loaded machine); speech frames come before and after.
    const requestAt = sent.find((s) => s.text?.includes('"request-text-to-speech"'))!.atMs;
    const during = sent.filter(
      (s) => s.silent !== undefined && s.atMs > requestAt + 100 && s.atMs < endedAt - 600,
    );
    expect(during.length).toBeGreaterThan(20);
    expect(during.filter((s) => !s.silent)).toEqual([]);

    // The reply is in the transcript once, as the typed line.
    const line = deaf.locator('[data-testid="caption"]', { hasText: REPLY });
    await expect(line).toHaveCount(1);
    await expect(line).toContainText('(typed)');
    await expectAccessible(deaf, 'conversation after a voiced reply');
  } finally {
    await browser.close();
  }
});

/** Time for the sender's audio level meter to fall to nothing from speech (decays by steps every 100 ms). */
const METER_FALL_OFF_S = 1;

/** One reading of the sender's stats, with whether the voice was playing then. */
interface SenderSample {
  energy: number;
  seconds: number;
  voicePlaying: boolean;
}

declare global {
  interface Window {
    __hearkenPeers?: RTCPeerConnection[];
    __hearkenSamples?: SenderSample[];
  }
}

test('over WebRTC the microphone sends silence while a voiced reply plays, and speech before and after', async ({
  baseURL,
}) => {
  const browser = await launchChromium(microphoneFile(join(SPEECH_DIR, 'long-dev.wav'), 0.5, 1));
  try {
    const context = await browser.newContext({ baseURL });
    await withRemoteFlags(context, { web_use_webrtc: true });
    // Every peer connection the page makes, and every 100 ms what the sender of the newest one
    // has encoded so far (its media-source stats) and whether the voice's <audio> is playing.
    await context.addInitScript(() => {
      const Native = window.RTCPeerConnection;
      const peers: RTCPeerConnection[] = [];
      const samples: SenderSample[] = [];
      window.__hearkenPeers = peers;
      window.__hearkenSamples = samples;
      const Kept = function (config?: RTCConfiguration) {
        const pc = new Native(config);
        peers.push(pc);
        return pc;
      } as unknown as typeof RTCPeerConnection;
      Kept.prototype = Native.prototype;
      window.RTCPeerConnection = Kept;
      const sample = async () => {
        const pc = peers[peers.length - 1];
        if (pc && pc.connectionState === 'connected') {
          const audio = document.querySelector<HTMLAudioElement>('[data-testid="voiced-reply-audio"]');
          const voicePlaying = !!audio && !audio.paused && !audio.ended && audio.currentTime > 0;
          const stats = await pc.getStats();
          stats.forEach(
            (s: {
              type: string;
              kind?: string;
              totalAudioEnergy?: number;
              totalSamplesDuration?: number;
            }) => {
              if (s.type === 'media-source' && s.kind === 'audio' && s.totalSamplesDuration !== undefined)
                samples.push({
                  energy: s.totalAudioEnergy ?? 0,
                  seconds: s.totalSamplesDuration,
                  voicePlaying,
                });
            },
          );
        }
        setTimeout(() => void sample(), 100);
      };
      void sample();
    });
    const deaf = await context.newPage();
    const requests: string[] = [];
    deaf.on('websocket', (socket: PageSocket) => {
      socket.on('framesent', ({ payload }) => {
        if (typeof payload === 'string' && payload.includes('"request-text-to-speech"'))
          requests.push(payload);
      });
    });
    await deaf.goto('/web/conversations');
    await deaf.getByTestId('start-conversation').click();
    await expect(deaf.getByTestId('socket-status')).toHaveAttribute('data-state', 'online');
    const badge = deaf.getByTestId('recording-state');
    await expect(badge).toHaveAttribute('data-state', 'RECORDING');
    await expect(badge).toHaveAttribute('data-transport', 'webrtc', { timeout: 15_000 });

    const samples = () => deaf.evaluate(() => window.__hearkenSamples ?? []);
    /** Energy the sender encoded between consecutive readings that satisfy `within`. */
    const energyWhile = (all: SenderSample[], within: (s: SenderSample) => boolean) => {
      let energy = 0;
      let seconds = 0;
      for (let i = 1; i < all.length; i++) {
        if (!within(all[i - 1]!) || !within(all[i]!)) continue;
        energy += all[i]!.energy - all[i - 1]!.energy;
        seconds += all[i]!.seconds - all[i - 1]!.seconds;
      }
      return { energy, seconds };
    };
    // The microphone's speech goes out over WebRTC first: the check below can fail.
    await expect
      .poll(async () => energyWhile(await samples(), () => true).energy, { timeout: 20_000 })
      .toBeGreaterThan(0);

    await deaf.keyboard.press('Alt+m');
    const speakAloud = deaf.getByRole('checkbox', { name: 'Speak aloud' });
    await speakAloud.focus();
    await deaf.keyboard.press('Space');
    await expect(speakAloud).toBeChecked();
    await deaf.keyboard.press('Alt+m');
    await deaf.keyboard.type(REPLY);
    await deaf.keyboard.press('Enter');
    const status = deaf.getByTestId('voiced-reply-status');
    await expect(status).toHaveText(/Speaking aloud/, { timeout: 15_000 });
    const audio = deaf.getByTestId('voiced-reply-audio');
    await expect(audio).toHaveCount(0, { timeout: 20_000 });
    await expect(status).toHaveText('');
    expect(requests).toHaveLength(1);
    // The microphone is back: speech goes out again.
    const afterVoice = (await samples()).length;
    await expect
      .poll(async () => energyWhile((await samples()).slice(afterVoice), () => true).energy, {
        timeout: 20_000,
      })
      .toBeGreaterThan(0);

    // While the voice played, the sender encoded silence. Its meter (WebRTC's audio level, from
    // which the energy is summed) falls off over a few 100 ms updates after the track goes
    // silent, so the first second of the sender's audio after the voice began is left out: the
    // microphone was muted before that, when the reply was asked for. Counted in the sender's
    // own seconds of audio, not in time.
    const all = await samples();
    const began = all.find((s) => s.voicePlaying);
    expect(began, 'the voice was seen playing').toBeDefined();
    const during = energyWhile(all, (s) => s.voicePlaying && s.seconds >= began!.seconds + METER_FALL_OFF_S);
    expect(during.seconds).toBeGreaterThan(0.5);
    expect(during.energy).toBe(0);
    // And the reply is in the transcript once, as the typed line.
    const line = deaf.locator('[data-testid="caption"]', { hasText: REPLY });
    await expect(line).toHaveCount(1);
    await expect(line).toContainText('(typed)');
  } finally {
    await browser.close();
  }
});
