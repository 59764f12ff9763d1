/// <reference lib="dom" />
/**
 * A host who requires admission, in real browsers: a newcomer who types the room name waits at
 * the door, the host lets them in from a live list, the next one is refused and sees why with a
 * way back; every one of these screens passes axe-core and works from the keyboard.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { launchChromium } from './browser';

async function knock(page: Page, roomName: string): Promise<void> {
  await page.goto('/web/conversations');
  await page.getByTestId('join-room-name').fill(roomName);
  await page.getByTestId('join-room-submit').click();
}

test('a newcomer waits at the door until the host lets them in, and a refused one is told why', async ({
  baseURL,
}) => {
  const browser = await launchChromium();
  try {
    const host = await (await browser.newContext({ baseURL })).newPage();
    await host.goto('/web/conversations');
    await host.getByTestId('start-conversation').click();
    await expect(host.getByTestId('socket-status')).toHaveAttribute('data-state', 'online');
    const roomName = (await host.getByTestId('room-name').innerText()).trim();
    // The host closes the door, from the keyboard.
    await host.getByTestId('admission-required').focus();
    await host.keyboard.press('Space');
    await expect(host.getByTestId('admission-required')).toBeChecked();

    const newcomer = await (await browser.newContext({ baseURL })).newPage();
    await knock(newcomer, roomName);
    await expect(newcomer.getByTestId('admission-waiting')).toBeVisible();
    await expect(newcomer.getByTestId('conversation-connecting')).toHaveCount(0);
    await expectAccessible(newcomer, 'waiting at the door');

    const request = host.getByTestId('admission-request');
    await expect(request).toHaveCount(1);
    await expectAccessible(host, 'the host with someone at the door');
    await host.getByTestId('admission-let-in').focus();
    await host.keyboard.press('Enter');
    await expect(request).toHaveCount(0);
    await expect(newcomer.getByTestId('socket-status')).toHaveAttribute('data-state', 'online');
    await expect(newcomer.getByTestId('admission-waiting')).toHaveCount(0);

    const refused = await (await browser.newContext({ baseURL })).newPage();
    await knock(refused, roomName);
    await expect(host.getByTestId('admission-request')).toHaveCount(1);
    await host.getByTestId('admission-refuse').click();
    await expect(refused.getByTestId('admission-refused')).toContainText('did not let you in');
    await expectAccessible(refused, 'refused at the door');
    await refused.getByTestId('admission-back').click();
    await expect(refused).toHaveURL(/\/web\/conversations$/);
  } finally {
    await browser.close();
  }
});
