/// <reference lib="dom" />
/**
 * Problems that stop captions stay on screen until they are solved, and every dead end has a
 * way out (issue 10, items 2 and 3): a link to a room that does not exist, and a microphone the
 * browser refuses. Each screen passes axe-core.
 */
import { expect, test } from '@playwright/test';
import { expectAccessible } from './axe';
import { SNACKBAR_ERROR_HIDE_MS } from '../../src/shared/constants';
import { launchChromium } from './browser';

test('a link to a room that does not exist says so, stays said, and leads back', async ({ baseURL }) => {
  const browser = await launchChromium();
  try {
    const page = await (await browser.newContext({ baseURL })).newPage();
    await page.goto('/web/conversations/nobodyAtAll000000000_noSuchRoom1');
    const refused = page.getByTestId('connection-refused');
    await expect(refused).toContainText('does not exist');
    await expect(page.getByTestId('conversation-connecting')).toHaveCount(0);
    // Nothing to record into: the microphone cannot be started.
    await expect(page.getByTestId('record-toggle')).toBeDisabled();
    // Longer than a notice lasts: still there.
    await page.waitForTimeout(SNACKBAR_ERROR_HIDE_MS + 1000);
    await expect(refused).toBeVisible();
    await expectAccessible(page, 'a room that does not exist');
    await page.getByTestId('refused-back').focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/web\/conversations$/);
    await expect(page.getByTestId('start-conversation')).toBeVisible();
  } finally {
    await browser.close();
  }
});

test('a refused microphone is explained until it is solved, with a way to try again', async ({ baseURL }) => {
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ baseURL });
    // The browser refuses the microphone, as it does when the person blocked it.
    await context.addInitScript(() => {
      navigator.mediaDevices.getUserMedia = () =>
        Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
    });
    const page = await context.newPage();
    await page.goto('/web/conversations');
    await page.getByTestId('start-conversation').click();
    await expect(page.getByTestId('socket-status')).toHaveAttribute('data-state', 'online');
    const problem = page.getByTestId('audio-problem');
    await expect(problem).toHaveAttribute('data-error', 'PERMISSION_DENIED');
    await page.waitForTimeout(SNACKBAR_ERROR_HIDE_MS + 1000);
    await expect(problem).toBeVisible();
    await expectAccessible(page, 'microphone refused');
    // Trying again while it is still refused: the explanation stays.
    await page.getByTestId('audio-retry').click();
    await expect(problem).toHaveAttribute('data-error', 'PERMISSION_DENIED');
  } finally {
    await browser.close();
  }
});
