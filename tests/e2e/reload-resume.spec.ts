/**
 * Issue 30, item 3: a host who reloads the page mid-conversation is back in the room with the
 * earlier lines; their captions must not silently stop. Where the browser lets audio start
 * without a press (Chromium, in a tab the person pressed in), recording resumes by itself and
 * says so; where it wants a gesture (an audio context that starts suspended), a notice that stays
 * says captions are paused until the host presses its one button. Every screen passes axe-core.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { launchChromium, startConversation } from './browser';

async function recordThenReload(page: Page): Promise<void> {
  await startConversation(page);
  const badge = page.getByTestId('recording-state');
  await expect(badge).toHaveAttribute('data-state', 'RECORDING');
  const url = page.url();
  await page.reload();
  expect(page.url()).toBe(url);
  await expect(page.getByTestId('socket-status')).toHaveAttribute('data-state', 'online');
}

test('a reload while recording resumes the recording where audio may start by itself', async ({
  baseURL,
}) => {
  const browser = await launchChromium();
  try {
    const page = await (await browser.newContext({ baseURL })).newPage();
    await recordThenReload(page);
    await expect(page.getByTestId('recording-state')).toHaveAttribute('data-state', 'RECORDING');
    await expect(page.getByTestId('notice').filter({ hasText: 'recording resumed' })).toBeVisible();
    await expectAccessible(page, 'conversation, recording resumed after a reload');

    // Stopped on purpose, then reloaded: nothing resumes.
    await page.getByTestId('record-toggle').click();
    await expect(page.getByTestId('recording-state')).toHaveAttribute('data-state', 'NOT_RECORDING');
    await page.reload();
    await expect(page.getByTestId('socket-status')).toHaveAttribute('data-state', 'online');
    await page.waitForTimeout(2000);
    await expect(page.getByTestId('recording-state')).toHaveAttribute('data-state', 'NOT_RECORDING');
  } finally {
    await browser.close();
  }
});

test('a reload while recording says captions are paused until one press where the browser wants a gesture', async ({
  baseURL,
}) => {
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    // Chromium lets a tab the person pressed in start audio again after a reload; other browsers
    // (and Chromium in other cases) keep a new audio context suspended until a press: that one.
    // (Chromium keeps a same-origin reload's sticky activation, so a press on this page is counted.)
    await context.addInitScript(() => {
      let pressed = false;
      window.addEventListener('pointerdown', () => (pressed = true), true);
      window.addEventListener('keydown', () => (pressed = true), true);
      const Native = window.AudioContext;
      window.AudioContext = class extends Native {
        override get state(): AudioContextState {
          return pressed ? super.state : 'suspended';
        }
      };
    });
    await recordThenReload(page);
    const notice = page.getByTestId('notice').filter({ hasText: 'Captions are paused' });
    await expect(notice).toBeVisible();
    await expect(notice).toContainText('the page was loaded again');
    await expect(page.getByTestId('recording-state')).toHaveAttribute('data-state', 'NOT_RECORDING');
    await expectAccessible(page, 'conversation, captions paused after a reload');
    await notice.getByRole('button', { name: 'Resume captions' }).click();
    await expect(page.getByTestId('recording-state')).toHaveAttribute('data-state', 'RECORDING');
    await expect(notice).toHaveCount(0);
  } finally {
    await browser.close();
  }
});
