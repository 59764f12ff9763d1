/**
 * A deaf person who does not speak takes part by typing: the text box is reached from the
 * keyboard (Alt+M), the host sees that they are typing, and the line appears to everyone as
 * theirs, marked typed. The screen stays accessible.
 */
import { expect, test } from '@playwright/test';
import { expectAccessible } from './axe';
import { joinByName, launchChromium, startConversation } from './browser';

test('a typed reply reaches the room as the typist’s line, from the keyboard', async ({ baseURL }) => {
  const browser = await launchChromium();
  try {
    const host = await (await browser.newContext({ baseURL })).newPage();
    const roomName = await startConversation(host);

    const deaf = await (await browser.newContext({ baseURL })).newPage();
    await joinByName(deaf, roomName);

    // From anywhere on the screen, Alt+M brings the keyboard to the box.
    await deaf.getByTestId('room-title').focus();
    await deaf.keyboard.press('Alt+m');
    await expect(deaf.getByRole('textbox', { name: 'Type a message' })).toBeFocused();
    await deaf.keyboard.type('Sorry, could you repeat the date', { delay: 30 });
    await expect(host.getByTestId('typing-indicator')).toHaveText(/ is typing…$/);
    await expectAccessible(deaf, 'conversation with a message being typed');
    await deaf.keyboard.press('Enter');
    await expect(deaf.getByRole('textbox', { name: 'Type a message' })).toHaveValue('');

    for (const page of [host, deaf]) {
      const line = page.locator('[data-testid="caption"]', { hasText: 'Sorry, could you repeat the date' });
      await expect(line).toHaveCount(1);
      await expect(line).toContainText('(typed)');
      await expect(line).toHaveAttribute('data-final', 'true');
    }
    await expect(host.getByTestId('typing-indicator')).toHaveText('');
    await expectAccessible(host, 'conversation with a typed reply');
  } finally {
    await browser.close();
  }
});

test('a guest has one name: in the captions, the participant list and “is typing”', async ({ baseURL }) => {
  const browser = await launchChromium();
  try {
    const host = await (await browser.newContext({ baseURL })).newPage();
    const roomName = await startConversation(host);
    const guest = await (await browser.newContext({ baseURL })).newPage();
    await joinByName(guest, roomName);

    await guest.getByRole('textbox', { name: 'Type a message' }).fill('Hello from the back row');
    await guest.keyboard.press('Enter');
    const line = host.locator('[data-testid="caption"]', { hasText: 'Hello from the back row' });
    await expect(line).toHaveCount(1);
    const name = (await line.getAttribute('data-author')) ?? '';
    expect(name).toMatch(/^Guest \d{4}$/);

    const guestRow = host.getByTestId('participant').filter({ hasNotText: '(you)' });
    await expect(guestRow.locator('.participant-name')).toHaveText(name);
    await guest
      .getByRole('textbox', { name: 'Type a message' })
      .pressSequentially('and again', { delay: 30 });
    await expect(host.getByTestId('typing-indicator')).toHaveText(`${name} is typing…`);
    await expectAccessible(host, 'the participant list with a guest named as in the captions');
  } finally {
    await browser.close();
  }
});
