/**
 * Scribes in two real browsers: a host asks for a Scribe with the one-click modal; the Scribe
 * (another browser, signed in with an account the server gives the scribe flag:
 * HEARKEN_SCRIBE_EMAILS in playwright.config.ts) sees the request on the dashboard with the
 * seconds since the room's captions last changed, accepts, and is in the room as its Scribe;
 * the host sees them arrive; the Scribe fixes a word with the keyboard editor and the host sees
 * it within 300 ms (printed), both transcripts equal. axe-core on the modal and the dashboard.
 */
import { type Page, expect, test } from '@playwright/test';
import { expectAccessible } from './axe';
import { launchChromium, startConversation } from './browser';

const SCRIBE_EMAIL = 'e2e-scribe@example.com';

/** Signs in as the Scribe through the emulator's stand-in for Google, finishing the name step. */
async function signInAsScribe(page: Page): Promise<void> {
  await page.goto('/web/signup');
  await page.locator('label.bp6-control', { hasText: 'I accept the terms of service' }).click();
  await page.getByTestId('sign-in-google').click();
  await page.getByTestId('emulator-provider-email').fill(SCRIBE_EMAIL);
  await page.getByTestId('emulator-provider-name').fill('Sam Scribe');
  await page.getByTestId('emulator-provider-submit').click();
  await expect(page).toHaveURL(/\/web\/onboarding\/profile\/user-name|\/web\/scribe-dashboard/);
  if (page.url().includes('/onboarding/')) {
    await page.getByTestId('onboarding-continue').click();
    await expect(page).toHaveURL(/\/web\/onboarding\/profile\/hearing-profile/);
  }
}

test('a host requests a Scribe; the Scribe sees it on the dashboard, accepts, and is in the room', async ({
  baseURL,
}) => {
  const hostBrowser = await launchChromium();
  const scribeBrowser = await launchChromium();
  try {
    const scribe = await (await scribeBrowser.newContext({ baseURL })).newPage();
    await signInAsScribe(scribe);
    await scribe.goto('/web/scribe-dashboard');
    await expect(scribe.getByTestId('scribe-no-waiting')).toBeVisible();
    await expect(scribe.getByTestId('scribe-shortcuts')).toContainText('Alt+Shift+A');

    const host = await (await hostBrowser.newContext({ baseURL })).newPage();
    await startConversation(host);
    // A caption, so the room has a last update to count from.
    await host.getByTestId('room-title').focus();
    await host.keyboard.press('Alt+m');
    await host.keyboard.type('Hello, a Scribe will join us.');
    await host.keyboard.press('Enter');
    await expect(host.locator('[data-testid="caption"]', { hasText: 'a Scribe will join us' })).toHaveCount(
      1,
    );

    // The one-click modal: Fast is the default; one button asks.
    await host.getByTestId('scribe-open-dialog').click();
    const dialog = host.getByRole('dialog', { name: 'Request a Scribe' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel(/^Fast/)).toBeChecked();
    await expectAccessible(host, 'one-click Scribe modal');
    await dialog.getByTestId('scribe-send-request').click();
    await expect(dialog.getByTestId('scribe-request-status')).toContainText('Waiting for a Scribe');
    await expectAccessible(host, 'one-click Scribe modal, request waiting');
    // Escape closes it, as any dialog.
    await host.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(host.getByTestId('scribe-status')).toHaveAttribute('data-status', 'pending');

    // The dashboard: the request, with the seconds since the room's captions last changed.
    const request = scribe.getByTestId('scribe-waiting-request');
    await expect(request).toHaveCount(1, { timeout: 10_000 });
    await expect(request).toContainText('Guest');
    const since = request.getByTestId('seconds-since-update');
    await expect(since).toHaveText(/^Last caption update: \d+ s ago$/);
    const first = Number(/(\d+) s ago/.exec((await since.textContent()) ?? '')![1]);
    // It counts on by itself, second by second.
    await expect
      .poll(async () => Number(/(\d+) s ago/.exec((await since.textContent()) ?? '')?.[1] ?? -1), {
        timeout: 10_000,
      })
      .toBeGreaterThan(first);
    await expectAccessible(scribe, 'Scribe dashboard with a waiting request');

    await request.getByTestId('scribe-accept').click();
    await expect(scribe).toHaveURL(/\/web\/conversations\/[^?]+\?scribe=true/);
    await expect(scribe.getByTestId('socket-status')).toHaveAttribute('data-state', 'online');
    await expect(scribe.getByTestId('scribe-panel')).toContainText('You are this conversation’s Scribe');
    await expect(scribe.locator('[data-testid="caption"]', { hasText: 'a Scribe will join us' })).toHaveCount(
      1,
    );
    await expect(host.getByTestId('scribe-status')).toHaveAttribute('data-status', 'ongoing');
    await expect(host.getByTestId('scribe-status')).toContainText(
      'A Scribe is correcting the captions (Fast mode).',
    );

    // The chat: the host writes, the Scribe reads it in the room.
    await host
      .getByTestId('scribe-host-chat')
      .getByRole('textbox')
      .fill('Names today: Helstone and Thornton.');
    await host.getByTestId('scribe-host-chat').getByRole('button', { name: 'Send' }).click();
    await expect(scribe.getByTestId('scribe-room-chat')).toContainText('Names today: Helstone and Thornton.');

    // The Scribe fixes a misheard word with the keyboard editor; the host sees it within 300 ms.
    await host.getByRole('textbox', { name: 'Type a message' }).fill('The meting starts at nine');
    await host.keyboard.press('Enter');
    await expect(
      scribe.locator('[data-testid="caption"]', { hasText: 'The meting starts at nine' }),
    ).toHaveCount(1);
    await scribe.getByTestId('correct-captions-toggle').click();
    const lineId = await scribe
      .getByTestId('editor-line')
      .filter({ hasText: 'meting' })
      .getAttribute('data-id');
    // The line by its id: its words change.
    const words = scribe.locator(
      `[data-testid="editor-line"][data-id="${lineId}"] [data-testid="editor-word"]`,
    );
    await expect(words).toHaveCount(5);
    await words.first().focus();
    await scribe.keyboard.press('ArrowRight');
    await expect(words.nth(1)).toBeFocused();
    await host.evaluate(() => {
      const w = window as unknown as { __seenAt?: number };
      const observer = new MutationObserver(() => {
        if (w.__seenAt === undefined && document.body.innerText.includes('The meeting starts at nine')) {
          w.__seenAt = Date.now();
          observer.disconnect();
        }
      });
      observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await scribe.evaluate(() => {
      const w = window as unknown as { __committedAt?: number };
      document.addEventListener(
        'keydown',
        (e) => {
          if (e.key === 'Enter' && w.__committedAt === undefined) w.__committedAt = Date.now();
        },
        { capture: true },
      );
    });
    await scribe.keyboard.type('meeting', { delay: 20 });
    await expect(scribe.getByTestId('editor-input')).toHaveValue('meeting');
    await scribe.keyboard.press('Enter');
    await expect(
      host.locator('[data-testid="caption"]', { hasText: 'The meeting starts at nine' }),
    ).toHaveCount(1);
    const committedAt = await scribe.evaluate(
      () => (window as unknown as { __committedAt?: number }).__committedAt,
    );
    const seenAt = await host.evaluate(() => (window as unknown as { __seenAt?: number }).__seenAt);
    expect(committedAt).toBeDefined();
    expect(seenAt).toBeDefined();
    // Both pages run on this machine's clock.
    const latencyMs = seenAt! - committedAt!;
    console.log(`the Scribe's correction was on the host's screen ${latencyMs} ms after Enter`);
    expect(latencyMs).toBeLessThan(300);
    await expect(words.nth(1)).toHaveAttribute('data-corrected', 'true');
    // Both transcripts are equal at the end.
    await scribe.getByTestId('correct-captions-toggle').click();
    // Each line's id and words (the speaker's label differs: "You" on the host's own page).
    const transcriptOf = async (page: Page) =>
      page
        .locator('[data-testid="caption"]')
        .evaluateAll((lines) =>
          lines.map(
            (l) =>
              `${l.getAttribute('data-id')}: ${(l.querySelector('[data-testid="caption-text"]')?.textContent ?? '').replace(/\s+/gu, ' ').trim()}`,
          ),
        );
    await expect
      .poll(async () => JSON.stringify(await transcriptOf(scribe)))
      .toBe(JSON.stringify(await transcriptOf(host)));
    expect((await transcriptOf(host)).some((t) => t.includes('The meeting starts at nine'))).toBe(true);

    // Back on the dashboard (Alt+Shift+D), the room is served, with its seconds since the last update.
    await scribe.keyboard.press('Alt+Shift+D');
    await expect(scribe).toHaveURL(/\/web\/scribe-dashboard/);
    const served = scribe.getByTestId('scribe-served-room');
    await expect(served).toHaveCount(1);
    await expect(served.getByTestId('seconds-since-update')).toHaveText(/^Last caption update: \d+ s ago$/);
    await expectAccessible(scribe, 'Scribe dashboard serving a room');
  } finally {
    await hostBrowser.close();
    await scribeBrowser.close();
  }
});

test('the dashboard is refused to a signed-in account without the scribe flag', async ({ baseURL }) => {
  const browser = await launchChromium();
  try {
    const page = await (await browser.newContext({ baseURL })).newPage();
    await page.goto('/web/signup');
    await page.locator('label.bp6-control', { hasText: 'I accept the terms of service' }).click();
    await page.getByTestId('sign-in-google').click();
    await page.getByTestId('emulator-provider-email').fill(`not-a-scribe-${Date.now()}@example.com`);
    await page.getByTestId('emulator-provider-name').fill('Nora Notascribe');
    await page.getByTestId('emulator-provider-submit').click();
    await page.getByTestId('onboarding-continue').click();
    await expect(page).toHaveURL(/\/web\/onboarding\/profile\/hearing-profile/);
    await page.goto('/web/scribe-dashboard');
    await expect(page.getByTestId('scribe-dashboard-refused')).toBeVisible();
    await expect(page.getByTestId('scribe-waiting')).toHaveCount(0);
  } finally {
    await browser.close();
  }
});

test('when a Scribe accepts, the request dialog closes and the keyboard is back on the captions', async ({
  baseURL,
}) => {
  const hostBrowser = await launchChromium();
  const scribeBrowser = await launchChromium();
  try {
    const scribe = await (await scribeBrowser.newContext({ baseURL })).newPage();
    await signInAsScribe(scribe);
    await scribe.goto('/web/scribe-dashboard');
    const host = await (await hostBrowser.newContext({ baseURL })).newPage();
    await startConversation(host);
    await host.getByTestId('scribe-open-dialog').click();
    const dialog = host.getByRole('dialog', { name: 'Request a Scribe' });
    await dialog.getByTestId('scribe-send-request').click();
    await expect(dialog.getByTestId('scribe-request-status')).toContainText('Waiting for a Scribe');

    // The host leaves the dialog open; the Scribe accepts.
    const request = scribe.getByTestId('scribe-waiting-request');
    await expect(request).toHaveCount(1, { timeout: 10_000 });
    await request.getByTestId('scribe-accept').click();
    await expect(host.getByTestId('scribe-status')).toHaveAttribute('data-status', 'ongoing');
    await expect(dialog).toBeHidden();
    await expect(host.getByRole('region', { name: 'Captions' })).toBeFocused();
    await expect(host.getByTestId('scribe-cancel')).toHaveCount(0);
    // The Scribe is listed as the Scribe, by name, not as one more "Guest".
    await expect(host.getByTestId('participants')).toContainText('Scribe (Sam Scribe)');
    await expectAccessible(host, 'the conversation once the Scribe accepted');
  } finally {
    await hostBrowser.close();
    await scribeBrowser.close();
  }
});
