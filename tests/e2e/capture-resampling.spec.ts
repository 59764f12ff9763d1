/// <reference lib="dom" />
/**
 * Browsers that cannot connect a microphone to a 16 kHz audio context (Firefox refuses to mix
 * sample rates) get captions too: the capture then runs at the device's rate and the worklet
 * resamples to 16 kHz itself. Chromium honours 16 kHz, so this test makes it behave like those
 * browsers (a context asked for a rate refuses the microphone) and checks the captions of a
 * real recording are as good as on the usual path.
 */
import { expect, test } from '@playwright/test';
import { join } from 'node:path';
import { wordErrorRate } from '../../src/shared/wer';
import { DEV_DIR, devReference, CAPTION_TEST_FILE, POCKETSPHINX_MEASURED_DEV_WER } from '../helpers/speech';
import { launchChromium, microphoneFile, withRemoteFlags } from './browser';

declare global {
  interface Window {
    __contextRates: number[];
    __refusedRates: number[];
  }
}

test('captions a recording when the browser refuses a 16 kHz microphone context and the worklet resamples', async ({
  baseURL,
}) => {
  const browser = await launchChromium(microphoneFile(join(DEV_DIR, CAPTION_TEST_FILE)));
  try {
    const context = await browser.newContext({ baseURL });
    // The worklet's 16 kHz chunks are what the server hears only on the socket (over WebRTC the
    // browser encodes the track itself): this test is about them.
    await withRemoteFlags(context, { web_use_webrtc: false });
    await context.addInitScript(() => {
      window.__contextRates = [];
      window.__refusedRates = [];
      const Native = window.AudioContext;
      class RateMixingRefused extends Native {
        constructor(options?: AudioContextOptions) {
          super(options);
          window.__contextRates.push(this.sampleRate);
          if (options?.sampleRate !== undefined) {
            this.createMediaStreamSource = () => {
              window.__refusedRates.push(this.sampleRate);
              throw new DOMException(
                'Connecting AudioNodes from AudioContexts with different sample-rate is currently not supported.',
                'NotSupportedError',
              );
            };
          }
        }
      }
      window.AudioContext = RateMixingRefused;
    });
    const page = await context.newPage();
    await page.goto('/web/conversations');
    await page.getByTestId('start-conversation').click();
    await expect(page.getByTestId('socket-status')).toHaveAttribute('data-state', 'online');
    await expect(page.getByTestId('recording-state')).toHaveAttribute('data-state', 'RECORDING');
    await expect(page.getByTestId('recording-state')).toHaveAttribute('data-transport', 'none');

    // The 16 kHz context was asked for and refused the microphone; the one recording runs at the
    // device's rate (48 kHz for Chromium's fake device).
    const rates = await page.evaluate(() => ({ all: window.__contextRates, refused: window.__refusedRates }));
    expect(rates.refused).toEqual([16_000]);
    expect(rates.all.at(-1)).not.toBe(16_000);

    await expect(page.locator('[data-testid="caption"][data-final="true"]').first()).toBeVisible({
      timeout: 30_000,
    });
    await page.waitForTimeout(2000);
    await expect(page.locator('[data-testid="caption"][data-final="false"]')).toHaveCount(0, {
      timeout: 15_000,
    });
    const text = (
      await page
        .locator('[data-testid="caption"][data-final="true"] [data-testid="caption-text"]')
        .allInnerTexts()
    )
      .join(' ')
      .trim();
    const wer = wordErrorRate(devReference(CAPTION_TEST_FILE), text);
    expect(wer, `captions "${text}"`).toBeLessThanOrEqual(POCKETSPHINX_MEASURED_DEV_WER);
  } finally {
    await browser.close();
  }
});
