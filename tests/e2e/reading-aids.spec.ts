/// <reference lib="dom" />
/**
 * Reading aids while captions run, in a real browser: the caption-delay meter shows a plausible
 * value while real speech is captioned; "where I stopped reading" marks the last line seen when
 * the window loses focus and its "new since" control takes the keyboard back there; a reader's
 * curse filter and keyword emphasis change only their own captions; a server whose configured
 * sherpa-onnx model is missing captions with PocketSphinx and says so, quietly, to speaker and
 * reader, who may dismiss it. Every screen passes axe-core.
 */
import { expect, test, type Page } from '@playwright/test';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { API, type ServerConfigResponse } from '../../src/shared/api';
import { CAPTION_TEST_FILE, DEV_DIR } from '../helpers/speech';
import { expectAccessible } from './axe';
import { holdMicrophone, launchChromium, microphoneFile, openMicrophone } from './browser';
import { startOwnServer } from './own-server';

async function startAndJoin(
  browser: Awaited<ReturnType<typeof launchChromium>>,
  baseURL: string | undefined,
  holdMic: boolean,
) {
  const hostContext = await browser.newContext({ baseURL });
  // Speech waits until the reader is in; typed lines need no microphone.
  if (holdMic) await holdMicrophone(hostContext);
  const host = await hostContext.newPage();
  await host.goto('/web/conversations');
  await host.getByTestId('start-conversation').click();
  await expect(host.getByTestId('socket-status')).toHaveAttribute('data-state', 'online');
  const roomName = (await host.getByTestId('room-name').innerText()).trim();
  const reader = await (await browser.newContext({ baseURL })).newPage();
  await reader.goto('/web/conversations');
  await reader.getByTestId('join-room-name').fill(roomName);
  await reader.getByTestId('join-room-submit').click();
  await expect(reader.getByTestId('socket-status')).toHaveAttribute('data-state', 'online');
  return { host, reader };
}

async function type(page: Page, text: string) {
  await page.getByTestId('room-title').focus();
  await page.keyboard.press('Alt+m');
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
}

const caption = (page: Page, text: string) => page.locator('[data-testid="caption"]', { hasText: text });

test('the delay meter shows a plausible delay while real speech is captioned', async ({ baseURL }) => {
  const browser = await launchChromium(microphoneFile(join(DEV_DIR, CAPTION_TEST_FILE)));
  try {
    const { host, reader } = await startAndJoin(browser, baseURL, true);
    await openMicrophone(host);
    await expect(host.getByTestId('recording-state')).toHaveAttribute('data-state', 'RECORDING');
    await expect(host.locator('[data-testid="caption"][data-final="true"]').first()).toBeVisible({
      timeout: 30_000,
    });
    for (const page of [host, reader]) {
      const badge = page.getByTestId('caption-delay');
      await expect(badge).toBeVisible({ timeout: 10_000 });
      await expect(badge).toContainText('Caption delay');
      const median = Number(await badge.getAttribute('data-median-ms'));
      const p95 = Number(await badge.getAttribute('data-p95-ms'));
      // Recognition on this machine keeps up with speech: well under the 3 s warning, and the
      // p95 no lower than the median. Zero would mean nothing was measured (the clock says
      // the word was on screen the instant it ended).
      expect(median, `median ${median} ms`).toBeGreaterThan(0);
      expect(median, `median ${median} ms`).toBeLessThan(3000);
      expect(p95).toBeGreaterThanOrEqual(median);
      await expect(badge).toHaveAttribute('data-late', 'false');
      await expect(page.getByTestId('caption-delay-warning')).toHaveText('');
      // PocketSphinx is this server's configured engine for both tiers, not a stand-in for a
      // better one: no fallback notice (the next test shows it where it is due).
      await expect(page.getByTestId('fallback-engine-notice')).toHaveCount(0);
    }
    await expectAccessible(reader, 'conversation with the delay meter');
  } finally {
    await browser.close();
  }
});

test('where I stopped reading, by keyboard; the curse filter and emphasis are the reader’s own', async ({
  baseURL,
}) => {
  const browser = await launchChromium();
  try {
    const { host, reader } = await startAndJoin(browser, baseURL, false);

    // The reader turns the filter off and emphasis on (sidebar settings, by label).
    await reader.getByRole('combobox', { name: 'Profanity filter' }).selectOption('0');
    const emphasis = reader.getByRole('checkbox', { name: 'Bold names and numbers' });
    await emphasis.focus();
    await reader.keyboard.press('Space');
    await expect(emphasis).toBeChecked();

    await type(host, 'We start with the budget.');
    await expect(caption(reader, 'We start with the budget.')).toHaveCount(1);

    // The reader's window loses focus; two lines come while they are away.
    await reader.evaluate(() => window.dispatchEvent(new Event('blur')));
    await type(host, 'Oh shit, Sarah moved it to 9.');
    await type(host, 'The photosynthesis talk is cancelled.');
    await expect(caption(reader, 'photosynthesis')).toHaveCount(1);
    await reader.evaluate(() => window.dispatchEvent(new Event('focus')));

    const newSince = reader.getByRole('button', { name: '2 new lines since you stopped reading' });
    await expect(newSince).toBeVisible();
    const marker = reader.getByTestId('reading-marker');
    await expect(marker).toHaveText('You stopped reading here');
    // Neither the marker nor the control covers caption text: each has a place of its own.
    for (const pill of [(await newSince.boundingBox())!, (await marker.boundingBox())!]) {
      for (const line of await reader.getByTestId('caption').all()) {
        const box = (await line.boundingBox())!;
        const overlaps =
          box.x < pill.x + pill.width &&
          pill.x < box.x + box.width &&
          box.y < pill.y + pill.height &&
          pill.y < box.y + box.height;
        expect(overlaps, `"${await line.innerText()}" is under the reading aid`).toBe(false);
      }
    }
    await expectAccessible(reader, 'conversation with the reading marker');

    // Filtered for the host (default level 2), as said for the reader (level 0), emphasised.
    await expect(caption(host, 'Oh s***, Sarah moved it to 9.')).toHaveCount(1);
    const said = caption(reader, 'Oh shit, Sarah moved it to 9.');
    await expect(said).toHaveCount(1);
    // The name and the number; not "shit", a word a recogniser is least sure of (issue 30).
    await expect(said.locator('b')).toHaveText(['Sarah', '9']);
    await expect(caption(host, 'Sarah').locator('b')).toHaveCount(0);

    // By keyboard: the control takes focus (and the view) to the first line they have not read.
    await newSince.focus();
    await reader.keyboard.press('Enter');
    await expect(said).toBeFocused();
    await expect(newSince).toHaveCount(0);
    await expect(marker).toHaveCount(0);
    await expectAccessible(reader, 'conversation after going back to the marker');
  } finally {
    await browser.close();
  }
});

test('a missing sherpa-onnx model: PocketSphinx captions and the fallback notice says so', async () => {
  // A server of its own: the shared one must keep its engines as configured for the other tests.
  // It takes seconds to start (a fresh database): Chromium starts meanwhile.
  const modelsDir = resolve('test-results', 'e2e-no-models-here');
  expect(existsSync(modelsDir), `${modelsDir} must not exist`).toBe(false);
  const [started, launched] = await Promise.allSettled([
    startOwnServer({
      HEARKEN_MODELS_DIR: modelsDir,
      HEARKEN_TIER_PREMIUM: 'sherpa-onnx:sherpa-onnx-streaming-zipformer-en-2023-06-26',
      // Guests have no plan: Premium for everyone, so the guest host's stream is a premium one.
      HEARKEN_PREMIUM_FOR: 'everyone',
    }),
    launchChromium(microphoneFile(join(DEV_DIR, CAPTION_TEST_FILE))),
  ]);
  const server = started.status === 'fulfilled' ? started.value : undefined;
  const browser = launched.status === 'fulfilled' ? launched.value : undefined;
  try {
    if (!server || !browser)
      throw [started, launched].flatMap((r) => (r.status === 'rejected' ? [r.reason as Error] : []))[0];
    // The setting the notice rests on: premium skipped its missing model for PocketSphinx.
    const config = (await (await fetch(`${server.url}${API.config}`)).json()) as ServerConfigResponse;
    expect(config.speech.tiers.premium).toMatchObject({ fallback: true, engine: 'pocketsphinx:en-us' });

    const { host, reader } = await startAndJoin(browser, server.url, true);
    // Nobody is speaking yet: no engine serves the room, nothing to say.
    for (const page of [host, reader])
      await expect(page.getByTestId('fallback-engine-notice')).toHaveCount(0);

    await openMicrophone(host);
    await expect(host.getByTestId('recording-state')).toHaveAttribute('data-state', 'RECORDING');
    for (const page of [host, reader]) {
      const notice = page.getByTestId('fallback-engine-notice');
      await expect(notice.locator('.notice-message')).toHaveText(
        'Captions come from the basic speech engine for now (the more accurate one is not installed on this server), so expect more mistakes.',
      );
      // Quiet: a polite status a screen reader says once, never an alert.
      await expect(notice).toHaveAttribute('role', 'status');
    }
    // ...while the fallback engine really captions the speech (its first words are enough).
    await expect(reader.getByTestId('caption').first()).toHaveText(/\w/, { timeout: 30_000 });
    await expect(reader.getByTestId('fallback-engine-notice')).toBeVisible();
    await expectAccessible(reader, 'conversation with the fallback engine notice');

    // Read once, it may go (by keyboard): the reader's own choice, the host still sees it.
    await reader.getByTestId('fallback-engine-dismiss').focus();
    await reader.keyboard.press('Enter');
    await expect(reader.getByTestId('fallback-engine-notice')).toHaveCount(0);
    await expect(host.getByTestId('fallback-engine-notice')).toBeVisible();
    await expectAccessible(reader, 'conversation after dismissing the fallback engine notice');
  } finally {
    await browser?.close();
    await server?.stop();
  }
});
