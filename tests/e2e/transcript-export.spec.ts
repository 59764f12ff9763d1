/**
 * Taking a transcript away after a conversation of real speech (PocketSphinx hears a recorded
 * utterance through Chromium's fake microphone) and a typed reply: on the transcript page a
 * guest copies the text and downloads SRT and WebVTT; the files parse back with a kept subtitle
 * library, in increasing time, with both speakers named. The page stays accessible.
 */
import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseSync } from 'subtitle';
import { CAPTION_TEST_FILE, DEV_DIR } from '../helpers/speech';
import { expectAccessible } from './axe';
import { holdMicrophone, launchChromium, microphoneFile, openMicrophone } from './browser';

async function downloaded(page: Page, testId: string): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testId).click()]);
  const path = await download.path();
  return { name: download.suggestedFilename(), text: readFileSync(path, 'utf8') };
}

function cues(text: string) {
  return parseSync(text).flatMap((node) => (node.type === 'cue' ? [node.data] : []));
}

test('a guest copies the transcript and downloads subtitles that parse, with the speakers named', async ({
  baseURL,
}) => {
  const browser = await launchChromium(microphoneFile(join(DEV_DIR, CAPTION_TEST_FILE)));
  try {
    const hostContext = await browser.newContext({ baseURL });
    await holdMicrophone(hostContext);
    const host = await hostContext.newPage();
    await host.goto('/web/conversations');
    await host.getByTestId('start-conversation').click();
    await expect(host.getByTestId('socket-status')).toHaveAttribute('data-state', 'online');
    const roomName = (await host.getByTestId('room-name').innerText()).trim();

    const guestContext = await browser.newContext({ baseURL, acceptDownloads: true });
    await guestContext.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL! });
    const guest = await guestContext.newPage();
    await guest.goto('/web/conversations');
    await guest.getByTestId('join-room-name').fill(roomName);
    await guest.getByTestId('join-room-submit').click();
    await expect(guest.getByTestId('socket-status')).toHaveAttribute('data-state', 'online');

    await openMicrophone(host);
    await expect(guest.locator('[data-testid="caption"][data-final="true"]').first()).toBeVisible({
      timeout: 30_000,
    });
    await guest.getByRole('textbox', { name: 'Type a message' }).fill('Thank you, that was clear');
    await guest.keyboard.press('Enter');
    await expect(
      host.locator('[data-testid="caption"]', { hasText: 'Thank you, that was clear' }),
    ).toHaveCount(1);
    await expect(host.locator('[data-testid="caption"][data-final="false"]')).toHaveCount(0, {
      timeout: 20_000,
    });

    await host.getByTestId('end-conversation').click();
    // The host always confirms that it ends for everyone (history.spec.ts tests the dialog).
    await host.getByRole('button', { name: 'End for everyone' }).click();
    await expect(guest.getByTestId('transcript-view')).toBeVisible();
    const panel = guest.getByRole('region', { name: 'Take the transcript with you' });
    await expect(panel).toBeVisible();
    await expectAccessible(guest, 'transcript with its export buttons');

    await guest.getByTestId('export-copy').click();
    await expect(guest.getByTestId('export-status')).toHaveText(
      'The transcript is copied. Paste it anywhere.',
    );
    const copied = await guest.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain('(typed): Thank you, that was clear');

    for (const format of ['srt', 'vtt']) {
      const file = await downloaded(guest, `export-${format}`);
      expect(file.name).toMatch(new RegExp(`^Conversation-\\d{4}-\\d{2}-\\d{2}\\.${format}$`));
      const parsed = cues(file.text);
      expect(parsed.length, file.text).toBeGreaterThan(1);
      for (let i = 1; i < parsed.length; i++)
        expect(parsed[i]!.start).toBeGreaterThanOrEqual(parsed[i - 1]!.end);
      const text = parsed.map((cue) => cue.text).join('\n');
      // SRT names the speaker in the text; WebVTT once, in its voice tag.
      if (format === 'srt') {
        expect(text).toMatch(/Guest \d{4}: \w/);
        expect(text).toContain(': Thank you, that was clear');
      } else {
        expect(text).toMatch(/<v Guest \d{4}>\w/);
        expect(text).toMatch(/<v Guest \d{4}>Thank you, that was clear/);
        expect(text).not.toMatch(/Guest \d{4}: /);
      }
      await expect(guest.getByTestId('export-status')).toHaveText(/downloaded\.$/);
    }
  } finally {
    await browser.close();
  }
});
