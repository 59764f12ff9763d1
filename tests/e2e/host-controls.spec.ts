/// <reference lib="dom" />
/**
 * The host's room controls in a real browser (issue 28), beside force-mute in the participants
 * card: from the keyboard the host makes the room read-only (a member's editor then says the host
 * disabled it) and private (the invite card's switch follows the server), then interactive and
 * public again; the screen passes axe-core before and after. Then, by the friend's own "Manage"
 * button, the host names them an owner of the transcript (the server's status checks the box)
 * and sets the language their speech is recognised in.
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

    // The host's choices about the friend: their button, by keyboard, then what it opens.
    const friendRow = host.getByTestId('participant').filter({ has: host.getByTestId('participant-manage') });
    await expect(friendRow).toHaveCount(1);
    await expect(friend.getByTestId('participant-manage')).toHaveCount(0);
    const manage = friendRow.getByTestId('participant-manage');
    await manage.focus();
    await host.keyboard.press('Enter');
    await expect(manage).toHaveAttribute('aria-expanded', 'true');
    const owner = friendRow.getByRole('checkbox', { name: /keeps the transcript$/ });
    await expect(owner).not.toBeChecked();
    await expectAccessible(host, 'the host’s choices about a participant');
    await owner.focus();
    await host.keyboard.press('Space');
    // Checked by the room status the server sent back (transcriptOwners), not only by the click.
    await expect(owner).toBeChecked();
    // The languages this server recognises are offered; the host's choice goes to the server.
    const language = friendRow.getByLabel(/speaks \(recognition\)$/);
    await expect(language.locator('option[value="en-US"]')).toHaveCount(1);
    await language.selectOption('en-US');
    await expect(host.getByTestId('notice').filter({ hasText: /language/i })).toHaveCount(0);
  } finally {
    await browser.close();
  }
});
