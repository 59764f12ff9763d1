/**
 * The Scribe request button says what is needed before it is pressed (issue 30, item 4). This
 * run's server gives Scribes to everyone (playwright.config.ts), so the host's button is usable
 * as the server's eligibility says; a server for organisations refuses a guest, which is
 * answered here from the eligibility route the page reads (who is refused is
 * tests/integration/scribe-time.test.ts's), and the refused button is reachable by keyboard,
 * described by its reason and checked with axe-core.
 */
import { expect, test } from '@playwright/test';
import { SCRIBE_API } from '../../src/shared/scribe/api';
import { expectAccessible } from './axe';
import { launchChromium, startConversation } from './browser';

test('the Scribe button says before it is pressed whether a Scribe can be had, and why not', async ({
  baseURL,
}) => {
  const browser = await launchChromium();
  try {
    // The server's own answer: Scribes for everyone here, so the button asks.
    const host = await (await browser.newContext({ baseURL })).newPage();
    const asked = host.waitForResponse((r) => r.url().endsWith(SCRIBE_API.eligibility) && r.ok());
    await startConversation(host);
    expect(await (await asked).json()).toEqual({ canRequest: true });
    const usable = host.getByRole('button', { name: 'Request a Scribe' });
    await expect(usable).toBeEnabled();
    await expect(usable).not.toHaveAttribute('aria-describedby');
    await usable.click();
    await expect(host.getByRole('dialog', { name: 'Request a Scribe' })).toBeVisible();

    // A server for organisations: a guest is told first, and pressing does nothing.
    const guest = await (await browser.newContext({ baseURL })).newPage();
    await guest.route(`**${SCRIBE_API.eligibility}`, (route) =>
      route.fulfill({ json: { canRequest: false, refusal: 'organizations-only' } }),
    );
    await startConversation(guest);
    const refused = guest.getByRole('button', { name: 'Request a Scribe' });
    await expect(refused).toBeDisabled();
    await expect(refused).toHaveAccessibleDescription(
      'Scribes are for signed-in members of an organization.',
    );
    await refused.focus();
    await expect(refused).toBeFocused();
    await guest.keyboard.press('Enter');
    await expect(guest.getByRole('dialog', { name: 'Request a Scribe' })).toHaveCount(0);
    await expectAccessible(guest, 'the Scribe button refused to a guest, with its reason');
  } finally {
    await browser.close();
  }
});
