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
  holdMicrophone,
  launchChromium,
  microphoneFile,
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
