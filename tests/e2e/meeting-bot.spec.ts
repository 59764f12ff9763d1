/**
 * The host connects a meeting bot from the conversation's panel, by keyboard: a link that is
 * no meeting's is refused next to the field, a Meet link sends the bot (the server's provider
 * stand-in plays the meeting), and both the host and a guest see its status move; the guest
 * may not change anything. The panel stays accessible (axe) in each state.
 */
import { expect, test } from '@playwright/test';
import { expectAccessible } from './axe';
import { joinByName, launchChromium, startConversation } from './browser';
import { startOwnServer } from './own-server';

test('the host sends a bot to a meeting from the keyboard; everyone sees its status', async ({ baseURL }) => {
  const browser = await launchChromium();
  try {
    const host = await (await browser.newContext({ baseURL })).newPage();
    const roomName = await startConversation(host);
    const guest = await (await browser.newContext({ baseURL })).newPage();
    await joinByName(guest, roomName);

    const link = host.getByRole('textbox', { name: 'Meeting link' });
    await link.focus();
    await host.keyboard.type('https://example.com/j/1');
    await host.keyboard.press('Enter');
    await expect(link).toHaveAttribute('aria-invalid', 'true');
    await expect(host.getByTestId('meeting-bot-link-help')).toHaveText(
      'This is not a Zoom, Google Meet or Microsoft Teams meeting link.',
    );
    await expectAccessible(host, 'meeting bot panel with a refused link');

    await link.fill('');
    await link.focus();
    await host.keyboard.type('https://meet.google.com/abc-defg-hij');
    await host.keyboard.press('Enter');
    for (const page of [host, guest])
      await expect(page.getByTestId('meeting-bot-status')).toHaveText(
        /Waiting for the meeting’s host|Connected to the meeting|Captioning the meeting/,
        { timeout: 15_000 },
      );
    await expect(guest.getByTestId('meeting-bot-only-host')).toHaveText(
      'Only the host can make modifications.',
    );
    await expectAccessible(guest, 'meeting bot panel seen by a guest');
    // The stand-in's silent meeting ends: everyone else left.
    await expect(host.getByTestId('meeting-bot-error')).toHaveText(
      'The bot left: everyone else had left the meeting.',
      { timeout: 20_000 },
    );
    await expect(host.getByRole('button', { name: 'Connect bot' })).toBeVisible();
    await expectAccessible(host, 'meeting bot panel after the bot left');
  } finally {
    await browser.close();
  }
});

test('on a server with no provider, the meeting bot and phone call forms say so first, with what to set', async () => {
  // A server of its own, with neither a meeting bot nor a phone provider (nor their stand-ins).
  const [started, launched] = await Promise.allSettled([startOwnServer({}, 120_000), launchChromium()]);
  const server = started.status === 'fulfilled' ? started.value : undefined;
  const browser = launched.status === 'fulfilled' ? launched.value : undefined;
  try {
    if (!server || !browser)
      throw [started, launched].flatMap((r) => (r.status === 'rejected' ? [r.reason as Error] : []))[0];
    const host = await (await browser.newContext({ baseURL: server.url })).newPage();
    await startConversation(host);

    const bot = host.getByTestId('meeting-bot-panel');
    await expect(bot.getByTestId('meeting-bot-no-provider')).toContainText(
      'This server has no meeting bot provider',
    );
    await expect(bot.getByTestId('meeting-bot-no-provider')).toContainText(
      'HEARKEN_MEETING_BOT_API_KEY and HEARKEN_MEETING_BOT_WEBHOOK_SECRET',
    );
    await expect(bot.getByRole('textbox')).toHaveCount(0);

    const phone = host.getByTestId('phone-call-panel');
    await expect(phone.getByTestId('phone-call-no-provider')).toContainText(
      'This server has no phone provider',
    );
    await expect(phone.getByTestId('phone-call-no-provider')).toContainText('HEARKEN_TWILIO_ACCOUNT_SID');
    await expect(phone.getByTestId('phone-call-form')).toHaveCount(0);
    await expectAccessible(host, 'meeting bot and phone call panels with no provider');
  } finally {
    await browser?.close();
    await server?.stop();
  }
});
