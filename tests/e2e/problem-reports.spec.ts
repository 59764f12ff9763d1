/**
 * Report a problem in Chromium: from the conversation's details the dialog opens, says a
 * too-short description beside the field, sends the report with the conversation's room, and
 * says it was sent; from the transcript page the same entry opens it, and Escape gives focus
 * back. axe-core on the dialog, empty and answered.
 */
import { type Page, expect, test } from '@playwright/test';
import { expectAccessible } from './axe';
import { launchChromium, startConversation } from './browser';

/** Dialogs fade in: colours are measured once no transition is running. */
const settled = (page: Page) => page.waitForFunction(() => document.getAnimations().length === 0);

test('a problem is reported from the conversation and from its transcript', async ({ baseURL }) => {
  const browser = await launchChromium();
  try {
    const page = await (
      await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } })
    ).newPage();
    await startConversation(page);
    const roomId = new URL(page.url()).pathname.split('/').at(-1)!;

    await page.getByRole('button', { name: 'Report a problem' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report a problem' });
    await expect(dialog).toBeVisible();
    await settled(page);
    await expectAccessible(page, 'the report-a-problem dialog');

    // Too short: said beside the field, tied to it; nothing is sent.
    const description = dialog.getByRole('textbox', { name: 'What happened?' });
    await description.fill('hi');
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect(dialog.getByTestId('report-problem-invalid')).toHaveText(
      'Please say a little more: at least 5 characters.',
    );
    await expect(description).toHaveAttribute('aria-invalid', 'true');

    await dialog.getByRole('combobox', { name: 'What is it about?' }).selectOption('audio');
    await description.fill('The other person’s voice cut out twice');
    const posted = page.waitForRequest((r) => r.url().endsWith('/api/v1/reports') && r.method() === 'POST');
    await dialog.getByRole('button', { name: 'Send report' }).click();
    expect((await posted).postDataJSON()).toEqual({
      category: 'audio',
      description: 'The other person’s voice cut out twice',
      roomId,
    });
    await expect(dialog.getByRole('status')).toHaveText('Thank you: your report was sent.');
    await expectAccessible(page, 'the report-a-problem dialog, sent');
    await dialog.getByTestId('report-problem-close').click();
    await expect(dialog).toBeHidden();

    // The transcript page has the same entry.
    await page.goto(`/web/transcript?roomId=${roomId}`);
    const open = page.getByRole('button', { name: 'Report a problem' });
    await open.click();
    await expect(page.getByRole('dialog', { name: 'Report a problem' })).toBeVisible();
    await expect(page.getByRole('dialog').getByRole('textbox', { name: 'What happened?' })).toHaveValue('');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(open).toBeFocused();
  } finally {
    await browser.close();
  }
});
