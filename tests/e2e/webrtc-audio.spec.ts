/// <reference lib="dom" />
/**
 * WebRTC audio in a real browser: Chromium's (fake) microphone goes to the server over an
 * RTCPeerConnection as Opus, and the captions of the recording appear; when WebRTC cannot get
 * through (ICE finds no path, as behind a firewall that drops UDP with no TURN server), the same
 * recording falls back to PCM frames on the socket by itself and the captions still appear.
 */
import { type BrowserContext, expect, test, type Page } from '@playwright/test';
import { join } from 'node:path';
import { wordErrorRate } from '../../src/shared/wer';
import { CAPTION_TEST_FILE, DEV_DIR, POCKETSPHINX_MEASURED_DEV_WER, devReference } from '../helpers/speech';
import { expectAccessible } from './axe';
import {
  countMicrophoneOpenings,
  holdMicrophone,
  launchChromium,
  microphoneFile,
  microphoneOpenings,
  openMicrophone,
  startConversation,
  withRemoteFlags,
} from './browser';

const FILE = CAPTION_TEST_FILE;

async function finalCaptionText(page: Page): Promise<string> {
  const texts = await page
    .locator('[data-testid="caption"][data-final="true"] [data-testid="caption-text"]')
    .allInnerTexts();
  return texts.join(' ').trim();
}

/** WebRTC stated for this context (it is the default too; these tests are about it). */
async function withWebRtcFlag(context: BrowserContext): Promise<void> {
  await withRemoteFlags(context, { web_use_webrtc: true });
}

async function captionsOfTheRecording(page: Page): Promise<string> {
  await expect(page.locator('[data-testid="caption"][data-final="true"]').first()).toBeVisible({
    timeout: 45_000,
  });
  // The recording's trailing silence ends any line still open.
  await expect(page.locator('[data-testid="caption"][data-final="false"]')).toHaveCount(0, {
    timeout: 20_000,
  });
  return finalCaptionText(page);
}

test('a conversation over WebRTC: the microphone goes as Opus and its captions appear', async ({
  baseURL,
}) => {
  const browser = await launchChromium(microphoneFile(join(DEV_DIR, FILE)));
  try {
    const context = await browser.newContext({ baseURL });
    await withWebRtcFlag(context);
    await holdMicrophone(context);
    const page = await context.newPage();
    await startConversation(page);
    await openMicrophone(page);
    await expect(page.getByTestId('recording-state')).toHaveAttribute('data-state', 'RECORDING');
    await expect(page.getByTestId('recording-state')).toHaveAttribute('data-transport', 'webrtc', {
      timeout: 15_000,
    });
    await expectAccessible(page, 'conversation recording over WebRTC');
    const text = await captionsOfTheRecording(page);
    expect(wordErrorRate(devReference(FILE), text), `captions "${text}"`).toBeLessThanOrEqual(
      POCKETSPHINX_MEASURED_DEV_WER,
    );
    // It stayed on WebRTC the whole recording.
    await expect(page.getByTestId('recording-state')).toHaveAttribute('data-transport', 'webrtc');
  } finally {
    await browser.close();
  }
});

test('when WebRTC cannot get through, the recording falls back to the socket and captions still appear', async ({
  baseURL,
}) => {
  const browser = await launchChromium(microphoneFile(join(DEV_DIR, FILE)));
  try {
    const context = await browser.newContext({ baseURL });
    await withWebRtcFlag(context);
    // No path for ICE: relay-only with no TURN server gathers no candidate at all.
    await context.addInitScript(() => {
      const Native = window.RTCPeerConnection;
      const Blocked = function (config?: RTCConfiguration) {
        return new Native({ ...config, iceServers: [], iceTransportPolicy: 'relay' });
      } as unknown as typeof RTCPeerConnection;
      Blocked.prototype = Native.prototype;
      window.RTCPeerConnection = Blocked;
    });
    await holdMicrophone(context);
    const page = await context.newPage();
    await startConversation(page);
    await openMicrophone(page);
    await expect(page.getByTestId('recording-state')).toHaveAttribute('data-state', 'RECORDING');
    await expect(page.getByTestId('recording-state')).toHaveAttribute('data-transport', 'pending');
    await expect(page.getByTestId('recording-state')).toHaveAttribute('data-transport', 'socket', {
      timeout: 20_000,
    });
    await expectAccessible(page, 'conversation after the fallback to the socket');
    // What was said while WebRTC was tried was held and sent on the socket: nothing is lost.
    const text = await captionsOfTheRecording(page);
    expect(wordErrorRate(devReference(FILE), text), `captions "${text}"`).toBeLessThanOrEqual(
      POCKETSPHINX_MEASURED_DEV_WER,
    );
    await expect(page.getByTestId('recording-state')).toHaveAttribute('data-state', 'RECORDING');
  } finally {
    await browser.close();
  }
});

test('a dropped connection over WebRTC: the microphone is kept, recording resumes over WebRTC, nothing is marked lost', async ({
  baseURL,
}) => {
  // A long silent lead-in keeps the speech after the drop and the reconnection.
  const browser = await launchChromium(microphoneFile(join(DEV_DIR, FILE), 10));
  try {
    const context = await browser.newContext({ baseURL });
    await withWebRtcFlag(context);
    await holdMicrophone(context);
    const page = await context.newPage();
    await startConversation(page);
    await openMicrophone(page);
    const badge = page.getByTestId('recording-state');
    await expect(badge).toHaveAttribute('data-transport', 'webrtc', { timeout: 15_000 });

    // The microphone goes on while the connection is down: its audio is held (issue 25).
    await context.setOffline(true);
    await expect(badge).toHaveAttribute('data-resuming', 'true');
    await expect(badge).toHaveAttribute('data-state', 'RECORDING');
    await context.setOffline(false);
    await expect(badge).toHaveAttribute('data-state', 'RECORDING', { timeout: 20_000 });
    await expect(badge).toHaveAttribute('data-transport', 'webrtc', { timeout: 15_000 });

    // A final caption of speech (the gap mark is final too, but has no caption text).
    await expect(
      page.locator('[data-testid="caption"][data-final="true"] [data-testid="caption-text"]').first(),
    ).toBeVisible({ timeout: 45_000 });
    const text = await captionsOfTheRecording(page);
    expect(wordErrorRate(devReference(FILE), text), `captions "${text}"`).toBeLessThanOrEqual(
      POCKETSPHINX_MEASURED_DEV_WER,
    );
    // Nothing was lost: the microphone's audio was held through the drop, so no line says so.
    await expect(page.getByTestId('caption-gap')).toHaveCount(0);
    await expectAccessible(page, 'conversation over WebRTC after a dropped connection');
  } finally {
    await browser.close();
  }
});

declare global {
  interface Window {
    __hearkenPeerGoesSilent?: () => Promise<void>;
    __hearkenPeerState?: (state: RTCPeerConnectionState) => void;
  }
}

/**
 * A peer connection whose network goes away while the socket stays up: `__hearkenPeerGoesSilent`
 * stops its packets (the server hears nothing, as when the path drops), and `__hearkenPeerState`
 * says what the browser's ICE would then say (`disconnected`), seconds later as it does.
 */
async function withDroppablePeer(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const Native = window.RTCPeerConnection;
    const made: RTCPeerConnection[] = [];
    const Recorded = function (config?: RTCConfiguration) {
      const pc = new Native(config);
      made.push(pc);
      return pc;
    } as unknown as typeof RTCPeerConnection;
    Recorded.prototype = Native.prototype;
    window.RTCPeerConnection = Recorded;
    window.__hearkenPeerGoesSilent = async () => {
      for (const pc of made) for (const sender of pc.getSenders()) await sender.replaceTrack(null);
    };
    window.__hearkenPeerState = (state) => {
      for (const pc of made) {
        Object.defineProperty(pc, 'connectionState', { get: () => state, configurable: true });
        pc.onconnectionstatechange?.(new Event('connectionstatechange'));
      }
    };
  });
}

test('the WebRTC path drops for 10 s mid-sentence: the microphone keeps listening, and the words said meanwhile are captioned late', async ({
  baseURL,
}) => {
  const browser = await launchChromium(microphoneFile(join(DEV_DIR, FILE), 2, 6));
  try {
    const context = await browser.newContext({ baseURL });
    await withWebRtcFlag(context);
    await withDroppablePeer(context);
    await countMicrophoneOpenings(context);
    const page = await context.newPage();
    await page.goto('/web/conversations');
    await page.getByTestId('start-conversation').click();
    const badge = page.getByTestId('recording-state');
    await expect(badge).toHaveAttribute('data-transport', 'webrtc', { timeout: 15_000 });
    // The sentence is under way over WebRTC: its first words are on screen.
    await expect(page.locator('[data-testid="caption"] [data-testid="caption-text"]').first()).toBeVisible({
      timeout: 20_000,
    });

    // The peer connection's path goes away: its packets stop at once, the browser notices 7 s
    // later, and the client gives it 3 s of grace: 10 s in which the server hears nothing.
    await page.evaluate(() => window.__hearkenPeerGoesSilent!());
    await page.waitForTimeout(7000);
    await page.evaluate(() => window.__hearkenPeerState!('disconnected'));
    await expect(badge).toHaveAttribute('data-state', 'RECORDING');
    await expect(badge).toHaveAttribute('data-transport', 'socket', { timeout: 15_000 });

    // What was said meanwhile is captioned, marked late, and the sentence is whole.
    const late = page.getByTestId('caption-late');
    await expect(late.first()).toBeVisible({ timeout: 30_000 });
    await expect(late.first()).toHaveText('captioned late');
    const text = await captionsOfTheRecording(page);
    expect(wordErrorRate(devReference(FILE), text), `captions "${text}"`).toBeLessThanOrEqual(
      POCKETSPHINX_MEASURED_DEV_WER,
    );
    // Nothing was lost, so nothing is marked lost; and the microphone was opened once.
    await expect(page.getByTestId('caption-gap')).toHaveCount(0);
    expect(await microphoneOpenings(page)).toBe(1);
    await expect(badge).toHaveAttribute('data-state', 'RECORDING');
    await expectAccessible(page, 'conversation with captions captioned late after WebRTC dropped');
  } finally {
    await browser.close();
  }
});
