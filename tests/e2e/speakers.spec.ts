/// <reference lib="dom" />
/**
 * Who said what in a real browser: two people share the host's (fake) microphone, which hears a
 * recorded utterance; the host, by keyboard, says the line was someone else's and names her; a
 * guest in another browser context sees the line under her name and hears it announced, then
 * sees the rename the host makes in the speakers list. Every screen passes axe-core.
 */
import { expect, test } from '@playwright/test';
import { join } from 'node:path';
import { expectAccessible } from './axe';
import { CAPTION_TEST_FILE, DEV_DIR } from '../helpers/speech';
import { holdMicrophone, launchChromium, microphoneFile, openMicrophone } from './browser';

test('the host gives a spoken line to a named speaker; a guest sees the new name', async ({ baseURL }) => {
  const browser = await launchChromium(microphoneFile(join(DEV_DIR, CAPTION_TEST_FILE)));
  try {
    const hostContext = await browser.newContext({ baseURL });
    await holdMicrophone(hostContext);
    const host = await hostContext.newPage();
    await host.goto('/web/conversations');
    await host.getByTestId('start-conversation').click();
    await expect(host.getByTestId('socket-status')).toHaveAttribute('data-state', 'online');
    const roomName = (await host.getByTestId('room-name').innerText()).trim();

    const guest = await (await browser.newContext({ baseURL })).newPage();
    await guest.goto('/web/conversations');
    await guest.getByTestId('join-room-name').fill(roomName);
    await guest.getByTestId('join-room-submit').click();
    await expect(guest.getByTestId('socket-status')).toHaveAttribute('data-state', 'online');

    await openMicrophone(host);
    const hostLine = host.locator('[data-testid="caption"][data-final="true"]').first();
    await expect(hostLine).toBeVisible({ timeout: 30_000 });
    const lineId = (await hostLine.getAttribute('data-id'))!;
    const hostAvaId = (await hostLine.getAttribute('data-author-id'))!;
    const guestLine = guest.locator(`[data-testid="caption"][data-id="${lineId}"]`);
    await expect(guestLine).toHaveAttribute('data-author-id', hostAvaId);
    // The guest did not make the line: the name is not a button for them.
    await expect(guestLine.getByTestId('line-speaker')).toHaveCount(0);

    // By keyboard: focus the line's speaker name, open the choice, name someone else.
    const speakerButton = hostLine.getByTestId('line-speaker');
    await speakerButton.focus();
    await host.keyboard.press('Enter');
    const menu = host.getByRole('group', { name: 'Who said this line?' });
    await expect(menu).toBeVisible();
    await expectAccessible(host, 'conversation with a line’s speaker menu open');
    await menu.getByRole('button', { name: 'Someone else' }).focus();
    await host.keyboard.press('Enter');
    const nameBox = host.getByRole('textbox', { name: 'Their name' });
    await expect(nameBox).toBeFocused();
    await host.keyboard.type('Grandma Rose');
    await expectAccessible(host, 'naming a speaker');
    await host.keyboard.press('Enter');

    for (const page of [host, guest]) {
      const line = page.locator(`[data-testid="caption"][data-id="${lineId}"]`);
      await expect(line).toHaveAttribute('data-author', 'Grandma Rose');
      await expect(page.getByTestId('speaker-announcer')).toContainText(
        'A line is now shown as said by Grandma Rose',
      );
    }
    await expect(guest.getByTestId('voicing-speaker')).toHaveText(/Grandma Rose/);
    await expectAccessible(guest, 'conversation with a named speaker (guest)');

    // The host renames her in the speakers list; the guest's line follows.
    await host.getByRole('button', { name: 'Rename Grandma Rose' }).click();
    const renameBox = host.getByRole('textbox', { name: 'New name for Grandma Rose' });
    await renameBox.fill('Granny');
    await renameBox.press('Enter');
    await expect(guestLine).toHaveAttribute('data-author', 'Granny');
    await expect(guestLine).toContainText('Granny');
    await expectAccessible(host, 'conversation after a rename');
  } finally {
    await browser.close();
  }
});
