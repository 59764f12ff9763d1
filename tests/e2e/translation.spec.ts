/**
 * A second person reads the conversation in Spanish: they choose it under "Read captions in"
 * (by keyboard), the host's English line reaches them as Apertium's Spanish, with the original
 * under it on request, while the host still reads English. The new controls pass axe-core.
 */
import { expect, test } from '@playwright/test';
import { expectAccessible } from './axe';
import { joinByName, launchChromium, startConversation } from './browser';

test('a second person reads the conversation in Spanish', async ({ baseURL }) => {
  const browser = await launchChromium();
  try {
    const host = await (await browser.newContext({ baseURL })).newPage();
    const roomName = await startConversation(host);

    const reader = await (await browser.newContext({ baseURL })).newPage();
    await joinByName(reader, roomName);

    // Only languages with an installed pair from English are offered.
    const select = reader.getByLabel('Read captions in');
    await expect(select.locator('option')).toHaveText(['As spoken', 'Catalan', 'Spanish']);
    await select.focus();
    await select.selectOption({ label: 'Spanish' });
    await expect(select).toHaveValue('es');
    await expectAccessible(reader, 'conversation with a reading language chosen');

    // The host's auto-translate control is there for the host only.
    await expect(host.getByTestId('auto-translate')).toBeVisible();
    await expect(reader.getByTestId('auto-translate')).toHaveCount(0);

    await host
      .getByRole('textbox', { name: 'Type a message' })
      .fill('I cannot hear the left side of the room.');
    await host.keyboard.press('Enter');

    const spanish = reader.locator('[data-testid="caption"]', {
      hasText: 'No puedo oír el lado izquierdo de la sala.',
    });
    await expect(spanish).toHaveCount(1);
    await expect(spanish.getByTestId('caption-text')).toHaveAttribute('lang', 'es');
    await expect(
      host.locator('[data-testid="caption"]', { hasText: 'I cannot hear the left side' }),
    ).toHaveCount(1);

    // The original is there on request.
    // By keyboard: the box is reached with Tab and ticked with Space.
    await select.focus();
    await reader.keyboard.press('Tab');
    await expect(reader.getByLabel('Show the original under each translated caption')).toBeFocused();
    await reader.keyboard.press('Space');
    await expect(reader.getByLabel('Show the original under each translated caption')).toBeChecked();
    await expect(spanish.getByTestId('caption-original')).toHaveText(
      'I cannot hear the left side of the room.',
    );
    await expectAccessible(reader, 'conversation read in Spanish with the original shown');
    await expectAccessible(host, 'conversation with the auto-translate control');
  } finally {
    await browser.close();
  }
});
