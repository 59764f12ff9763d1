/**
 * Two people in one room (issue 12): one corrects a word of the transcript by keyboard in
 * "Correct captions"; the other sees it corrected, within 300 ms of the Enter that committed it
 * (measured on the two pages' clocks, the same machine's, and printed); both transcripts are
 * equal at the end; the screen with the editor open is accessible.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { joinByName, launchChromium, startConversation } from './browser';

/** Every caption line's text on a page, in order (the editor's lines when it is open). */
async function transcriptOf(page: Page): Promise<string[]> {
  const editorLines = page.getByTestId('editor-line');
  if ((await editorLines.count()) > 0)
    return (await editorLines.allInnerTexts()).map((t) =>
      t
        .replace(/^[^:]*:\s*/u, '')
        .replace(/\s+/gu, ' ')
        .trim(),
    );
  return (await page.locator('[data-testid="caption"]').allInnerTexts()).map((t) =>
    t.replace(/\s+/gu, ' ').trim(),
  );
}

test('one person corrects a word by keyboard; the other sees it at once; both transcripts are equal', async ({
  baseURL,
}) => {
  const browser = await launchChromium();
  try {
    const host = await (await browser.newContext({ baseURL })).newPage();
    const roomName = await startConversation(host);
    const friend = await (await browser.newContext({ baseURL })).newPage();
    await joinByName(friend, roomName);

    // A line with a misheard word, typed by the host (a line like any caption, final at once).
    await host.getByRole('textbox', { name: 'Type a message' }).fill('The meting starts at nine');
    await host.keyboard.press('Enter');
    for (const page of [host, friend])
      await expect(
        page.locator('[data-testid="caption"]', { hasText: 'The meting starts at nine' }),
      ).toHaveCount(1);

    // The friend opens the editor from the keyboard and moves to the second word.
    await friend.getByTestId('correct-captions-toggle').focus();
    await friend.keyboard.press('Enter');
    await expect(friend.getByTestId('correct-captions-toggle')).toHaveAttribute('aria-pressed', 'true');
    const words = friend.getByTestId('editor-word');
    await expect(words).toHaveCount(5);
    await words.first().focus();
    await friend.keyboard.press('ArrowRight');
    await expect(words.nth(1)).toBeFocused();
    await expect(words.nth(1)).toHaveText('meting');

    // The host's page notes when the corrected word appears; the friend's when Enter is pressed.
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
    await friend.evaluate(() => {
      const w = window as unknown as { __committedAt?: number };
      document.addEventListener(
        'keydown',
        (e) => {
          if (e.key === 'Enter' && w.__committedAt === undefined) w.__committedAt = Date.now();
        },
        { capture: true },
      );
    });

    // Typing replaces the word; Enter commits it.
    await friend.keyboard.type('meeting', { delay: 20 });
    await expect(friend.getByTestId('editor-input')).toHaveValue('meeting');
    await expectAccessible(friend, 'the transcript editor with a word being replaced');
    await friend.keyboard.press('Enter');
    await expect(
      host.locator('[data-testid="caption"]', { hasText: 'The meeting starts at nine' }),
    ).toHaveCount(1);
    const committedAt = await friend.evaluate(
      () => (window as unknown as { __committedAt?: number }).__committedAt,
    );
    const seenAt = await host.evaluate(() => (window as unknown as { __seenAt?: number }).__seenAt);
    expect(committedAt).toBeDefined();
    expect(seenAt).toBeDefined();
    const latencyMs = seenAt! - committedAt!;
    console.log(`correction seen by the other person ${latencyMs} ms after Enter`);
    expect(latencyMs).toBeLessThan(300);

    // The corrected word is marked for the corrector, and said; the keyboard is back on it.
    await expect(words.nth(1)).toHaveText('meeting');
    await expect(words.nth(1)).toHaveAttribute('data-corrected', 'true');
    await expect(words.nth(1)).toHaveAccessibleName('meeting, corrected');
    await expect(words.nth(1)).toBeFocused();

    // The host sees it marked in their own editor too, and is told once by the live region.
    await host.getByTestId('correct-captions-toggle').click();
    const hostWord = host.getByTestId('editor-word').nth(1);
    await expect(hostWord).toHaveText('meeting');
    await expect(hostWord).toHaveAttribute('data-corrected', 'true');

    // An emptied word is removed: the friend deletes "nine" (Backspace opens it empty, Enter commits).
    await friend.keyboard.press('End');
    await expect(words.nth(4)).toBeFocused();
    await friend.keyboard.press('Backspace');
    await friend.keyboard.press('Enter');
    await expect(host.getByTestId('editor-word')).toHaveCount(4);
    // Past the last word, a new one is added.
    await friend.keyboard.press('End');
    await friend.keyboard.press('ArrowRight');
    await expect(friend.getByTestId('editor-new-word')).toBeFocused();
    await friend.keyboard.press('Enter');
    await friend.keyboard.type('ten', { delay: 20 });
    await friend.keyboard.press('Enter');
    await expect(host.getByTestId('editor-word')).toHaveCount(5);

    // Both transcripts are equal at the end.
    await expect
      .poll(async () => JSON.stringify(await transcriptOf(host)))
      .toBe(JSON.stringify(['The meeting starts at ten']));
    expect(await transcriptOf(friend)).toEqual(await transcriptOf(host));
    await expectAccessible(friend, 'the transcript editor open');
    await expectAccessible(host, 'the host with the transcript editor open');
  } finally {
    await browser.close();
  }
});
