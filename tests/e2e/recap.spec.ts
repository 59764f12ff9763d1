/**
 * After a conversation of real speech (PocketSphinx hears a recorded utterance through
 * Chromium's fake microphone) and a typed reply, the transcript page shows the smart recap with
 * the method that made it (each point a link to its line), the word statistics table and the
 * caption quality report; the host shares a read-only link, which opens the transcript in a
 * fresh browser context with no sign-in, and opens nothing once the host stops sharing. Every
 * screen is checked with axe-core.
 */
import { expect, test } from '@playwright/test';
import { join } from 'node:path';
import { CAPTION_TEST_FILE, DEV_DIR } from '../helpers/speech';
import { expectAccessible } from './axe';
import { holdMicrophone, launchChromium, microphoneFile, openMicrophone } from './browser';

test('the transcript page recaps, measures and shares a finished conversation', async ({ baseURL }) => {
  const browser = await launchChromium(microphoneFile(join(DEV_DIR, CAPTION_TEST_FILE)));
  try {
    const hostContext = await browser.newContext({ baseURL });
    await holdMicrophone(hostContext);
    await hostContext.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL! });
    const host = await hostContext.newPage();
    await host.goto('/web/conversations');
    await host.getByTestId('start-conversation').click();
    await expect(host.getByTestId('socket-status')).toHaveAttribute('data-state', 'online');
    const roomName = (await host.getByTestId('room-name').innerText()).trim();

    const guestContext = await browser.newContext({ baseURL });
    const guest = await guestContext.newPage();
    await guest.goto('/web/conversations');
    await guest.getByTestId('join-room-name').fill(roomName);
    await guest.getByTestId('join-room-submit').click();
    await expect(guest.getByTestId('socket-status')).toHaveAttribute('data-state', 'online');

    await openMicrophone(host);
    await expect(guest.locator('[data-testid="caption"][data-final="true"]').first()).toBeVisible({
      timeout: 30_000,
    });
    await guest
      .getByRole('textbox', { name: 'Type a message' })
      .fill('Could you repeat the part about the shop boy');
    await guest.keyboard.press('Enter');
    await expect(host.locator('[data-testid="caption"]', { hasText: 'Could you repeat' })).toHaveCount(1);
    await expect(host.locator('[data-testid="caption"][data-final="false"]')).toHaveCount(0, {
      timeout: 20_000,
    });

    await host.getByTestId('end-conversation').click();
    // The host always confirms that it ends for everyone (history.spec.ts tests the dialog).
    await host.getByRole('button', { name: 'End for everyone' }).click();
    await expect(host.getByTestId('transcript-view')).toBeVisible();

    // The recap, made on the server, says so; its first point leads to its line.
    const recap = host.getByRole('region', { name: 'Recap' });
    await expect(recap.getByTestId('recap-method')).toHaveAttribute('data-method', 'extractive', {
      timeout: 15_000,
    });
    await expect(recap.getByTestId('recap-method')).toContainText('Made on this server');
    const point = recap.getByTestId('recap-point-link').first();
    await expect(point).toBeVisible();
    const anchor = (await point.getAttribute('href'))!.slice(1);
    await expect(host.locator(`[id="${anchor}"]`)).toContainText((await point.innerText()).slice(0, 20));

    // Word statistics: one row per speaker, the typed reply counted without speaking time.
    const table = host.getByRole('table', { name: 'Words, speaking time and speaking rate per speaker' });
    await expect(table.getByTestId('word-statistics-row')).toHaveCount(2);
    await expect(table.getByRole('rowheader', { name: 'Everyone' })).toBeVisible();

    // The quality report: the engine, a delay, and nobody's corrections (none were made).
    const quality = host.getByRole('region', { name: 'Caption quality' });
    await expect(quality.getByTestId('quality-engines')).toContainText('pocketsphinx');
    await expect(quality.getByTestId('quality-delay')).toContainText(/\d s, [\d.]+ s over \d+ lines/);
    await expect(quality.getByTestId('quality-corrected-words')).toHaveText('0');
    // No corrections: no "0%" that reads as perfect captions.
    await expect(quality.getByTestId('quality-word-error-rate')).toHaveText(/^No corrections/);
    await expectAccessible(host, 'transcript page with recap, statistics, quality and share link');

    // The guest is not the host: no link to share.
    await expect(guest.getByTestId('transcript-view')).toBeVisible();
    await expect(guest.getByRole('region', { name: 'Recap' })).toBeVisible();
    await expect(guest.getByTestId('share-link')).toHaveCount(0);

    // The host shares the read-only link; a fresh context opens it with no sign-in.
    await host.getByTestId('share-link-share').click();
    const url = await host.getByTestId('share-link-url').inputValue();
    expect(url).toMatch(/\/web\/shared-transcript\?token=\w+$/);
    await expectAccessible(host, 'transcript page with its read-only link shown');

    const readerContext = await browser.newContext({ baseURL });
    const reader = await readerContext.newPage();
    await reader.goto(url);
    await expect(reader.getByTestId('shared-transcript-view')).toBeVisible();
    await expect(reader.getByTestId('transcript-line').first()).toBeVisible();
    await expect(reader.getByText('Could you repeat the part about the shop boy')).toBeVisible();
    await expect(reader.getByTestId('word-statistics')).toBeVisible();
    await expect(reader.getByTestId('shared-export-srt')).toBeVisible();
    await expect(reader.getByTestId('end-conversation')).toHaveCount(0);
    await expectAccessible(reader, 'shared read-only transcript');

    // Stopped: the same link opens nothing.
    await host.getByTestId('share-link-stop').click();
    await expect(host.getByTestId('share-link-share')).toBeVisible();
    await reader.reload();
    await expect(reader.getByTestId('shared-transcript-failed')).toContainText('This link is not valid');
    await expectAccessible(reader, 'a shared link that no longer opens');
  } finally {
    await browser.close();
  }
});
