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
 */
import { expect, test, type WebSocket as PageSocket } from '@playwright/test';
import { join } from 'node:path';
import { expectAccessible } from './axe';
import { launchChromium, microphoneFile } from './browser';
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
  // Real speech into the microphone the whole time: its frames are not silent, so the check
  // on the muted frames can fail.
  const browser = await launchChromium(microphoneFile(join(SPEECH_DIR, 'long-dev.wav'), 0.5, 1));
  try {
    const context = await browser.newContext({ baseURL });
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
