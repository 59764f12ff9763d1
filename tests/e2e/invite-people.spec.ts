/// <reference lib="dom" />
/**
 * Invite by user query in two real browsers: a person signed in (the Auth emulator's stand-in
 * for Google) lets hosts find them, from the keyboard, and has a conversation open; a host finds
 * them by their exact email with "Invite someone", invites them from the keyboard; the invitee
 * sees the invitation, joins, and is in the host's conversation. axe-core on the search with its
 * results and on the invitation.
 */
import { type Page, expect, test } from '@playwright/test';
import { expectAccessible } from './axe';
import { launchChromium, startConversation } from './browser';

/** Signs up with the emulator as a new `email`, finishing the name step. */
async function signIn(page: Page, email: string, name: string): Promise<void> {
  await page.goto('/web/signup');
  await page.locator('label.bp6-control', { hasText: 'I accept the terms of service' }).click();
  await page.getByTestId('sign-in-google').click();
  await page.getByTestId('emulator-provider-email').fill(email);
  await page.getByTestId('emulator-provider-name').fill(name);
  await page.getByTestId('emulator-provider-submit').click();
  // A new account: its name step first.
  await expect(page).toHaveURL(/\/web\/onboarding\/profile\/user-name/);
  await page.getByTestId('onboarding-continue').click();
  await expect(page).toHaveURL(/\/web\/onboarding\/profile\/hearing-profile/);
}

test('a host finds someone by email, invites them, and they join from the invitation', async ({
  baseURL,
}) => {
  const inviteeBrowser = await launchChromium();
  const hostBrowser = await launchChromium();
  try {
    const email = `e2e-invitee-${Date.now()}@example.com`;
    const invitee = await (await inviteeBrowser.newContext({ baseURL })).newPage();
    await signIn(invitee, email, 'Ines Invitee');
    // Being found is the invitee's choice, off until they turn it on.
    await invitee.goto('/web/account-settings/general');
    const findable = invitee.getByRole('checkbox', { name: 'Let hosts find me to invite me' });
    await expect(findable).not.toBeChecked();
    await findable.focus();
    await invitee.keyboard.press('Space');
    await expect(findable).toBeChecked();
    await expect(findable).toBeEnabled();
    await startConversation(invitee);

    const host = await (await hostBrowser.newContext({ baseURL })).newPage();
    const roomName = await startConversation(host);
    const hostRoom = new URL(host.url()).pathname;
    const field = host.getByLabel('Name or email');
    await field.fill(email.toUpperCase());
    await field.press('Enter');
    await expect(host.getByTestId('invite-people-status')).toContainText('1 person found');
    await expect(host.getByTestId('invite-people-result')).toContainText('Ines Invitee');
    await expectAccessible(host, 'invite someone, with a result');
    const invite = host.getByRole('button', { name: 'Invite Ines Invitee' });
    await invite.focus();
    await host.keyboard.press('Enter');
    await expect(host.getByTestId('invite-people-sent')).toContainText('Asked Ines Invitee to join');

    const notice = invitee.getByTestId('invitation-notice');
    await expect(notice).toContainText('invites you to join');
    await expectAccessible(invitee, 'an invitation to another conversation');
    await invitee.getByTestId('invitation-join').focus();
    await invitee.keyboard.press('Enter');
    await expect(invitee).toHaveURL(new RegExp(`${hostRoom}$`));
    await expect(invitee.getByTestId('socket-status')).toHaveAttribute('data-state', 'online');
    await expect(invitee.getByTestId('room-name')).toHaveText(roomName);
    await expect(host.getByTestId('invite-people-sent')).toContainText('accepted');
  } finally {
    await inviteeBrowser.close();
    await hostBrowser.close();
  }
});
