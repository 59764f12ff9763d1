/**
 * After a conversation: the host ends it for everyone once they confirm, the guest is told the
 * host ended it, the host rates it, then finds it in their saved conversations by a word that
 * was said, renames it, opens it to read and deletes it for good. Keyboard and screen reader:
 * the dialogs, the rating's radio group and the history are checked with axe-core.
 */
import { type Page, expect, test } from '@playwright/test';
import { expectAccessible } from './axe';
import { joinByName, launchChromium, startConversation } from './browser';

/** Dialogs fade in: colours are measured once no transition is running. */
const settled = (page: Page) => page.waitForFunction(() => document.getAnimations().length === 0);

test('a conversation ends with a confirmation, is rated, found, renamed and deleted', async ({ baseURL }) => {
  const browser = await launchChromium();
  try {
    const host = await (await browser.newContext({ baseURL })).newPage();
    const roomName = await startConversation(host);

    const guest = await (await browser.newContext({ baseURL })).newPage();
    await joinByName(guest, roomName);

    const box = host.getByRole('textbox', { name: 'Type a message' });
    await box.fill('Let us look at the quarterly budget together');
    await box.press('Enter');
    await expect(
      guest.locator('[data-testid="caption"][data-final="true"]', { hasText: 'quarterly budget' }),
    ).toHaveCount(1);

    // Ending asks first; Escape keeps the conversation going.
    await host.getByTestId('end-conversation').click();
    const dialog = host.getByRole('alertdialog', { name: 'End the conversation for everyone?' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Keep talking' })).toBeFocused();
    await settled(host);
    await expectAccessible(host, 'the confirmation that ending is for everyone');
    await host.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(host.getByTestId('socket-status')).toHaveAttribute('data-state', 'online');
    await host.getByTestId('end-conversation').click();
    await dialog.getByRole('button', { name: 'End for everyone' }).click();

    await expect(host.getByTestId('transcript-view')).toBeVisible();
    await expect(guest.getByTestId('transcript-view')).toBeVisible();
    await expect(guest.getByTestId('host-ended')).toHaveText('The host ended the conversation');
    await expect(host.getByTestId('host-ended')).toHaveCount(0);

    // The host rates it: stars by keyboard in a radio group, a comment, sent once.
    const rating = host.getByRole('region', { name: 'How was this conversation?' });
    await expect(rating).toBeVisible();
    await rating.getByRole('radio', { name: /1 star$/ }).focus();
    await host.keyboard.press('Space');
    await host.keyboard.press('ArrowRight');
    await host.keyboard.press('ArrowRight');
    await host.keyboard.press('ArrowRight');
    await expect(rating.getByRole('radio', { name: /4 stars/ })).toBeChecked();
    await rating.getByLabel('Comment (optional)').fill('The captions kept up.');
    await expectAccessible(host, 'the transcript with the rating step');
    await rating.getByRole('button', { name: 'Send rating' }).click();
    await expect(host.getByTestId('rating-done')).toHaveText('Thank you for rating this conversation.');
    // Reloading the transcript does not ask again: the rating is read back from the server.
    await host.reload();
    await expect(host.getByTestId('transcript-view')).toBeVisible();
    await expect(host.getByTestId('rating-done')).toHaveText('You have already rated this conversation.');
    await expect(host.getByTestId('rating-form')).toHaveCount(0);
    // The guest may skip it.
    await guest.getByTestId('rating-skip').click();
    await expect(guest.getByTestId('rating-form')).toHaveCount(0);

    // The guest's own device has it in its history too.
    await guest.goto('/web/history');
    await expect(guest.getByTestId('history-entry')).toHaveCount(1);

    // The host finds it from the lobby, by a word that was said.
    await host.goto('/web/conversations');
    await host.getByTestId('history-link').click();
    await expect(host.getByRole('heading', { level: 1, name: 'Your conversations' })).toBeVisible();
    await expect(host.getByTestId('history-entry')).toHaveCount(1);
    // Each entry says how long it lasted, who spoke and how it began (issue 30, item 23).
    const entry = host.getByTestId('history-entry');
    await expect(entry.getByRole('term')).toHaveText(['Length', 'Who spoke', 'Began with']);
    await expect(entry.getByTestId('history-entry-length')).toHaveText(/^(\d+ min,? )?\d+ sec?$/u);
    await expect(entry.getByTestId('history-entry-people')).toHaveText(/\S/u);
    await expect(entry.getByTestId('history-entry-first-words')).toHaveText(
      'Let us look at the quarterly budget together',
    );
    const search = host.getByRole('searchbox', { name: 'Search your conversations' });
    await search.fill('qu');
    await search.press('Enter');
    await expect(host.getByText('Type at least 3 characters to search.')).toBeVisible();
    await search.fill('QUARTERLY');
    await search.press('Enter');
    await expect(host.getByTestId('history-summary')).toHaveText('1 conversation shown');
    await search.fill('holidays');
    await search.press('Enter');
    await expect(host.getByTestId('history-summary')).toHaveText('No conversation has these words.');
    await search.fill('');
    await search.press('Enter');
    await expect(host.getByTestId('history-entry')).toHaveCount(1);
    await expectAccessible(host, 'the saved conversations');

    // Renamed by keyboard.
    await host.getByTestId('history-rename').click();
    const field = host.getByTestId('history-rename-field');
    await expect(field).toBeFocused();
    await field.fill('Quarterly budget');
    await field.press('Enter');
    await expect(host.getByTestId('history-entry').getByRole('heading')).toHaveText('Quarterly budget');
    await host.reload();
    await expect(host.getByTestId('history-entry').getByRole('heading')).toHaveText('Quarterly budget');

    // Opened to read again: the saved conversation's own lines, then back to the list.
    await host.getByRole('link', { name: 'Read the transcript of Quarterly budget' }).click();
    await expect(host.getByTestId('transcript-view')).toContainText(
      'Let us look at the quarterly budget together',
    );
    await host.goBack();
    await expect(host.getByTestId('history-entry')).toHaveCount(1);

    // Deleted for good, after a confirmation.
    await host.getByRole('button', { name: 'Delete Quarterly budget' }).click();
    const confirm = host.getByRole('alertdialog', { name: 'Delete this conversation?' });
    await expect(confirm).toBeVisible();
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await settled(host);
    await expectAccessible(host, 'the confirmation of a delete');
    await confirm.getByRole('button', { name: 'Delete for good' }).click();
    await expect(host.getByTestId('history-entry')).toHaveCount(0);
    await expect(host.getByTestId('history-summary')).toHaveText('No saved conversations yet.');
    await host.reload();
    await expect(host.getByTestId('history-summary')).toHaveText('No saved conversations yet.');
    // The host's delete removed the conversation: the guest's entry is gone with it.
    await guest.reload();
    await expect(guest.getByTestId('history-summary')).toHaveText('No saved conversations yet.');
  } finally {
    await browser.close();
  }
});

/** `page` hosts a conversation of one typed line and ends it; it joins their saved ones. */
async function soloConversation(page: Page, line: string): Promise<void> {
  await startConversation(page);
  const box = page.getByRole('textbox', { name: 'Type a message' });
  await box.fill(line);
  await box.press('Enter');
  await expect(page.locator('[data-testid="caption"][data-final="true"]', { hasText: line })).toHaveCount(1);
  await page.getByTestId('end-conversation').click();
  await page
    .getByRole('alertdialog', { name: 'End the conversation for everyone?' })
    .getByRole('button', { name: 'End for everyone' })
    .click();
  await expect(page.getByTestId('transcript-view')).toBeVisible();
}

test('several saved conversations are selected by keyboard and deleted together after one confirmation', async ({
  baseURL,
}) => {
  // Three conversations held and ended first.
  test.setTimeout(300_000);
  const browser = await launchChromium();
  try {
    const host = await (await browser.newContext({ baseURL })).newPage();
    await soloConversation(host, 'Alpha planning notes');
    await soloConversation(host, 'Bravo design review');
    await soloConversation(host, 'Charlie retrospective');
    await host.goto('/web/history');
    await expect(host.getByTestId('history-entry')).toHaveCount(3);

    const selection = host.getByRole('group', { name: 'Delete several conversations' });
    const deleteSelected = selection.getByRole('button', { name: /^Delete \d+ selected$/ });
    await expect(deleteSelected).toBeDisabled();
    // By keyboard: Space on two entries' own checkboxes.
    const checkboxes = host.getByRole('checkbox', { name: /^Select (?!all)/ });
    await expect(checkboxes).toHaveCount(3);
    await checkboxes.nth(0).focus();
    await host.keyboard.press('Space');
    await checkboxes.nth(2).focus();
    await host.keyboard.press('Space');
    await expect(deleteSelected).toHaveText('Delete 2 selected');
    const all = selection.getByRole('checkbox', { name: 'Select all shown' });
    await expect(all).toHaveJSProperty('indeterminate', true);
    await expectAccessible(host, 'the saved conversations with two selected');

    // The confirmation says how many; Cancel keeps them all.
    await deleteSelected.focus();
    await host.keyboard.press('Enter');
    const confirm = host.getByRole('alertdialog', { name: 'Delete 2 conversations?' });
    await expect(confirm).toContainText(
      'The 2 selected conversations and their transcripts are removed for good.',
    );
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await settled(host);
    await expectAccessible(host, 'the confirmation of a bulk delete');
    await host.keyboard.press('Escape');
    await expect(host.getByTestId('history-entry')).toHaveCount(3);

    await deleteSelected.click();
    await confirm.getByRole('button', { name: 'Delete 2 for good' }).click();
    await expect(host.getByTestId('history-entry')).toHaveCount(1);
    await expect(host.getByTestId('history-entry').getByRole('heading')).toHaveCount(1);
    await expect(all).toBeFocused();
    await host.reload();
    await expect(host.getByTestId('history-entry')).toHaveCount(1);
    await expect(host.getByTestId('history-entry-first-words')).toHaveText('Bravo design review');

    // "Select all shown" then the last one goes too.
    await all.focus();
    await host.keyboard.press('Space');
    await host.getByRole('button', { name: 'Delete 1 selected' }).click();
    await host
      .getByRole('alertdialog', { name: 'Delete 1 conversation?' })
      .getByRole('button', { name: 'Delete 1 for good' })
      .click();
    await expect(host.getByTestId('history-summary')).toHaveText('No saved conversations yet.');
  } finally {
    await browser.close();
  }
});
