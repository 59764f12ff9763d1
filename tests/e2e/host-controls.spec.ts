/// <reference lib="dom" />
/**
 * The host's room controls in a real browser (issue 28), beside force-mute in the participants
 * card: from the keyboard the host makes the room read-only (a member's editor then says the host
 * disabled it) and private (the invite card's switch follows the server), then interactive and
 * public again; the screen passes axe-core before and after.
 */
import { expect, test } from '@playwright/test';
import { expectAccessible } from './axe';
import { joinByName, launchChromium, startConversation } from './browser';

test('the host switches the room between read-only and interactive, private and public, from the keyboard', async ({
  baseURL,
}) => {
  const browser = await launchChromium();
  try {
    const host = await (await browser.newContext({ baseURL })).newPage();
    const roomName = await startConversation(host);
    const friend = await (await browser.newContext({ baseURL })).newPage();
    await joinByName(friend, roomName);

    const controls = host.getByTestId('host-controls');
    await expect(controls).toBeVisible();
    await expect(friend.getByTestId('host-controls')).toHaveCount(0);
    await expect(host.getByRole('radio', { name: /^Interactive/ })).toBeChecked();
    await expect(host.getByRole('radio', { name: /^Public/ })).toBeChecked();
    await expectAccessible(host, 'the host’s room controls');

    // Read-only: arrow keys move within the group, as in any radio group.
    await host.getByRole('radio', { name: /^Interactive/ }).focus();
    await host.keyboard.press('ArrowDown');
    await expect(host.getByRole('radio', { name: /^Read-only/ })).toBeChecked();
    await friend.getByTestId('correct-captions-toggle').focus();
    await friend.keyboard.press('Enter');
    await expect(friend.getByTestId('transcript-editor')).toContainText(
      'Edition has been disabled by the host',
    );

    // Private: the server's answer checks the invite card's switch too.
    await host.getByRole('radio', { name: /^Public/ }).focus();
    await host.keyboard.press('ArrowDown');
    await expect(host.getByRole('radio', { name: /^Private/ })).toBeChecked();
    await expect(host.getByTestId('admission-required')).toBeChecked();

    // And back.
    await host.getByRole('radio', { name: /^Read-only/ }).focus();
    await host.keyboard.press('ArrowUp');
    await expect(host.getByRole('radio', { name: /^Interactive/ })).toBeChecked();
    await expect(friend.getByTestId('transcript-editor')).not.toContainText(
      'Edition has been disabled by the host',
    );
    await host.getByRole('radio', { name: /^Private/ }).focus();
    await host.keyboard.press('ArrowUp');
    await expect(host.getByTestId('admission-required')).not.toBeChecked();
    await expectAccessible(host, 'the host’s room controls, after the changes');
  } finally {
    await browser.close();
  }
});
