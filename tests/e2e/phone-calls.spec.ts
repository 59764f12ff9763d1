/**
 * The host dials a phone conference from the conversation's panel, by keyboard: a number that
 * is no number is refused next to its field, a good one is called (the server's Twilio stand-in
 * answers, hears the codes and streams the line), host and guest see the call's status, the
 * guest may not change anything, and the host hangs up. The panel stays accessible (axe) in
 * each state.
 */
import { expect, test } from '@playwright/test';
import { expectAccessible } from './axe';
import { joinByName, launchChromium, startConversation } from './browser';

test('the host dials a conference from the keyboard, everyone sees the call, the host hangs up', async ({
  baseURL,
}) => {
  const browser = await launchChromium();
  try {
    const host = await (await browser.newContext({ baseURL })).newPage();
    const roomName = await startConversation(host);
    const guest = await (await browser.newContext({ baseURL })).newPage();
    await joinByName(guest, roomName);

    await host.getByRole('combobox', { name: 'International code' }).selectOption('+33');
    const number = host.getByRole('textbox', { name: 'Conference phone number' });
    await number.focus();
    await host.keyboard.type('12 34');
    await host.getByRole('textbox', { name: 'Meeting ID or access code' }).fill('123456789');
    await host.getByRole('textbox', { name: 'Password (optional)' }).focus();
    await host.keyboard.press('Enter');
    await expect(number).toHaveAttribute('aria-invalid', 'true');
    await expect(number).toBeFocused();
    await expect(host.getByTestId('phone-call-number-help')).toHaveText(
      'Enter the conference’s phone number, digits only.',
    );
    await expectAccessible(host, 'phone call panel with a refused number');

    await number.fill('');
    await host.keyboard.type('01 23 45 67 89');
    await host.getByRole('combobox', { name: 'Kind of conference' }).selectOption('teams');
    await host.getByRole('textbox', { name: 'Password (optional)' }).focus();
    await host.keyboard.type('42');
    await host.keyboard.press('Enter');
    for (const page of [host, guest])
      await expect(page.getByTestId('phone-call-status')).toHaveText('Captioning the phone call', {
        timeout: 20_000,
      });
    await expect(guest.getByTestId('phone-call-only-host')).toHaveText(
      'Only the host can make modifications.',
    );
    await expect(guest.getByRole('button', { name: 'Hang up' })).toHaveCount(0);
    await expectAccessible(guest, 'phone call panel seen by a guest');
    await expectAccessible(host, 'phone call panel during a call');

    const hangUp = host.getByRole('button', { name: 'Hang up' });
    await hangUp.focus();
    await host.keyboard.press('Enter');
    for (const page of [host, guest]) {
      await expect(page.getByTestId('phone-call-status')).toHaveText('The phone call ended', {
        timeout: 10_000,
      });
      await expect(page.getByTestId('phone-call-reason')).toHaveText('The host hung up.');
    }
    await expect(host.getByRole('button', { name: 'Call the conference' })).toBeVisible();
    await expectAccessible(host, 'phone call panel after the call');
  } finally {
    await browser.close();
  }
});
